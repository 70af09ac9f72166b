package io.fsbench.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.spi.FileSystemPlugin;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.nio.charset.StandardCharsets;

/**
 * Checks that a plugin can be found the two ways core looks for plugins: as a service on the class
 * path ({@code META-INF/services}) and on the module path ({@code provides} in module-info). A unit
 * check, so that a missing registration fails the build even where the kit's integration tests are
 * skipped; {@link FileSystemPluginUnitContract} makes it for every plugin.
 *
 * <pre>{@code
 * @Test
 * void isRegisteredAsAService() {
 *   assertThat(ServiceRegistration.assertRegistered(XfsPlugin.class).id()).isEqualTo("xfs");
 * }
 * }</pre>
 */
public final class ServiceRegistration {

  private static final String SERVICES = "/META-INF/services/" + FileSystemPlugin.class.getName();

  private ServiceRegistration() {}

  /**
   * Asserts that {@code type} is the provider its {@code META-INF/services} file names; that, when
   * it is in a named module, the module {@code provides} it (core finds plugins as services; what
   * else the module exports is its own affair); and that it has the public no-argument constructor
   * the service loader calls.
   *
   * @return a plugin made by that constructor
   */
  public static FileSystemPlugin assertRegistered(Class<? extends FileSystemPlugin> type) {
    assertThat(servicesFile(type).strip())
        .as(
            "%s in the jar of %s; fix: put one line, %s, in" + " src/main/resources%s",
            SERVICES, type.getName(), type.getName(), SERVICES)
        .isEqualTo(type.getName());
    Module module = type.getModule();
    if (module.isNamed()) {
      ModuleDescriptor descriptor = module.getDescriptor();
      assertThat(descriptor.provides())
          .as(
              "module %s provides %s; fix: add \"provides %s with %s;\" to its module-info.java",
              module.getName(),
              FileSystemPlugin.class.getName(),
              FileSystemPlugin.class.getName(),
              type.getName())
          .anySatisfy(
              provides -> {
                assertThat(provides.service()).isEqualTo(FileSystemPlugin.class.getName());
                assertThat(provides.providers()).containsExactly(type.getName());
              });
    }
    try {
      return type.getConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(
          type.getName() + " needs a public no-argument constructor for the service loader", e);
    }
  }

  /** The services file of the jar or module that holds {@code type}. */
  private static String servicesFile(Class<?> type) {
    try (InputStream in = type.getResourceAsStream(SERVICES)) {
      if (in == null) {
        throw new AssertionError(
            "no "
                + SERVICES
                + " beside "
                + type.getName()
                + "; fix: create src/main/resources"
                + SERVICES
                + " with the line "
                + type.getName());
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
