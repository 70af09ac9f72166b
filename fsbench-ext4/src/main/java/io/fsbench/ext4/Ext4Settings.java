package io.fsbench.ext4;

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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A tuning checked against what ext4 can do, turned into the mke2fs command line and the mount
 * options. Every refusal happens in {@link #of}, before anything is created.
 */
final class Ext4Settings {

  static final String FS = "ext4";
  static final String INODE_SIZE = "inode_size";
  static final String LAZY_INIT = "lazy_init";
  static final List<String> OPTIONS = List.of(INODE_SIZE, LAZY_INIT);

  static final List<Size> BLOCK_SIZES = List.of(Size.kib(1), Size.kib(2), Size.kib(4));
  static final Size DEFAULT_BLOCK_SIZE = Size.kib(4);

  /** ext4's label field holds 16 bytes. */
  static final int MAX_LABEL = 16;

  /**
   * Below this size mke2fs switches to its "small" usage type: 1 KiB blocks and an inode for every
   * 4 KiB. fsbench's images are often that small, but disks are not, and a benchmark of 1 KiB
   * blocks says little about ext4 as people run it; so the plugin asks for the "default" type.
   */
  static final Size SMALL_TYPE_LIMIT = Size.mib(512);

  private static final Size MIN_INODE_SIZE = Size.bytes(128);

  private final Tuning tuning;
  private final Optional<Size> inodeSize;
  private final boolean lazyInit;

  private Ext4Settings(Tuning tuning, Optional<Size> inodeSize, boolean lazyInit) {
    this.tuning = tuning;
    this.inodeSize = inodeSize;
    this.lazyInit = lazyInit;
  }

  /**
   * Checks every knob and option the tuning sets.
   *
   * @throws UnsupportedTuningException naming the setting, ext4, the reason and what it supports
   * @throws io.fsbench.api.InvalidInputException for a value that is not a value (lazy_init=maybe)
   */
  static Ext4Settings of(Tuning tuning) {
    VfsMountOptions.validate(FS, tuning);
    Refusals refusals =
        Refusals.of(FS, tuning)
            .ifSet(Knob.COMPRESSION, "ext4 has no compression")
            .ifSet(
                Knob.COPY_ON_WRITE,
                "ext4 has no copy-on-write to switch: it always overwrites data in place, so"
                    + " cow=off would change nothing but label the run as tuned; drop cow")
            .ifSet(Knob.RECORD_SIZE, "ext4 has no record size; set blocksize (1k, 2k, 4k)");
    tuning.blockSize().ifPresent(Ext4Settings::checkBlockSize);
    if (!tuning.journal().orElse(true) && tuning.dataMode().isPresent()) {
      refuse(
          "data=" + tuning.dataMode().get().key(),
          "data= orders file data against the journal, and journal=off makes ext4 without one"
              + " (the kernel refuses to mount it with any data= option); drop one of the two");
    }
    refusals.unknownOptions(OPTIONS);
    Optional<Size> inodeSize =
        tuning.option(INODE_SIZE).map(v -> checkInodeSize(v, tuning.blockSize()));
    boolean lazyInit =
        tuning.option(LAZY_INIT).map(v -> OptionValues.bool(FS, LAZY_INIT, v)).orElse(false);
    return new Ext4Settings(tuning, inodeSize, lazyInit);
  }

  private static void checkBlockSize(Size size) {
    if (!BLOCK_SIZES.contains(size)) {
      refuse("blocksize=" + size, "ext4's block size must be 1k, 2k or 4k");
    }
  }

  private static Size checkInodeSize(String value, Optional<Size> blockSize) {
    Size size = OptionValues.size(FS, INODE_SIZE, value);
    Size max = blockSize.orElse(DEFAULT_BLOCK_SIZE);
    boolean powerOfTwo = Long.bitCount(size.bytes()) == 1;
    if (!powerOfTwo || size.compareTo(MIN_INODE_SIZE) < 0 || size.compareTo(max) > 0) {
      refuse(
          INODE_SIZE + "=" + value,
          "the inode size must be a power of two from 128 to the block size ("
              + max.bytes()
              + " bytes), e.g. 256");
    }
    return size;
  }

  private static void refuse(String setting, String reason) {
    throw new UnsupportedTuningException(FS, setting, reason);
  }

  /**
   * {@code mkfs.ext4 -F -L LABEL ... DEVICE}, with the tuning's mkfs options and extra arguments.
   */
  Command mkfsCommand(FileSystemSpec spec) {
    List<String> argv = new ArrayList<>(List.of("mkfs.ext4", "-F"));
    argv.addAll(List.of("-L", Labels.fit(spec.name(), MAX_LABEL)));
    if (spec.deviceSize().compareTo(SMALL_TYPE_LIMIT) < 0) {
      argv.addAll(List.of("-T", "default"));
    }
    tuning.blockSize().ifPresent(b -> argv.addAll(List.of("-b", Long.toString(b.bytes()))));
    inodeSize.ifPresent(i -> argv.addAll(List.of("-I", Long.toString(i.bytes()))));
    if (!tuning.journal().orElse(true)) {
      argv.addAll(List.of("-O", "^has_journal"));
    }
    List<String> extended = new ArrayList<>(lazyInitOptions());
    List<String> extra = new ArrayList<>();
    splitExtendedOptions(tuning.extraMkfsOptions(), extended, extra);
    argv.addAll(List.of("-E", String.join(",", extended)));
    argv.addAll(extra);
    argv.add(spec.device().toString());
    return Command.of(argv).timeout(mkfsTimeout(spec.deviceSize()));
  }

  /**
   * Lazy init leaves inode tables and the journal to be zeroed by a kernel thread after mount,
   * which writes in the background of the first benchmark; so it is off unless asked for.
   */
  private List<String> lazyInitOptions() {
    String flag = lazyInit ? "1" : "0";
    return List.of("lazy_itable_init=" + flag, "lazy_journal_init=" + flag);
  }

  /**
   * Moves the values of {@code -E} arguments into {@code extended}, the rest into {@code extra}:
   * mke2fs honours only its last {@code -E}, which would otherwise drop the lazy-init settings.
   */
  private static void splitExtendedOptions(
      List<String> arguments, List<String> extended, List<String> extra) {
    for (int i = 0; i < arguments.size(); i++) {
      String argument = arguments.get(i);
      if (argument.equals("-E") && i + 1 < arguments.size()) {
        extended.add(arguments.get(++i));
      } else if (argument.startsWith("-E") && argument.length() > 2) {
        extended.add(argument.substring(2));
      } else {
        extra.add(argument);
      }
    }
  }

  /** With lazy init off, mke2fs writes every inode table: allow for 20 MiB/s on a slow disk. */
  private static Duration mkfsTimeout(Size deviceSize) {
    long inodeTableBytes = deviceSize.bytes() / 64;
    return Command.DEFAULT_TIMEOUT.plusSeconds(inodeTableBytes / Size.mib(20).bytes());
  }

  /** The mount options: atime, diratime, sync, data mode, barriers, then the extra options. */
  List<String> mountOptions() {
    List<String> options = new ArrayList<>(VfsMountOptions.of(tuning));
    tuning.dataMode().ifPresent(mode -> options.add("data=" + mode.key()));
    tuning.barriers().ifPresent(on -> options.add(on ? "barrier=1" : "barrier=0"));
    options.addAll(tuning.extraMountOptions());
    return List.copyOf(options);
  }

  /** The settings the plugin honours, for {@link io.fsbench.spi.TuningSupport}. */
  static List<String> supported() {
    return List.of(
        "atime=off",
        "atime=on",
        "diratime=off",
        "journal=on",
        "journal=off",
        "data=ordered",
        "data=writeback",
        "data=journal",
        "barriers=on",
        "barriers=off",
        "blocksize=1k",
        "blocksize=2k",
        "blocksize=4k",
        "sync=standard",
        "sync=always",
        "inode_size=128",
        "inode_size=512",
        "lazy_init=on",
        "lazy_init=off",
        "mkfs-options=-m 1",
        "mount-options=commit=30");
  }

  /** Settings the plugin refuses, with the reason; {@link #of} refuses each of them. */
  static Map<String, String> refused() {
    Map<String, String> refused = new java.util.LinkedHashMap<>();
    refused.put("compression=zstd", "ext4 has no compression");
    refused.put(
        "cow=on", "ext4 has no copy-on-write to switch: it always overwrites data in place");
    refused.put(
        "cow=off", "ext4 has no copy-on-write to switch: it always overwrites data in place");
    refused.put("recordsize=128k", "ext4 has no record size; set blocksize (1k, 2k, 4k)");
    refused.put("sync=disabled", "no mount option makes ext4 ignore fsync");
    refused.put("blocksize=8k", "ext4's block size must be 1k, 2k or 4k");
    refused.put("blocksize=3k", "ext4's block size must be 1k, 2k or 4k");
    refused.put(
        "inode_size=100", "the inode size must be a power of two from 128 to the block size");
    refused.put(
        "inode_size=8k", "the inode size must be a power of two from 128 to the block size");
    refused.put("reflink=on", "unknown option 'reflink'");
    return refused;
  }
}
