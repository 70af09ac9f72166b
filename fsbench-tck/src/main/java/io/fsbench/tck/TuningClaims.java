package io.fsbench.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.fsbench.api.Tuning;
import io.fsbench.api.UnsupportedTuningException;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.Host;
import io.fsbench.spi.TuningSupport;
import java.util.List;
import java.util.Optional;

/**
 * Checks a plugin's {@link FileSystemPlugin#tuningSupport} against its {@link
 * FileSystemPlugin#validate} on a host, without making anything: the unit-test half of the kit's
 * tuning checks, for hosts a test scripts (an old kernel, a missing feature) that the kit's
 * integration tests never meet.
 *
 * <pre>{@code
 * FakeHost host = new FakeHost().kernel("4.14.336");
 * assertThat(TuningClaims.assertHold(new XfsPlugin(), host).supported()).contains("barriers=off");
 * }</pre>
 */
public final class TuningClaims {

  private TuningClaims() {}

  /**
   * Asserts that each setting the plugin claims validates, and that each it refuses is refused with
   * an {@link UnsupportedTuningException} whose message contains the listed reason.
   *
   * @return what the plugin claims, for a test's own assertions
   */
  public static TuningSupport assertHold(FileSystemPlugin plugin, Host host) {
    return assertHold(plugin, host, false);
  }

  /**
   * As {@link #assertHold}, and each listed reason is the whole message validation gives, as {@link
   * io.fsbench.spi.support.Refusals#reasons} lists them.
   */
  public static TuningSupport assertHoldWithExactReasons(FileSystemPlugin plugin, Host host) {
    return assertHold(plugin, host, true);
  }

  private static TuningSupport assertHold(FileSystemPlugin plugin, Host host, boolean exact) {
    TuningSupport support = plugin.tuningSupport(host);
    for (String setting : support.supported()) {
      assertThatCode(() -> plugin.validate(tuning(setting), host))
          .as(
              "%s's validate(%s), a setting tuningSupport() claims; fix: accept it, or move it to"
                  + " the refused ones with its reason",
              plugin.id(), setting)
          .doesNotThrowAnyException();
    }
    support
        .refused()
        .forEach(
            (setting, reason) -> {
              Throwable refusal = catchThrowable(() -> plugin.validate(tuning(setting), host));
              assertThat(refusal)
                  .as(
                      "%s's validate(%s), refused in tuningSupport() because \"%s\"; fix: throw"
                          + " UnsupportedTuningException with that reason in its message"
                          + " (Refusals.reasons builds the list from validate itself)",
                      plugin.id(), setting, reason)
                  .isInstanceOf(UnsupportedTuningException.class)
                  .hasMessageContaining(reason);
              if (exact) {
                assertThat(refusal).as("refused setting %s", setting).hasMessage(reason);
              }
            });
    return support;
  }

  /**
   * The first setting the plugin claims that turns compression on, found by the knob it sets
   * ({@link Tuning#compression}), not by how the plugin spells it.
   */
  static Optional<String> compressionSetting(TuningSupport support) {
    return support.supported().stream()
        .filter(
            setting ->
                tuning(setting)
                    .compression()
                    .filter(compression -> !compression.isNone())
                    .isPresent())
        .findFirst();
  }

  private static Tuning tuning(String setting) {
    return Tuning.parse(List.of(setting));
  }
}
