package io.fsbench.workloads.aging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.AgingProfile;
import io.fsbench.api.AgingResult;
import io.fsbench.api.AgingSpec;
import io.fsbench.api.FsBenchException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ChurnEngineTest {

  private static final long MIB = 1 << 20;

  /** A clock that moves 10 ms a reading: time limits are reached by work, not by waiting. */
  private final AtomicLong clock = new AtomicLong();

  private AgingResult age(AgingSpec spec, FakeChurn volume) {
    return engine(spec, volume).run();
  }

  private ChurnEngine engine(AgingSpec spec, FakeChurn volume) {
    return new ChurnEngine(spec, volume, () -> clock.addAndGet(10_000_000), () -> false, f -> {});
  }

  private static AgingSpec spec(AgingProfile profile, double fullness, double overwrite) {
    return AgingSpec.builder()
        .profile(profile)
        .fullness(fullness)
        .overwrite(overwrite)
        .timeLimit(Duration.ofMinutes(10))
        .build();
  }

  @Test
  void fillsTheVolumeToTheFullnessAskedAndKeepsItThere() {
    FakeChurn volume = new FakeChurn(256 * MIB, 2 * MIB);

    AgingResult result = age(spec(AgingProfile.DESKTOP, 0.8, 2), volume);

    assertThat(result.fullness()).isBetween(0.8, 0.86);
    assertThat(volume.usedBytes() / (double) volume.total).isEqualTo(result.fullness());
    assertThat(result.deleted()).isPositive();
    assertThat(result.bytesWritten()).isGreaterThanOrEqualTo(2 * 256 * MIB);
    assertThat(result.liveFiles()).isEqualTo(volume.files.size());
  }

  @Test
  void stopsOnceTheDistributionsConvergeOnTheProfile() {
    for (AgingProfile profile :
        new AgingProfile[] {
          AgingProfile.DESKTOP, AgingProfile.MAIL_SERVER, AgingProfile.GIT_PULL
        }) {
      AgingResult result = age(spec(profile, 0.8, 1), new FakeChurn(256 * MIB, MIB));

      assertThat(result.converged()).as(profile.name() + ": " + result.stopReason()).isTrue();
      assertThat(result.stopReason()).startsWith("converged");
      assertThat(result.sizeDistance()).as(profile.name()).isLessThanOrEqualTo(0.05);
      assertThat(result.depthDistance()).as(profile.name()).isLessThanOrEqualTo(0.05);
      assertThat(result.ageDistance()).as(profile.name()).isLessThanOrEqualTo(0.05);
    }
  }

  @Test
  void makesTheSameOperationsFromTheSameSeedAndOthersFromAnother() {
    AgingSpec spec = spec(AgingProfile.DESKTOP, 0.8, 2);
    FakeChurn first = new FakeChurn(128 * MIB, MIB);
    FakeChurn second = new FakeChurn(128 * MIB, MIB);
    FakeChurn reseeded = new FakeChurn(128 * MIB, MIB);

    age(spec, first);
    age(spec, second);
    age(spec.toBuilder().seed(7).build(), reseeded);

    assertThat(first.operations).isGreaterThan(1000).isEqualTo(second.operations);
    assertThat(first.fingerprint).isEqualTo(second.fingerprint);
    assertThat(first.files).isEqualTo(second.files);
    assertThat(reseeded.fingerprint).isNotEqualTo(first.fingerprint);
  }

  @Test
  void keepsNoObjectPerFileOnlyPrimitiveArrays() throws IllegalAccessException {
    for (Field field : LiveFiles.class.getDeclaredFields()) {
      if (!Modifier.isStatic(field.getModifiers())) {
        assertThat(field.getType().isPrimitive() || field.getType().getComponentType() != null)
            .as("LiveFiles.%s is a primitive or an array", field.getName())
            .isTrue();
        if (field.getType().isArray()) {
          assertThat(field.getType().getComponentType().isPrimitive())
              .as("LiveFiles.%s holds primitives", field.getName())
              .isTrue();
        }
      }
    }
    FakeChurn volume = new FakeChurn(4096 * MIB, MIB);
    AgingProfile tiny =
        AgingProfile.of(
            "tiny",
            java.util.List.of(new AgingProfile.Bucket(4096, 1)),
            java.util.List.of(new AgingProfile.Bucket(1, 1), new AgingProfile.Bucket(2, 1)),
            java.util.List.of(new AgingProfile.Bucket(1.0, 1)));
    // Half a million files at 10 ms of the fake clock each: a limit no fill of that size reaches.
    ChurnEngine engine =
        engine(spec(tiny, 0.5, 0).toBuilder().timeLimit(Duration.ofDays(365)).build(), volume);

    AgingResult result = engine.run();

    assertThat(result.liveFiles()).isGreaterThan(500_000);
    assertThat(engine.files().memoryBytes()).isLessThan(result.liveFiles() * 64);
  }

  @Test
  void replacesAndRenamesFilesAsTheProfileMixesThem() {
    FakeChurn volume = new FakeChurn(256 * MIB, MIB);

    AgingResult result = age(spec(AgingProfile.GIT_PULL, 0.8, 2), volume);

    assertThat(result.modified()).isGreaterThan(result.renamed());
    assertThat(result.renamed()).isPositive();
    assertThat(volume.syncs).isGreaterThan(result.modified() / 32);
  }

  @Test
  void stopsAtTheTimeLimitAndSaysSo() {
    AgingSpec spec =
        spec(AgingProfile.DESKTOP, 0.8, 100).toBuilder().timeLimit(Duration.ofMillis(50)).build();

    AgingResult result = age(spec, new FakeChurn(256 * MIB, MIB));

    assertThat(result.stopReason()).contains("time limit reached");
    assertThat(result.elapsed()).isGreaterThanOrEqualTo(Duration.ofMillis(50));
  }

  @Test
  void refusesAVolumeAlreadyFullerThanAsked() {
    FakeChurn volume = new FakeChurn(256 * MIB, 220 * MIB);

    assertThatThrownBy(() -> age(spec(AgingProfile.DESKTOP, 0.8, 1), volume))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("85.9% full before aging")
        .hasMessageContaining("age a fresh volume");
  }

  @Test
  void stopsWhenCancelled() {
    ChurnEngine engine =
        new ChurnEngine(
            spec(AgingProfile.DESKTOP, 0.8, 2),
            new FakeChurn(256 * MIB, MIB),
            () -> clock.addAndGet(10_000_000),
            () -> true,
            f -> {});

    assertThatThrownBy(engine::run).hasMessageContaining("aging-desktop was cancelled");
  }
}
