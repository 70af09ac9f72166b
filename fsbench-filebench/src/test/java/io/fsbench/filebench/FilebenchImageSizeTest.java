package io.fsbench.filebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.EnvironmentException;
import io.fsbench.api.FilebenchSpec;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The loop image of {@code fsbench filebench --fs}: four times the planned dataset, at least 1g;
 * twice it where the work dir is short of room.
 */
class FilebenchImageSizeTest {

  private static final long MIB = 1L << 20;
  private static final long GIB = 1L << 30;
  private static final long UNKNOWN = -1;

  @TempDir Path temp;

  @Test
  void aSmallDatasetGetsTheFloorAndSaysSo() {
    FilebenchImageSize.Choice choice = FilebenchImageSize.choose(3 * MIB, 100 * GIB);

    assertThat(choice.size()).isEqualTo(Size.gib(1));
    assertThat(choice.reason())
        .isEqualTo("the floor of 1g (4x the planned dataset of 3.0 MiB is less)");
  }

  @Test
  void aLargeDatasetGetsFourTimesItsSizeRoundedUpToWholeMib() {
    assertThat(FilebenchImageSize.choose(3 * GIB, 100 * GIB).size()).isEqualTo(Size.gib(12));
    assertThat(FilebenchImageSize.choose(300 * MIB + 1, 100 * GIB).size())
        .isEqualTo(Size.mib(1201));
    assertThat(FilebenchImageSize.choose(3 * GIB, UNKNOWN).reason())
        .isEqualTo("4x the planned dataset of 3.0 GiB");
  }

  @Test
  void theFloorAndFourTimesTheDatasetMeetAt256Mib() {
    assertThat(FilebenchImageSize.choose(256 * MIB, 100 * GIB).size()).isEqualTo(Size.gib(1));
    assertThat(FilebenchImageSize.choose(256 * MIB + 1, 100 * GIB).size())
        .isEqualTo(Size.mib(1025));
  }

  @Test
  void aWorkDirShortOfRoomGetsTwiceTheDatasetAndSaysWhy() {
    FilebenchImageSize.Choice choice = FilebenchImageSize.choose(10 * GIB, 30 * GIB);

    assertThat(choice.size()).isEqualTo(Size.gib(20));
    assertThat(choice.reason())
        .isEqualTo(
            "2x the planned dataset of 10.0 GiB, as the work dir has only 30.0 GiB free of the"
                + " 40.0 GiB wanted; a run that appends much may fill it");
  }

  @Test
  void refusesAnImageTheWorkDirCannotHoldNamingBothSizesAndWhatToDo() {
    assertThatThrownBy(() -> FilebenchImageSize.choose(10 * GIB, 15 * GIB))
        .isInstanceOf(EnvironmentException.class)
        .hasMessageContaining("would be 20.0 GiB at the least (2x the planned dataset of 10.0 GiB)")
        .hasMessageContaining("the work dir has only 15.0 GiB free")
        .hasMessageContaining("--set nfiles=N")
        .hasMessageContaining("--image-size");
    assertThatThrownBy(() -> FilebenchImageSize.choose(MIB, 100 * MIB))
        .hasMessageContaining("would be 1.0 GiB at the least (the floor of 1g");
    assertThat(FilebenchImageSize.choose(10 * GIB, 20 * GIB).size()).isEqualTo(Size.gib(20));
  }

  @Test
  void anUnknownFreeSpaceIsNotChecked() {
    assertThat(FilebenchImageSize.choose(1L << 50, UNKNOWN).size()).isEqualTo(Size.bytes(1L << 52));
  }

  @Test
  void theDatasetComesFromThePlanWithTheVariablesGivenAndMakesNoFiles() throws IOException {
    Path dir = Files.createDirectories(temp.resolve("fsbench-plan"));
    Path file =
        Files.writeString(
            dir.resolve("fsbench-sizes.f"),
            """
            set $nfiles=1000
            define fileset name=a,path=/tmp,size=16k,entries=$nfiles,dirwidth=20,prealloc=50
            define file name=b,path=/tmp,size=1m
            define process name=p
            {
              thread name=t
              {
                flowop openfile name=open,filesetname=a,fd=1
              }
            }
            run 60
            """);

    long planned = FilebenchImageSize.plannedDatasetBytes(FilebenchSpec.of(file));
    long set = FilebenchImageSize.plannedDatasetBytes(FilebenchSpec.of(file).set("nfiles", "64k"));

    // every entry counts, made or not (prealloc=50): the workload may create the rest
    assertThat(planned).isEqualTo(1000 * 16 * 1024 + MIB);
    assertThat(set).isEqualTo(65536L * 16 * 1024 + MIB);
    try (var left = Files.list(dir)) {
      assertThat(left).containsExactly(file);
    }
  }

  @Test
  void aFileWithoutRunIsPlannedWithTheRuntimeGivenAsWebproxyFIs() throws IOException {
    Path file =
        Files.writeString(
            Files.createDirectories(temp.resolve("fsbench-norun")).resolve("fsbench-norun.f"),
            """
            define fileset name=a,path=/tmp,size=16k,entries=100,dirwidth=20,prealloc
            define process name=p
            {
              thread name=t
              {
                flowop openfile name=open,filesetname=a,fd=1
              }
            }
            """);

    long planned =
        FilebenchImageSize.plannedDatasetBytes(
            FilebenchSpec.of(file).runtime(java.time.Duration.ofSeconds(3)));

    assertThat(planned).isEqualTo(100 * 16 * 1024);
  }

  @Test
  void aPersonalitysDatasetIsResolvedBeforeSizing() {
    Path mongo = FilebenchPersonalities.file("mongo");

    long planned =
        FilebenchImageSize.plannedDatasetBytes(FilebenchSpec.of(mongo).set("dataset", "1g"));

    assertThat(planned).isEqualTo(GIB);
  }

  @Test
  void aWorkloadFileWithAnErrorIsRefusedNamingIt() throws IOException {
    Path bad = Files.writeString(temp.resolve("fsbench-bad.f"), "define fileset name=x,entries=\n");

    assertThatThrownBy(() -> FilebenchImageSize.plannedDatasetBytes(FilebenchSpec.of(bad)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("fsbench-bad.f");
  }

  @Test
  void freeSpaceOfAPathNotMadeYetIsItsParentsFilesystems() {
    assertThat(FilebenchImageSize.freeBytes(temp.resolve("fsbench-not-yet/work"))).isPositive();
  }
}
