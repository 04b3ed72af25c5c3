#!/usr/bin/env bash
# Installs the Debian packages netsched needs, when run as root; otherwise prints the one
# apt-get line that would. Usage: scripts/deps.sh [--check] [fuzz]
# (fuzz: also clang and its libFuzzer runtime, for make fuzz)
set -eu
pkgs=(build-essential cmake pkg-config libnauty2-dev nlohmann-json3-dev libcli11-dev libfmt-dev
      catch2 librapidcheck-dev libz3-dev libtbb-dev clang-format clang-tidy
      libgraphviz-dev libigraph-dev libpugixml-dev libboost-dev gnuplot-nox chromium fonts-dejavu-core
      openmpi-bin libopenmpi-dev libsimgrid-dev
      python3-dev pybind11-dev python3-pybind11 python3-networkx python3-pytest python3-matplotlib
      protobuf-compiler libprotobuf-dev python3-protobuf)
for a in "$@"; do [ "$a" = fuzz ] && pkgs+=(clang libclang-rt-14-dev); done
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "${1:-}" = "--check" ] || [ "$(id -u)" != 0 ]; then
  echo "netsched needs these Debian packages; install them with:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
