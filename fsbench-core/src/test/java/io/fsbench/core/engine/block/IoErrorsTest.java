package io.fsbench.core.engine.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.ErrorHandling;
import io.fsbench.core.nativeio.NativeIoException;
import io.fsbench.core.stats.Direction;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;

class IoErrorsTest {

  @Test
  void aFailedFileOpenEndsTheJobWithItsErrnoAndIsNeverCountedEvenUnderContinueOnError() {
    IoErrors errors = new IoErrors("rm", ErrorHandling.NONE.continueOn(ErrorHandling.ALL), false);
    NoSuchFileException gone = new NoSuchFileException("rm.0.0", null, "unlink: ENOENT");
    gone.initCause(NativeIoException.of(NativeIoException.ENOENT, "unlink", "rm.0.0"));

    errors.openFailed("delete", "rm.0.0", gone);

    // fio's td_verror: the job's error, not an I/O error that continue_on_error would count
    assertThat(errors.fatal()).isEqualTo(NativeIoException.ENOENT);
    assertThat(errors.reported()).isEqualTo(NativeIoException.ENOENT);
    assertThat(errors.counts().total()).isZero();
  }

  @Test
  void theFirstErrorThatEndsTheJobStaysItsError() {
    IoErrors errors = new IoErrors("w", ErrorHandling.NONE, false);
    errors.failed(
        Direction.WRITE,
        NativeIoException.of(NativeIoException.EIO, "pwrite", "w.0.0"),
        "w.0.0",
        0,
        4096);

    errors.openFailed("open", "w.0.1", new FileSystemException("w.0.1"));

    assertThat(errors.fatal()).isEqualTo(NativeIoException.EIO);
  }
}
