package io.fsbench.xfs;

import io.fsbench.api.Knob;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.api.UnsupportedTuningException;
import io.fsbench.spi.Command;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.support.Labels;
import io.fsbench.spi.support.OptionValues;
import io.fsbench.spi.support.Refusals;
import io.fsbench.spi.support.VfsMountOptions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A tuning checked against what XFS on this host can do, turned into the mkfs.xfs command line and
 * the mount options. Every refusal happens in {@link #of}, before anything is created.
 */
final class XfsSettings {

  static final String FS = "xfs";
  static final String LOG_SIZE = "log_size";
  static final String LOG_BUFFER_SIZE = "logbsize";
  static final String ALLOC_SIZE = "allocsize";
  static final String REFLINK = "reflink";
  static final String CRC = "crc";
  static final List<String> OPTIONS = List.of(ALLOC_SIZE, CRC, LOG_SIZE, LOG_BUFFER_SIZE, REFLINK);

  /** XFS's label field holds 12 bytes. */
  static final int MAX_LABEL = 12;

  static final Size DEFAULT_BLOCK_SIZE = Size.kib(4);
  private static final Size MIN_BLOCK_SIZE = Size.bytes(512);
  private static final Size MIN_V5_BLOCK_SIZE = Size.kib(1);
  private static final Size MAX_BLOCK_SIZE = Size.kib(64);
  private static final List<Size> LOG_BUFFER_SIZES =
      List.of(Size.kib(16), Size.kib(32), Size.kib(64), Size.kib(128), Size.kib(256));
  private static final Size MIN_ALLOC_SIZE = Size.kib(4);
  private static final Size MAX_ALLOC_SIZE = Size.gib(1);

  /** xfsprogs 5.19 and later refuse smaller logs ("Log size must be at least 64MB"). */
  private static final Size MIN_LOG = Size.mib(64);

  /** XFS_MAX_LOG_BYTES: 2 GiB less the 10 MiB minimum; also at most 2^20 log blocks. */
  private static final Size MAX_LOG = Size.mib(2048 - 10);

  private static final long MAX_LOG_BLOCKS = 1L << 20;

  private final Tuning tuning;
  private final Optional<Boolean> crc;
  private final Optional<Boolean> reflink;
  private final Optional<Size> logSize;
  private final Optional<Size> logBufferSize;
  private final Optional<Size> allocSize;

  private XfsSettings(Tuning tuning) {
    this.tuning = tuning;
    this.crc = tuning.option(CRC).map(v -> OptionValues.bool(FS, CRC, v));
    this.reflink = tuning.option(REFLINK).map(v -> OptionValues.bool(FS, REFLINK, v));
    this.logSize = tuning.option(LOG_SIZE).map(v -> OptionValues.size(FS, LOG_SIZE, v));
    this.logBufferSize =
        tuning.option(LOG_BUFFER_SIZE).map(v -> OptionValues.size(FS, LOG_BUFFER_SIZE, v));
    this.allocSize = tuning.option(ALLOC_SIZE).map(v -> OptionValues.size(FS, ALLOC_SIZE, v));
  }

  /**
   * Checks every knob and option the tuning sets against XFS and this host.
   *
   * @throws UnsupportedTuningException naming the setting, XFS, the reason and what it supports
   * @throws io.fsbench.api.InvalidInputException for a value that is not a value (crc=maybe)
   */
  static XfsSettings of(Tuning tuning, XfsHost host) {
    VfsMountOptions.validate(FS, tuning);
    checkKnobs(tuning, host);
    Refusals.of(FS, tuning).unknownOptions(OPTIONS);
    XfsSettings settings = new XfsSettings(tuning);
    settings.checkFormat(host);
    settings.checkMountOptions();
    return settings;
  }

  private static void checkKnobs(Tuning tuning, XfsHost host) {
    Refusals.of(FS, tuning)
        .ifSet(Knob.COMPRESSION, "XFS has no compression")
        .ifSet(
            Knob.COPY_ON_WRITE,
            "XFS has no copy-on-write switch: it overwrites in place, except extents shared by"
                + " reflink, which it always copies on write (reflink=off makes a filesystem"
                + " without shared extents)")
        .ifSet(
            Knob.RECORD_SIZE,
            "XFS has no record size; set blocksize, or allocsize for preallocation")
        .ifSetTo(
            Knob.JOURNAL,
            "off",
            "XFS always journals its metadata; it cannot be made without a log")
        .ifSet(
            Knob.DATA_MODE,
            "XFS journals metadata only and has no data= mode; file data never goes through its"
                + " log");
    if (!tuning.barriers().orElse(true) && !host.hasBarrierOption()) {
      refuse(
          "barriers=off",
          "Linux 4.19 removed XFS's nobarrier option and this kernel is "
              + host.kernel()
              + "; XFS always flushes the device's write cache (barriers=on is all it does)");
    }
  }

  private void checkFormat(XfsHost host) {
    boolean v5 = crc.orElse(true);
    if (!v5) {
      if (host.mountsV4().equals(Optional.of(false))) {
        refuse(
            "crc=off",
            "crc=off makes a V4 filesystem, and this kernel ("
                + host.kernel()
                + ") was built without CONFIG_XFS_SUPPORT_V4, so it cannot mount one");
      }
      if (reflink.orElse(false)) {
        refuse("reflink=on", "reflink needs a V5 filesystem (crc=on); drop crc=off or reflink=on");
      }
    }
    tuning.blockSize().ifPresent(size -> checkBlockSize(size, v5, host));
    logSize.ifPresent(size -> checkLogSize(size, host));
  }

  private static void checkBlockSize(Size size, boolean v5, XfsHost host) {
    Size min = v5 ? MIN_V5_BLOCK_SIZE : MIN_BLOCK_SIZE;
    if (!isPowerOfTwo(size) || size.compareTo(min) < 0 || size.compareTo(MAX_BLOCK_SIZE) > 0) {
      refuse(
          "blocksize=" + size,
          "XFS's block size must be a power of two from "
              + min
              + " to 64k"
              + (v5 ? " (512 only with crc=off)" : ""));
    }
    if (size.bytes() > host.pageSize() && host.kernel().compareTo(XfsHost.LARGE_BLOCKS) < 0) {
      refuse(
          "blocksize=" + size,
          "this kernel ("
              + host.kernel()
              + ") cannot mount XFS blocks larger than its "
              + Size.bytes(host.pageSize())
              + " pages; that needs Linux 6.12");
    }
  }

  private void checkLogSize(Size size, XfsHost host) {
    Size block = tuning.blockSize().orElse(DEFAULT_BLOCK_SIZE);
    Size max =
        MAX_LOG.compareTo(block.times(MAX_LOG_BLOCKS)) < 0 ? MAX_LOG : block.times(MAX_LOG_BLOCKS);
    if (!size.isMultipleOf(block) || size.compareTo(max) > 0) {
      refuse(
          LOG_SIZE + "=" + tuning.option(LOG_SIZE).orElseThrow(),
          "the log size must be a multiple of the block size (" + block + ") up to " + max);
    }
    if (size.compareTo(MIN_LOG) < 0 && host.xfsprogsRefusesSmallLogs()) {
      refuse(
          LOG_SIZE + "=" + tuning.option(LOG_SIZE).orElseThrow(),
          "mkfs.xfs 5.19 and later refuse logs under 64m");
    }
  }

  private void checkMountOptions() {
    logBufferSize.ifPresent(
        size -> {
          if (!LOG_BUFFER_SIZES.contains(size)) {
            refuse(
                LOG_BUFFER_SIZE + "=" + tuning.option(LOG_BUFFER_SIZE).orElseThrow(),
                "the log buffer size must be 16k, 32k, 64k, 128k or 256k");
          }
        });
    allocSize.ifPresent(
        size -> {
          if (!isPowerOfTwo(size)
              || size.compareTo(MIN_ALLOC_SIZE) < 0
              || size.compareTo(MAX_ALLOC_SIZE) > 0) {
            refuse(
                ALLOC_SIZE + "=" + tuning.option(ALLOC_SIZE).orElseThrow(),
                "allocsize must be a power of two from 4k to 1g");
          }
        });
  }

  private static boolean isPowerOfTwo(Size size) {
    return Long.bitCount(size.bytes()) == 1;
  }

  private static void refuse(String setting, String reason) {
    throw new UnsupportedTuningException(FS, setting, reason);
  }

  boolean isV4() {
    return !crc.orElse(true);
  }

  /**
   * {@code mkfs.xfs -f -L LABEL ... DEVICE}, with the tuning's mkfs options and extra arguments.
   */
  Command mkfsCommand(FileSystemSpec spec) {
    List<String> argv = new ArrayList<>(List.of("mkfs.xfs", "-f"));
    argv.addAll(List.of("-L", Labels.fit(spec.name(), MAX_LABEL)));
    tuning.blockSize().ifPresent(size -> argv.addAll(List.of("-b", "size=" + size)));
    List<String> metadata = new ArrayList<>();
    crc.ifPresent(on -> metadata.add("crc=" + (on ? 1 : 0)));
    reflink.ifPresent(on -> metadata.add("reflink=" + (on ? 1 : 0)));
    if (!metadata.isEmpty()) {
      argv.addAll(List.of("-m", String.join(",", metadata)));
    }
    logSize.ifPresent(size -> argv.addAll(List.of("-l", "size=" + size)));
    argv.addAll(tuning.extraMkfsOptions());
    argv.add(spec.device().toString());
    return Command.of(argv);
  }

  /** The mount options: atime, diratime, sync, barriers (before 4.19), log and allocation sizes. */
  List<String> mountOptions(XfsHost host) {
    List<String> options = new ArrayList<>(VfsMountOptions.of(tuning));
    if (host.hasBarrierOption()) {
      tuning.barriers().ifPresent(on -> options.add(on ? "barrier" : "nobarrier"));
    }
    logBufferSize.ifPresent(size -> options.add(LOG_BUFFER_SIZE + "=" + size));
    allocSize.ifPresent(size -> options.add(ALLOC_SIZE + "=" + size));
    options.addAll(tuning.extraMountOptions());
    return List.copyOf(options);
  }

  /** The settings the plugin honours on this host, for {@link io.fsbench.spi.TuningSupport}. */
  static List<String> supported(XfsHost host) {
    List<String> supported =
        new ArrayList<>(
            List.of(
                "atime=off",
                "atime=on",
                "diratime=off",
                "journal=on",
                "barriers=on",
                "blocksize=1k",
                "blocksize=2k",
                "blocksize=4k",
                "sync=standard",
                "sync=always",
                "log_size=72m",
                "logbsize=16k",
                "logbsize=256k",
                "allocsize=1m",
                "reflink=on",
                "reflink=off",
                "crc=on",
                "mkfs-options=-i size=1024",
                "mount-options=logbufs=4"));
    if (host.hasBarrierOption()) {
      supported.add("barriers=off");
    }
    if (host.mountsV4().orElse(false)) {
      supported.add("crc=off");
    }
    return supported;
  }

  /** Settings the plugin refuses on this host, with the reason; {@link #of} refuses each. */
  static Map<String, String> refused(XfsHost host) {
    Map<String, String> refused = new LinkedHashMap<>();
    refused.put("journal=off", "XFS always journals its metadata");
    refused.put("data=ordered", "XFS journals metadata only and has no data= mode");
    refused.put("data=writeback", "XFS journals metadata only and has no data= mode");
    refused.put("data=journal", "XFS journals metadata only and has no data= mode");
    refused.put("compression=zstd", "XFS has no compression");
    refused.put("cow=on", "XFS has no copy-on-write switch");
    refused.put("cow=off", "XFS has no copy-on-write switch");
    refused.put("recordsize=128k", "XFS has no record size");
    refused.put("sync=disabled", "no mount option makes xfs ignore fsync");
    refused.put("blocksize=512", "512 only with crc=off");
    refused.put("blocksize=3k", "XFS's block size must be a power of two");
    refused.put("logbsize=48k", "the log buffer size must be 16k, 32k, 64k, 128k or 256k");
    refused.put("allocsize=3k", "allocsize must be a power of two from 4k to 1g");
    refused.put("log_size=65537k", "the log size must be a multiple of the block size");
    if (host.xfsprogsRefusesSmallLogs()) {
      refused.put("log_size=32m", "refuse logs under 64m");
    }
    refused.put("inode_size=512", "unknown option 'inode_size'");
    if (!host.hasBarrierOption()) {
      refused.put("barriers=off", "Linux 4.19 removed XFS's nobarrier option");
    }
    if (host.mountsV4().equals(Optional.of(false))) {
      refused.put("crc=off", "built without CONFIG_XFS_SUPPORT_V4");
    }
    return refused;
  }
}
