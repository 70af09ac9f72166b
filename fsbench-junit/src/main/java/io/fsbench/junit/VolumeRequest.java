package io.fsbench.junit;

import io.fsbench.FsBench;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.junit.FsBenchVolume.Scope;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * One volume a test asks for, parsed and checked from its annotation before anything is made.
 *
 * @param fileSystem the plugin id
 * @param tuning the parsed tuning
 * @param target the loop image
 * @param scope how long it lives
 * @param site where it was asked for, for messages: {@code parameter 'mount' of XfsTest.writes}
 */
record VolumeRequest(
    String fileSystem, Tuning tuning, Target.Loop target, Scope scope, String site) {

  /** What class-scoped volumes are shared by: equal filesystem, tuning and size. */
  record Identity(String fileSystem, Tuning tuning, Size size) {}

  /**
   * Parses an annotation (null for a template's unannotated parameter).
   *
   * @param invocationFileSystem the filesystem of the {@link FsBenchTest} invocation, or null
   * @throws ExtensionConfigurationException naming the value that cannot be used
   */
  static VolumeRequest of(FsBenchVolume annotation, String invocationFileSystem, String site) {
    String fs = annotation == null ? "" : annotation.fs().strip();
    if (fs.isEmpty()) {
      if (invocationFileSystem == null) {
        throw new ExtensionConfigurationException(
            "@FsBenchVolume on "
                + site
                + " names no filesystem; give one, e.g. @FsBenchVolume(fs = \"xfs\"), or use it"
                + " in an @FsBenchTest, which gives each invocation's");
      }
      fs = invocationFileSystem;
    }
    List<String> tune = annotation == null ? List.of() : List.of(annotation.tune());
    Scope scope = annotation == null ? Scope.TEST : annotation.scope();
    return new VolumeRequest(
        fs,
        tuning(tune, site),
        loop(annotation == null ? "" : annotation.size(), site),
        scope,
        site);
  }

  Identity identity() {
    return new Identity(fileSystem, tuning, target.size());
  }

  /** {@code xfs (atime=off, 1g)}, for messages. */
  String describe() {
    return fileSystem + " (" + tuning.label() + ", " + target.size() + ")";
  }

  private static Tuning tuning(List<String> tune, String site) {
    try {
      return Tuning.parse(tune);
    } catch (InvalidInputException | IllegalArgumentException e) {
      throw new ExtensionConfigurationException(
          "@FsBenchVolume(tune = "
              + quoted(tune)
              + ") on "
              + site
              + " is not a tuning: "
              + e.getMessage()
              + "; give key=value settings such as \"atime=off\" or \"data=writeback\"",
          e);
    }
  }

  private static Target.Loop loop(String size, String site) {
    if (size.isBlank()) {
      return Target.loop(FsBench.defaultImageSize());
    }
    try {
      return Target.loop(Size.parse(size));
    } catch (InvalidInputException e) {
      throw new ExtensionConfigurationException(
          "@FsBenchVolume(size = \"" + size + "\") on " + site + ": " + e.getMessage(), e);
    }
  }

  private static String quoted(List<String> values) {
    return values.stream().map(v -> "\"" + v + "\"").collect(Collectors.joining(", ", "{", "}"));
  }
}
