package io.fsbench.btrfs;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Availability;
import io.fsbench.api.Feature;
import io.fsbench.api.Fragmentation;
import io.fsbench.api.Size;
import io.fsbench.api.ToolMissingException;
import io.fsbench.api.Tuning;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.Host;
import io.fsbench.spi.TuningSupport;
import io.fsbench.spi.support.AvailabilityChecks;
import io.fsbench.spi.support.Mounts;
import io.fsbench.spi.support.Probes;
import io.fsbench.spi.support.Refusals;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Btrfs, made with {@code mkfs.btrfs} on the one device core hands over and mounted with the
 * kernel's btrfs driver.
 *
 * <p>Typed knobs: atime, diratime, barriers, compression ({@code zstd[:1-15]}, {@code lzo}, {@code
 * zlib[:1-9]}, forced or not), cow, blocksize (the sector size), sync ({@code standard}, {@code
 * always}). Options: {@code nodesize}, {@code data_profile}, {@code metadata_profile} ({@code
 * single} or {@code dup}), {@code ssd} ({@code on}, {@code off}, {@code spread}) and {@code csum}.
 * Btrfs has no journal, data mode or record size; those knobs are refused with the reason.
 *
 * <pre>{@code
 * Tuning zstd = Tuning.parse(List.of("compression=zstd:3", "atime=off", "nodesize=32k"));
 * }</pre>
 */
public final class BtrfsPlugin implements FileSystemPlugin {

  static final String INSTALL_HINT = "apt-get install btrfs-progs";

  /**
   * mkfs.btrfs 6.2 refuses devices under 109 MiB with its default profiles and under 229 MiB with
   * {@code data_profile=dup}; 256 MiB fits every tuning this plugin accepts.
   */
  static final Size MINIMUM_DEVICE_SIZE = Size.mib(256);

  public BtrfsPlugin() {}

  @Override
  public String id() {
    return "btrfs";
  }

  @Override
  public String description() {
    return "Btrfs: copy-on-write filesystem with checksums, compression, snapshots and reflinks";
  }

  @Override
  public Availability availability(Host host) {
    return AvailabilityChecks.toolsAndKernel(
        host, BtrfsTuning.FS, List.of("mkfs.btrfs", "btrfs"), INSTALL_HINT);
  }

  @Override
  public Set<Feature> features(Host host) {
    return EnumSet.of(
        Feature.COMPRESSION,
        Feature.SNAPSHOTS,
        Feature.DATA_CHECKSUMS,
        Feature.METADATA_CHECKSUMS,
        Feature.COPY_ON_WRITE,
        Feature.DIRECT_IO,
        Feature.REFLINK,
        Feature.IN_KERNEL);
  }

  /** 16 EiB, more than a long holds; capped at {@link Long#MAX_VALUE} bytes. */
  @Override
  public Size maxFileSize() {
    return Size.bytes(Long.MAX_VALUE);
  }

  @Override
  public Size minimumDeviceSize() {
    return MINIMUM_DEVICE_SIZE;
  }

  @Override
  public TuningSupport tuningSupport(Host host) {
    List<String> supported =
        new ArrayList<>(
            List.of(
                "atime=off",
                "atime=on",
                "diratime=off",
                "barriers=off",
                "barriers=on",
                "compression=none",
                "compression=zstd",
                "compression=zstd:1",
                "compression=zstd:15",
                "compression=lzo",
                "compression=zlib",
                "compression=zlib:9",
                "compress-force=zstd:3",
                "compress-force=lzo",
                "compress-force=zlib:1",
                "cow=off",
                "cow=on",
                "sync=always",
                "sync=standard",
                "blocksize=4k",
                "nodesize=4k",
                "nodesize=64k",
                "data_profile=single",
                "data_profile=dup",
                "metadata_profile=single",
                "metadata_profile=dup",
                "ssd=on",
                "ssd=off",
                "ssd=spread",
                "csum=crc32c",
                "csum=xxhash",
                "csum=sha256",
                "csum=blake2",
                "mount-options=commit=60"));
    if (host.kernel().isAtLeast(6, 15)) {
      supported.add("compression=zstd:-5");
    }
    List<String> refused =
        List.of(
            "journal=off",
            "journal=on",
            "data=writeback",
            "data=ordered",
            "data=journal",
            "recordsize=128k",
            "sync=disabled",
            "compression=lz4",
            "compression=lzo:1",
            "compression=zstd:16",
            "compression=zlib:10",
            "blocksize=2k",
            "nodesize=128k",
            "data_profile=raid1",
            "metadata_profile=raid1c3",
            "data_profile=raid0",
            "ssd=sometimes",
            "csum=md5",
            "logbsize=256k");
    return new TuningSupport(
        supported, Refusals.reasons(refused, tuning -> BtrfsTuning.of(tuning, host)));
  }

  @Override
  public void validate(Tuning tuning, Host host) {
    BtrfsTuning.of(tuning, host);
  }

  @Override
  public List<Command> format(FileSystemSpec spec, Host host) {
    Command mkfs = BtrfsTuning.of(spec.tuning(), host).mkfsCommand(spec);
    host.shell().run(mkfs);
    return List.of(mkfs);
  }

  @Override
  public void mount(FileSystemSpec spec, Host host) {
    if (host.mountAt(spec.mountPoint()).isPresent()) {
      return;
    }
    List<String> options = BtrfsTuning.of(spec.tuning(), host).mountOptions();
    Mounts.mount(host, "btrfs", options, spec.device().toString(), spec.mountPoint());
  }

  @Override
  public Map<String, String> properties(FileSystemSpec spec, Host host) {
    Map<String, String> properties = new TreeMap<>();
    CommandResult superblock =
        host.shell()
            .run(quick("btrfs", "inspect-internal", "dump-super", spec.device().toString()));
    properties.putAll(BtrfsOutputs.superblock(superblock.stdout()));
    if (host.mountAt(spec.mountPoint()).isPresent()) {
      // profiles live in the chunk tree, which only the mounted filesystem summarises
      CommandResult df =
          host.shell().run(quick("btrfs", "filesystem", "df", "-b", spec.mountPoint().toString()));
      properties.putAll(BtrfsOutputs.profiles(df.stdout()));
    }
    return properties;
  }

  @Override
  public Tuning readBack(FileSystemSpec spec, AppliedTuning applied) {
    return BtrfsReadBack.of(spec.tuning(), applied);
  }

  /**
   * Btrfs makes nothing beyond the device; the kernel only remembers the device in its list of
   * scanned btrfs devices, which is dropped here so that a later filesystem on the same loop device
   * never meets a stale entry. Failure is harmless: the device may be gone already.
   */
  @Override
  public void destroy(FileSystemSpec spec, Host host) {
    try {
      host.shell().probe(quick("btrfs", "device", "scan", "--forget", spec.device().toString()));
    } catch (ToolMissingException e) {
      // without btrfs-progs nothing could have registered the device
    }
  }

  /** The btrfs tool comes with btrfs-progs, as mkfs.btrfs does. */
  @Override
  public boolean reportsFragmentation(Host host) {
    return host.findTool("btrfs").isPresent();
  }

  /**
   * {@code btrfs filesystem usage -b MOUNTPOINT}: unallocated space and the unused room inside the
   * data chunks. The extents of files, which filefrag counts, are core's layout score.
   */
  @Override
  public Fragmentation fragmentation(FileSystemSpec spec, Host host) {
    Command usage =
        Command.of("btrfs", "filesystem", "usage", "-b", spec.mountPoint().toString())
            .timeout(java.time.Duration.ofMinutes(2));
    return BtrfsUsage.parse(usage.commandLine(), host.shell().run(usage).stdout());
  }

  @Override
  public Map<String, String> toolVersions(Host host) {
    Map<String, String> versions = new LinkedHashMap<>();
    versions.put("mkfs.btrfs", version(host, "mkfs.btrfs"));
    versions.put("btrfs", version(host, "btrfs"));
    return versions;
  }

  private static String version(Host host, String tool) {
    try {
      CommandResult result = host.shell().probe(quick(tool, "--version"));
      return BtrfsOutputs.version(result.stdout() + "\n" + result.stderr())
          .orElse("unknown (" + tool + " --version printed no version)");
    } catch (ToolMissingException e) {
      return "not installed (" + INSTALL_HINT + ")";
    } catch (RuntimeException e) {
      return "unknown (" + e.getMessage() + ")";
    }
  }

  private static Command quick(String... argv) {
    return Command.of(argv).timeout(Probes.TIMEOUT);
  }
}
