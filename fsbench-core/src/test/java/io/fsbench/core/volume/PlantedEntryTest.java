package io.fsbench.core.volume;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import io.fsbench.api.Availability;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Volume;
import io.fsbench.core.plugin.PluginRegistry;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.Host;
import io.fsbench.spi.Shell;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Entries planted in (or left damaged in) a trusted registry: each names something fsbench could
 * not have made, and each is refused — reported, kept, and nothing it names touched: no file or
 * directory removed, no command run. The victims are the test's own paths.
 */
class PlantedEntryTest {

  @TempDir Path temp;

  private final Host host = mock(Host.class);
  private final Shell shell = mock(Shell.class);
  private final FileSystemPlugin plugin = mock(FileSystemPlugin.class);
  private final List<String> commands = new ArrayList<>();
  private String loopList = "";
  private WorkDir workDir;
  private ResourceRegistry registry;
  private ResourceReleaser releaser;
  private Path victim;

  @BeforeEach
  void setUp() throws IOException {
    when(host.shell()).thenReturn(shell);
    when(host.isRoot()).thenReturn(true);
    when(host.mounts()).thenReturn(List.of());
    when(shell.run(any())).thenAnswer(i -> answer(i.getArgument(0)));
    when(shell.probe(any())).thenAnswer(i -> answer(i.getArgument(0)));
    when(plugin.id()).thenReturn("xfs");
    when(plugin.availability(any())).thenReturn(Availability.available());
    PluginRegistry plugins =
        PluginRegistry.create(false, getClass().getClassLoader(), List.of(plugin));
    workDir = new WorkDir(temp.resolve("fsbench-work")).prepare();
    registry = new ResourceRegistry(workDir.registry(), 1, 1, pid -> Optional.empty());
    releaser = new ResourceReleaser(host, plugins, registry, workDir);
    victim = Files.createDirectory(temp.resolve("fsbench-victim"));
    Files.writeString(victim.resolve("precious"), "keep me");
  }

  private CommandResult answer(Command command) {
    commands.add(command.commandLine());
    if (command.commandLine().startsWith("losetup -d")) {
      loopList = ""; // detached: the kernel lists it no more
    }
    String out = command.commandLine().startsWith("losetup --list") ? loopList : "";
    return CommandResult.ok(command, out);
  }

  private ResourceReleaser.Released releaseTheOnly(ResourceKind kind, Map<String, String> attrs) {
    registry.record(kind, attrs);
    List<ResourceReleaser.Released> results = releaser.releaseOrphans();
    assertThat(results).hasSize(1);
    return results.get(0);
  }

  private void assertRefusedAndUntouched(ResourceReleaser.Released result, String why) {
    assertThat(result.refused()).as("refused").isTrue();
    assertThat(result.error()).contains(why);
    assertThat(registry.entries()).as("the entry is kept for a person").hasSize(1);
    assertThat(victim.resolve("precious")).hasContent("keep me");
    assertThat(commands).noneMatch(c -> c.startsWith("umount") || c.startsWith("losetup -d"));
    verify(plugin, never()).unmount(any(), any());
    verify(plugin, never()).destroy(any(), any());
  }

  @Test
  void refusesADirectoryOutsideTheWorkDir() {
    assertRefusedAndUntouched(
        releaseTheOnly(ResourceKind.DIRECTORY, Map.of("path", victim.toString())),
        "is not an fsbench-PID-N entry of the work dir's volumes directory");
  }

  @Test
  void refusesADirectoryThatClimbsOutOfTheWorkDir() {
    String climbing = workDir.volumes() + "/fsbench-1-1/../../../fsbench-victim";
    assertRefusedAndUntouched(
        releaseTheOnly(ResourceKind.DIRECTORY, Map.of("path", climbing)), "no absolute path");
  }

  @Test
  void refusesADirectoryTargetEntryWhoseNameIsNotOneFsbenchMakes() {
    assertRefusedAndUntouched(
        releaseTheOnly(
            ResourceKind.DIRECTORY,
            Map.of("path", victim.toString(), VolumeFactory.PARENT, temp.toString())),
        "is not an fsbench-PID-N subdirectory");
  }

  @Test
  void refusesAnImageOutsideTheWorkDir() {
    assertRefusedAndUntouched(
        releaseTheOnly(ResourceKind.IMAGE, Map.of("path", victim.resolve("precious").toString())),
        "is not the image of a volume");
  }

  @Test
  void refusesAMountPointOutsideTheWorkDir() {
    assertRefusedAndUntouched(
        releaseTheOnly(ResourceKind.MOUNT_POINT, Map.of("path", victim.toString())),
        "mount directory");
  }

  @Test
  void refusesALoopDeviceWhoseImageIsNotTheWorkDirs() {
    loopList = "/dev/loop0 " + victim.resolve("precious") + "\n";
    assertRefusedAndUntouched(
        releaseTheOnly(
            ResourceKind.LOOP,
            Map.of("image", victim.resolve("precious").toString(), "device", "/dev/loop0")),
        "is not the image of a volume");
  }

  @Test
  void refusesAFileSystemOnALoopDeviceAttachedToAForeignImage() {
    loopList = "/dev/loop0 /srv/fsbench-foreign.img\n";
    assertRefusedAndUntouched(
        releaseTheOnly(ResourceKind.FILESYSTEM, fileSystem("fsbench-1-1", "/dev/loop0", false)),
        "/dev/loop0 is not attached to " + workDir.image("fsbench-1-1"));
  }

  @Test
  void refusesAPoolWithoutFsbenchsPrefix() {
    Map<String, String> tank = fileSystem("fsbench-1-1", "/dev/loop0", false);
    tank.put("name", "tank");
    assertRefusedAndUntouched(
        releaseTheOnly(ResourceKind.FILESYSTEM, tank), "'tank' does not carry fsbench's prefix");
  }

  @Test
  void refusesAFileSystemOnARealDeviceErasedWithoutConsent() {
    assertRefusedAndUntouched(
        releaseTheOnly(ResourceKind.FILESYSTEM, fileSystem("fsbench-1-1", "/dev/sda", false)),
        "neither a loop device nor a device erased with consent");
  }

  @Test
  void refusesAFileSystemWhoseMountPointIsNotItsOwn() {
    Map<String, String> elsewhere = fileSystem("fsbench-1-1", "/dev/loop0", false);
    elsewhere.put("mountPoint", victim.toString());
    assertRefusedAndUntouched(
        releaseTheOnly(ResourceKind.FILESYSTEM, elsewhere), "mount point or state directory");
  }

  @Test
  void keepsTheRestOfAVolumeWhoseFileSystemEntryIsRefused() throws IOException {
    Files.createDirectories(workDir.stateDir("fsbench-1-1"));
    registry.record(
        ResourceKind.DIRECTORY,
        Map.of("path", workDir.stateDir("fsbench-1-1").toString(), "volume", "fsbench-1-1"));
    registry.record(ResourceKind.FILESYSTEM, fileSystem("fsbench-1-1", "/dev/loop0", false));

    List<ResourceReleaser.Released> results = releaser.releaseOrphans();

    assertThat(results).extracting(ResourceReleaser.Released::succeeded).containsOnly(false);
    assertThat(workDir.stateDir("fsbench-1-1")).isDirectory();
  }

  @Test
  void releasesWhatFsbenchDidMakeOnceChecked() throws IOException {
    String name = "fsbench-1-1";
    Files.createDirectories(workDir.stateDir(name));
    Files.writeString(workDir.image(name), "image");
    Files.createDirectories(workDir.mountPoint(name));
    loopList = "/dev/loop3 " + workDir.image(name) + "\n";
    registry.record(
        ResourceKind.DIRECTORY, Map.of("path", workDir.stateDir(name).toString(), "volume", name));
    registry.record(
        ResourceKind.IMAGE, Map.of("path", workDir.image(name).toString(), "volume", name));
    registry.record(
        ResourceKind.LOOP,
        Map.of("image", workDir.image(name).toString(), "device", "/dev/loop3", "volume", name));
    registry.record(
        ResourceKind.MOUNT_POINT,
        Map.of("path", workDir.mountPoint(name).toString(), "volume", name));
    registry.record(ResourceKind.FILESYSTEM, fileSystem(name, "/dev/loop3", false));

    List<ResourceReleaser.Released> results = releaser.releaseOrphans();

    assertThat(results).allMatch(ResourceReleaser.Released::succeeded, "all released");
    assertThat(registry.entries()).isEmpty();
    assertThat(workDir.stateDir(name)).doesNotExist();
    assertThat(workDir.mountPoint(name)).doesNotExist();
    assertThat(commands).contains("losetup -d /dev/loop3");
    verify(plugin).destroy(any(), any());
  }

  @Test
  void anImageStillBackingALoopDeviceIsDetachedBeforeItIsDeleted() throws IOException {
    String name = "fsbench-1-2";
    Files.createDirectories(workDir.image(name).getParent());
    Files.writeString(workDir.image(name), "image");
    loopList = "/dev/loop5 " + workDir.image(name) + "\n"; // its loop entry is gone, its device not
    registry.record(
        ResourceKind.IMAGE, Map.of("path", workDir.image(name).toString(), "volume", name));

    List<ResourceReleaser.Released> results = releaser.releaseOrphans();

    assertThat(results).allMatch(ResourceReleaser.Released::succeeded, "all released");
    assertThat(commands).contains("losetup -d /dev/loop5");
    assertThat(workDir.image(name)).doesNotExist();
  }

  @Test
  void removesADirectoryTargetSubdirectoryButNotALinkPutInItsPlace() throws IOException {
    Volume volume = directoryVolume();
    Path made = volume.mountPoint();
    Files.delete(made);
    Files.createSymbolicLink(made, victim);

    Assertions.assertThatThrownBy(volume::close)
        .hasMessageContaining("is no longer a directory (a link or a file was put in its place)");
    assertThat(victim.resolve("precious")).hasContent("keep me");
  }

  @Test
  void removesADirectoryTargetSubdirectoryButNotAnotherDirectoryPutInItsPlace() throws IOException {
    Volume volume = directoryVolume();
    Path made = volume.mountPoint();
    Files.move(made, temp.resolve("fsbench-moved-away"));
    Files.createDirectory(made);
    Files.writeString(made.resolve("precious"), "keep me");

    Assertions.assertThatThrownBy(volume::close)
        .hasMessageContaining("is not the directory fsbench made there (it was replaced since)");
    assertThat(made.resolve("precious")).hasContent("keep me");
  }

  @Test
  void removesAnOrphanedDirectoryTargetSubdirectoryWithItsRecordedIdentity() throws IOException {
    Volume volume = directoryVolume();
    Path made = volume.mountPoint();
    Files.writeString(made.resolve("data"), "x");
    Files.createSymbolicLink(made.resolve("out"), victim);
    ResourceRegistry orphaned =
        new ResourceRegistry(workDir.registry(), 999_999, 1, pid -> Optional.empty());
    ResourceReleaser cleanup =
        new ResourceReleaser(
            host,
            PluginRegistry.create(false, getClass().getClassLoader(), List.of(plugin)),
            orphaned,
            workDir);

    assertThat(cleanup.releaseOrphans()).allMatch(ResourceReleaser.Released::succeeded);
    assertThat(made).doesNotExist();
    assertThat(victim.resolve("precious")).hasContent("keep me");
  }

  @Test
  void removesAnOrphanedDirectoryTargetSubdirectoryWithoutIdentityOnlyIfEmpty() throws IOException {
    Path parent = Files.createDirectory(temp.resolve("fsbench-target"));
    Path made = Files.createDirectory(parent.resolve("fsbench-5-5"));
    Files.writeString(made.resolve("precious"), "keep me");
    ResourceReleaser.Released result =
        releaseTheOnly(
            ResourceKind.DIRECTORY,
            Map.of("path", made.toString(), VolumeFactory.PARENT, parent.toString()));

    assertThat(result.succeeded()).isFalse();
    assertThat(result.error())
        .contains("is not empty, and fsbench has no record of having made it");
    assertThat(made.resolve("precious")).hasContent("keep me");
  }

  private Volume directoryVolume() throws IOException {
    Path target = Files.createDirectory(temp.resolve("fsbench-target"));
    VolumeFactory factory =
        new VolumeFactory(
            host,
            PluginRegistry.create(false, getClass().getClassLoader(), List.of(plugin)),
            workDir,
            registry,
            releaser);
    return factory.create(null, Target.directory(target), Tuning.defaults());
  }

  private Map<String, String> fileSystem(String name, String device, boolean consent) {
    Map<String, String> attributes =
        new HashMap<>(
            ResourceReleaser.attributesOf(
                "xfs",
                new io.fsbench.spi.FileSystemSpec(
                    Path.of(device),
                    workDir.mountPoint(name),
                    name,
                    workDir.stateDir(name),
                    Size.mib(512),
                    Tuning.defaults()),
                consent));
    return attributes;
  }
}
