package io.fsbench.core.engine.block;

import io.fsbench.api.JobSpec;
import io.fsbench.api.Zones;
import io.fsbench.core.stats.Direction;

/**
 * fio's {@code zonemode=strided} for one job clone, as its {@code setup_strided_zone_mode}: the
 * bytes done in the current zone (fio's {@code zone_bytes}, one count per clone over its files),
 * and the moves of a file's start from zone to zone.
 */
final class StridedZones {

  private final JobSpec spec;
  private final Zones zones;
  private final int unit;
  private long bytes;

  StridedZones(JobSpec spec, int unit) {
    this.spec = spec;
    this.zones = spec.zones();
    this.unit = unit;
  }

  /**
   * Before each I/O: after {@code zonesize} bytes the zone moves on by {@code zonerange + zoneskip}
   * (back to the start offset past the file's end); an offset past the zone's range starts the zone
   * again; and every {@code zonerange} bytes the file is reset (its positions and random map), as
   * fio's fio_file_reset.
   */
  void beforeIo(IoFile file, Direction direction) {
    int d = direction.ordinal();
    if (bytes >= zones.size().bytes()) {
      bytes = 0;
      file.start += zones.range().bytes() + zones.skip().bytes();
      if (file.start >= file.size) {
        file.start = spec.offsets().startIn(file.size, file.subjob, unit);
      }
      file.sequentialPosition[d] = file.start;
    }
    if (file.sequentialPosition[d] >= file.start + zones.range().bytes()) {
      file.sequentialPosition[d] = file.start;
    }
    if (bytes % zones.range().bytes() == 0) {
      java.util.Arrays.fill(file.sequentialPosition, file.start);
      java.util.Arrays.fill(file.lastStart, -1);
      if (file.chooser != null) {
        file.chooser.reset();
      }
    }
  }

  /** Counts an I/O planned in the current zone. */
  void done(int length) {
    bytes += length;
  }

  /** A new loop starts the count anew, as fio's reset_io_counters. */
  void restart() {
    bytes = 0;
  }
}
