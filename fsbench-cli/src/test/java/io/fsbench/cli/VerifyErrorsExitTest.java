package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A verify that finds bad data under {@code continue_on_error=verify}: the report is fio's (the
 * errors counted, the job carried on), and the run still fails, naming the job and the count.
 */
class VerifyErrorsExitTest {

  @TempDir Path temp;

  @Test
  void skippedVerifyErrorsStillFailTheRunAndSayHowMany() throws Exception {
    // a fresh file holds what its layout wrote, no verify header: all 16 blocks are bad
    Path job =
        Files.writeString(
            temp.resolve("bad.fio"),
            "[scan]\nrw=read\nbs=4k\nsize=64k\nverify=crc32c\ncontinue_on_error=verify\n");
    Path dir = Files.createDirectory(temp.resolve("d"));
    RecordingCli cli = new RecordingCli(temp);

    int code = cli.run("fio", job.toString(), "--dir", dir.toString(), "--output-format=json");

    assertThat(code).as(cli.err()).isEqualTo(1);
    assertThat(cli.err()).contains("job scan: verify found 16 bad block(s)");
    assertThat(cli.out()).contains("\"total_err\" : 16").contains("\"first_error\" : 84");
  }

  @Test
  void aJobWhoseSkippedErrorsWereNoVerifyErrorsDoesNotFail() throws Exception {
    Path job =
        Files.writeString(
            temp.resolve("ok.fio"),
            "[w]\nrw=write\nbs=4k\nsize=64k\nverify=crc32c\ncontinue_on_error=verify\n");
    Path dir = Files.createDirectory(temp.resolve("d"));
    RecordingCli cli = new RecordingCli(temp);

    assertThat(cli.run("fio", job.toString(), "--dir", dir.toString())).as(cli.err()).isZero();
  }
}
