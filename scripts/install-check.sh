#!/usr/bin/env bash
# `cmake --install` into a fresh prefix, then use it as a stranger would: the example consumer
# (examples/cpp, find_package) configured, built and run against the prefix alone; the same
# program built by pkg-config; the installed CLI (its helper programs installed beside it); the Python package
# imported from the prefix. Run by ctest ("install"). Usage: scripts/install-check.sh BUILD_DIR
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$1" && pwd)
work=$(mktemp -d /tmp/netsched-install.XXXXXX)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

cmake --install "$build" --prefix "$prefix" > "$work/install.log"
for f in include/netsched/netsched.hpp lib/libnetsched.so lib/cmake/netsched/netschedConfig.cmake \
         lib/cmake/netsched/netschedConfigVersion.cmake lib/cmake/netsched/netschedTargets.cmake \
         lib/pkgconfig/netsched.pc bin/netsched libexec/netsched/netsched-exec \
         libexec/netsched/netsched-exec-smpi libexec/netsched/netsched-smpi-replay \
         share/doc/netsched/library.md; do
  [ -e "$prefix/$f" ] || { echo "install: $f is missing"; exit 1; }
done
# Only the public header is installed: no internal one.
extra=$(find "$prefix/include" -type f ! -path '*/netsched/netsched.hpp')
[ -z "$extra" ] || { echo "install: internal headers installed: $extra"; exit 1; }

# libnetsched.so exports the public API alone (api/exports.map).
leaked=$(nm -D --defined-only "$prefix/lib/libnetsched.so" | c++filt | awk '{ $1 = ""; $2 = ""; print }' |
         grep -v 'netsched::api' | grep -v '^ *NETSCHED_' || true)
[ -z "$leaked" ] || { echo "install: libnetsched.so exports more than netsched::api: $leaked" | head -5; exit 1; }

# The consumer project, knowing nothing but the prefix.
cmake -S "$src/examples/cpp" -B "$work/example" -DCMAKE_PREFIX_PATH="$prefix" > "$work/example.log" 2>&1 ||
  { cat "$work/example.log"; exit 1; }
cmake --build "$work/example" > "$work/example-build.log" 2>&1 || { cat "$work/example-build.log"; exit 1; }
(cd "$work" && "$work/example/netsched_example" "$work/b.json") | tee "$work/example.out"
grep -q '^read back: holds$' "$work/example.out"
grep -q '^InputError: spec column 9: ' "$work/example.out"
"$prefix/bin/netsched" verify "$work/b.json" > /dev/null

# The same program by pkg-config.
PKG_CONFIG_PATH="$prefix/lib/pkgconfig" g++ -std=c++17 "$src/examples/cpp/main.cpp" -o "$work/by-pc" \
  $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs netsched) -Wl,-rpath,"$prefix/lib"
"$work/by-pc" "$work/c.json" > /dev/null

# The installed CLI runs from the prefix.
"$prefix/bin/netsched" info 'ring(4)' > /dev/null
# The Python package from the prefix, in Debian's python3.
pydir=$(ls -d "$prefix"/lib/python3*/dist-packages 2>/dev/null || true)
if [ -n "$pydir" ]; then
  (cd "$work" && PYTHONPATH="$pydir" /usr/bin/python3 -c \
    'import netsched; n = netsched.Network("ring(4)"); assert netsched.generate(n, "broadcast").verify()["ok"]; print("python from the prefix: netsched", netsched.__version__, "from", netsched.__file__)')
fi
echo "install: prefix, find_package consumer, pkg-config consumer, CLI and Python all work"
