#!/usr/bin/env bash
# The layering of ARCHITECTURE.md, checked on the #include lines: each directory may include
# only the directories below it. Run by ctest ("layers"); prints every offending line.
set -u
cd "$(dirname "$0")/.."
declare -A allowed=(
  [core]="core"
  [gen]="core gen"
  [verify]="core verify"
  [papers]="core gen papers"
  [analysis]="core gen verify papers analysis"
  [claims]="core gen verify papers analysis claims"
  [draw]="core gen verify papers analysis draw"
  [exec]="core gen exec"
  [app]="core gen verify papers analysis claims draw exec app"
  [api]="core gen verify papers analysis api"
  [python]="api"
)
bad=0
for dir in "${!allowed[@]}"; do
  while IFS= read -r line; do
    [[ ${line#*:} =~ \#include\ \"([a-z_]+)/ ]] && inc=${BASH_REMATCH[1]}  # no process per line
    case " ${allowed[$dir]} " in
      *" $inc "*) ;;
      *) echo "layer violation: $line ($dir/ may include: ${allowed[$dir]})"; bad=1 ;;
    esac
  done < <(grep -rnE '^#include "[a-z_]+/' "$dir" --include='*.cpp' --include='*.hpp')
done
[ "$bad" = 0 ] && echo "layers: every include follows ARCHITECTURE.md"
exit "$bad"
