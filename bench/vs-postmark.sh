#!/usr/bin/env bash
# Debian's PostMark against fsbench's postmark in the same directory
# (class io.fsbench.bench.PostMarkDiff).
#
#   bench/vs-postmark.sh [--dir /var/tmp] [--seed 7] [--count 100]
#       random settings (number, transactions, size range including one size, read and write
#       block sizes, bias read and bias create including -1, buffering, subdirectories, seed) run
#       by both, compared where PostMark's seeded generator makes a run deterministic: files
#       created (alone and mixed with transactions), read, appended, deleted (alone and mixed),
#       and the data read and written as PostMark prints it. A run PostMark ends "out of files!"
#       must fail in fsbench the same way. Exit status 1 when any case disagrees.
#
# Scratch directories are named fsbench-pmdiff-* under --dir and removed after each run.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec "$root/bench/harness" PostMarkDiff "$@"
