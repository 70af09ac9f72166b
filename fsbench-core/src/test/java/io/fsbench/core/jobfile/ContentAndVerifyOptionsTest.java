package io.fsbench.core.jobfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.BufferContent;
import io.fsbench.api.Dedupe;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.VerifyMethod;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The buffer-content and verify options, resolved against each other as fio resolves them. */
class ContentAndVerifyOptionsTest {

  private static JobSpec spec(String options) {
    String job = "[j]\nsize=1m\n" + options.replace(' ', '\n') + "\n";
    return JobFile.parse(job, Path.of("."), Map.of()).jobs().get(0).spec();
  }

  private static BufferContent buffers(String options) {
    return spec(options).buffers();
  }

  @Test
  void aBufferPatternTurnsZerosAndScramblingOffAndRefillsAReadingJob() {
    BufferContent written = buffers("rw=write zero_buffers=1 buffer_pattern=0xaa");
    assertThat(written.pattern().text()).isEqualTo("0xaa");
    assertThat(written.fill()).isEqualTo(BufferContent.Fill.RANDOM);
    assertThat(written.scramble()).isFalse();
    assertThat(written.refill()).isFalse();

    // fio asks td_read when it meets buffer_pattern: the rw given before it decides
    assertThat(buffers("rw=randrw buffer_pattern=0xaa").refill()).isTrue();
    assertThat(buffers("buffer_pattern=0xaa rw=write").refill()).isTrue();
  }

  @Test
  void anExplicitScrambleAfterThePatternScramblesAgain() {
    assertThat(buffers("rw=write buffer_pattern=0xaa scramble_buffers=1").scramble()).isTrue();
  }

  @Test
  void zeroBuffersStopsScramblingUnlessScramblingIsAskedFor() {
    assertThat(buffers("rw=write").scramble()).isTrue();
    assertThat(buffers("rw=write zero_buffers").scramble()).isFalse();
    assertThat(buffers("rw=write zero_buffers scramble_buffers=1").scramble()).isTrue();
    assertThat(buffers("rw=write scramble_buffers=0").scramble()).isFalse();
  }

  @Test
  void compressionAndDedupeRefillAndNeverScramble() {
    BufferContent c = buffers("rw=write buffer_compress_percentage=50");
    assertThat(c.refill()).isTrue();
    assertThat(c.scramble()).isFalse();
    assertThat(buffers("rw=write buffer_compress_percentage=50 refill_buffers=0").refill())
        .isFalse();
    BufferContent d = buffers("rw=write dedupe_percentage=30");
    assertThat(d.refill()).isTrue();
    assertThat(d.scramble()).isFalse();
    assertThat(buffers("rw=write dedupe_percentage=30 refill_buffers=0").refill()).isFalse();
  }

  @Test
  void fullyCompressibleMeansZeros() {
    BufferContent c = buffers("rw=write buffer_compress_percentage=100");
    assertThat(c.fill()).isEqualTo(BufferContent.Fill.ZEROS);
    assertThat(c.compressPercentage()).isZero();
  }

  @Test
  void parsesEveryDedupeOption() {
    Dedupe d =
        buffers(
                "rw=write dedupe_percentage=40 dedupe_mode=working_set"
                    + " dedupe_working_set_percentage=20 dedupe_global=1")
            .dedupe();
    assertThat(d).isEqualTo(new Dedupe(40, Dedupe.Mode.WORKING_SET, 20, true));
    assertThat(buffers("rw=write dedupe_percentage=10").dedupe().mode())
        .isEqualTo(Dedupe.Mode.REPEAT);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "buffer_pattern=0xaa 0xbb|buffer_pattern=0xaa",
        "buffer_pattern=%o|holds %o",
        "buffer_pattern=zz|pattern (zz)",
        "dedupe_percentage=101|dedupe_percentage (101) must be between 0 and 100",
        "dedupe_percentage=-1|dedupe_percentage (-1) must be between 0 and 100",
        "dedupe_percentage=lots|dedupe_percentage (lots) is not a whole number",
        "dedupe_mode=sometimes|dedupe_mode (sometimes) is not one of repeat, working_set",
        "dedupe_working_set_percentage=200|dedupe_working_set_percentage (200)",
        "dedupe_global=2|dedupe_global (2) takes 0 or 1",
        "buffer_compress_percentage=150|buffer_compress_percentage (150)",
        "scramble_buffers=maybe|scramble_buffers (maybe) takes 0 or 1",
        "dedupe_percentage=60;dedupe_mode=working_set;dedupe_working_set_percentage=50|add up to"
            + " more than 100",
        "verify=crc64|verify (crc64) is not one of none, crc32c, md5, sha256, meta, pattern",
        "verify=pattern|verify=pattern needs a verify_pattern",
        "verify_pattern=0x|verify_pattern=0x",
        "verify_interval=79|verify_interval (79) must be at least 80 bytes",
        "verify_offset=0|verify_offset (0) must be at least 40 bytes",
        "verify_backlog=-4|verify_backlog",
        "verify_backlog_batch=x|verify_backlog_batch (x) is not a whole number",
        "verify_fatal=2|verify_fatal (2) takes 0 or 1",
        "verify_dump=yes please|verify_dump (yes please) takes 0 or 1",
        "verify_state_save=1|verify_state_save=1 is not supported",
        "verify_state_load=1|verify_state_load=1 is not supported",
        "verify_only|verify_only is not supported",
      })
  void refusesEveryBadValueNamingIt(String options, String message) {
    String job = "[j]\nsize=1m\nrw=write\n" + options.replace(';', '\n') + "\n";
    assertThatThrownBy(() -> JobFile.parse(job, Path.of("."), Map.of()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining(message);
  }

  @Test
  void aWorkingSetNeedsSizeAndOneFile() {
    assertThatThrownBy(
            () ->
                JobFile.parse(
                    "[j]\nfilesize=1m\nrw=write\ndedupe_percentage=10\ndedupe_mode=working_set\n",
                    Path.of("."),
                    Map.of()))
        .hasMessageContaining("dedupe_mode=working_set needs size=");
    assertThatThrownBy(
            () -> spec("rw=write nrfiles=2 dedupe_percentage=10 dedupe_mode=working_set"))
        .hasMessageContaining("works on one file per job");
  }

  @Test
  void aVerifyPatternAloneVerifiesWithAHeaderAndAnExplicitMethodStays() {
    assertThat(spec("rw=write verify_pattern=0xaa").verify()).isEqualTo(VerifyMethod.META);
    assertThat(spec("rw=write verify=crc32c verify_pattern=0xaa").verify())
        .isEqualTo(VerifyMethod.CRC32C);
    assertThat(spec("rw=write verify_pattern=0xaa verify=pattern").verify())
        .isEqualTo(VerifyMethod.PATTERN);
  }

  @Test
  void verifyStateOffIsAccepted() {
    JobSpec s = spec("rw=write verify=md5 verify_state_save=0 verify_state_load=0 do_verify=0");
    assertThat(s.verify()).isEqualTo(VerifyMethod.MD5);
    assertThat(s.verifySettings().doVerify()).isFalse();
  }
}
