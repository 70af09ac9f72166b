package io.fsbench.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import io.fsbench.FsBench;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.Volume;
import io.fsbench.spi.Host;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.opentest4j.TestAbortedException;

/**
 * What the extension does where no volume can or should be made, run through JUnit's engine: aborts
 * with the reason, failures under {@code fsbench.junit.require}, and bad annotation values. Nothing
 * here makes a volume, so it needs no root; it needs e2fsprogs and xfsprogs installed, so that "not
 * root" is the reason and not a missing tool.
 */
class FsBenchExtensionTest {

  @BeforeAll
  static void needsTheFileSystemsTools() {
    Host real = FsBench.systemHost();
    assumeTrue(
        real.findTool("mkfs.ext4").isPresent() && real.findTool("mkfs.xfs").isPresent(),
        "e2fsprogs and xfsprogs are not installed (scripts/setup installs them)");
  }

  static FsBench fsbench(Host host) {
    return FsBench.builder().host(host).workDir(Path.of("target", "fsbench-junit-work")).build();
  }

  @Test
  void abortsWithTheReasonWhenNotRoot() {
    EngineExecutionResults results = Kit.run(NotRoot.class);

    results.testEvents().assertStatistics(s -> s.started(1).aborted(1).failed(0).succeeded(0));
    results
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                abortedWithReason(
                    instanceOf(TestAbortedException.class),
                    message(m -> m.contains("ext4") && m.contains("needs root")))));
  }

  @Test
  void failsInsteadWhenTheConfigurationRequiresVolumes() {
    EngineExecutionResults results =
        Kit.run(NotRoot.class, Map.of("fsbench.junit.require", "true"));

    results.testEvents().assertStatistics(s -> s.started(1).aborted(0).failed(1));
    results
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                finishedWithFailure(
                    instanceOf(FsBenchException.class),
                    message(
                        m ->
                            m.contains("needs root")
                                && m.contains("fsbench.junit.require=true")))));
  }

  @Test
  void failsInsteadWhenASystemPropertyRequiresVolumes() {
    System.setProperty("fsbench.junit.require", "true");
    try {
      Kit.run(NotRoot.class).testEvents().assertStatistics(s -> s.aborted(0).failed(1));
    } finally {
      System.clearProperty("fsbench.junit.require");
    }
  }

  @Test
  void refusesARequireSettingThatIsNeitherTrueNorFalse() {
    Kit.run(NotRoot.class, Map.of("fsbench.junit.require", "yes"))
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                finishedWithFailure(
                    instanceOf(ExtensionConfigurationException.class),
                    message("fsbench.junit.require (yes) must be true or false"))));
  }

  @Test
  void abortsWhenTheFileSystemsToolIsMissing() {
    Kit.run(WithoutMkfsXfs.class)
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                abortedWithReason(
                    message(
                        m ->
                            m.contains("xfs")
                                && m.contains("mkfs.xfs")
                                && m.contains("not available")))));
  }

  @Test
  void failsOnAnUnknownFileSystemNamingItAndTheKnownOnes() {
    assertFailsWith(
        UnknownFileSystem.class,
        ExtensionConfigurationException.class,
        "unknown filesystem 'xfz'",
        "xfs");
  }

  @Test
  void failsOnASizeThatDoesNotParse() {
    assertFailsWith(
        UnparsableSize.class,
        ExtensionConfigurationException.class,
        "@FsBenchVolume(size = \"lots\")",
        "not a size");
  }

  @Test
  void failsOnATuningThatDoesNotParse() {
    assertFailsWith(
        UnparsableTuning.class,
        ExtensionConfigurationException.class,
        "@FsBenchVolume(tune = {\"atime=maybe\"})",
        "atime=off");
  }

  @Test
  void failsOnAVolumeWithoutAFileSystemOutsideATemplate() {
    assertFailsWith(
        NoFileSystem.class,
        ExtensionConfigurationException.class,
        "names no filesystem",
        "@FsBenchVolume(fs = \"xfs\")");
  }

  @Test
  void failsOnAPathParameterWithoutTheAnnotation() {
    assertFailsWith(
        UnannotatedPath.class,
        ExtensionConfigurationException.class,
        "parameter 1 of UnannotatedPath.copies asks for a volume without saying which",
        "annotate it");
  }

  @Test
  void failsOnAFieldOfAnotherType() {
    assertFailsWith(
        StringField.class,
        ExtensionConfigurationException.class,
        "field 'mount' of StringField of type java.lang.String",
        "java.nio.file.Path (its mount point) or an io.fsbench.api.Volume");
  }

  @Test
  void failsOnAStaticField() {
    assertFailsWith(
        StaticField.class,
        ExtensionConfigurationException.class,
        "field 'shared' of StaticField: the field is static",
        "scope = Scope.CLASS");
  }

  @Test
  void runsATemplateOncePerFileSystemNamedAfterIt() {
    EngineExecutionResults results = Kit.run(Template.class);

    results.testEvents().assertStatistics(s -> s.started(2).aborted(2));
    results
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                displayName("on ext4"),
                abortedWithReason(message(m -> m.contains("ext4") && m.contains("needs root")))))
        .haveExactly(
            1,
            event(
                displayName("on xfs"),
                abortedWithReason(message(m -> m.contains("xfs") && m.contains("needs root")))));
  }

  @Test
  void refusesATemplateWithoutFileSystems() {
    Kit.run(EmptyTemplate.class)
        .containerEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                finishedWithFailure(
                    instanceOf(ExtensionConfigurationException.class),
                    message(m -> m.contains("must name at least one filesystem")))));
  }

  /**
   * The configured extension does the work also where an annotated field, declared first, registers
   * the annotations' default one beside it: as root the default would make the volume.
   */
  @Test
  void theRegisteredInstanceWinsOverTheAnnotationsDefault() {
    Kit.run(FieldBeforeRegistration.class)
        .testEvents()
        .assertThatEvents()
        .haveExactly(1, event(abortedWithReason(message(m -> m.contains("needs root")))));
  }

  private static void assertFailsWith(
      Class<?> fixture, Class<? extends Throwable> type, String... parts) {
    EngineExecutionResults results = Kit.run(fixture);
    results.testEvents().assertStatistics(s -> s.started(1).failed(1).aborted(0));
    results
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                finishedWithFailure(
                    instanceOf(type),
                    message(
                        m -> {
                          for (String part : parts) {
                            assertThat(m).contains(part);
                          }
                          return true;
                        }))));
  }

  // The fixtures below are run by the tests above through the engine, not by the build itself.

  static class NotRoot {
    @RegisterExtension
    static final FsBenchExtension FSBENCH = FsBenchExtension.using(fsbench(AlteredHost.notRoot()));

    @Test
    void writes(@FsBenchVolume(fs = "ext4") Path mount) {
      throw new AssertionError("not reached: the volume cannot be made");
    }
  }

  static class WithoutMkfsXfs {
    @RegisterExtension
    static final FsBenchExtension FSBENCH =
        FsBenchExtension.using(fsbench(AlteredHost.without("mkfs.xfs")));

    @Test
    void writes(@FsBenchVolume(fs = "xfs") Volume volume) {
      throw new AssertionError("not reached: xfs is not available");
    }
  }

  static class UnknownFileSystem {
    @RegisterExtension
    static final FsBenchExtension FSBENCH = FsBenchExtension.using(fsbench(AlteredHost.notRoot()));

    @Test
    void writes(@FsBenchVolume(fs = "xfz") Path mount) {}
  }

  static class UnparsableSize {
    @RegisterExtension
    static final FsBenchExtension FSBENCH = FsBenchExtension.using(fsbench(AlteredHost.notRoot()));

    @Test
    void writes(@FsBenchVolume(fs = "ext4", size = "lots") Path mount) {}
  }

  static class UnparsableTuning {
    @RegisterExtension
    static final FsBenchExtension FSBENCH = FsBenchExtension.using(fsbench(AlteredHost.notRoot()));

    @Test
    void writes(@FsBenchVolume(fs = "ext4", tune = "atime=maybe") Path mount) {}
  }

  static class NoFileSystem {
    @RegisterExtension
    static final FsBenchExtension FSBENCH = FsBenchExtension.using(fsbench(AlteredHost.notRoot()));

    @Test
    void writes(@FsBenchVolume Path mount) {}
  }

  static class UnannotatedPath {
    @RegisterExtension
    static final FsBenchExtension FSBENCH = FsBenchExtension.using(fsbench(AlteredHost.notRoot()));

    @Test
    void copies(@FsBenchVolume(fs = "ext4") Path from, Path to) {}
  }

  static class StringField {
    @RegisterExtension
    static final FsBenchExtension FSBENCH = FsBenchExtension.using(fsbench(AlteredHost.notRoot()));

    @FsBenchVolume(fs = "ext4")
    String mount;

    @Test
    void writes() {}
  }

  static class StaticField {
    @RegisterExtension
    static final FsBenchExtension FSBENCH = FsBenchExtension.using(fsbench(AlteredHost.notRoot()));

    @FsBenchVolume(fs = "ext4")
    static Path shared;

    @Test
    void writes() {}
  }

  static class Template {
    @RegisterExtension
    static final FsBenchExtension FSBENCH = FsBenchExtension.using(fsbench(AlteredHost.notRoot()));

    @FsBenchTest(fileSystems = {"ext4", "xfs"})
    void writes(Path mount) {
      throw new AssertionError("not reached: not root");
    }
  }

  static class EmptyTemplate {
    @FsBenchTest(fileSystems = {})
    void writes(Path mount) {}
  }

  static class FieldBeforeRegistration {
    @FsBenchVolume(fs = "ext4")
    Path mount;

    @RegisterExtension
    static final FsBenchExtension FSBENCH = FsBenchExtension.using(fsbench(AlteredHost.notRoot()));

    @Test
    void writes() {
      throw new AssertionError("not reached: not root");
    }
  }
}
