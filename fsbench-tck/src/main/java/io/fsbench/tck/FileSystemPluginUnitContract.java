package io.fsbench.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.fsbench.api.Availability;
import io.fsbench.api.Feature;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Knob;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.Host;
import io.fsbench.spi.Shell;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The unit-level half of the compatibility kit: what every plugin must get right without a disk,
 * root or its tools, checked on a {@link FakeHost} in {@code mvn test}. The root-level half, {@link
 * FileSystemPluginContract}, makes real filesystems. The kit checks that
 *
 * <ul>
 *   <li>availability never throws, on a host without root, without each tool the plugin looks for,
 *       without the kernel filesystems, or whose every fact fails; and an unavailable plugin says
 *       why and what to do;
 *   <li>every claimed tuning validates, and every refused one is refused naming its knob and the
 *       plugin, having run no command (probes, such as a tool's version, may ask);
 *   <li>an unknown option is refused naming the option;
 *   <li>unmount and destroy are idempotent when nothing was made;
 *   <li>a plugin claims {@link Feature#COMPRESSION} exactly when it accepts the compression knob.
 * </ul>
 *
 * <pre>{@code
 * class XfsPluginContractTest extends FileSystemPluginUnitContract {
 *   @Override
 *   protected FileSystemPlugin plugin() {
 *     return new XfsPlugin();
 *   }
 * }
 * }</pre>
 */
public abstract class FileSystemPluginUnitContract {

  /** The plugin under test, freshly constructed. */
  protected abstract FileSystemPlugin plugin();

  /**
   * A fresh host on which the plugin is fully usable: by default a {@link FakeHost} with every tool
   * and kernel filesystem. Override to script what the plugin asks of it (a version, a daemon).
   */
  protected FakeHost host() {
    return new FakeHost();
  }

  @Test
  void isRegisteredAsAServiceInModuleInfoAndMetaInf() {
    FileSystemPlugin plugin = plugin();
    assertThat(ServiceRegistration.assertRegistered(plugin.getClass()).id()).isEqualTo(plugin.id());
  }

  @Test
  void describesItself() {
    PluginIdentity.assertDescribesItself(plugin());
  }

  @TestFactory
  Stream<DynamicTest> availabilityNeverThrowsAndSaysWhatToDo() {
    FakeHost probe = host();
    plugin().availability(probe);
    List<DynamicTest> cases = new ArrayList<>();
    cases.add(availabilityOn("a host without root", host -> host.root(false)));
    cases.add(
        availabilityOn(
            "a kernel without filesystems", host -> host.kernelFileSystems(new String[0])));
    for (String tool : probe.toolsLookedUp()) {
      cases.add(availabilityOn("a host without " + tool, host -> host.withoutTool(tool)));
    }
    cases.add(
        DynamicTest.dynamicTest(
            "a host whose every fact fails",
            () -> {
              Availability failing = checkedAvailability(new FailingHost());
              assertSaysWhatToDo(failing);
              assertThat(failing.isAvailable())
                  .as(
                      "%s on a host whose every command and fact fails; fix: in availability(),"
                          + " report Unavailable when a probe fails instead of assuming success",
                      plugin().id())
                  .isFalse();
              // the cause is named, so that whoever reads it knows what to fix on the host
              assertThat(failing.reason())
                  .as(
                      "why %s is unavailable; fix: pass the failure's message on in the reason"
                          + " (AvailabilityChecks does), so that the user sees what failed",
                      plugin().id())
                  .contains("fails on this host");
            }));
    return cases.stream();
  }

  private DynamicTest availabilityOn(String name, UnaryOperator<FakeHost> change) {
    return DynamicTest.dynamicTest(
        name, () -> assertSaysWhatToDo(checkedAvailability(change.apply(host()))));
  }

  private Availability checkedAvailability(Host host) {
    FileSystemPlugin plugin = plugin();
    Availability[] availability = new Availability[1];
    assertThatCode(() -> availability[0] = plugin.availability(host))
        .as(
            "%s's availability() on %s; fix: catch what a probe throws and return"
                + " Availability.unavailable(reason, hint) instead",
            plugin.id(), host)
        .doesNotThrowAnyException();
    assertThat(availability[0])
        .as("%s's availability(); fix: never return null", plugin.id())
        .isNotNull();
    return availability[0];
  }

  private void assertSaysWhatToDo(Availability availability) {
    if (!availability.isAvailable()) {
      assertThat(availability.reason())
          .as(
              "why %s is unavailable; fix: give the reason, e.g. \"mkfs.f2fs not found\"",
              plugin().id())
          .isNotBlank();
      assertThat(availability.hint())
          .as(
              "what to do (%s); fix: give the user a hint, e.g. \"apt-get install f2fs-tools\"",
              availability)
          .isNotBlank();
    }
  }

  @Test
  void toolVersionsNeverThrow() {
    FileSystemPlugin plugin = plugin();
    String fix =
        "%s's toolVersions() on %s; fix: versions are for the report only, so answer \"unknown\""
            + " for a tool whose probe fails (Probes.version does) instead of throwing";
    assertThatCode(() -> plugin.toolVersions(host()))
        .as(fix, plugin.id(), "a host with every tool")
        .doesNotThrowAnyException();
    assertThatCode(() -> plugin.toolVersions(new FailingHost()))
        .as(fix, plugin.id(), "a host whose every command fails")
        .doesNotThrowAnyException();
  }

  @Test
  void validatesEveryClaimedTuningAndRefusesEveryRefusedOne() {
    assertThat(TuningClaims.assertHold(plugin(), host()).supported())
        .as(
            "the settings %s's tuningSupport() claims; fix: list at least one setting it honours,"
                + " e.g. \"atime=off\"",
            plugin().id())
        .isNotEmpty();
  }

  @TestFactory
  Stream<DynamicTest> refusesEachRefusedTuningNamingItsKnobBeforeRunningAnything() {
    FileSystemPlugin plugin = plugin();
    FakeHost host = host();
    return plugin.tuningSupport(host).refused().keySet().stream()
        .map(setting -> DynamicTest.dynamicTest(setting, () -> refusesEarly(setting)));
  }

  private void refusesEarly(String setting) {
    FileSystemPlugin plugin = plugin();
    // Probes (a tool's version) may answer questions; nothing may be run that makes or mounts.
    List<String> run = new ArrayList<>();
    Host host = TestHosts.withShell(host(), shell -> new RunRecorder(shell, run));
    Tuning tuning = Tuning.parse(List.of(setting));
    Throwable refusal = catchThrowable(() -> plugin.validate(tuning, host));
    assertThat(refusal)
        .as(
            "%s's validate(%s), which tuningSupport() lists as refused; fix: throw"
                + " UnsupportedTuningException naming the plugin and the knob (Refusals.of(id,"
                + " tuning).ifSet(knob, reason) does)",
            plugin.id(), setting)
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining(plugin.id())
        .hasMessageContaining(knobOf(setting));
    assertThat(run)
        .as(
            "commands run (not probed) while refusing %s; fix: validate before running anything,"
                + " and ask the host with Shell.probe, which changes nothing",
            setting)
        .isEmpty();
  }

  /** Passes every command on, and notes those run rather than probed. */
  private record RunRecorder(Shell shell, List<String> run) implements Shell {

    @Override
    public CommandResult run(Command command) {
      run.add(command.commandLine());
      return shell.run(command);
    }

    @Override
    public CommandResult probe(Command command) {
      return shell.probe(command);
    }
  }

  /** The name a refusal must mention: the knob's name, or the option's key as written. */
  private static String knobOf(String setting) {
    Set<Knob> knobs = Tuning.parse(List.of(setting)).knobs();
    int eq = setting.indexOf('=');
    return knobs.size() == 1
        ? knobs.iterator().next().key()
        : (eq < 0 ? setting : setting.substring(0, eq)).strip();
  }

  @Test
  void refusesAnUnknownOptionNamingIt() {
    FileSystemPlugin plugin = plugin();
    Tuning tuning = Tuning.parse(List.of("fsbench-tck-no-such-option=1"));
    assertThat(catchThrowable(() -> plugin.validate(tuning, host())))
        .as(
            "%s's validate() of an option it does not know; fix: refuse unknown options naming"
                + " them (Refusals.unknownOptions(known) does), never ignore them",
            plugin.id())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("fsbench-tck-no-such-option")
        .hasMessageContaining(plugin.id());
  }

  @Test
  void unmountAndDestroyAreIdempotentWhenNothingWasMade() {
    FileSystemPlugin plugin = plugin();
    FakeHost host = host();
    FileSystemSpec spec = neverMadeSpec();
    assertThatCode(
            () -> {
              plugin.unmount(spec, host);
              plugin.unmount(spec, host);
              plugin.destroy(spec, host);
              plugin.destroy(spec, host);
            })
        .as(
            "%s's unmount and destroy, twice each, of a filesystem that was never made; fix: do"
                + " nothing when there is nothing to release (cleanup after a failed or killed"
                + " run calls them on whatever is left)",
            plugin.id())
        .doesNotThrowAnyException();
  }

  @Test
  void claimsCompressionExactlyWhenItAcceptsTheCompressionKnob() {
    FileSystemPlugin plugin = plugin();
    FakeHost host = host();
    boolean acceptsCompression =
        TuningClaims.compressionSetting(plugin.tuningSupport(host)).isPresent();
    assertThat(plugin.features(host).contains(Feature.COMPRESSION))
        .as(
            "%s claims COMPRESSION (%s) and accepts a compression tuning (%s); fix: claim"
                + " Feature.COMPRESSION in features() exactly when tuningSupport() lists a"
                + " compression setting",
            plugin.id(), plugin.features(host), acceptsCompression)
        .isEqualTo(acceptsCompression);
  }

  @Test
  void reportsFragmentationOnlyWhenItSaysSoAndNeverMakesFiguresUp() {
    FileSystemPlugin plugin = plugin();
    FakeHost host = host();
    FileSystemSpec spec = neverMadeSpec();
    if (!plugin.reportsFragmentation(host)) {
      assertThat(catchThrowable(() -> plugin.fragmentation(spec, host)))
          .as(
              "%s's fragmentation() while reportsFragmentation() is false; fix: throw"
                  + " UnsupportedOperationException, as the default does",
              plugin.id())
          .isInstanceOf(UnsupportedOperationException.class);
      return;
    }
    // The fake shell prints nothing: a plugin must refuse output it cannot read, not report zeros.
    Throwable silent = catchThrowable(() -> plugin.fragmentation(spec, host));
    assertThat(silent)
        .as(
            "%s's fragmentation() when its tool printed nothing; fix: fail, naming the command,"
                + " instead of returning figures that were never read",
            plugin.id())
        .isNotNull();
    assertThat(silent.getMessage())
        .as("%s's failure when its tool printed nothing says what was run", plugin.id())
        .isNotBlank();
    Throwable failing = catchThrowable(() -> plugin.fragmentation(spec, new FailingHost()));
    assertThat(failing)
        .as(
            "%s's fragmentation() on a host whose every command fails; fix: let the failure"
                + " through",
            plugin.id())
        .isNotNull();
  }

  /** A filesystem's spec on a device and paths that do not exist: nothing was ever made there. */
  private static FileSystemSpec neverMadeSpec() {
    Path dir = Path.of("/nonexistent/fsbench-tck");
    return new FileSystemSpec(
        Path.of("/dev/fsbench-tck-loop"),
        dir.resolve("mnt"),
        "fsbench-tck-0001",
        dir.resolve("state"),
        Size.mib(512),
        Tuning.defaults());
  }
}
