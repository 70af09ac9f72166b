#!/usr/bin/env bash
# filebench 1.5-alpha3 (built from ../shared/reference/filebench/ by bench/filebench-build.sh)
# against fsbench's filebench engine in the same directory (class io.fsbench.bench.FilebenchDiff).
#
#   bench/vs-filebench.sh [--dir /var/tmp] [--seed 7] [--count 20] [--runtime 2]
#       varmail, webserver, webproxy, fileserver, randomread and randomwrite with small datasets,
#       then COUNT random scripts of the flowops both run, each for RUNTIME seconds by both and
#       compared where the model decides: the flowop names, each flowop's share of the ops (within
#       2 points), each side's IO Summary against its own flowop lines, and bytes per op (see
#       FilebenchAgreement and docs/filebench.md). Exit status 1 when any case disagrees.
#   bench/vs-filebench.sh --ratios [--dir /var/tmp] [--rounds 2] [--runtime 10] [--only NAME,..]
#       the six personalities in ABBA order per round; the table of IO Summary ops/s with the
#       fsbench/filebench ratio, and each personality's flowop-mix deviation, on stdout.
#
# Scratch directories are named fsbench-fbdiff-* under --dir and removed after each run; the
# workload files are written as fsbench-fbdiff-*.f (filebench's beside its scratch directory, since as
# root filebench runs with a private tmpfs on /tmp: FilebenchCpp.command) and removed likewise.
# FSBENCH_FILEBENCH_SOURCE names the folder of the tarball and workloads/ (default
# ../shared/reference/filebench beside the repository). Run the ratios on an otherwise idle machine.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export FSBENCH_FILEBENCH_BUILD="$root/bench/filebench-build.sh"
export FSBENCH_FILEBENCH_SOURCE="${FSBENCH_FILEBENCH_SOURCE:-$root/../shared/reference/filebench}"
exec "$root/bench/harness" FilebenchDiff "$@"
