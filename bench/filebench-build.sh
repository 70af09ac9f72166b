#!/usr/bin/env bash
# Builds the reference filebench 1.5-alpha3 (commit 22620e6) from the tarball beside the project,
# into a cache directory, once; prints the path of the binary on stdout.
#
#   bench/filebench-build.sh            prints e.g. /var/tmp/fsbench-filebench-1.5a3/bin/filebench
#
# The tarball is read from ../shared/reference/filebench/ next to the repository, or from the
# directory in FSBENCH_FILEBENCH_SOURCE; the cache from FSBENCH_FILEBENCH_CACHE
# (default /var/tmp/fsbench-filebench-1.5a3). Missing build tools (bison flex autoconf automake
# libtool) are installed with apt-get when running as root. Exit status 4 with the reason on
# stderr when the tarball is absent (callers skip), 1 when the build fails (its log is printed).
# filebench itself must run with address-space randomization off for its process only:
# `setarch -R filebench -f FILE` (it shares function pointers between processes, filebench #112).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source_dir="${FSBENCH_FILEBENCH_SOURCE:-$root/../shared/reference/filebench}"
cache="${FSBENCH_FILEBENCH_CACHE:-/var/tmp/fsbench-filebench-1.5a3}"
tarball="$source_dir/filebench-22620e6.tar.gz"
binary="$cache/bin/filebench"

if [ -x "$binary" ]; then
  echo "$binary"
  exit 0
fi
if [ ! -f "$tarball" ]; then
  echo "filebench-build: no $tarball (set FSBENCH_FILEBENCH_SOURCE to the folder that holds it)" >&2
  exit 4
fi

missing=()
for tool in bison flex autoconf automake libtoolize gcc make; do
  command -v "$tool" >/dev/null || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "filebench-build: missing ${missing[*]}; apt-get install bison flex autoconf automake libtool gcc make" >&2
    exit 3
  fi
  echo "filebench-build: installing build tools (missing ${missing[*]})..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q bison flex autoconf automake libtool gcc make >/dev/null 2>&1 \
    || { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q bison flex autoconf automake libtool gcc make >/dev/null; }
fi

work="$(mktemp -d -t fsbench-filebench-build-XXXXXX)"
trap 'rm -rf "$work"' EXIT
log="$work/build.log"
echo "filebench-build: building filebench into $cache (about a minute)..." >&2
if ! (cd "$work" && tar xzf "$tarball" && cd filebench-22620e6 \
    && libtoolize && aclocal && autoheader && automake --add-missing && autoconf \
    && ./configure --prefix="$cache" && make -j2 && make install) >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  echo "filebench-build: build failed" >&2
  exit 1
fi
echo "$binary"
