package io.fsbench.core.engine.block;

import io.fsbench.api.CommandPriorities;
import io.fsbench.api.JobSpec;
import io.fsbench.core.stats.Direction;
import io.fsbench.core.stats.JobStats;
import io.fsbench.core.stats.PriorityLatencies;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Picks each I/O's priority by fio's {@code cmdprio*} options (engines/cmdprio.c {@code
 * fio_cmdprio_set_ioprio}): the shares that apply to the I/O's block size give a total percentage;
 * a draw from 0 to 99 below it picks the share whose running total first exceeds the draw,
 * otherwise the I/O keeps the job's priority. The draws are fsbench's, from the clone's seed.
 */
final class CommandPriorityPicker {

  private final List<List<CommandPriorities.Share>> shares;
  private final int[][] entries = new int[2][];
  private final int[][] values = new int[2][];
  private final SplittableRandom draws;
  private final boolean set;

  /** Defines the clone's per-priority latencies in {@code stats}, as fio's cmdprio init. */
  CommandPriorityPicker(JobSpec spec, long seed, JobStats stats) {
    CommandPriorities cmd = spec.commandPriorities();
    this.set = cmd.isSet();
    this.shares = List.of(cmd.read(), cmd.write());
    this.draws = new SplittableRandom(seed ^ 0xC0DE9210L);
    int own = spec.priority().isSet() ? spec.priority().value() : 0;
    stats.ownPriority(own);
    for (int d = 0; d < 2; d++) {
      List<CommandPriorities.Share> list = shares.get(d);
      boolean used = d == 0 ? spec.rw().reads() : spec.rw().writes();
      entries[d] = new int[list.size()];
      values[d] = new int[list.size()];
      if (list.isEmpty() || !used) {
        continue; // fio keeps no entries for a direction without shares, or one the job skips
      }
      List<Integer> others = new ArrayList<>();
      list.forEach(s -> others.add(s.priority().value()));
      PriorityLatencies prios = stats.priorities(d == 0 ? Direction.READ : Direction.WRITE);
      prios.define(own, others);
      for (int i = 0; i < list.size(); i++) {
        values[d][i] = list.get(i).priority().value();
        entries[d][i] = prios.index(values[d][i]);
      }
    }
  }

  boolean isSet() {
    return set;
  }

  /**
   * The entry of the priority the next I/O of {@code length} bytes in {@code direction} carries: 0
   * for the job's own, else a share's; {@link #value} gives what goes into its request.
   */
  int pick(Direction direction, int length) {
    if (!set || direction == Direction.TRIM) {
      return 0;
    }
    int d = direction.ordinal();
    List<CommandPriorities.Share> list = shares.get(d);
    int total = 0;
    for (CommandPriorities.Share s : list) {
      if (s.blockSize() == 0 || s.blockSize() == length) {
        total += s.percent();
      }
    }
    if (total == 0) {
      return 0;
    }
    int draw = draws.nextInt(100);
    if (draw >= total) {
      return 0;
    }
    int running = 0;
    for (int i = 0; i < list.size(); i++) {
      CommandPriorities.Share s = list.get(i);
      if (s.blockSize() == 0 || s.blockSize() == length) {
        running += s.percent();
        if (draw < running) {
          return entries[d][i];
        }
      }
    }
    throw new IllegalStateException("a draw below the total found no share");
  }

  /** The ioprio value of entry {@code entry} of {@code direction}; 0 for the job's own. */
  int value(Direction direction, int entry) {
    if (entry == 0) {
      return 0; // the request carries none: it takes the submitting thread's, the job's
    }
    int d = direction.ordinal();
    for (int i = 0; i < entries[d].length; i++) {
      if (entries[d][i] == entry) {
        return values[d][i];
      }
    }
    throw new IllegalStateException("no priority entry " + entry);
  }
}
