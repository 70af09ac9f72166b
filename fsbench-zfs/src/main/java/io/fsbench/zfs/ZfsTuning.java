package io.fsbench.zfs;

import io.fsbench.api.Compression;
import io.fsbench.api.Knob;
import io.fsbench.api.Size;
import io.fsbench.api.SyncMode;
import io.fsbench.api.Tuning;
import io.fsbench.api.UnsupportedTuningException;
import io.fsbench.spi.support.Refusals;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * A tuning checked against what the installed ZFS offers, turned into pool options ({@code zpool
 * create -o}) and dataset properties ({@code zfs create -o}). ZFS is tuned by properties, not by
 * mkfs or mount options; every value is checked against the property table of the running ZFS, so
 * nothing reaches {@code zpool create} that it would refuse.
 */
final class ZfsTuning {

  static final String FS = "zfs";

  static final String ASHIFT = "ashift";
  static final String PRIMARYCACHE = "primarycache";
  static final String LOGBIAS = "logbias";
  static final String CHECKSUM = "checksum";

  /** Option keys, each a ZFS property of the same name; ashift is the pool's. */
  static final Map<String, String> OPTIONS =
      Map.of(
          ASHIFT, "the pool's sector size as a power of two (zpool create -o ashift=)",
          PRIMARYCACHE, "what the ARC caches: all, none or metadata",
          LOGBIAS, "latency or throughput",
          CHECKSUM, "the data checksum, e.g. fletcher4 or sha256");

  private final List<String> poolOptions;
  private final List<String> datasetProperties;

  private ZfsTuning(List<String> poolOptions, List<String> datasetProperties) {
    this.poolOptions = List.copyOf(poolOptions);
    this.datasetProperties = List.copyOf(datasetProperties);
  }

  /**
   * Checks every knob and option against the installed ZFS.
   *
   * @throws UnsupportedTuningException naming the setting, ZFS, the reason and what it supports
   */
  static ZfsTuning of(Tuning tuning, ZfsCapabilities zfs) {
    Refusals refusals = Refusals.of(FS, tuning);
    refuseKnobsZfsLacks(refusals, zfs);
    List<String> dataset = new ArrayList<>();
    tuning
        .compression()
        .ifPresent(
            c ->
                dataset.add(
                    "compression=" + compression(c, refusals.setting(Knob.COMPRESSION), zfs)));
    tuning.recordSize().ifPresent(s -> dataset.add("recordsize=" + recordSize(s, zfs)));
    tuning.atime().ifPresent(on -> dataset.addAll(atime(on, zfs)));
    tuning.syncWrites().ifPresent(mode -> dataset.add("sync=" + sync(mode, zfs)));
    refusals.unknownOptions(OPTIONS.keySet(), "atime, compression, recordsize, sync");
    List<String> pool = new ArrayList<>();
    for (Map.Entry<String, String> option : tuning.options().entrySet()) {
      String key = option.getKey();
      String value = option.getValue();
      if (key.equals(ASHIFT)) {
        pool.add(ASHIFT + "=" + ashift(value, zfs));
      } else {
        dataset.add(key + "=" + listed(zfs.dataset(), key, value, zfs.flavour()));
      }
    }
    return new ZfsTuning(pool, dataset);
  }

  /** {@code ashift=12}, for {@code zpool create -o}. */
  List<String> poolOptions() {
    return poolOptions;
  }

  /** {@code compression=gzip-6}, {@code recordsize=16384}, …, for {@code zfs create -o}. */
  List<String> datasetProperties() {
    return datasetProperties;
  }

  private static void refuseKnobsZfsLacks(Refusals refusals, ZfsCapabilities zfs) {
    String options = String.join(", ", new TreeSet<>(OPTIONS.keySet()));
    refusals
        .ifSet(
            Knob.JOURNAL,
            "the ZFS intent log cannot be switched off, so journal=on changes nothing (it would"
                + " only label the run as tuned)"
                + (zfs.dataset().has("sync")
                    ? "; sync=disabled stops waiting for it"
                    : "; " + zfs.flavour() + " has no sync property to bypass it either"))
        .ifSet(
            Knob.DATA_MODE,
            "ZFS has no data journaling modes (data=ordered|writeback|journal are ext4's): every"
                + " write is copy-on-write within a transaction group")
        .ifSet(
            Knob.BARRIERS,
            "ZFS flushes device write caches itself at each transaction group and intent log"
                + " commit; there is no per-pool switch")
        .ifSet(
            Knob.COPY_ON_WRITE,
            "ZFS always writes copy-on-write: cow=off is impossible and cow=on changes nothing (it"
                + " would only label the run as tuned); drop cow")
        .ifSet(
            Knob.BLOCK_SIZE,
            "ZFS has no filesystem block size; use recordsize (the largest block of a file) or the"
                + " ashift option (the pool's sector size, 2^ashift)")
        .ifSet(
            Knob.DIRATIME,
            "ZFS has no separate directory access time; atime covers files and directories")
        .ifSet(
            Knob.MKFS_OPTIONS,
            "ZFS is made by zpool create and zfs create, not mkfs; set properties with the options "
                + options)
        .ifSet(
            Knob.MOUNT_OPTIONS,
            "ZFS mounts datasets by their properties, not mount options; use atime or the options "
                + options);
  }

  /**
   * The ZFS spelling of the compression, checked against what the installed ZFS offers.
   *
   * @param setting the compression as the user wrote it, for messages
   */
  private static String compression(Compression compression, String setting, ZfsCapabilities zfs) {
    if (compression.force()) {
      refuse(
          setting,
          "ZFS has no forced compression: it stores a block uncompressed unless compression saves"
              + " at least 12.5%; use compression="
              + compression.algorithm());
    }
    String value =
        ZfsCompression.toZfs(compression)
            .orElseThrow(
                () ->
                    new UnsupportedTuningException(
                        FS,
                        setting,
                        compression.algorithm()
                            + " has no levels in ZFS; write compression="
                            + compression.algorithm()));
    if (!zfs.dataset().alternatives("compression").contains(value)) {
      refuse(
          setting,
          zfs.flavour()
              + " has no compression "
              + value
              + "; it offers "
              + zfs.dataset().valuesOf("compression").orElse("none").replace(" | ", ", ")
              + " (write gzip-6 as compression=gzip:6"
              + (zfs.dataset().alternatives("compression").contains("zstd-fast-1")
                  ? ", zstd-fast-5 as compression=zstd:-5)"
                  : ")"));
    }
    return value;
  }

  private static long recordSize(Size size, ZfsCapabilities zfs) {
    if (Long.bitCount(size.bytes()) != 1
        || size.compareTo(zfs.minRecordSize()) < 0
        || size.compareTo(zfs.maxRecordSize()) > 0) {
      refuse(
          "recordsize=" + size,
          "recordsize ("
              + size
              + ") must be a power of two from "
              + zfs.minRecordSize()
              + " to "
              + zfs.maxRecordSize()
              + " on "
              + zfs.flavour());
    }
    return size.bytes();
  }

  /**
   * atime=on means every read updates the access time, as it does for ext4 and XFS; OpenZFS's
   * {@code relatime} property would otherwise weaken it, so it is switched off with it. zfs-fuse
   * has no relatime: its atime=on is strict already.
   */
  private static List<String> atime(boolean on, ZfsCapabilities zfs) {
    if (on && zfs.dataset().has("relatime")) {
      return List.of("atime=on", "relatime=off");
    }
    return List.of("atime=" + (on ? "on" : "off"));
  }

  private static String sync(SyncMode mode, ZfsCapabilities zfs) {
    if (!zfs.dataset().has("sync")) {
      refuse(
          "sync=" + mode.key(),
          zfs.flavour()
              + " has no sync property: synchronous writes always go through the intent log;"
              + " use OpenZFS (zfsutils-linux) for sync=standard|always|disabled");
    }
    return listed(zfs.dataset(), "sync", mode.key(), zfs.flavour());
  }

  private static int ashift(String value, ZfsCapabilities zfs) {
    List<Integer> range =
        zfs.ashiftRange()
            .orElseThrow(
                () ->
                    new UnsupportedTuningException(
                        FS, ASHIFT + "=" + value, zfs.flavour() + " has no ashift pool property"));
    int ashift;
    try {
      ashift = Integer.parseInt(value.strip());
    } catch (NumberFormatException e) {
      ashift = -1;
    }
    if (ashift < range.get(0) || ashift > range.get(1)) {
      refuse(
          ASHIFT + "=" + value,
          "ashift ("
              + value
              + ") must be a number from "
              + range.get(0)
              + " to "
              + range.get(1)
              + " on "
              + zfs.flavour()
              + " (sectors of 2^ashift bytes: 9 is 512 bytes, 12 is 4k)");
    }
    return ashift;
  }

  /** A value the property table lists for the property, as ZFS spells it. */
  private static String listed(
      PropertyTable table, String property, String value, ZfsFlavour flavour) {
    String v = value.strip().toLowerCase(Locale.ROOT);
    if (!table.has(property)) {
      refuse(property + "=" + value, flavour + " has no " + property + " property");
    }
    if (!table.alternatives(property).contains(v)) {
      refuse(
          property + "=" + value,
          "'"
              + value
              + "' is not a value of "
              + property
              + " on "
              + flavour
              + "; it takes "
              + table.valuesOf(property).orElse("").replace(" | ", ", "));
    }
    return v;
  }

  static void refuse(String setting, String reason) {
    throw new UnsupportedTuningException(FS, setting, reason);
  }
}
