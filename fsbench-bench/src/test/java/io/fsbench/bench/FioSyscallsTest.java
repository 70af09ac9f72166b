package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class FioSyscallsTest {

  private static final String ROOT = "/tmp/fsbench-case/fio";

  @Test
  void keysAnOpenByItsFlagsWithoutTheJvmsCloseOnExec() {
    String line =
        "9557  openat(AT_FDCWD</tmp>, \"/tmp/fsbench-case/fio/j.0.0\","
            + " O_RDONLY|O_CLOEXEC) = 32</tmp/fsbench-case/fio/j.0.0>";

    assertThat(FioSyscalls.key(line, ROOT)).isEqualTo("openat(O_RDONLY)");
  }

  @Test
  void resolvesARelativeNameAgainstItsDirectoryDescriptor() {
    String line =
        "9404  openat(AT_FDCWD</tmp/fsbench-case/fio>, \"j.0.0\", O_WRONLY|O_CREAT|O_TRUNC, 0644)"
            + " = 6</tmp/fsbench-case/fio/j.0.0>";

    assertThat(FioSyscalls.key(line, ROOT)).isEqualTo("openat(O_CREAT|O_TRUNC|O_WRONLY)");
  }

  @Test
  void keysAnAdviceAndAnUnfinishedCallByWhatItAsked() {
    String line =
        "22068 fadvise64(6</tmp/fsbench-case/fio/shared0>, 0, 2097152, POSIX_FADV_RANDOM"
            + " <unfinished ...>";

    assertThat(FioSyscalls.key(line, ROOT)).isEqualTo("fadvise64(POSIX_FADV_RANDOM)");
  }

  @Test
  void leavesOutCallsOnOtherFilesFsbenchsDirectoriesAndResumptions() {
    assertThat(FioSyscalls.key("1 pread64(5</usr/lib/x.jar>, \"\", 10, 0) = 10", ROOT)).isNull();
    assertThat(
            FioSyscalls.key(
                "1 openat(AT_FDCWD</tmp>, \"/tmp/fsbench-case/fio/fsbench-1-1\", O_RDONLY) = 3",
                ROOT))
        .isNull();
    assertThat(FioSyscalls.key("1 <... openat resumed>) = 6</tmp/fsbench-case/fio/j>", ROOT))
        .isNull();
    assertThat(FioSyscalls.key("1 unlinkat(3</tmp/fsbench-case/fio>, \"j.0.0\", 0) = 0", ROOT))
        .isNull();
  }

  @Test
  void comparesCountsExactlyWhereFioMakesThemDeterministic() {
    Map<String, Long> fio = Map.of("pread64", 256L, "fadvise64(POSIX_FADV_RANDOM)", 1L);
    Map<String, Long> own = Map.of("pread64", 255L);

    assertThat(FioSyscalls.compare(fio, own, true, false, false, 1))
        .containsExactly(
            "syscall fadvise64(POSIX_FADV_RANDOM): fio 1, fsbench 0",
            "syscall pread64: fio 256, fsbench 255");
    assertThat(FioSyscalls.compare(fio, own, false, false, false, 1))
        .containsExactly("syscall fadvise64(POSIX_FADV_RANDOM): fio 1, fsbench 0");
  }

  @Test
  void toleratesOnlyTheListedReopens() {
    Map<String, Long> fio = Map.of("openat(O_CREAT|O_RDWR)", 5L);
    Map<String, Long> own = Map.of("openat(O_CREAT|O_RDWR)", 3L);

    assertThat(FioSyscalls.compare(fio, own, true, false, true, 1)).isEmpty();
    assertThat(FioSyscalls.compare(fio, own, true, false, false, 2)).isEmpty();
    assertThat(FioSyscalls.compare(fio, own, true, false, false, 1)).hasSize(1);
    assertThat(FioSyscalls.compare(Map.of("fsync", 3L), Map.of(), true, true, false, 1)).isEmpty();
  }

  @Test
  void fsbenchMayOpenTheFilesAJobEndsBeforeUsingAndNoMore() {
    // seed 2040 case 860: nrfiles=2 io_size=64k bs=64k; fio opens the one file it writes
    Map<String, Long> fio =
        Map.of("openat(O_CREAT|O_RDWR)", 1L, "fadvise64(POSIX_FADV_SEQUENTIAL)", 1L);
    Map<String, Long> own =
        Map.of("openat(O_CREAT|O_RDWR)", 2L, "fadvise64(POSIX_FADV_SEQUENTIAL)", 2L);

    assertThat(FioSyscalls.compare(fio, own, true, false, false, 1, 2)).isEmpty();
    assertThat(FioSyscalls.compare(fio, own, true, false, false, 1, 0)).hasSize(2);
    assertThat(FioSyscalls.compare(own, fio, true, false, false, 1, 2))
        .as("fio opening more is never tolerated")
        .hasSize(2);
  }
}
