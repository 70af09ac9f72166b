package io.fsbench.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.fsbench.api.Knob;
import io.fsbench.api.Tuning;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.TuningSupport;
import io.fsbench.spi.support.Refusals;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TuningClaimsTest {

  private static final String NO_JOURNAL =
      "tuning 'journal=off' is not supported by fakefs: fakefs always journals";

  private final FakeHost host = new FakeHost();
  private final FileSystemPlugin plugin = mock(FileSystemPlugin.class);

  TuningClaimsTest() {
    doAnswer(
            call -> {
              Tuning tuning = call.getArgument(0);
              Refusals.of("fakefs", tuning).ifSetTo(Knob.JOURNAL, "off", "fakefs always journals");
              return null;
            })
        .when(plugin)
        .validate(any(), any());
  }

  private void claims(List<String> supported, Map<String, String> refused) {
    when(plugin.tuningSupport(host)).thenReturn(new TuningSupport(supported, refused));
  }

  @Test
  void passesClaimsThatHoldAndReturnsThem() {
    claims(List.of("journal=on"), Map.of("journal=off", "always journals"));
    assertThat(TuningClaims.assertHold(plugin, host).supported()).containsExactly("journal=on");
  }

  @Test
  void failsForAClaimedSettingValidationRefuses() {
    claims(List.of("journal=off"), Map.of());
    assertThatThrownBy(() -> TuningClaims.assertHold(plugin, host))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("validate(journal=off), a setting tuningSupport() claims");
  }

  @Test
  void failsForARefusedSettingValidationTakes() {
    claims(List.of(), Map.of("journal=on", "always journals"));
    assertThatThrownBy(() -> TuningClaims.assertHold(plugin, host))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("validate(journal=on), refused in tuningSupport()");
  }

  @Test
  void failsForAReasonValidationDoesNotGive() {
    claims(List.of(), Map.of("journal=off", "has no journal"));
    assertThatThrownBy(() -> TuningClaims.assertHold(plugin, host))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("has no journal");
  }

  @Test
  void takesExactReasonsOnlyWhenTheyAreTheWholeMessage() {
    claims(List.of(), Map.of("journal=off", NO_JOURNAL));
    assertThat(TuningClaims.assertHoldWithExactReasons(plugin, host).refused())
        .containsKey("journal=off");
    claims(List.of(), Map.of("journal=off", "always journals"));
    assertThatThrownBy(() -> TuningClaims.assertHoldWithExactReasons(plugin, host))
        .isInstanceOf(AssertionError.class);
  }
}
