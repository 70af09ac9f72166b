package io.fsbench.xfs;

import io.fsbench.spi.Host;
import io.fsbench.spi.KernelVersion;
import io.fsbench.spi.support.Probes;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What XFS's rules depend on besides the tuning: the kernel's version and build options, the page
 * size and the xfsprogs version. Each is asked for only when a setting needs it, and each question
 * answers "don't know" rather than throw.
 */
final class XfsHost {

  /** Linux 4.19 dropped XFS's barrier and nobarrier mount options: it always flushes. */
  static final KernelVersion NO_BARRIER_OPTION = KernelVersion.parse("4.19");

  /** Linux 6.12 lets XFS use blocks larger than the page size. */
  static final KernelVersion LARGE_BLOCKS = KernelVersion.parse("6.12");

  /** CONFIG_XFS_SUPPORT_V4 appeared in 5.10; before it every kernel mounted V4 filesystems. */
  private static final KernelVersion V4_OPTIONAL = KernelVersion.parse("5.10");

  private static final Pattern XFSPROGS_VERSION = Pattern.compile("version (\\d+)\\.(\\d+)");

  private final Host host;

  XfsHost(Host host) {
    this.host = host;
  }

  KernelVersion kernel() {
    return host.kernel();
  }

  boolean hasBarrierOption() {
    return kernel().compareTo(NO_BARRIER_OPTION) < 0;
  }

  /**
   * Whether the kernel mounts V4 (crc=0) filesystems, from its build configuration ({@code
   * /proc/config.gz}, else {@code /boot/config-RELEASE}); empty when neither can be read. Only a
   * configuration is asked, since a real probe would need an image of at least 300 MiB and a mount.
   */
  Optional<Boolean> mountsV4() {
    Optional<String> config =
        Probes.stdout(host, "zcat", "/proc/config.gz")
            .or(() -> Probes.stdout(host, "cat", "/boot/config-" + kernel().release()));
    return config.flatMap(this::v4Support);
  }

  private Optional<Boolean> v4Support(String config) {
    if (config.contains("CONFIG_XFS_SUPPORT_V4=y")) {
      return Optional.of(true);
    }
    if (config.contains("# CONFIG_XFS_SUPPORT_V4 is not set")) {
      return Optional.of(false);
    }
    boolean hasXfs = config.contains("CONFIG_XFS_FS=");
    return hasXfs && kernel().compareTo(V4_OPTIONAL) < 0 ? Optional.of(true) : Optional.empty();
  }

  /** The page size in bytes, 4096 when getconf cannot tell. */
  long pageSize() {
    return Probes.pageSize(host);
  }

  /** Whether mkfs.xfs is 5.19 or later, which refuses logs under 64 MiB; true when unknown. */
  boolean xfsprogsRefusesSmallLogs() {
    Optional<String> version = Probes.stdout(host, "mkfs.xfs", "-V");
    Matcher m = XFSPROGS_VERSION.matcher(version.orElse(""));
    if (!m.find()) {
      return true;
    }
    int major = Integer.parseInt(m.group(1));
    int minor = Integer.parseInt(m.group(2));
    return major > 5 || (major == 5 && minor >= 19);
  }
}
