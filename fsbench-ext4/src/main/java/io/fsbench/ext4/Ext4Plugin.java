package io.fsbench.ext4;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Availability;
import io.fsbench.api.Feature;
import io.fsbench.api.Fragmentation;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.spi.Command;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.Host;
import io.fsbench.spi.TuningSupport;
import io.fsbench.spi.support.AvailabilityChecks;
import io.fsbench.spi.support.Mounts;
import io.fsbench.spi.support.Probes;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * ext4, made with e2fsprogs' {@code mkfs.ext4} and read back with {@code dumpe2fs -h}.
 *
 * <p>Knobs: {@code atime}, {@code diratime}, {@code sync} (standard, always), {@code journal} (off
 * is {@code mkfs -O ^has_journal}), {@code data} (ordered, writeback, journal; refused with
 * journal=off), {@code barriers} ({@code barrier=0|1}) and {@code blocksize} (1k, 2k, 4k). Options:
 * {@code inode_size} ({@code mkfs -I}) and {@code lazy_init} (off by default, so that no kernel
 * thread zeroes inode tables during the first benchmark). Compression, record size, {@code
 * sync=disabled} and {@code cow} either way (ext4 always overwrites in place, so {@code cow=off}
 * would change nothing but the label) are refused with the reason.
 *
 * <p>Below 512 MiB the plugin passes {@code -T default}, so that small test images get the 4 KiB
 * blocks and inode density of a real disk rather than mke2fs's "small" layout.
 */
public final class Ext4Plugin implements FileSystemPlugin {

  private static final String INSTALL_HINT = "apt-get install e2fsprogs";
  private static final Pattern MKE2FS_VERSION = Pattern.compile("mke2fs (\\d+\\.\\d+(?:\\.\\d+)?)");

  /** e2fsprogs has enabled metadata_csum in its default ext4 features since 1.43. */
  private static final List<Integer> METADATA_CSUM_BY_DEFAULT = List.of(1, 43);

  public Ext4Plugin() {}

  @Override
  public String id() {
    return Ext4Settings.FS;
  }

  @Override
  public String description() {
    return "ext4: Linux's default journaling filesystem, with extents and delayed allocation";
  }

  @Override
  public Availability availability(Host host) {
    return AvailabilityChecks.toolsAndKernel(
        host, Ext4Settings.FS, List.of("mkfs.ext4", "dumpe2fs"), INSTALL_HINT);
  }

  /**
   * Journal, direct I/O and a mainline driver always; metadata checksums when this e2fsprogs makes
   * them by default (1.43 and later; mke2fs.conf can differ, but distributions keep the default).
   */
  @Override
  public Set<Feature> features(Host host) {
    Set<Feature> features = EnumSet.of(Feature.JOURNAL, Feature.DIRECT_IO, Feature.IN_KERNEL);
    Optional.ofNullable(toolVersions(host).get("mkfs.ext4"))
        .filter(Ext4Plugin::makesMetadataChecksums)
        .ifPresent(version -> features.add(Feature.METADATA_CHECKSUMS));
    return features;
  }

  private static boolean makesMetadataChecksums(String version) {
    String[] parts = version.split("\\.");
    int major = Integer.parseInt(parts[0]);
    int minor = Integer.parseInt(parts[1]);
    return major > METADATA_CSUM_BY_DEFAULT.get(0)
        || (major == METADATA_CSUM_BY_DEFAULT.get(0) && minor >= METADATA_CSUM_BY_DEFAULT.get(1));
  }

  /** 16 TiB with 4 KiB blocks (ext4 addresses a file's blocks with 32 bits). */
  @Override
  public Size maxFileSize() {
    return Size.gib(16 * 1024);
  }

  /**
   * mke2fs makes one inode per 16 KiB of device with its "default" usage type, which the plugin
   * asks for on small devices too; "big" (4 TiB and up) and "huge" (16 TiB and up) types make one
   * per 32 and 64 KiB. Extra mkfs arguments that set the count or the type make it unknown here.
   */
  @Override
  public OptionalLong fileLimit(Size deviceSize, Tuning tuning) {
    boolean setsInodes =
        tuning.extraMkfsOptions().stream()
            .anyMatch(a -> a.startsWith("-i") || a.startsWith("-N") || a.startsWith("-T"));
    if (setsInodes) {
      return OptionalLong.empty();
    }
    long bytes = deviceSize.bytes();
    long perInode =
        bytes >= Size.gib(16 * 1024).bytes()
            ? 65536
            : bytes >= Size.gib(4 * 1024).bytes() ? 32768 : 16384;
    return OptionalLong.of(bytes / perInode);
  }

  @Override
  public TuningSupport tuningSupport(Host host) {
    return new TuningSupport(Ext4Settings.supported(), Ext4Settings.refused());
  }

  @Override
  public void validate(Tuning tuning, Host host) {
    Ext4Settings.of(tuning);
  }

  @Override
  public List<Command> format(FileSystemSpec spec, Host host) {
    Command mkfs = Ext4Settings.of(spec.tuning()).mkfsCommand(spec);
    host.shell().run(mkfs);
    return List.of(mkfs);
  }

  @Override
  public void mount(FileSystemSpec spec, Host host) {
    List<String> options = Ext4Settings.of(spec.tuning()).mountOptions();
    Mounts.mount(host, "ext4", options, spec.device().toString(), spec.mountPoint());
  }

  /** The superblock fields from {@code dumpe2fs -h}: features, sizes, journal, mount defaults. */
  @Override
  public Map<String, String> properties(FileSystemSpec spec, Host host) {
    Command dump =
        Command.of("dumpe2fs", "-h", spec.device().toString()).timeout(Duration.ofMinutes(1));
    return Superblock.properties(host.shell().run(dump).stdout());
  }

  @Override
  public Tuning readBack(FileSystemSpec spec, AppliedTuning applied) {
    return Ext4ReadBack.of(spec.tuning(), applied);
  }

  /** e2freefrag comes with e2fsprogs, as mkfs.ext4 does. */
  @Override
  public boolean reportsFragmentation(Host host) {
    return host.findTool("e2freefrag").isPresent();
  }

  /** {@code e2freefrag DEVICE}: the free extents and their sizes, from the block bitmaps. */
  @Override
  public Fragmentation fragmentation(FileSystemSpec spec, Host host) {
    Command freefrag =
        Command.of("e2freefrag", spec.device().toString()).timeout(Duration.ofMinutes(5));
    return FreeFrag.parse(freefrag.commandLine(), host.shell().run(freefrag).stdout());
  }

  /** {@code mkfs.ext4 -> 1.47.0}, from {@code mkfs.ext4 -V}; empty when it is not installed. */
  @Override
  public Map<String, String> toolVersions(Host host) {
    return Probes.version(host, MKE2FS_VERSION, "mkfs.ext4", "-V")
        .map(version -> Map.of("mkfs.ext4", version))
        .orElse(Map.of());
  }
}
