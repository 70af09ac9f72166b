#!/usr/bin/env bash
# GNU dd against fsbench's dd in the same directory (class io.fsbench.bench.DdDiff).
#
#   bench/vs-dd.sh [--dir /var/tmp] [--seed 7] [--count 200]
#       random cases (mode, bs, count, conv=fdatasync/fsync, oflag=direct/dsync, iflag=direct)
#       run by both and compared field by field: records in/out, full and partial, bytes copied,
#       and the size of the file a write made. Exit status 1 when any case disagrees.
#   bench/vs-dd.sh --ratios [--self] [--dir /var/tmp] [--rounds 2] [--warmups 1] [--size 256m]
#       dd-write-1k, dd-read-1k, dd-write-1m, dd-read-1m of --size each, in ABBA order per
#       round; the table of MB/s and fsbench/dd ratios (of the means and of the medians) on
#       stdout. --self runs GNU dd in fsbench's place too: how far dd differs from itself here.
#       Each side first runs each row --warmups times unmeasured (fsbench's side runs in the
#       harness's JVM, whose first run would also time the JIT).
#
# Scratch directories are named fsbench-dddiff-* under --dir and removed after each run. Run the
# ratios on an otherwise idle machine; both sides share it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec "$root/bench/harness" DdDiff "$@"
