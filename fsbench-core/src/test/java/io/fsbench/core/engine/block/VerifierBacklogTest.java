package io.fsbench.core.engine.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.JobSpec;
import io.fsbench.core.jobfile.JobFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** When fio's check_get_verify starts a backlog batch, decided without a disk. */
class VerifierBacklogTest {

  private static final IoFile FILE = new IoFile(Path.of("v.0.0"), 64 * 1024);

  private static Verifier verifier(String options) {
    JobSpec spec =
        JobFile.parse("[v]\nbs=4k\nsize=64k\nverify=crc32c\n" + options, Path.of("."), Map.of())
            .jobs()
            .get(0)
            .spec();
    return new Verifier(
        spec,
        List.of(FILE),
        new WriteContent(spec, new long[] {1}, 0),
        () -> 0,
        (n, offset, clat, lat, done) -> {},
        new IoErrors("v", spec.errors(), false));
  }

  private static void write(Verifier v, int block) {
    v.logWrite(FILE, block * 4096L, 4096);
  }

  @Test
  void aBatchStartsWhenTheLogHoldsAMultipleOfTheBacklogAfterAWrite() {
    Verifier v = verifier("rw=randrw\nverify_backlog=2\n");

    write(v, 0);
    assertThat(v.backlogDue()).isFalse();
    write(v, 1);

    assertThat(v.backlogDue()).isTrue();
  }

  @Test
  void aMixedJobsOwnReadHoldsTheBatchBackAsFiosLastDdirDoes() {
    Verifier v = verifier("rw=randrw\nverify_backlog=2\n");
    write(v, 0);
    write(v, 1);
    v.read(); // an rwmix read between the second write and the check

    assertThat(v.backlogDue()).isFalse();
    write(v, 2);
    assertThat(v.backlogDue()).isFalse(); // 3 logged: no multiple of 2
    write(v, 3);
    assertThat(v.backlogDue()).isTrue(); // 4 logged, the last I/O a write
  }

  @Test
  void aSmallerBatchReadsPartOfTheLogAndTheNextStartsAtTheNextMultiple() {
    Verifier v = verifier("rw=randwrite\nverify_backlog=4\nverify_backlog_batch=1\n");
    for (int b = 0; b < 4; b++) {
      write(v, b);
    }

    assertThat(v.backlogDue()).isTrue();
    assertThat(v.pendingBytes()).isEqualTo(4 * 4096);
  }
}
