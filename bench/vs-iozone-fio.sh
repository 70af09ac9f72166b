#!/usr/bin/env bash
# fsbench's iozone against the fio jobs that do the same I/O (class io.fsbench.bench.IozoneVsFio).
# IOzone itself cannot be installed here; fio is the reference for the I/O pattern.
#
#   bench/vs-iozone-fio.sh [--fs ext4,xfs] [--rounds 2] [--size 256m] [--record 4k,1m]
#       [--tests 0,1,2,3,4,5,6,7,9,10] [--direct false] [--fsync true]
#
# Per filesystem one fresh loop volume (needs root); per record size, IOzone test and round, fsbench
# (iozone -s SIZE -r REC -i 0 -i T [-I] [-e]) and fio (a job per IOzone pass, same block size,
# offsets in IOzone's order where fio can say it, end_fsync, invalidate=0) in ABBA order, caches
# dropped before each run. Prints KB/s per IOzone column and fsbench/fio. fio's bandwidth includes
# its end_fsync, so writes compare fairly only with --fsync true (fsbench's -e), the default.
# Run it on an otherwise idle machine; both sides share it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec "$root/bench/harness" IozoneVsFio "$@"
