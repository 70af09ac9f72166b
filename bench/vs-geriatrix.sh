#!/usr/bin/env bash
# Geriatrix (Kadekodi et al., ATC '18) against fsbench's aging (class io.fsbench.bench.GeriatrixDiff).
# Geriatrix is not part of fsbench: build it by hand (C++11 and Boost; cmake and make in a build
# directory of its clone) and pass the binary. Without --geriatrix the harness says so and skips.
#
#   bench/vs-geriatrix.sh --geriatrix PATH [--profile DIR] [--fs ext4|xfs|btrfs] [--size 512m]
#       [--fullness 80%] [--overwrite 2] [--seed 42] [--time-limit 10m] [--dir /var/tmp]
#       one case: two fresh loop volumes of the filesystem; one aged by Geriatrix with the profile
#       files in DIR (default: profiles/agrawal above the binary), the other by fsbench with the
#       same distributions; then a table of what both leave (fullness, volume sizes written, live
#       files, size/depth/age distances from the profile, free-space fragmentation, contiguous runs
#       per file) with a verdict per field against the tolerances in docs/measurement.md.
#   --converge yes: fsbench keeps its default convergence (0.05) instead of stopping at -i as
#       Geriatrix does; its age distance is then judged too.
#   bench/vs-geriatrix.sh --geriatrix PATH --seed S --count N
#       N cases drawn from S: ext4, XFS or Btrfs, 256 MiB to 1 GiB, 60-90% full, 1-3 overwrites.
#   Exit status 1 when a case differs beyond its tolerances. A case Geriatrix cannot finish (it
#   fills its volume above about 80% on volumes under 1 GiB, then retries fallocate for ever; the
#   harness stops it a minute after it prints its end) is reported as such, apart: it says nothing
#   about fsbench.
#
# Volumes are fsbench's own loop volumes (released when each case ends, and by a shutdown hook on
# Ctrl-C or SIGTERM, which also ends Geriatrix first); logs and Geriatrix's -x/-y/-z dumps stay in
# --dir/fsbench-geriatrix-*. Run it alone: it is a correctness check, not a speed one.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/bench/harness" --build >/dev/null
java_pid=
release() {
  # Ctrl-C reaches the JVM too; its shutdown hook stops Geriatrix and releases the volumes.
  # Wait for it rather than leave it releasing in the background.
  [ -n "$java_pid" ] && kill -TERM "$java_pid" 2>/dev/null || true
  [ -n "$java_pid" ] && wait "$java_pid" 2>/dev/null || true
  exit 130
}
trap release INT TERM
"$root/bench/harness" GeriatrixDiff "$@" &
java_pid=$!
wait "$java_pid"
