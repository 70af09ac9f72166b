package io.fsbench.workloads.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.fsbench.api.FileSystemLifecycle;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.LifecycleResult;
import io.fsbench.api.Volume;
import io.fsbench.core.engine.RunContext;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class LifecycleRunnerTest {

  private final LifecycleRunner runner = new LifecycleRunner();

  @Test
  void timesMkfsMountUnmountAndTheMountAfterIt() {
    Volume volume = mock(Volume.class);
    when(volume.mkfsTime()).thenReturn(Duration.ofMillis(400));
    when(volume.mountTime()).thenReturn(Duration.ofMillis(30), Duration.ofMillis(20));
    when(volume.unmountTime()).thenReturn(Optional.of(Duration.ofMillis(10)));
    RunContext context =
        new RunContext(Path.of("/mnt/fsbench"), volume, f -> {}, new AtomicBoolean());

    LifecycleResult result = runner.run(FileSystemLifecycle.DEFAULT, context);

    assertThat(result)
        .isEqualTo(
            new LifecycleResult(
                "fs-lifecycle",
                Duration.ofMillis(400),
                Duration.ofMillis(30),
                Duration.ofMillis(10),
                Duration.ofMillis(20)));
    var order = inOrder(volume);
    order.verify(volume).mountTime();
    order.verify(volume).remount();
  }

  @Test
  void refusesADirectoryWhichItCannotMakeOrMount() {
    RunContext directory = new RunContext(Path.of("/tmp"), null, f -> {}, new AtomicBoolean());

    assertThatThrownBy(() -> runner.run(FileSystemLifecycle.DEFAULT, directory))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("fs-lifecycle")
        .hasMessageContaining("--fs");
  }
}
