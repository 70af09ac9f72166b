#!/usr/bin/env bash
# fsbench against the C tools it imitates, on the same loop volume in one run: fs_mark -S0 and
# -S1, PostMark, GNU tar xf and rm -rf, per filesystem (ext4 and xfs by default), in ABBA order.
# Prints every run on stderr and the table of rates and fsbench/C ratios on stdout.
#
#   bench/vs-ctools.sh [--fs ext4,xfs] [--rounds 2] [--image-size 6g]
#                      [--workloads fsmark-s0,fsmark-s1,postmark,tar] [--fsmark-files 100000]
#                      [--postmark-files 5000] [--postmark-transactions 300000]
#                      [--tree-files 80000] [--archive PATH]
#
# Needs root (loop devices, drop_caches). Installs the tools with scripts/setup. The machine
# should be otherwise idle: both sides share it, but load still adds noise to every ratio.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup"
exec "$root/bench/harness" CToolsBenchmark "$@"
