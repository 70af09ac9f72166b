package io.fsbench.tck;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.api.Availability;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.Host;
import java.util.Map;

/**
 * Whether the root-level contract may skip itself. Where it is required (CI, {@code scripts/test})
 * a contract that cannot run fails instead, because a skipped kit leaves the build green while
 * nothing was checked. Required when the system property {@value #PROPERTY} is {@code true} or the
 * environment variable {@value #VARIABLE} is {@code 1}.
 */
final class RootContract {

  static final String PROPERTY = "fsbench.tck.require";
  static final String VARIABLE = "FSBENCH_REQUIRE_ROOT_CONTRACT";

  private RootContract() {}

  /** Skips (or, where required, fails) unless the process is root and the plugin is available. */
  static void assumeUsable(FileSystemPlugin plugin, Host host) {
    assumeUsable(plugin, host, isRequired(System.getProperty(PROPERTY), System.getenv()));
  }

  static void assumeUsable(FileSystemPlugin plugin, Host host, boolean required) {
    String why = null;
    if (!host.isRoot()) {
      why = "needs root to attach loop devices and mount filesystems";
    } else {
      Availability availability = plugin.availability(host);
      if (!availability.isAvailable()) {
        why = plugin.id() + " is not available here: " + availability;
      }
    }
    if (why != null && required) {
      fail(
          "the root-level contract of "
              + plugin.id()
              + " cannot run ("
              + why
              + ") but is required here ("
              + PROPERTY
              + "=true or "
              + VARIABLE
              + "=1): run as root after scripts/setup, or unset the switch to let it skip");
    }
    assumeTrue(why == null, why);
  }

  static boolean isRequired(String property, Map<String, String> environment) {
    return Boolean.parseBoolean(property) || "1".equals(environment.get(VARIABLE));
  }
}
