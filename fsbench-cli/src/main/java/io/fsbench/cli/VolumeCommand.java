package io.fsbench.cli;

import io.fsbench.FsBench;
import io.fsbench.api.Volume;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/**
 * {@code fsbench volume}: make a tuned volume and keep it mounted until interrupted, so that any
 * other tool can be run on it. Ctrl-C or SIGTERM destroys it; after a SIGKILL, {@code fsbench
 * cleanup} does.
 */
@Command(
    name = "volume",
    description =
        "Make a fresh, tuned volume, print where it is mounted, and keep it until Ctrl-C.")
final class VolumeCommand implements Callable<Integer> {

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin TargetOptions target;

  private final Supplier<FsBench> fsbench;

  VolumeCommand(Supplier<FsBench> fsbench) {
    this.fsbench = fsbench;
  }

  @Override
  public Integer call() throws InterruptedException {
    Volume volume = fsbench.get().volume(target.fileSystemId(), target.target(), target.tuning());
    var out = spec.commandLine().getOut();
    out.println("mount point: " + volume.mountPoint());
    volume.device().ifPresent(d -> out.println("device: " + d));
    out.println("filesystem: " + volume.applied().fileSystemType());
    out.println("mount options: " + volume.applied().mountOptions());
    out.println(
        "mkfs: "
            + volume.mkfsTime().toMillis()
            + " ms, mount: "
            + volume.mountTime().toMillis()
            + " ms");
    out.println("ready; press Ctrl-C to unmount and destroy it");
    out.flush();
    // The shutdown hook releases the volume on Ctrl-C and SIGTERM.
    new CountDownLatch(1).await();
    return 0;
  }
}
