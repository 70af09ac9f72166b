#!/usr/bin/env bash
# fs_mark 3.3 against fsbench's fsmark on random cases (class io.fsbench.bench.FsMarkDiff).
#
#   bench/vs-fsmark.sh [--dir /var/tmp] [--seed 7] [--count 100]
#       random cases (-n, -s with 0 and odd sizes, -w of 1 byte to 64 KiB, -t 1..4, -S 0..6,
#       -k or not, -D/-N where the layouts compare) run by fs_mark and by fsbench (in a JVM of
#       its own), both under strace -f -y, and compared field by field: the result row's Count
#       and Size, the tree left (files, directories, files per directory, sizes, name lengths)
#       and per creating process or thread the calls on its files in order (creates, write
#       sizes, fsyncs and their order, sync(), closes, unlinks). Exit status 1 when any case
#       disagrees. What is left out on purpose: docs/measurement.md, "fs_mark on random cases".
#
# Needs fs_mark (apt-get install fsmark) and strace. Scratch directories are named
# fsbench-fsmarkdiff-* under --dir and removed after each run.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec "$root/bench/harness" FsMarkDiff "$@"
