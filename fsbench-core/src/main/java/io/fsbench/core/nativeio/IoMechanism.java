package io.fsbench.core.nativeio;

/** How an {@link IoQueue} keeps several I/Os in flight; reported with every result. */
public enum IoMechanism {
  /** io_uring (Linux 5.6+): shared rings, one syscall submits a batch and waits for completions. */
  IO_URING("io_uring"),
  /** Linux native AIO through libaio.so.1: real asynchrony for O_DIRECT files only. */
  LIBAIO("libaio"),
  /** One thread per slot, each doing blocking pread/pwrite: N in flight at a thread switch each. */
  THREAD_POOL("threads");

  private final String id;

  IoMechanism(String id) {
    this.id = id;
  }

  /** The short name used in reports and options, e.g. {@code "io_uring"}. */
  public String id() {
    return id;
  }
}
