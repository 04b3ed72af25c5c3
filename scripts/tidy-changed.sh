#!/usr/bin/env bash
# clang-tidy on what changed since .ci/tidy-base, a commit whose whole tree passed `make tidy`:
# every changed C++ file of the libraries and the CLI, and every .cpp that includes a changed
# header (clang-tidy checks a header through the files that include it); and clang++
# -fsyntax-only on every changed .cpp of tests/, props/, fuzz/ and bench/ (scripts/clang-syntax.py).
# With no such commit in the history, the whole tree (make tidy). Usage: scripts/tidy-changed.sh
# BUILD_DIR
# Why: the whole tree takes about 9 minutes of CI's 45 on 2 cores; a change takes seconds.
set -euo pipefail
build=${1:-build}
cd "$(dirname "$0")/.."
dirs='^(core|gen|verify|papers|analysis|claims|draw|exec|app|api|python)/'
base=$(cat .ci/tidy-base 2>/dev/null || true)
if [ -z "$base" ] || ! git cat-file -e "$base^{commit}" 2>/dev/null; then
  echo "tidy: .ci/tidy-base names no commit of this history: the whole tree"
  exec make --no-print-directory tidy TIDY_BUILD="$build"
fi
changed=$( (git diff --name-only "$base" -- '*.cpp' '*.hpp'; git ls-files --others --exclude-standard -- '*.cpp' '*.hpp') |
  grep -E "$dirs" | sort -u || true)
files=()
for f in $changed; do
  [ -f "$f" ] || continue  # deleted
  case "$f" in
    *.cpp) files+=("$f") ;;
    *.hpp) while IFS= read -r user; do files+=("$user"); done < <(
             git grep -l -F "#include \"$f\"" -- '*.cpp' | grep -E "$dirs" || true) ;;
  esac
done
# the tests, properties, harnesses and benchmarks are not tidied, but the sanitized build
# compiles them with clang (make test-asan, fuzz): each changed one must at least compile there
others=$( (git diff --name-only "$base" -- '*.cpp'; git ls-files --others --exclude-standard -- '*.cpp') |
  grep -E '^(tests|props|fuzz|bench)/' | sort -u || true)
present=()
for f in $others; do [ -f "$f" ] && present+=("$f"); done
if [ ${#present[@]} -gt 0 ]; then /usr/bin/python3 scripts/clang-syntax.py "$build" "${present[@]}"; fi
if [ ${#files[@]} -eq 0 ]; then
  echo "tidy: no C++ file changed since $(git rev-parse --short "$base") (.ci/tidy-base)"
  exit 0
fi
mapfile -t files < <(printf '%s\n' "${files[@]}" | sort -u)
echo "tidy: ${#files[@]} files changed since $(git rev-parse --short "$base") (.ci/tidy-base) or including a changed header"
regex="$(printf '%s|' "${files[@]/#/$PWD/}")"
run-clang-tidy -quiet -extra-arg=-Wno-unknown-warning-option -p "$build" "^(${regex%|})\$" \
  > "$build/tidy.log" 2>&1 || { grep -E 'error:' "$build/tidy.log" | sort -u; exit 1; }
echo "tidy: no findings"
