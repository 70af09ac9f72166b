package io.fsbench.btrfs;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Knob;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.api.UnsupportedTuningException;
import io.fsbench.spi.Command;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.Host;
import io.fsbench.spi.support.Probes;
import io.fsbench.spi.support.Refusals;
import io.fsbench.spi.support.VfsMountOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A tuning checked against what Btrfs can do, turned into {@code mkfs.btrfs} arguments and mount
 * options. Everything is checked when it is made, so that nothing reaches mkfs that Btrfs would
 * refuse, silently rewrite or ignore.
 */
final class BtrfsTuning {

  static final String FS = "btrfs";

  static final String NODESIZE = "nodesize";
  static final String DATA_PROFILE = "data_profile";
  static final String METADATA_PROFILE = "metadata_profile";
  static final String SSD = "ssd";
  static final String CSUM = "csum";

  /** The filesystem-specific option keys, with the values each takes. */
  static final Map<String, String> OPTIONS =
      Map.of(
          NODESIZE, "a power of two from 4k to 64k, at least the blocksize (mkfs -n)",
          DATA_PROFILE, "single or dup (mkfs -d)",
          METADATA_PROFILE, "single or dup (mkfs -m)",
          SSD, "on, off or spread (mount options ssd, nossd, ssd_spread)",
          CSUM, "crc32c, xxhash, sha256 or blake2 (mkfs --csum)");

  static final Set<String> PROFILES = Set.of("single", "dup");
  static final Set<String> CHECKSUMS = Set.of("crc32c", "xxhash", "sha256", "blake2");

  /** Profiles that spread data over several devices, with the number each needs. */
  private static final Map<String, Integer> MULTI_DEVICE_PROFILES =
      Map.of(
          "raid0", 2, "raid1", 2, "raid1c3", 3, "raid1c4", 4, "raid10", 2, "raid5", 2, "raid6", 3);

  static final Size MIN_NODESIZE = Size.kib(4);
  static final Size MAX_NODESIZE = Size.kib(64);
  static final Size SECTOR_SIZE = Size.kib(4);

  private final Tuning tuning;
  private final Optional<Size> sectorSize;
  private final Optional<Size> nodeSize;

  private BtrfsTuning(Tuning tuning, Optional<Size> sectorSize, Optional<Size> nodeSize) {
    this.tuning = tuning;
    this.sectorSize = sectorSize;
    this.nodeSize = nodeSize;
  }

  /**
   * Checks every knob and option of the tuning.
   *
   * @throws UnsupportedTuningException naming the setting, Btrfs, the reason and what it supports
   */
  static BtrfsTuning of(Tuning tuning, Host host) {
    Refusals refusals = Refusals.of(FS, tuning);
    refuseKnobsBtrfsLacks(refusals);
    VfsMountOptions.validate(FS, tuning);
    tuning
        .compression()
        .ifPresent(
            c -> BtrfsCompression.check(c, refusals.setting(Knob.COMPRESSION), host.kernel()));
    refuseCompressionWithNodatacow(tuning, refusals);
    Optional<Size> sectorSize = tuning.blockSize();
    sectorSize.ifPresent(size -> checkSectorSize(size, host));
    refusals.unknownOptions(
        OPTIONS.keySet(),
        "atime, diratime, barriers, compression, cow, blocksize, sync, mkfs-options,"
            + " mount-options");
    Optional<Size> nodeSize = tuning.option(NODESIZE).map(v -> nodeSize(v, sectorSize));
    tuning.option(DATA_PROFILE).ifPresent(v -> profile(DATA_PROFILE, v));
    tuning.option(METADATA_PROFILE).ifPresent(v -> profile(METADATA_PROFILE, v));
    tuning.option(SSD).ifPresent(BtrfsTuning::ssdOption);
    tuning.option(CSUM).ifPresent(BtrfsTuning::checksum);
    checkExtraMountOptions(tuning);
    checkExtraMkfsOptions(tuning, refusals);
    return new BtrfsTuning(tuning, sectorSize, nodeSize);
  }

  /** {@code mkfs.btrfs -f -L NAME [-d P] [-m P] [-n N] [-s S] [--csum C] [extra...] DEVICE}. */
  Command mkfsCommand(FileSystemSpec spec) {
    List<String> argv = new ArrayList<>(List.of("mkfs.btrfs", "-f", "-L", spec.name()));
    tuning.option(DATA_PROFILE).ifPresent(p -> argv.addAll(List.of("-d", lower(p))));
    tuning.option(METADATA_PROFILE).ifPresent(p -> argv.addAll(List.of("-m", lower(p))));
    nodeSize.ifPresent(n -> argv.addAll(List.of("-n", Long.toString(n.bytes()))));
    sectorSize.ifPresent(s -> argv.addAll(List.of("-s", Long.toString(s.bytes()))));
    tuning.option(CSUM).ifPresent(c -> argv.addAll(List.of("--csum", lower(c))));
    argv.addAll(tuning.extraMkfsOptions());
    argv.add(spec.device().toString());
    return Command.of(argv);
  }

  /**
   * The mount options: the VFS knobs (atime, diratime, sync) as every plugin maps them, then
   * Btrfs's own, then the extra options. Order matters to Btrfs (a later {@code compress} undoes an
   * earlier {@code nodatacow}); the conflicting pairs are refused in {@link #of}, so no option here
   * overrides another.
   */
  List<String> mountOptions() {
    List<String> options = new ArrayList<>(VfsMountOptions.of(tuning));
    tuning.compression().ifPresent(c -> options.add(BtrfsCompression.mountOption(c)));
    tuning.copyOnWrite().ifPresent(on -> options.add(on ? "datacow" : "nodatacow"));
    tuning.barriers().ifPresent(on -> options.add(on ? "barrier" : "nobarrier"));
    tuning.option(SSD).map(BtrfsTuning::ssdOption).ifPresent(options::add);
    options.addAll(tuning.extraMountOptions());
    return List.copyOf(options);
  }

  private static void refuseKnobsBtrfsLacks(Refusals refusals) {
    refusals
        .ifSet(
            Knob.JOURNAL,
            "btrfs has no journal to switch on or off: it keeps metadata consistent by"
                + " copy-on-write (its log tree only speeds up fsync)")
        .ifSet(
            Knob.DATA_MODE,
            "btrfs has no data journaling modes (data=ordered|writeback|journal are ext4's); it"
                + " writes data copy-on-write before metadata points to it")
        .ifSet(
            Knob.RECORD_SIZE,
            "btrfs has no record size: it writes extents of varying size; use blocksize (the"
                + " sector size) or the nodesize option (the metadata block size)");
  }

  private static void refuseCompressionWithNodatacow(Tuning tuning, Refusals refusals) {
    boolean compresses = tuning.compression().filter(c -> !c.isNone()).isPresent();
    if (compresses && tuning.copyOnWrite().equals(Optional.of(false))) {
      refuse(
          refusals.setting(Knob.COMPRESSION),
          "btrfs does not compress nodatacow files, and a compress option undoes nodatacow; use"
              + " compression or cow=off, not both");
    }
  }

  private static void checkSectorSize(Size size, Host host) {
    if (size.equals(SECTOR_SIZE)) {
      return;
    }
    long pageSize = Probes.pageSize(host);
    if (size.bytes() != pageSize) {
      refuse(
          "blocksize=" + size,
          "this kernel mounts btrfs only with a sector size of 4k or the page size ("
              + Size.bytes(pageSize)
              + "); mkfs.btrfs -s would make a filesystem it refuses to mount. Use blocksize=4k");
    }
  }

  private static Size nodeSize(String value, Optional<Size> sectorSize) {
    Size size;
    try {
      size = Size.parse(value);
    } catch (InvalidInputException e) {
      throw new UnsupportedTuningException(
          FS, NODESIZE + "=" + value, "'" + value + "' is not a size; " + OPTIONS.get(NODESIZE));
    }
    Size floor = sectorSize.filter(s -> s.compareTo(MIN_NODESIZE) > 0).orElse(MIN_NODESIZE);
    if (Long.bitCount(size.bytes()) != 1
        || size.compareTo(floor) < 0
        || size.compareTo(MAX_NODESIZE) > 0) {
      refuse(
          NODESIZE + "=" + value,
          "nodesize ("
              + value
              + ") must be a power of two from "
              + floor
              + " to "
              + MAX_NODESIZE
              + " (and at least the blocksize)");
    }
    return size;
  }

  private static void profile(String key, String value) {
    String profile = lower(value);
    Integer devices = MULTI_DEVICE_PROFILES.get(profile);
    if (devices != null) {
      refuse(
          key + "=" + value,
          "profile "
              + profile
              + " spreads block groups over "
              + devices
              + " or more devices, but fsbench makes btrfs on one device; use single or dup");
    }
    if (!PROFILES.contains(profile)) {
      refuse(key + "=" + value, "'" + value + "' is not a btrfs profile; use single or dup");
    }
  }

  private static String ssdOption(String value) {
    return switch (lower(value)) {
      case "on" -> "ssd";
      case "off" -> "nossd";
      case "spread" -> "ssd_spread";
      default ->
          throw new UnsupportedTuningException(
              FS, SSD + "=" + value, "'" + value + "' is not one of on, off, spread");
    };
  }

  private static void checksum(String value) {
    if (!CHECKSUMS.contains(lower(value))) {
      refuse(
          CSUM + "=" + value,
          "'" + value + "' is not a btrfs checksum; use one of crc32c, xxhash, sha256, blake2");
    }
  }

  /** Extra mount options may not contradict a typed knob or option that the tuning also sets. */
  private static void checkExtraMountOptions(Tuning tuning) {
    boolean nodatacow = tuning.copyOnWrite().equals(Optional.of(false));
    boolean compress = tuning.compression().filter(c -> !c.isNone()).isPresent();
    for (String option : tuning.extraMountOptions()) {
      String key = lower(option.split("=", 2)[0].strip());
      String knob =
          switch (key) {
            case "noatime", "atime", "relatime", "norelatime", "strictatime", "nostrictatime" ->
                tuning.atime().isPresent() ? "atime" : null;
            case "nodiratime", "diratime" -> tuning.diratime().isPresent() ? "diratime" : null;
            case "barrier", "nobarrier" -> tuning.barriers().isPresent() ? "barriers" : null;
            case "compress", "compress-force" ->
                tuning.compression().isPresent() || nodatacow ? "compression" : null;
            case "datacow", "nodatacow", "datasum", "nodatasum" ->
                tuning.copyOnWrite().isPresent() || compress ? "cow" : null;
            case "sync", "async" -> tuning.syncWrites().isPresent() ? "sync" : null;
            case "ssd", "nossd", "ssd_spread", "nossd_spread" ->
                tuning.option(SSD).isPresent() ? SSD : null;
            default -> null;
          };
      if (knob != null) {
        refuse(
            "mount-options=" + option,
            "mount option '"
                + option
                + "' contradicts or repeats the "
                + knob
                + " setting of the same tuning; set it in one place");
      }
    }
  }

  /**
   * Extra mkfs arguments may not repeat what the typed settings pass, nor the label fsbench sets.
   */
  private static void checkExtraMkfsOptions(Tuning tuning, Refusals refusals) {
    for (String arg : tuning.extraMkfsOptions()) {
      String setting = mkfsConflict(tuning, arg);
      if (setting != null) {
        refuse(
            refusals.setting(Knob.MKFS_OPTIONS),
            "mkfs argument '" + arg + "' conflicts with " + setting + "; set it in one place");
      }
    }
  }

  private static String mkfsConflict(Tuning tuning, String arg) {
    if (arg.equals("-L") || arg.startsWith("--label")) {
      return "the label, which fsbench sets";
    }
    if (arg.equals("-d") || arg.startsWith("--data")) {
      return owner(tuning, DATA_PROFILE);
    }
    if (arg.equals("-m") || arg.startsWith("--metadata")) {
      return owner(tuning, METADATA_PROFILE);
    }
    if (arg.equals("-n") || arg.startsWith("--nodesize")) {
      return owner(tuning, NODESIZE);
    }
    if (arg.equals("-s") || arg.startsWith("--sectorsize")) {
      return tuning.blockSize().isPresent() ? "the blocksize knob" : null;
    }
    if (arg.startsWith("--csum") || arg.startsWith("--checksum")) {
      return owner(tuning, CSUM);
    }
    return null;
  }

  private static String owner(Tuning tuning, String option) {
    return tuning.option(option).isPresent() ? "the " + option + " option" : null;
  }

  static String lower(String value) {
    return value.strip().toLowerCase(Locale.ROOT);
  }

  static void refuse(String setting, String reason) {
    throw new UnsupportedTuningException(FS, setting, reason);
  }
}
