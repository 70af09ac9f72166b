package io.fsbench.cli;

import picocli.CommandLine;

/** The version from the jar's manifest. */
final class Version implements CommandLine.IVersionProvider {

  static String get() {
    String v = Main.class.getPackage().getImplementationVersion();
    return v == null ? "development" : v;
  }

  @Override
  public String[] getVersion() {
    return new String[] {"fsbench " + get()};
  }
}
