package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A real device in use is never erased, {@code --force} or not: a loop device that is the only vdev
 * of an imported pool (zfs-fuse holds it from user space), one a process has open, one a
 * device-mapper device is built on, one that is mounted. Each is refused with exit 2 naming the
 * holder, before any mkfs, and the holder is intact afterwards.
 */
class DeviceInUseIT {

  private Path workDir;
  private FsBenchProcess fsbench;
  private String device;
  private final List<String[]> undo = new ArrayList<>();

  @BeforeEach
  void setUp() throws Exception {
    assumeTrue(FsBenchProcess.isRoot(), "loop devices need root");
    workDir = Files.createTempDirectory(Path.of("/var/tmp"), "fsbench-inuse-it-");
    fsbench = new FsBenchProcess(workDir);
    assumeTrue(fsbench.available("xfs"), "xfs is not available here");
    Path image = workDir.resolve("fsbench-inuse.img");
    try (RandomAccessFile file = new RandomAccessFile(image.toFile(), "rw")) {
      file.setLength(512L << 20);
    }
    device = FsBenchProcess.system("losetup", "--find", "--show", image.toString()).get(0);
  }

  @AfterEach
  void tearDown() throws Exception {
    for (int i = undo.size() - 1; i >= 0; i--) {
      FsBenchProcess.system(undo.get(i));
    }
    if (device != null) {
      FsBenchProcess.system("losetup", "-d", device);
    }
    if (fsbench != null) {
      fsbench.cleanUp();
    }
  }

  private FsBenchProcess.Finished eraseWithForce() throws Exception {
    return fsbench.run(
        "run",
        "--device",
        device,
        "--fs",
        "xfs",
        "--yes-erase-device",
        "--force",
        "--rw",
        "write",
        "--bs",
        "1m",
        "--size",
        "16m");
  }

  private void assertRefused(FsBenchProcess.Finished run, String holder) {
    assertThat(run.exitCode()).as(run.stderr()).isEqualTo(2);
    assertThat(run.stderr())
        .contains("device (" + device + ") is in use", holder, "--force does not override this")
        .doesNotContain("Exception", "mkfs", "running ");
  }

  @Test
  void refusesTheVdevOfAnImportedPool() throws Exception {
    assumeTrue(
        !FsBenchProcess.system("sh", "-c", "command -v zpool && zpool list >/dev/null && echo ok")
            .isEmpty(),
        "no zpool here");
    String pool = "fsbench-inuse-" + ProcessHandle.current().pid();
    FsBenchProcess.system("zpool", "create", "-f", "-m", "none", pool, device);
    undo.add(new String[] {"zpool", "destroy", "-f", pool});

    assertRefused(eraseWithForce(), "is a vdev of the imported ZFS pool " + pool);
    assertThat(FsBenchProcess.system("zpool", "list", "-H", "-o", "health", pool))
        .containsExactly("ONLINE");
  }

  @Test
  void refusesADeviceAProcessHasOpen() throws Exception {
    Process holder =
        new ProcessBuilder("sh", "-c", "exec 3<" + device + "; exec sleep 120").start();
    try {
      assertThat(
              FsBenchProcess.await(
                  java.time.Duration.ofSeconds(30),
                  () -> {
                    try {
                      return FsBenchProcess.system("ls", "-l", "/proc/" + holder.pid() + "/fd")
                          .stream()
                          .anyMatch(l -> l.endsWith(device));
                    } catch (Exception e) {
                      return false;
                    }
                  }))
          .isTrue();

      assertRefused(eraseWithForce(), "is open by process " + holder.pid() + " (sleep)");
    } finally {
      holder.destroy();
      holder.waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void refusesADeviceADeviceMapperDeviceIsBuiltOn() throws Exception {
    assumeTrue(
        !FsBenchProcess.system("sh", "-c", "command -v dmsetup").isEmpty(), "no dmsetup here");
    String name = "fsbench-inuse-" + ProcessHandle.current().pid();
    List<String> made =
        FsBenchProcess.system(
            "sh",
            "-c",
            "echo '0 1024 linear " + device + " 0' | dmsetup create " + name + " && echo ok");
    assumeTrue(made.contains("ok"), "dmsetup cannot create devices here: " + made);
    undo.add(new String[] {"dmsetup", "remove", name});

    assertRefused(eraseWithForce(), "is built on it");
  }

  @Test
  void refusesAMountedDevice() throws Exception {
    Path mountPoint = Files.createDirectory(workDir.resolve("fsbench-inuse-mnt"));
    FsBenchProcess.system("mkfs.ext4", "-q", "-F", device);
    FsBenchProcess.system("mount", device, mountPoint.toString());
    undo.add(new String[] {"umount", mountPoint.toString()});

    assertRefused(eraseWithForce(), "is mounted on " + mountPoint);
    assertThat(Files.readString(Path.of("/proc/self/mounts"))).contains(mountPoint.toString());
  }
}
