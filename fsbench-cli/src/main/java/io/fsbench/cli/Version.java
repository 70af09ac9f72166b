package io.fsbench.cli;

import java.lang.module.ModuleDescriptor;
import picocli.CommandLine;

/** The version from the jar's manifest, else from the module's descriptor. */
final class Version implements CommandLine.IVersionProvider {

  static String get() {
    String v = Main.class.getPackage().getImplementationVersion();
    if (v != null) {
      return v;
    }
    // On the module path (./fsbench, the distribution) a package has no manifest attributes; the
    // descriptor has the version the compiler was given.
    ModuleDescriptor descriptor = Main.class.getModule().getDescriptor();
    return descriptor == null ? "development" : descriptor.rawVersion().orElse("development");
  }

  @Override
  public String[] getVersion() {
    return new String[] {"fsbench " + get()};
  }
}
