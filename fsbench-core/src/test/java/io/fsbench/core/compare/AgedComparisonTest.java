package io.fsbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.AgingResult;
import io.fsbench.api.AgingSpec;
import io.fsbench.api.AgingSummary;
import io.fsbench.api.AppliedTuning;
import io.fsbench.api.CellId;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonCell;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.DdResult;
import io.fsbench.api.DdSpec;
import io.fsbench.api.Fragmentation;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Volume;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.engine.WorkloadRunner;
import io.fsbench.core.engine.WorkloadRunners;
import io.fsbench.core.report.compare.ComparisonFixture;
import io.fsbench.core.volume.RestorableVolume;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A comparison with aged volumes, on volumes and runners that only count what is done to them: each
 * aged cell is aged once, its image kept once and restored before every later run, and its fresh
 * twin is never aged.
 */
class AgedComparisonTest {

  @TempDir Path temp;

  private final List<String> events = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();

  private final class CountingVolume implements Volume, RestorableVolume {
    private final String fs;
    private final Path mountPoint;
    private boolean kept;

    CountingVolume(String fs, Path mountPoint) {
      this.fs = fs;
      this.mountPoint = mountPoint;
    }

    @Override
    public Optional<Fragmentation> fragmentation() {
      events.add("fragmentation " + fs);
      return Optional.of(
          new Fragmentation(
              List.of("e2freefrag /dev/fsbench-fake"),
              OptionalLong.of(events.size()),
              OptionalLong.of(1 << 20),
              OptionalDouble.of(0.5),
              Map.of()));
    }

    @Override
    public void keep() {
      events.add("keep " + fs);
      kept = true;
    }

    @Override
    public void restore() {
      events.add("restore " + fs);
    }

    @Override
    public boolean kept() {
      return kept;
    }

    @Override
    public Path mountPoint() {
      return mountPoint;
    }

    @Override
    public String fileSystem() {
      return fs;
    }

    @Override
    public Target target() {
      return Target.loop(io.fsbench.api.Size.gib(1));
    }

    @Override
    public Optional<Path> device() {
      return Optional.of(Path.of("/dev/fsbench-fake"));
    }

    @Override
    public Tuning tuning() {
      return Tuning.defaults();
    }

    @Override
    public AppliedTuning applied() {
      return new AppliedTuning(fs, "rw", List.of(), Map.of(), Tuning.defaults());
    }

    @Override
    public Duration mkfsTime() {
      return Duration.ZERO;
    }

    @Override
    public Duration mountTime() {
      return Duration.ZERO;
    }

    @Override
    public Optional<Duration> unmountTime() {
      return Optional.empty();
    }

    @Override
    public void remount() {}

    @Override
    public void close() {
      events.add("close " + fs);
    }
  }

  /** Ages nothing: says what it would have done. */
  private final class CountingAging implements WorkloadRunner<AgingSpec> {
    @Override
    public Class<AgingSpec> specType() {
      return AgingSpec.class;
    }

    @Override
    public AgingResult run(AgingSpec spec, WorkloadContext context) {
      events.add("age " + context.volume().orElseThrow().fileSystem());
      context.progress(0.5);
      context.progress(1.0);
      return new AgingResult(
          spec,
          Duration.ofSeconds(3),
          Duration.ofSeconds(1),
          1 << 30,
          100,
          50,
          5,
          1,
          50,
          0.8,
          0.01,
          0.02,
          0.03,
          true,
          "converged after 2.00 volume sizes written");
    }
  }

  /** A dd that takes no time and writes nothing. */
  private static final class InstantDd implements WorkloadRunner<DdSpec> {
    @Override
    public Class<DdSpec> specType() {
      return DdSpec.class;
    }

    @Override
    public DdResult run(DdSpec spec, WorkloadContext context) {
      return new DdResult(
          spec, Duration.ofMillis(5), Duration.ZERO, Duration.ZERO, 1, 0, 1, 0, 4096);
    }
  }

  @Test
  void tellsTheListenerHowFarTheAgingOfTheAgedCellIs() {
    List<String> progress = new ArrayList<>();
    DdSpec dd = DdSpec.fromParams(Map.of("mode", "write", "bs", "4k", "count", "1"));

    runner()
        .run(
            plan(dd),
            ComparisonFixture.settings(),
            ComparisonFixture.environment(),
            new ComparisonListener() {
              @Override
              public void agingProgress(CellId cell, double fraction) {
                progress.add(cell.workload() + " " + fraction);
              }
            });

    assertThat(progress).containsExactly(dd.name() + "-aged 0.5", dd.name() + "-aged 1.0");
  }

  private ComparisonRunner runner() {
    WorkloadRunners runners =
        new WorkloadRunners().register(new CountingAging()).register(new InstantDd());
    return new ComparisonRunner(
        (fs, target, tuning) -> new CountingVolume(fs, temp),
        ComparisonFixture.plugins(),
        runners,
        () -> {},
        Clock.systemUTC(),
        new AtomicBoolean());
  }

  private static ComparisonPlan plan(DdSpec dd) {
    return new ComparisonPlan(
        List.of("ext4"),
        Map.of(),
        List.of(dd),
        Optional.of(AgingSpec.parse("desktop:fullness=80%")));
  }

  @Test
  void agesEachAgedCellOnceAndRestoresItsKeptImageBeforeEveryLaterRun() {
    WorkloadRunners runners =
        new WorkloadRunners().register(new CountingAging()).register(new InstantDd());
    ComparisonRunner runner =
        new ComparisonRunner(
            (fs, target, tuning) -> new CountingVolume(fs, temp),
            ComparisonFixture.plugins(),
            runners,
            () -> {},
            Clock.systemUTC(),
            new AtomicBoolean());
    DdSpec dd = DdSpec.fromParams(Map.of("mode", "write", "bs", "4k", "count", "1"));
    ComparisonPlan plan =
        new ComparisonPlan(
            List.of("ext4"),
            Map.of(),
            List.of(dd),
            Optional.of(AgingSpec.parse("desktop:fullness=80%")));

    Comparison comparison =
        runner.run(
            plan,
            ComparisonFixture.settings(),
            ComparisonFixture.environment(),
            new ComparisonListener() {
              @Override
              public void note(String message) {
                notes.add(message);
              }
            });

    assertThat(comparison.cells())
        .extracting(ComparisonCell::workload)
        .containsExactlyInAnyOrder(dd.name(), dd.name() + "-aged");
    assertThat(comparison.cells()).allSatisfy(c -> assertThat(c.repetitions()).hasSize(3));
    assertThat(events.stream().filter(e -> e.startsWith("age "))).containsExactly("age ext4");
    assertThat(events.stream().filter(e -> e.startsWith("keep "))).hasSize(1);
    assertThat(events.stream().filter(e -> e.startsWith("restore "))).hasSize(2);
    assertThat(events.indexOf("keep ext4")).isGreaterThan(events.indexOf("age ext4"));
    ComparisonCell aged =
        comparison.cells().stream()
            .filter(c -> c.workload().endsWith("-aged"))
            .findFirst()
            .orElseThrow();
    assertThat(aged.parameters()).containsEntry("aged", AgingSpec.parse("desktop").label());
    AgingSummary summary = aged.aging().orElseThrow();
    assertThat(summary.fullness()).isEqualTo(0.8);
    assertThat(summary.files()).isEqualTo(50);
    assertThat(summary.stopReason()).isEqualTo("converged after 2.00 volume sizes written");
    assertThat(summary.before().orElseThrow().smallFreeExtentShare()).hasValue(0.5);
    assertThat(summary.after()).isPresent();
    assertThat(comparison.cells())
        .filteredOn(c -> !c.workload().endsWith("-aged"))
        .allSatisfy(c -> assertThat(c.aging()).isEmpty());
    assertThat(aged.applied().orElseThrow().properties()).doesNotContainKey("aging.fullness");
    assertThat(comparison.warnings()).noneMatch(w -> w.startsWith("aging: "));
    assertThat(notes)
        .filteredOn(n -> n.startsWith("aging: ext4"))
        .singleElement()
        .asString()
        .contains(
            "for " + dd.name() + "-aged",
            "converged after 2.00 volume sizes written",
            "50.0% of free space");
  }
}
