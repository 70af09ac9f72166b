package io.fsbench.core.engine.block;

import io.fsbench.core.stats.Direction;

/** The next I/O: what {@link IoGenerator} decided, reused from I/O to I/O without allocation. */
final class IoPlan {
  Direction direction;
  IoFile file;
  long offset;
  int length;
}
