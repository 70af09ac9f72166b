#!/usr/bin/env bash
# Debian's bonnie++ 2.00a against fsbench's bonnie in the same directory
# (class io.fsbench.bench.BonnieDiff).
#
#   bench/vs-bonnie.sh [--dir /var/tmp] [--seed 7] [--count 50]
#       random parameter sets (size, chunk, seeks, seek threads, -f or a per-char size,
#       -n num:max:min:dirs[:chunk], -b, -D) run by both with the same -z seed and -r RAM, and
#       compared field by field where timing does not enter: the CSV line's non-rate fields, which
#       tests ran, the table's size and file columns, and the amounts fsbench did. Exit status 1
#       when any case disagrees.
#   bench/vs-bonnie.sh --ratios [--self] [--dir /var/tmp] [--rounds 2] [--warmups 1] [--size 1g]
#       [--files 16]
#       bonnie++ -s SIZE -r SIZE/2 -n FILES -f, in ABBA order per round; the table of block
#       write, rewrite and block read KiB/s, seeks/s, and sequential and random create and delete
#       files/s, with the fsbench/bonnie++ ratios (of the means and of the medians) and the ratio
#       of CPU seconds per KiB or file (bonnie++'s CPU column over its rate; above 1, fsbench
#       works harder per operation), on stdout. A figure bonnie++ prints as +++++ (a test under
#       half a second) gives no ratio: raise --size or --files. --self runs bonnie++ in fsbench's
#       place too: how far bonnie++ differs from itself on this machine. Each side first
#       runs --warmups times unmeasured (fsbench's side runs in the harness's JVM, whose first
#       run would also time the JIT).
#
# Scratch directories are named fsbench-bonniediff-* under --dir and removed after each run.
# Run the ratios on an otherwise idle machine; both sides share it, and bonnie++'s file tests
# call sync(2), which flushes every filesystem.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec "$root/bench/harness" BonnieDiff "$@"
