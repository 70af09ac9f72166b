#!/usr/bin/env bash
# The differential harness against fio: random size-bounded job files, each run by fio and by
# `fsbench fio` in scratch directories (named fsbench-fiodiff-*, removed after each case), compared
# on what fio makes deterministic (jobs reported, bytes and I/Os per direction, syncs, read share).
# Prints each case that does not agree with its job file, then a summary; exits 1 if any did not.
# With --strace-every N, every Nth case also runs both under strace and compares the system calls on
# the job's files (calls, open flags, fadvise advice, counts).
# With --only N,M it runs only those cases of the seed (each as a full run makes it).
#   bench/fio-diff.sh [--seed 7] [--count 1000] [--only 322,428] [--dir /var/tmp] [--strace-every 10] [--verbose]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
command -v fio >/dev/null || { echo "fio-diff: fio is not installed (scripts/setup installs it)" >&2; exit 3; }
# builds the harness (module fsbench-bench) and the command line it runs on first use
target="$("$root/bench/harness" --build)"
# a copy of the build, so that a rebuild during a long run cannot swap classes under it
copy="$(mktemp -d /tmp/fsbench-fiodiff-build-XXXXXX)"
trap 'rm -rf "$copy"' EXIT
cp -r "$target/fsbench-bench.jar" "$target/lib" "$copy/"
java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
  --module-path "$copy/fsbench-bench.jar:$copy/lib" \
  -m io.fsbench.bench/io.fsbench.bench.FioDiff "$@"
