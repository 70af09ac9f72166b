package io.fsbench.core.nativeio;

/** posix_fadvise(2) advice, with the Linux values. */
public enum Advice {
  NORMAL(0),
  RANDOM(1),
  SEQUENTIAL(2),
  WILLNEED(3),
  /** Drop the range from the page cache (clean pages only: fsync first to drop dirty ones). */
  DONTNEED(4),
  NOREUSE(5);

  final int value;

  Advice(int value) {
    this.value = value;
  }
}
