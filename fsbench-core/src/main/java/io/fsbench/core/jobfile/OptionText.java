package io.fsbench.core.jobfile;

import io.fsbench.api.BlockSize;
import io.fsbench.api.CpuPlacement;
import io.fsbench.api.OffsetModifier;
import io.fsbench.api.Size;
import io.fsbench.api.SteadyState;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Values as fio writes them in a job file, for the effective options {@link FioOptionTable} prints.
 */
final class OptionText {

  private OptionText() {}

  static String flag(boolean on) {
    return on ? "1" : "0";
  }

  /** A duration in fio's time syntax: whole seconds as {@code 8s}, else ms or us. */
  static String time(Duration duration) {
    long nanos = duration.toNanos();
    if (nanos % 1_000_000_000L == 0) {
      return nanos / 1_000_000_000L + "s";
    }
    if (nanos % 1_000_000L == 0) {
      return nanos / 1_000_000L + "ms";
    }
    return nanos / 1000 + "us";
  }

  /** {@code 4k}, or {@code 4k,64k} (read,write) when they differ. */
  static String blockSizes(BlockSize read, BlockSize write) {
    return read.equals(write) ? read.toString() : read + "," + write;
  }

  /** The {@code :N} of {@code rw=read:-8k} or {@code rw=randread:4}; empty for none. */
  static String modifier(OffsetModifier m) {
    if (m.randomEvery() > 1) {
      return ":" + m.randomEvery();
    }
    if (m.sequentialAdd() == 0) {
      return "";
    }
    Size step = Size.bytes(Math.abs(m.sequentialAdd()));
    return ":" + (m.sequentialAdd() < 0 ? "-" : "") + step;
  }

  /** {@code 25%} when a percentage is given, else the size ({@code 0} for none). */
  static String sizeOrPercent(int percent, Size size) {
    return percent > 0 ? percent + "%" : size.toString();
  }

  static String percentiles(List<Double> percentiles) {
    return percentiles.stream().map(OptionText::decimal).collect(Collectors.joining(":"));
  }

  /** fio's {@code steadystate}: {@code iops:10%}, {@code bw_slope:0.1}. */
  static String steadyState(SteadyState ss) {
    return ss.criterion().fioName() + ":" + decimal(ss.limit()) + (ss.percent() ? "%" : "");
  }

  /** fio's {@code numa_mem_policy}: {@code bind:0-1}, or the bare policy. */
  static String memPolicy(CpuPlacement cpus) {
    String nodes = cpus.memNodes().isEmpty() ? "" : ":" + CpuPlacement.formatList(cpus.memNodes());
    return cpus.memPolicy().fioName() + nodes;
  }

  private static String decimal(double value) {
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }
}
