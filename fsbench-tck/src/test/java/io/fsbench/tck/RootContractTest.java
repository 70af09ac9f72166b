package io.fsbench.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.Availability;
import io.fsbench.spi.FileSystemPlugin;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;

class RootContractTest {

  private final FileSystemPlugin plugin = Mockito.mock(FileSystemPlugin.class);

  RootContractTest() {
    Mockito.when(plugin.id()).thenReturn("fsbench-fake");
    Mockito.when(plugin.availability(Mockito.any())).thenReturn(Availability.available());
  }

  @Test
  void skipsWithoutRootWhenNotRequired() {
    assertThatThrownBy(() -> RootContract.assumeUsable(plugin, new FakeHost().root(false), false))
        .isNotInstanceOf(AssertionError.class)
        .hasMessageContaining("Assumption failed")
        .hasMessageContaining("needs root");
  }

  @Test
  void failsWithoutRootWhenRequiredNamingTheSwitch() {
    assertThatThrownBy(() -> RootContract.assumeUsable(plugin, new FakeHost().root(false), true))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("fsbench-fake")
        .hasMessageContaining("needs root")
        .hasMessageContaining("FSBENCH_REQUIRE_ROOT_CONTRACT=1");
  }

  @Test
  void failsWhenRequiredAndThePluginIsUnavailableGivingItsReason() {
    Mockito.when(plugin.availability(Mockito.any()))
        .thenReturn(Availability.unavailable("mkfs.fake not found", "apt-get install fakeprogs"));
    assertThatThrownBy(() -> RootContract.assumeUsable(plugin, new FakeHost(), true))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("mkfs.fake not found")
        .hasMessageContaining("apt-get install fakeprogs");
  }

  @Test
  void runsAsRootWithAnAvailablePluginEitherWay() {
    assertThatCode(() -> RootContract.assumeUsable(plugin, new FakeHost(), true))
        .doesNotThrowAnyException();
    assertThatCode(() -> RootContract.assumeUsable(plugin, new FakeHost(), false))
        .doesNotThrowAnyException();
  }

  @Test
  void isRequiredByThePropertyOrTheEnvironment() {
    assertThat(RootContract.isRequired("true", Map.of())).isTrue();
    assertThat(RootContract.isRequired(null, Map.of("FSBENCH_REQUIRE_ROOT_CONTRACT", "1")))
        .isTrue();
    assertThat(RootContract.isRequired(null, Map.of())).isFalse();
    assertThat(RootContract.isRequired("false", Map.of("FSBENCH_REQUIRE_ROOT_CONTRACT", "0")))
        .isFalse();
  }
}
