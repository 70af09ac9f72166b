package io.fsbench.core.report.fio;

import io.fsbench.api.BlockSize;
import io.fsbench.api.BufferContent;
import io.fsbench.api.CpuPlacement;
import io.fsbench.api.FileHandling;
import io.fsbench.api.JobSpec;
import io.fsbench.api.LogFiles;
import io.fsbench.api.Measurements;
import io.fsbench.api.OffsetModifier;
import io.fsbench.api.Offsets;
import io.fsbench.api.Pacing;
import io.fsbench.api.Size;
import io.fsbench.api.SteadyState;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Every effective option of a {@link JobSpec}, defaults included, as fio spells it in a job file,
 * for {@code "job options"}. fio records only the options given explicitly, so two fio results
 * cannot say whether they ran alike; fsbench records them all. Only fio's options appear (the page
 * cache drop, which fio lacks, shows in the setup times), so the map reads back as a fio job.
 */
public final class FioOptions {

  private FioOptions() {}

  public static Map<String, String> effective(JobSpec spec) {
    Map<String, String> o = new LinkedHashMap<>();
    o.put("name", spec.name());
    o.put("rw", spec.rw().fioName() + modifier(spec.offsetModifier()));
    if (spec.offsetModifier().mixesSequential()) {
      o.put(
          "percentage_random",
          spec.offsetModifier().readPercentRandom()
              + ","
              + spec.offsetModifier().writePercentRandom());
    }
    if (spec.offsetModifier().randomEvery() > 1) {
      o.put("rw_sequencer", spec.offsetModifier().identical() ? "identical" : "sequential");
    }
    o.put("rwmixread", Integer.toString(spec.rwMixRead()));
    putBlockSize(o, spec.readBlockSize(), spec.writeBlockSize());
    // without size or filesize the files decide (or, with fill_device, the filesystem's room)
    boolean sized = !spec.size().isZero() || !spec.fileSize().isZero();
    if (sized) {
      o.put("size", spec.size().toString());
      o.put("filesize", spec.effectiveFileSize().toString());
    }
    o.put("nrfiles", Integer.toString(spec.nrFiles()));
    if (sized || !spec.ioSize().isZero()) {
      o.put("io_size", spec.effectiveIoSize().toString());
    }
    putOffsets(o, spec.offsets());
    o.put("number_ios", Long.toString(spec.numberIos()));
    if (!spec.zones().isNone()) {
      o.put("zonemode", "strided");
      o.put("zonesize", spec.zones().size().toString());
      o.put("zonerange", spec.zones().range().toString());
      o.put("zoneskip", spec.zones().skip().toString());
    }
    if (!spec.fileName().isEmpty()) {
      o.put("filename", spec.fileName());
    }
    o.put("numjobs", Integer.toString(spec.numJobs()));
    o.put("iodepth", Integer.toString(spec.ioDepth()));
    o.put("direct", flag(spec.direct()));
    o.put("fsync", Integer.toString(spec.fsync()));
    o.put("fdatasync", Integer.toString(spec.fdatasync()));
    o.put("end_fsync", flag(spec.endFsync()));
    o.put("fsync_on_close", flag(spec.fsyncOnClose()));
    o.put("time_based", flag(spec.timeBased()));
    o.put("runtime", time(spec.runtime()));
    o.put("ramp_time", time(spec.rampTime()));
    o.put("loops", Integer.toString(spec.loops()));
    o.put("random_distribution", spec.distribution().toString());
    o.put("norandommap", flag(!spec.randomMap()));
    o.put("random_generator", spec.randomGenerator().fioValue());
    o.put("randseed", Long.toString(spec.randSeed()));
    putBuffers(o, spec.buffers());
    JobSpec.RateLimit rate = spec.rate();
    o.put("rate", rate.readBytesPerSec() + "," + rate.writeBytesPerSec());
    o.put("rate_iops", rate.readIops() + "," + rate.writeIops());
    putPacing(o, spec.pacing());
    o.put("verify", spec.verify().name().toLowerCase(Locale.ROOT));
    putVerify(o, spec);
    o.put("fallocate", spec.fallocate().name().toLowerCase(Locale.ROOT));
    o.put("invalidate", flag(spec.invalidate()));
    o.put("fadvise_hint", spec.fadviseHint().fioValue());
    putFileHandling(o, spec.fileHandling());
    o.put("percentile_list", percentiles(spec.percentiles()));
    putMeasurements(o, spec.measurements());
    putLogs(o, spec.logs());
    putSteadyStateAndCpus(o, spec.steadyState(), spec.cpus());
    o.put("bwavgtime", Long.toString(spec.bwAvgTime().toMillis()));
    o.put("iopsavgtime", Long.toString(spec.iopsAvgTime().toMillis()));
    o.put("stonewall", flag(spec.stonewall()));
    return Collections.unmodifiableMap(o);
  }

  /**
   * {@code bs=4k}, {@code bs=4k,64k}, or {@code bssplit=...} for a mix (read,write when they
   * differ).
   */
  private static void putBlockSize(Map<String, String> o, BlockSize read, BlockSize write) {
    String both = read.equals(write) ? read.toString() : read + "," + write;
    o.put(read.isFixed() && write.isFixed() ? "bs" : "bssplit", both);
  }

  /** The {@code :N} of {@code rw=read:-8k} or {@code rw=randread:4}; empty for none. */
  private static String modifier(OffsetModifier m) {
    if (m.randomEvery() > 1) {
      return ":" + m.randomEvery();
    }
    if (m.sequentialAdd() == 0) {
      return "";
    }
    Size step = Size.bytes(Math.abs(m.sequentialAdd()));
    return ":" + (m.sequentialAdd() < 0 ? "-" : "") + step;
  }

  /** {@code offset=64k} or {@code offset=25%}, likewise the increment; 0 for the default. */
  private static void putOffsets(Map<String, String> o, Offsets offsets) {
    o.put(
        "offset",
        offsets.startPercent() > 0 ? offsets.startPercent() + "%" : offsets.start().toString());
    o.put(
        "offset_increment",
        offsets.incrementPercent() > 0
            ? offsets.incrementPercent() + "%"
            : offsets.increment().toString());
    o.put("offset_align", offsets.align().toString());
  }

  private static void putBuffers(Map<String, String> o, BufferContent buffers) {
    o.put("zero_buffers", flag(buffers.fill() == BufferContent.Fill.ZEROS));
    o.put("buffer_compress_percentage", Integer.toString(buffers.compressPercentage()));
    if (!buffers.compressChunk().isZero()) {
      o.put("buffer_compress_chunk", buffers.compressChunk().toString());
    }
    o.put("refill_buffers", flag(buffers.refill()));
    o.put("scramble_buffers", flag(buffers.scramble()));
    if (!buffers.pattern().isNone()) {
      o.put("buffer_pattern", buffers.pattern().text());
    }
    if (!buffers.dedupe().isNone()) {
      o.put("dedupe_percentage", Integer.toString(buffers.dedupe().percentage()));
      o.put("dedupe_mode", buffers.dedupe().mode().name().toLowerCase(Locale.ROOT));
      o.put(
          "dedupe_working_set_percentage",
          Integer.toString(buffers.dedupe().workingSetPercentage()));
      o.put("dedupe_global", flag(buffers.dedupe().global()));
    }
  }

  private static void putVerify(Map<String, String> o, JobSpec spec) {
    if (spec.verify() == io.fsbench.api.VerifyMethod.NONE) {
      return;
    }
    io.fsbench.api.VerifySettings v = spec.verifySettings();
    if (!v.pattern().isNone()) {
      o.put("verify_pattern", v.pattern().text());
    }
    o.put("verify_interval", v.interval().toString());
    o.put("verify_offset", v.offset().toString());
    o.put("do_verify", flag(v.doVerify()));
    o.put("verify_fatal", flag(v.fatal()));
    o.put("verify_backlog", Long.toString(v.backlog()));
    o.put("verify_backlog_batch", Long.toString(v.backlogBatch()));
    o.put("verify_dump", flag(v.dump()));
  }

  private static void putFileHandling(Map<String, String> o, FileHandling files) {
    if (!files.nameFormat().isEmpty()) {
      o.put("filename_format", files.nameFormat());
    }
    o.put("overwrite", flag(files.overwrite()));
    o.put("create_fsync", flag(files.createFsync()));
    o.put("allow_file_create", flag(files.allowCreate()));
    o.put("create_on_open", flag(files.createOnOpen()));
    o.put("unlink", flag(files.unlink()));
    if (!files.createSerialize()) {
      o.put("create_serialize", "0");
    }
    if (files.fillDevice()) {
      o.put("fill_device", "1");
    }
  }

  private static void putPacing(Map<String, String> o, Pacing pacing) {
    o.put("rate_process", pacing.poisson() ? "poisson" : "linear");
    JobSpec.RateLimit min = pacing.minRate();
    o.put("rate_min", min.readBytesPerSec() + "," + min.writeBytesPerSec());
    o.put("rate_iops_min", min.readIops() + "," + min.writeIops());
    o.put("thinktime", time(pacing.thinkTime()));
    o.put("thinktime_spin", time(pacing.thinkTimeSpin()));
    o.put("thinktime_blocks", Integer.toString(pacing.thinkTimeBlocks()));
    o.put("thinktime_blocks_type", pacing.thinkTimeCountsIssued() ? "issue" : "complete");
    String delay = time(pacing.startDelay());
    boolean range = !pacing.startDelayMax().equals(pacing.startDelay());
    o.put("startdelay", range ? delay + "-" + time(pacing.startDelayMax()) : delay);
  }

  private static void putMeasurements(Map<String, String> o, Measurements m) {
    o.put("disable_slat", flag(!m.slat()));
    o.put("disable_clat", flag(!m.clat()));
    o.put("disable_lat", flag(!m.lat()));
    o.put("disable_bw_measurement", flag(!m.bandwidth()));
    o.put("clat_percentiles", flag(m.clatPercentiles()));
    o.put("lat_percentiles", flag(m.latPercentiles()));
    o.put("slat_percentiles", flag(m.slatPercentiles()));
  }

  private static void putLogs(Map<String, String> o, LogFiles logs) {
    if (!logs.bandwidthPrefix().isEmpty()) {
      o.put("write_bw_log", logs.bandwidthPrefix());
    }
    if (!logs.iopsPrefix().isEmpty()) {
      o.put("write_iops_log", logs.iopsPrefix());
    }
    if (!logs.latencyPrefix().isEmpty()) {
      o.put("write_lat_log", logs.latencyPrefix());
    }
    o.put("log_avg_msec", Long.toString(logs.average().toMillis()));
    o.put("log_max_value", flag(logs.maxValue()));
    o.put("per_job_logs", flag(logs.perJob()));
    if (logs.histogram().any()) {
      o.put("write_hist_log", logs.histogram().prefix());
      o.put("log_hist_msec", Long.toString(logs.histogram().interval().toMillis()));
      o.put("log_hist_coarseness", Integer.toString(logs.histogram().coarseness()));
    }
  }

  /** Only when given: most jobs leave them at fio's defaults, which change nothing. */
  private static void putSteadyStateAndCpus(
      Map<String, String> o, SteadyState ss, CpuPlacement cpus) {
    if (ss.enabled()) {
      String limit = BigDecimal.valueOf(ss.limit()).stripTrailingZeros().toPlainString();
      o.put("steadystate", ss.criterion().fioName() + ":" + limit + (ss.percent() ? "%" : ""));
      o.put("ss_dur", time(ss.duration()));
      o.put("ss_ramp", time(ss.ramp()));
    }
    if (!cpus.cpus().isEmpty()) {
      o.put("cpus_allowed", CpuPlacement.formatList(cpus.cpus()));
      o.put("cpus_allowed_policy", cpus.split() ? "split" : "shared");
    }
    if (cpus.nice() != 0) {
      o.put("nice", Integer.toString(cpus.nice()));
    }
    if (!cpus.cpuNodes().isEmpty()) {
      o.put("numa_cpu_nodes", CpuPlacement.formatList(cpus.cpuNodes()));
    }
    if (cpus.memPolicy() != CpuPlacement.MemPolicy.DEFAULT) {
      String nodes =
          cpus.memNodes().isEmpty() ? "" : ":" + CpuPlacement.formatList(cpus.memNodes());
      o.put("numa_mem_policy", cpus.memPolicy().fioName() + nodes);
    }
  }

  private static String flag(boolean on) {
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

  private static String percentiles(List<Double> percentiles) {
    return percentiles.stream()
        .map(p -> BigDecimal.valueOf(p).stripTrailingZeros().toPlainString())
        .collect(Collectors.joining(":"));
  }
}
