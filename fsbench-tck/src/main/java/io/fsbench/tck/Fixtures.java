package io.fsbench.tck;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Reads a test fixture, such as the output of a real tool captured once to answer a {@link
 * ScriptedShell} with, from the test resources beside a class.
 *
 * <pre>{@code
 * host.shell().answer("xfs_info", Fixtures.text(XfsPluginTest.class, "xfs_info-default.txt"));
 * }</pre>
 */
public final class Fixtures {

  private Fixtures() {}

  /**
   * The UTF-8 text of the resource {@code name} relative to {@code owner}'s package.
   *
   * <p>On the module path the owner's package must be open to the kit; Surefire and Failsafe open
   * test packages to the class path, where the kit runs.
   *
   * @throws IllegalArgumentException when there is no such resource
   */
  public static String text(Class<?> owner, String name) {
    try (InputStream in = owner.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalArgumentException(
            "no test fixture " + name + " beside " + owner.getName() + " (or it is not readable)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
