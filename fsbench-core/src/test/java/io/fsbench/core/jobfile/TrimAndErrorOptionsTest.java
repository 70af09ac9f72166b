package io.fsbench.core.jobfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.BlockSize;
import io.fsbench.api.ErrorHandling;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.ReadWrite;
import io.fsbench.api.Size;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TrimAndErrorOptionsTest {

  private static JobSpec parse(String... options) {
    List<FioOption> list =
        Arrays.stream(options).map(o -> FioOption.parse(o, "command line")).toList();
    return JobOptionParser.parse("j", list).spec();
  }

  @Test
  void readsTrimAndRandtrimAsTrimJobs() {
    assertThat(parse("size=1m", "rw=trim").rw()).isEqualTo(ReadWrite.TRIM);
    assertThat(parse("size=1m", "rw=randtrim").rw()).isEqualTo(ReadWrite.RANDTRIM);
    assertThat(ReadWrite.RANDTRIM.trims()).isTrue();
    assertThat(ReadWrite.RANDTRIM.isRandom()).isTrue();
    assertThat(ReadWrite.RANDTRIM.reads() || ReadWrite.RANDTRIM.writes()).isFalse();
  }

  @Test
  void readsTrimwriteAndRandtrimwriteAsJobsThatTrimAndWrite() {
    assertThat(parse("size=1m", "rw=trimwrite").rw()).isEqualTo(ReadWrite.TRIMWRITE);
    assertThat(parse("size=1m", "rw=randtrimwrite").rw()).isEqualTo(ReadWrite.RANDTRIMWRITE);
    assertThat(ReadWrite.RANDTRIMWRITE.trimsThenWrites()).isTrue();
    assertThat(ReadWrite.RANDTRIMWRITE.isRandom()).isTrue();
    assertThat(ReadWrite.TRIMWRITE.trims() && ReadWrite.TRIMWRITE.writes()).isTrue();
    assertThat(ReadWrite.TRIMWRITE.reads()).isFalse();
    assertThat(ReadWrite.TRIM.trimsThenWrites()).isFalse();
  }

  @Test
  void refusesWhatATrimwriteJobDoesNotDefine() {
    assertThatThrownBy(() -> parse("size=1m", "rw=trimwrite:8k"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("rw=trimwrite with an offset modifier");
    assertThatThrownBy(() -> parse("size=1m", "rw=trimwrite", "number_ios=4", "loops=2"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("number_ios and loops=2");
    assertThatThrownBy(() -> parse("size=1m", "rw=randtrimwrite", "verify=md5"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("rw=randtrimwrite with verify");
    assertThatThrownBy(() -> parse("size=1m", "rw=trimwritex"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("rw (trimwritex) is not one of");
  }

  @Test
  void takesTheTrimBlockSizeAsFioDoes() {
    assertThat(parse("size=1m", "bs=8k").trimBlockSize()).isEqualTo(BlockSize.of(Size.kib(8)));
    // two values: writes and trims take the second
    assertThat(parse("size=1m", "bs=4k,16k").trimBlockSize()).isEqualTo(BlockSize.of(Size.kib(16)));
    // a trailing comma leaves trims their default
    assertThat(parse("size=1m", "bs=8k,16k,").trimBlockSize()).isEqualTo(BlockSize.of(Size.kib(4)));
    assertThat(parse("size=1m", "bs=,,32k").trimBlockSize()).isEqualTo(BlockSize.of(Size.kib(32)));
    assertThat(parse("size=1m", "bsrange=1k-1k,2k-2k,8k-8k").trimBlockSize())
        .isEqualTo(BlockSize.of(Size.kib(8)));
    assertThat(parse("size=1m", "bssplit=4k,8k/50:16k/50").trimBlockSize().splits()).hasSize(2);
  }

  @Test
  void refusesWhatTrimsDoNotRun() {
    assertThatThrownBy(() -> parse("size=1m", "rw=randtrim", "verify=md5"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("rw=randtrim with verify");
    assertThatThrownBy(() -> parse("size=1m", "rw=randtrim", "random_distribution=zoned:50/50"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("random_distribution=zoned");
  }

  @Test
  void readsContinueOnErrorByEveryNameFioKnows() {
    assertThat(parse("size=1m").errors()).isEqualTo(ErrorHandling.NONE);
    assertThat(parse("size=1m", "continue_on_error=write").errors().continueOn())
        .isEqualTo(ErrorHandling.WRITE);
    assertThat(parse("size=1m", "continue_on_error=io").errors().continueOn())
        .isEqualTo(ErrorHandling.READ | ErrorHandling.WRITE);
    assertThat(parse("size=1m", "continue_on_error=1").errors().continueOn())
        .isEqualTo(ErrorHandling.ALL);
    assertThat(parse("size=1m", "continue_on_error=0").errors().continueOn()).isZero();
    assertThatThrownBy(() -> parse("size=1m", "continue_on_error=sometimes"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("continue_on_error (sometimes)")
        .hasMessageContaining("none, read, write, io, verify, all, 0, 1");
  }

  @Test
  void readsIgnoreErrorListsPerTypeAndTurnsTheirTypeOn() {
    ErrorHandling h = parse("size=1m", "continue_on_error=write", "ignore_error=,ENOSPC").errors();
    assertThat(h.continueOn()).isEqualTo(ErrorHandling.WRITE);
    assertThat(h.readErrors()).isEmpty(); // fio's default (EIO, EILSEQ)
    assertThat(h.writeErrors()).containsExactly(28);
    assertThat(h.skips(ErrorHandling.WRITE, 28)).isTrue();
    assertThat(h.skips(ErrorHandling.WRITE, 5)).isFalse(); // the list replaces the default
    assertThat(h.skips(ErrorHandling.READ, 5)).isFalse(); // read is not continued on

    ErrorHandling numbers = parse("size=1m", "ignore_error=5:-25,ENOTTY:22,84").errors();
    assertThat(numbers.readErrors()).containsExactly(5, 25);
    assertThat(numbers.writeErrors()).containsExactly(25, 22);
    assertThat(numbers.verifyErrors()).containsExactly(84); // EILSEQ by number: not in fio's names
  }

  @Test
  void appliesContinueOnErrorAndIgnoreErrorInTheirOrder() {
    // as fio's: continue_on_error replaces the types, a later ignore_error adds its own
    assertThat(
            parse("size=1m", "ignore_error=,ENOTTY", "continue_on_error=none")
                .errors()
                .continueOn())
        .isZero();
    assertThat(
            parse("size=1m", "continue_on_error=none", "ignore_error=,ENOTTY")
                .errors()
                .continueOn())
        .isEqualTo(ErrorHandling.WRITE);
  }

  @Test
  void refusesAnErrorNameFioDoesNotKnowNamingItAndWhatToDo() {
    assertThatThrownBy(() -> parse("size=1m", "ignore_error=,EDQUOT"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("ignore_error (,EDQUOT) names 'EDQUOT'")
        .hasMessageContaining("give its number instead");
    assertThatThrownBy(() -> parse("size=1m", "ignore_error=,abc"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("names 'abc'");
    assertThatThrownBy(() -> parse("size=1m", "ignore_error=1,2,3,4"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("more than three comma-separated lists");
  }

  @Test
  void acceptsErrorDumpVerifyAsyncAndCreateSerialize() {
    assertThat(parse("size=1m", "error_dump").errors().errorDump()).isTrue();
    assertThat(parse("size=1m", "error_dump=0").errors().errorDump()).isFalse();
    parse("size=1m", "verify_async=4", "create_serialize=0");
    assertThatThrownBy(() -> parse("size=1m", "verify_async=-1"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("verify_async (-1)");
  }
}
