package io.fsbench.core.jobfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.IoEngine;
import io.fsbench.api.JobSpec;
import io.fsbench.api.StatType;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FileEngineAndExitOptionsTest {

  private static JobOptionParser.Parsed parsed(String... options) {
    List<FioOption> list =
        Arrays.stream(options).map(o -> FioOption.parse(o, "command line")).toList();
    return JobOptionParser.parse("j", list);
  }

  private static JobSpec parse(String... options) {
    return parsed(options).spec();
  }

  private static JobFile file(String text) {
    return JobFile.parse(text, Path.of("."), Map.of());
  }

  @Test
  void readsEachFileEngineByFiosName() {
    assertThat(parse("size=1m", "ioengine=filecreate").ioEngine()).isEqualTo(IoEngine.FILECREATE);
    assertThat(parse("size=1m", "ioengine=filestat").ioEngine()).isEqualTo(IoEngine.FILESTAT);
    assertThat(parse("size=1m", "ioengine=filedelete").ioEngine()).isEqualTo(IoEngine.FILEDELETE);
    assertThat(parse("size=1m", "ioengine=ftruncate", "rw=write").ioEngine())
        .isEqualTo(IoEngine.FTRUNCATE);
    assertThat(parse("size=1m", "ioengine=falloc").ioEngine()).isEqualTo(IoEngine.FALLOC);
  }

  @Test
  void readsStatTypeForFilestatAndDefaultsToStat() {
    assertThat(parse("size=1m", "ioengine=filestat").fileHandling().statType())
        .isEqualTo(StatType.STAT);
    assertThat(parse("size=1m", "ioengine=filestat", "stat_type=lstat").fileHandling().statType())
        .isEqualTo(StatType.LSTAT);
    // the option may come before the engine, as in a [global] section
    assertThat(parse("size=1m", "stat_type=statx", "ioengine=filestat").fileHandling().statType())
        .isEqualTo(StatType.STATX);
  }

  @Test
  void refusesABadStatTypeAndOneWithoutFilestatNamingTheValue() {
    assertThatThrownBy(() -> parse("size=1m", "ioengine=filestat", "stat_type=fstat"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("stat_type (fstat)")
        .hasMessageContaining("'stat', 'lstat' or 'statx'");
    assertThatThrownBy(() -> parse("size=1m", "ioengine=psync", "stat_type=stat"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("ioengine=filestat");
    assertThatThrownBy(() -> parse("size=1m", "ioengine=filecopy"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("ioengine (filecopy)");
  }

  @Test
  void refusesReadsOnFtruncateDepthOnFileEnginesAndVerify() {
    assertThatThrownBy(() -> parse("size=1m", "ioengine=ftruncate", "rw=randrw"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("ftruncate truncates on writes only");
    assertThatThrownBy(() -> parse("size=1m", "ioengine=falloc", "iodepth=8"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("iodepth (8)");
    assertThatThrownBy(() -> parse("size=1m", "ioengine=filecreate", "rw=write", "verify=md5"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("ioengine=filecreate writes none");
  }

  @Test
  void letsFileOperationEnginesOpenFewerFilesThanTheyHave() {
    assertThat(parse("filesize=4k", "nrfiles=100", "openfiles=1", "ioengine=filecreate").nrFiles())
        .isEqualTo(100);
    assertThatThrownBy(() -> parse("filesize=4k", "nrfiles=100", "openfiles=1"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("openfiles (1)");
  }

  @Test
  void readsExitWhatAndWaitForAndRefusesBadValuesNamingThem() {
    JobControl control = parsed("size=1m", "exitall", "exit_what=stonewall").scheduling().control();
    assertThat(control).isEqualTo(new JobControl(true, JobControl.ExitWhat.STONEWALL, ""));
    assertThat(parsed("size=1m", "wait_for=w").scheduling().control().waitFor()).isEqualTo("w");
    assertThatThrownBy(() -> parse("size=1m", "exit_what=everything"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("exit_what (everything)");
    assertThatThrownBy(() -> parse("size=1m", "exitall=maybe"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("exitall (maybe)");
    assertThatThrownBy(() -> parse("size=1m", "exitall_on_error=2"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("exitall_on_error (2)");
  }

  @Test
  void refusesExitallZeroWhichFioTakesAsOn() {
    assertThatThrownBy(() -> parse("size=1m", "exitall=0"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("exitall (0)")
        .hasMessageContaining("remove the option");
  }

  @Test
  void spreadsExitallFromAnyJobToEveryJobOfTheFile() {
    JobFile f = file("[a]\nsize=1m\n[b]\nsize=1m\nexitall\n[c]\nsize=1m\n");

    assertThat(f.jobs()).allMatch(j -> j.control().exitAll());
  }

  @Test
  void refusesAWaiteeThatIsUnknownLaterItselfOrNotUnique() {
    assertThatThrownBy(() -> file("[a]\nsize=1m\n[b]\nsize=1m\nwait_for=zz\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("wait_for names job 'zz'")
        .hasMessageContaining("waitee job zz unknown");
    assertThatThrownBy(() -> file("[b]\nsize=1m\nwait_for=a\n[a]\nsize=1m\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("not a job before it");
    assertThatThrownBy(() -> file("[a]\nsize=1m\nwait_for=a\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("cannot wait for itself (wait_for=a)");
    assertThatThrownBy(() -> file("[a]\nsize=1m\n[a]\nsize=1m\n[b]\nsize=1m\nwait_for=a\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("2 earlier jobs");
  }

  @Test
  void keepsTheWaiteeOfEachJob() {
    JobFile f = file("[w]\nsize=1m\n[r]\nsize=1m\nwait_for=w\n");

    assertThat(f.jobs().get(1).control().waitFor()).isEqualTo("w");
    assertThat(f.jobs().get(0).control()).isEqualTo(JobControl.NONE);
  }
}
