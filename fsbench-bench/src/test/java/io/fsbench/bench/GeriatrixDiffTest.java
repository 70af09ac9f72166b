package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.AgingProfile;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GeriatrixDiffTest {

  @TempDir Path dir;

  private Path profileDir() throws IOException {
    Path p = Files.createDirectories(dir.resolve("agrawal"));
    Files.writeString(
        p.resolve("size_distribution.txt"), "3\n8 1\n4096 2\n1048576 1\n\nFormat:\n<n>\n");
    Files.writeString(p.resolve("dir_distribution.txt"), "2\n1 1 1\n2 3 4\n");
    Files.writeString(p.resolve("age_distribution.txt"), "2\n10 1\n40 3\n");
    return p;
  }

  @Test
  void aGeriatrixProfileReadsItsCountedLinesAndIgnoresTheFormatNoteAfterThem() throws IOException {
    GeriatrixProfile profile = GeriatrixProfile.read(profileDir());

    assertThat(profile.name()).isEqualTo("agrawal");
    assertThat(profile.sizes())
        .extracting(AgingProfile.Bucket::value)
        .containsExactly(8.0, 4096.0, 1048576.0);
    assertThat(profile.depths()).extracting(AgingProfile.Bucket::weight).containsExactly(1.0, 3.0);
  }

  @Test
  void fsbenchGetsTheSameDistributionsWithDepthsOneDeeperAndAgesAsFractionsOfTheOldest()
      throws IOException {
    AgingProfile fs = GeriatrixProfile.read(profileDir()).toAgingProfile();

    assertThat(fs.name()).isEqualTo("geriatrix-agrawal");
    assertThat(fs.depths()).extracting(AgingProfile.Bucket::value).containsExactly(2.0, 3.0);
    assertThat(fs.ages()).extracting(AgingProfile.Bucket::value).containsExactly(0.25, 1.0);
    assertThat(fs.modifyFraction()).isZero();
    assertThat(fs.renameFraction()).isZero();
  }

  @Test
  void aMissingProfileFileIsRefusedNamingItAndWhatToGive() {
    assertThatThrownBy(() -> GeriatrixProfile.read(dir))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("size_distribution.txt")
        .hasMessageContaining("--profile");
  }

  @Test
  void geriatrixsOutputGivesItsWorkloadOperationsStopAndTheDistanceOfEachDump() {
    String out =
        "Aging stopped because of reaching intended workload size.\n"
            + " Total number of operations = 5462\n"
            + " Total aging workload created = 974 MB\n";
    String ages = "BUCKET FRACTION TYPE\n0 0.25 IDEAL\n0 0.0 ACTUAL\n1 0.75 IDEAL\n1 1.0 ACTUAL\n";
    String even = "SIZE FRACTION TYPE\n8 0.5 IDEAL\n8 0.5 ACTUAL\n16 0.5 IDEAL\n16 0.5 ACTUAL\n";

    GeriatrixRun run = GeriatrixRun.parse(List.of("geriatrix"), out, ages, even, even);

    assertThat(run.workloadMib()).isEqualTo(974);
    assertThat(run.operations()).isEqualTo(5462);
    assertThat(run.stopReason()).startsWith("Aging stopped because of reaching");
    assertThat(run.ageDistance()).isEqualTo(0.25);
    assertThat(run.sizeDistance()).isZero();
  }

  @Test
  void aDumpWithoutIdealAndActualPairsIsAFailureNotAZeroDistance() {
    assertThatThrownBy(() -> GeriatrixRun.distance("BUCKET FRACTION TYPE\n"))
        .hasMessageContaining("IDEAL/ACTUAL");
  }

  @Test
  void theCountedDistanceIsHalfTheSumOfTheDifferencesFromTheShares() {
    List<AgingProfile.Bucket> buckets =
        List.of(new AgingProfile.Bucket(1, 1), new AgingProfile.Bucket(2, 3));

    assertThat(AgedCensus.distance(new long[] {1, 3}, buckets)).isZero();
    assertThat(AgedCensus.distance(new long[] {4, 0}, buckets)).isEqualTo(0.75);
    assertThat(AgedCensus.sizeBucket(buckets, 2)).isEqualTo(1);
    assertThat(AgedCensus.sizeBucket(buckets, 99)).isEqualTo(1);
  }

  @Test
  void fsbenchsLogUniformSizesMakeGeriatrixsMeanLargerByTheRatioOfTheBucketMeans() {
    // one bucket of 1 to 8 bytes: Geriatrix writes 8, fsbench's mean is 7 / ln 8
    assertThat(GeriatrixAgreement.expectedMeanRatio(List.of(new AgingProfile.Bucket(8, 1))))
        .isCloseTo(8 / (7 / Math.log(8)), org.assertj.core.data.Offset.offset(1e-9));
  }

  private static AgedSide side(double fullness, double written, long files, long bytes, long fill) {
    AgedCensus census =
        new AgedCensus(
            files,
            bytes,
            new long[] {files / 4, files * 3 / 4},
            new long[] {files, 0},
            0,
            files,
            files);
    return new AgedSide(
        "t", 1L << 30, 4000, fill, fullness, written, 0.5, 0, 0, "stop", census, Optional.empty());
  }

  private static GeriatrixProfile twoBuckets() {
    List<AgingProfile.Bucket> two =
        List.of(new AgingProfile.Bucket(4096, 1), new AgingProfile.Bucket(65536, 3));
    return new GeriatrixProfile("p", two, List.of(new AgingProfile.Bucket(1, 1)), two);
  }

  @Test
  void sidesThatAgreeOnEveryJudgedFieldGiveNoProblemsAndTheAgesAreOnlyShown() {
    GeriatrixCase c = new GeriatrixCase("ext4", Size.gib(1), 0.8, 2, 1);
    double ratio = GeriatrixAgreement.expectedMeanRatio(twoBuckets().sizes());
    long files = 10_000;
    long live = (long) (0.8 * (1L << 30));
    long fill = (long) (live / GeriatrixAgreement.meanSize(twoBuckets().sizes()));
    AgedSide g = side(0.83, 2.004, files, live, fill);
    AgedSide f = side(0.81, 2.002, (long) (files * ratio), live, 0);

    List<GeriatrixAgreement.Row> rows = GeriatrixAgreement.rows(c, twoBuckets(), g, f, false);

    assertThat(GeriatrixAgreement.problems(rows)).isEmpty();
    assertThat(rows)
        .filteredOn(r -> r.field().startsWith("age distance"))
        .singleElement()
        .satisfies(r -> assertThat(r.verdict()).isEqualTo("info"));
  }

  @Test
  void fsbenchEndingWellAboveTheFullnessOrWritingShortOfTheOverwriteIsAProblem() {
    GeriatrixCase c = new GeriatrixCase("ext4", Size.gib(1), 0.8, 2, 1);
    double ratio = GeriatrixAgreement.expectedMeanRatio(twoBuckets().sizes());
    long live = (long) (0.8 * (1L << 30));
    long fill = (long) (live / GeriatrixAgreement.meanSize(twoBuckets().sizes()));
    AgedSide g = side(0.83, 2.004, 10_000, live, fill);
    AgedSide f = side(0.86, 1.9, (long) (10_000 * ratio), live, 0);

    List<String> problems =
        GeriatrixAgreement.problems(GeriatrixAgreement.rows(c, twoBuckets(), g, f, true));

    assertThat(problems)
        .anySatisfy(p -> assertThat(p).startsWith("fullness"))
        .anySatisfy(p -> assertThat(p).startsWith("written"))
        .anySatisfy(p -> assertThat(p).startsWith("age distance"));
  }

  @Test
  void geriatrixsLiveBytesFarFromItsFillsCountAtTheMeanSizeAreAProblem() {
    GeriatrixCase c = new GeriatrixCase("ext4", Size.gib(1), 0.8, 2, 1);
    double ratio = GeriatrixAgreement.expectedMeanRatio(twoBuckets().sizes());
    long live = (long) (0.8 * (1L << 30));
    long fill = (long) (live / GeriatrixAgreement.meanSize(twoBuckets().sizes()));
    AgedSide g = side(0.95, 2.004, 10_000, live, fill / 2);
    AgedSide f = side(0.81, 2.002, (long) (10_000 * ratio), live, 0);

    assertThat(GeriatrixAgreement.problems(GeriatrixAgreement.rows(c, twoBuckets(), g, f, false)))
        .singleElement()
        .satisfies(p -> assertThat(p).startsWith("live bytes"));
  }

  @Test
  void drawnCasesStayInsideTheRangesTheHarnessPromisesAndRepeatWithTheSeed() {
    List<GeriatrixCase> cases = GeriatrixCase.draw(7, 50);

    assertThat(cases).isEqualTo(GeriatrixCase.draw(7, 50));
    assertThat(cases)
        .allSatisfy(
            c -> {
              assertThat(c.size().bytes()).isBetween(256L << 20, 1L << 30);
              assertThat(c.fullness()).isBetween(0.6, 0.9);
              assertThat(c.overwrite()).isBetween(1, 3);
            });
    assertThat(cases).extracting(GeriatrixCase::fileSystem).contains("ext4", "xfs", "btrfs");
  }

  @Test
  void aCaseOutsideTheRangesIsRefusedNamingTheOption() {
    assertThatThrownBy(() -> new GeriatrixCase("zfs", Size.gib(1), 0.8, 2, 1))
        .hasMessageContaining("--fs zfs");
    assertThatThrownBy(() -> new GeriatrixCase("ext4", Size.mib(100), 0.8, 2, 1))
        .hasMessageContaining("--size");
    assertThatThrownBy(() -> new GeriatrixCase("ext4", Size.gib(1), 0.99, 2, 1))
        .hasMessageContaining("--fullness");
  }
}
