package io.fsbench;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Environment;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.VolumeInfo;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Where a run of the writers' tests "ran": fixed values, so that golden files stay fixed. */
public final class RunFixtures {

  private RunFixtures() {}

  /** A 2-CPU machine with 8 GiB and fio installed. */
  public static Environment environment() {
    return new Environment(
        "6.18.0",
        "Example CPU @ 3.00GHz",
        2,
        Size.gib(8).bytes(),
        "0.1.0",
        Map.of("fio", "3.33"),
        "fsbench-test",
        Instant.parse("2026-11-30T04:59:46Z"));
  }

  /** A 1 GiB loop volume of {@code fileSystem} on /dev/loop7, mounted with {@code options}. */
  public static VolumeInfo volume(String fileSystem, String options) {
    return new VolumeInfo(
        fileSystem,
        Target.loop(Size.gib(1)),
        Optional.of(Path.of("/dev/loop7")),
        Path.of("/var/tmp/fsbench/mnt-" + fileSystem),
        Tuning.defaults(),
        new AppliedTuning(
            fileSystem,
            options,
            List.of("mkfs." + fileSystem + " /dev/loop7"),
            Map.of(),
            Tuning.defaults()),
        Duration.ofMillis(420),
        Duration.ofMillis(35));
  }
}
