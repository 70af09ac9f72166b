package io.fsbench.core.volume;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import io.fsbench.api.Availability;
import io.fsbench.api.EnvironmentException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.UnsupportedTuningException;
import io.fsbench.api.Volume;
import io.fsbench.core.plugin.PluginRegistry;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.Host;
import io.fsbench.spi.MountEntry;
import io.fsbench.spi.Shell;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VolumeFactoryTest {

  @TempDir Path dir;

  private final Host host = mock(Host.class);
  private final Shell shell = mock(Shell.class);
  private final FileSystemPlugin plugin = mock(FileSystemPlugin.class);
  private ResourceRegistry registry;
  private VolumeFactory factory;

  @BeforeEach
  void setUp() {
    when(host.shell()).thenReturn(shell);
    when(host.isRoot()).thenReturn(true);
    when(plugin.id()).thenReturn("xfs");
    when(plugin.availability(any())).thenReturn(Availability.available());
    when(plugin.minimumDeviceSize()).thenReturn(Size.mib(300));
    PluginRegistry plugins =
        PluginRegistry.create(false, getClass().getClassLoader(), List.of(plugin));
    WorkDir workDir = new WorkDir(dir.resolve("work"));
    registry = new ResourceRegistry(workDir.registry(), 1, 1, pid -> Optional.of(1L));
    factory =
        new VolumeFactory(
            host,
            plugins,
            workDir,
            registry,
            new ResourceReleaser(host, plugins, registry, workDir));
  }

  private void assertNothingCreated() {
    assertThat(registry.entries()).isEmpty();
    verifyNoInteractions(shell);
    verify(plugin, never()).format(any(), any());
  }

  @Test
  void refusesAnUnknownFileSystemBeforeCreatingAnything() {
    assertThatThrownBy(() -> factory.create("xfz", Target.loop(), Tuning.defaults()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("unknown filesystem 'xfz'");
    assertNothingCreated();
  }

  @Test
  void refusesALoopVolumeWithoutRoot() {
    when(host.isRoot()).thenReturn(false);

    assertThatThrownBy(() -> factory.create("xfs", Target.loop(), Tuning.defaults()))
        .isInstanceOf(EnvironmentException.class)
        .hasMessageContaining("needs root");
    assertNothingCreated();
  }

  @Test
  void refusesAnUnsupportedTuningBeforeCreatingAnything() {
    Tuning writeback = Tuning.parse(List.of("data=writeback"));
    doThrow(new UnsupportedTuningException("xfs", "data", "XFS always journals metadata"))
        .when(plugin)
        .validate(writeback, host);

    assertThatThrownBy(() -> factory.create("xfs", Target.loop(), writeback))
        .isInstanceOf(UnsupportedTuningException.class)
        .hasMessageContaining("'data' is not supported by xfs");
    assertNothingCreated();
  }

  @Test
  void refusesAnImageBelowThePluginsMinimum() {
    assertThatThrownBy(() -> factory.create("xfs", Target.loop(Size.mib(128)), Tuning.defaults()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("image size (128m) is below the 300m that xfs needs");
    assertNothingCreated();
  }

  @Test
  void refusesALoopImageLargerThanTheFreeSpaceOfTheWorkDir() {
    assertThatThrownBy(
            () -> factory.create("xfs", Target.loop(Size.gib(1L << 20)), Tuning.defaults()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("the loop image (1p) is larger than the free space")
        .hasMessageContaining("FSBENCH_WORK_DIR");
    assertNothingCreated();
  }

  @Test
  void refusesTuningForADirectoryTarget() {
    assertThatThrownBy(
            () -> factory.create(null, Target.directory(dir), Tuning.parse(List.of("atime=off"))))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("cannot be applied to a directory target");
    assertThat(registry.entries()).isEmpty();
  }

  @Test
  void givesADirectoryTargetAFreshSubdirectoryAndRemovesItOnClose() throws Exception {
    when(host.isRoot()).thenReturn(false);
    when(host.mounts()).thenReturn(List.of(new MountEntry("/dev/vda", Path.of("/"), "ext4", "rw")));

    Volume volume = factory.create(null, Target.directory(dir), Tuning.defaults());
    Files.writeString(volume.mountPoint().resolve("data"), "x");

    assertThat(volume.mountPoint().getParent()).isEqualTo(dir.toAbsolutePath());
    assertThat(volume.mountPoint().getFileName().toString()).startsWith("fsbench-");
    assertThat(volume.applied().fileSystemType()).isEqualTo("ext4");
    assertThat(registry.entries()).hasSize(1);

    volume.close();
    volume.close();

    assertThat(volume.mountPoint()).doesNotExist();
    assertThat(dir).exists();
    assertThat(registry.entries()).isEmpty();
  }
}
