package io.fsbench.xfs;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Availability;
import io.fsbench.api.EnvironmentException;
import io.fsbench.api.Feature;
import io.fsbench.api.Fragmentation;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandFailedException;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.Host;
import io.fsbench.spi.KernelVersion;
import io.fsbench.spi.TuningSupport;
import io.fsbench.spi.support.AvailabilityChecks;
import io.fsbench.spi.support.Mounts;
import io.fsbench.spi.support.Probes;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * XFS, made with xfsprogs' {@code mkfs.xfs} and read back with {@code xfs_info}.
 *
 * <p>Knobs: {@code atime}, {@code diratime}, {@code sync} (standard, always: the {@code sync} mount
 * option, which XFS shows with {@code wsync}), {@code blocksize} ({@code mkfs -b size=}), {@code
 * journal=on} and {@code barriers=on}, which hold for every XFS volume ({@code barriers=off} only
 * before Linux 4.19). Options: {@code log_size} ({@code mkfs -l size=}), {@code logbsize} and
 * {@code allocsize} (mount options), {@code reflink} and {@code crc} ({@code mkfs -m}; {@code
 * crc=off} only where the kernel still mounts V4 filesystems). Data modes, {@code journal=off},
 * compression, copy-on-write, record size and {@code sync=disabled} are refused with the reason.
 */
public final class XfsPlugin implements FileSystemPlugin {

  private static final String INSTALL_HINT = "apt-get install xfsprogs";
  private static final Pattern MKFS_VERSION = Pattern.compile("version (\\d+\\.\\d+(?:\\.\\d+)?)");

  /** Reflink stopped being experimental in Linux 4.16. */
  private static final KernelVersion STABLE_REFLINK = KernelVersion.parse("4.16");

  public XfsPlugin() {}

  @Override
  public String id() {
    return XfsSettings.FS;
  }

  @Override
  public String description() {
    return "XFS: journaling filesystem for large files and parallel I/O";
  }

  @Override
  public Availability availability(Host host) {
    return AvailabilityChecks.toolsAndKernel(
        host, XfsSettings.FS, List.of("mkfs.xfs", "xfs_info"), INSTALL_HINT);
  }

  /**
   * Journal, direct I/O, a mainline driver and metadata checksums (V5, mkfs.xfs's default since
   * 3.2.3) always; reflink where the kernel's support is no longer experimental (4.16).
   */
  @Override
  public Set<Feature> features(Host host) {
    Set<Feature> features =
        EnumSet.of(
            Feature.JOURNAL, Feature.DIRECT_IO, Feature.IN_KERNEL, Feature.METADATA_CHECKSUMS);
    try {
      if (host.kernel().compareTo(STABLE_REFLINK) >= 0) {
        features.add(Feature.REFLINK);
      }
    } catch (RuntimeException e) {
      // an unknown kernel makes no claim
    }
    return features;
  }

  /** 8 EiB less a byte: XFS files reach the kernel's limit of 2^63 - 1 bytes. */
  @Override
  public Size maxFileSize() {
    return Size.bytes(Long.MAX_VALUE);
  }

  /** mkfs.xfs 5.19 and later refuse filesystems under 300 MiB ("must be larger than 300MB"). */
  @Override
  public Size minimumDeviceSize() {
    return Size.mib(300);
  }

  @Override
  public TuningSupport tuningSupport(Host host) {
    XfsHost xfsHost = new XfsHost(host);
    return new TuningSupport(XfsSettings.supported(xfsHost), XfsSettings.refused(xfsHost));
  }

  @Override
  public void validate(Tuning tuning, Host host) {
    XfsSettings.of(tuning, new XfsHost(host));
  }

  @Override
  public List<Command> format(FileSystemSpec spec, Host host) {
    Command mkfs = XfsSettings.of(spec.tuning(), new XfsHost(host)).mkfsCommand(spec);
    host.shell().run(mkfs);
    return List.of(mkfs);
  }

  @Override
  public void mount(FileSystemSpec spec, Host host) {
    XfsHost xfsHost = new XfsHost(host);
    XfsSettings settings = XfsSettings.of(spec.tuning(), xfsHost);
    try {
      Mounts.mount(
          host, "xfs", settings.mountOptions(xfsHost), spec.device().toString(), spec.mountPoint());
    } catch (CommandFailedException e) {
      if (settings.isV4()) {
        throw new EnvironmentException(
            "mounting a V4 (crc=off) XFS failed; the kernel ("
                + host.kernel()
                + ") may be built without CONFIG_XFS_SUPPORT_V4 (see dmesg); use crc=on. "
                + e.getMessage(),
            e);
      }
      throw e;
    }
  }

  /** The geometry from {@code xfs_info DEVICE}, which reads a mounted or unmounted filesystem. */
  @Override
  public Map<String, String> properties(FileSystemSpec spec, Host host) {
    Command info = Command.of("xfs_info", spec.device().toString()).timeout(Duration.ofMinutes(1));
    return XfsInfo.properties(host.shell().run(info).stdout());
  }

  @Override
  public Tuning readBack(FileSystemSpec spec, AppliedTuning applied) {
    return XfsReadBack.of(spec.tuning(), applied);
  }

  /** {@code mkfs.xfs -> 6.1.0}, from {@code mkfs.xfs -V}; empty when it is not installed. */
  /** xfs_db and xfs_freeze come with xfsprogs, as mkfs.xfs does. */
  @Override
  public boolean reportsFragmentation(Host host) {
    return host.findTool("xfs_db").isPresent() && host.findTool("xfs_freeze").isPresent();
  }

  /**
   * {@code xfs_db -r -c "sb 0" -c "p blocksize" -c freesp -c frag DEVICE}, read-only: the free
   * extents by size from the free-space btrees, and XFS's file fragmentation factor. xfs_db reads
   * the disk, where a mounted XFS leaves recent metadata in its log even after a sync, so the
   * filesystem is frozen and thawed first ({@code xfs_freeze -f}, {@code -u}), which writes it all
   * back.
   */
  @Override
  public Fragmentation fragmentation(FileSystemSpec spec, Host host) {
    String mountPoint = spec.mountPoint().toString();
    Command freeze = Command.of("xfs_freeze", "-f", mountPoint).timeout(Duration.ofMinutes(2));
    Command thaw = Command.of("xfs_freeze", "-u", mountPoint).timeout(Duration.ofMinutes(2));
    host.shell().run(freeze);
    host.shell().run(thaw);
    Command db =
        Command.of(
                "xfs_db",
                "-r",
                "-c",
                "sb 0",
                "-c",
                "p blocksize",
                "-c",
                "freesp",
                "-c",
                "frag",
                spec.device().toString())
            .timeout(Duration.ofMinutes(5));
    Fragmentation figures = XfsFreeSpace.parse(db.commandLine(), host.shell().run(db).stdout());
    return new Fragmentation(
        java.util.List.of(freeze.commandLine(), thaw.commandLine(), db.commandLine()),
        figures.freeExtents(),
        figures.largestFreeExtent(),
        figures.smallFreeExtentShare(),
        figures.details());
  }

  @Override
  public Map<String, String> toolVersions(Host host) {
    return Probes.version(host, MKFS_VERSION, "mkfs.xfs", "-V")
        .map(version -> Map.of("mkfs.xfs", version))
        .orElse(Map.of());
  }
}
