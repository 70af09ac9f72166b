package io.fsbench.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Availability;
import io.fsbench.api.Feature;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.spi.Command;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.Host;
import io.fsbench.spi.TuningSupport;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * A plugin author's first run of the kit: a plugin that gets most things wrong fails the unit
 * contract, and every failure says what to fix, not only what differed.
 */
class KitFailureMessagesTest {

  @Test
  void everyFailureOfABrokenPluginSaysWhatToFix() {
    List<String> failures =
        EngineTestKit.engine("junit-jupiter")
            .selectors(selectClass(BrokenPluginKit.class))
            .execute()
            .testEvents()
            .failed()
            .stream()
            .map(KitFailureMessagesTest::message)
            .toList();

    assertThat(failures).hasSizeGreaterThanOrEqualTo(6);
    assertThat(failures).allSatisfy(message -> assertThat(message).contains("fix:"));
    assertThat(String.join("\n", failures))
        .contains(
            "ids are what users type after --fs",
            "src/main/resources/META-INF/services",
            "give the user a hint",
            "Refusals.unknownOptions",
            "claim Feature.COMPRESSION",
            "move it to the refused ones");
  }

  private static String message(Event event) {
    return event
        .getPayload(TestExecutionResult.class)
        .flatMap(TestExecutionResult::getThrowable)
        .map(Throwable::getMessage)
        .orElse("");
  }

  /** The kit run on the broken plugin; a nested class, so surefire does not run it on its own. */
  static class BrokenPluginKit extends FileSystemPluginUnitContract {
    @Override
    protected FileSystemPlugin plugin() {
      return new BrokenPlugin();
    }
  }

  /**
   * Wrong in the ways a first plugin often is: an id with capitals and a space, no service
   * registration, an unavailability without a hint, a claimed setting it refuses, an unknown option
   * it accepts, and COMPRESSION claimed without a compression setting.
   */
  public static final class BrokenPlugin implements FileSystemPlugin {

    @Override
    public String id() {
      return "My FS";
    }

    @Override
    public String description() {
      return "a plugin that gets things wrong";
    }

    @Override
    public Availability availability(Host host) {
      return host.isRoot() ? Availability.available() : Availability.unavailable("no root", "");
    }

    @Override
    public Set<Feature> features(Host host) {
      return EnumSet.of(Feature.COMPRESSION);
    }

    @Override
    public Size maxFileSize() {
      return Size.gib(1);
    }

    @Override
    public TuningSupport tuningSupport(Host host) {
      return new TuningSupport(List.of("atime=off"), Map.of());
    }

    @Override
    public void validate(Tuning tuning, Host host) {
      if (tuning.atime().isPresent()) {
        throw new io.fsbench.api.UnsupportedTuningException(id(), "atime=off", "not today");
      }
    }

    @Override
    public List<Command> format(FileSystemSpec spec, Host host) {
      return List.of();
    }

    @Override
    public void mount(FileSystemSpec spec, Host host) {}

    @Override
    public Map<String, String> properties(FileSystemSpec spec, Host host) {
      return Map.of();
    }

    @Override
    public Tuning readBack(FileSystemSpec spec, AppliedTuning applied) {
      return Tuning.defaults();
    }

    @Override
    public Map<String, String> toolVersions(Host host) {
      return Map.of();
    }
  }
}
