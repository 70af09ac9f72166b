package io.fsbench.zfs;

import io.fsbench.api.Size;
import java.util.ArrayList;
import java.util.List;

/**
 * The settings the plugin claims and refuses on the ZFS installed here, for {@link
 * ZfsPlugin#tuningSupport}. Claims follow the property tables: zfs-fuse claims no sync and no lz4;
 * OpenZFS claims zstd and its fast levels when it has them.
 */
final class ZfsSettings {

  private ZfsSettings() {}

  static List<String> supported(ZfsCapabilities zfs) {
    List<String> out = new ArrayList<>(List.of("atime=off", "atime=on"));
    List<String> compressions = zfs.dataset().alternatives("compression");
    out.add("compression=none");
    for (String value : compressions) {
      if (!value.equals("off") && !value.contains("-")) {
        out.add("compression=" + value); // one setting per algorithm at its default level
      }
    }
    addIfOffered(out, compressions, "gzip-1", "compression=gzip:1");
    addIfOffered(out, compressions, "gzip-9", "compression=gzip:9");
    addIfOffered(out, compressions, "zstd-19", "compression=zstd:19");
    addIfOffered(out, compressions, "zstd-fast-10", "compression=zstd:-10");
    out.add("recordsize=" + zfs.minRecordSize());
    out.add("recordsize=16k");
    out.add("recordsize=" + zfs.maxRecordSize());
    if (zfs.dataset().has("sync")) {
      out.addAll(List.of("sync=standard", "sync=always", "sync=disabled"));
    }
    for (String option : List.of(ZfsTuning.PRIMARYCACHE, ZfsTuning.LOGBIAS)) {
      zfs.dataset().alternatives(option).forEach(v -> out.add(option + "=" + v));
    }
    List<String> checksums = zfs.dataset().alternatives(ZfsTuning.CHECKSUM);
    addIfOffered(out, checksums, "fletcher4", "checksum=fletcher4");
    addIfOffered(out, checksums, "sha256", "checksum=sha256");
    zfs.ashiftRange()
        .ifPresent(
            range -> {
              out.add("ashift=" + range.get(0));
              if (range.get(0) < 12 && range.get(1) >= 12) {
                out.add("ashift=12");
              }
            });
    return out;
  }

  static List<String> refused(ZfsCapabilities zfs) {
    List<String> out =
        new ArrayList<>(
            List.of(
                "cow=off",
                "cow=on",
                "journal=off",
                "journal=on",
                "data=writeback",
                "data=ordered",
                "data=journal",
                "barriers=off",
                "barriers=on",
                "blocksize=4k",
                "diratime=off",
                "compress-force=gzip",
                "compression=lzjb:3",
                "compression=brotli",
                "recordsize=3k",
                "recordsize=" + Size.bytes(zfs.maxRecordSize().bytes() * 2),
                "ashift=20",
                "primarycache=some",
                "logbias=fast",
                "logbsize=256k",
                "mkfs-options=-O copies=2",
                "mount-options=noatime"));
    List<String> compressions = zfs.dataset().alternatives("compression");
    for (String missing : List.of("zstd", "lz4")) {
      if (!compressions.contains(missing)) {
        out.add("compression=" + missing);
      }
    }
    if (!zfs.dataset().has("sync")) {
      out.addAll(List.of("sync=disabled", "sync=always", "sync=standard"));
    }
    return out;
  }

  private static void addIfOffered(
      List<String> out, List<String> offered, String value, String setting) {
    if (offered.contains(value)) {
      out.add(setting);
    }
  }
}
