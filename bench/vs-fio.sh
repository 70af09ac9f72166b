#!/usr/bin/env bash
# fsbench's block engine against fio: the same job file on the same loop volume per filesystem,
# run alternately (ABBA), caches dropped before each run; prints fsbench/fio ratios of bandwidth,
# IOPS and p99 completion latency. Loop images live on a tmpfs so that the host disk adds no noise.
#   bench/vs-fio.sh [--fs ext4,xfs,btrfs,zfs] [--workloads ...] [--runtime 8] [--rounds 2]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup"
work=/var/tmp/fsbench-vsfio-work
mkdir -p -m 0700 "$work"
mounted=0
if ! mountpoint -q "$work"; then
  mount -t tmpfs -o size=6g,mode=0700 fsbench-vsfio "$work"  # a work dir only root may write
  mounted=1
fi
cleanup() {
  "$root/fsbench" cleanup >/dev/null 2>&1 || true
  if [ "$mounted" = 1 ]; then umount "$work" && rmdir "$work"; fi
}
trap cleanup EXIT
target="$("$root/bench/harness" --build)"   # builds the harness (module fsbench-bench) on first use
export FSBENCH_WORK_DIR="$work"
java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
  --module-path "$target/fsbench-bench.jar:$target/lib" \
  -m io.fsbench.bench/io.fsbench.bench.VsFio "$@"
