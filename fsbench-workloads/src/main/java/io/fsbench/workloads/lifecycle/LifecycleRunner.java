package io.fsbench.workloads.lifecycle;

import io.fsbench.api.FileSystemLifecycle;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.LifecycleResult;
import io.fsbench.api.Volume;
import io.fsbench.core.engine.Preset;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.engine.WorkloadRunner;
import io.fsbench.spi.WorkloadCapability;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * fs-lifecycle times making, mounting and unmounting volumes, so it cannot run on a volume it is
 * given: a comparison makes a fresh volume for each of its runs, and this runner reads mkfs and
 * mount times from it, unmounts and mounts it again, and reads those times too.
 */
public final class LifecycleRunner implements WorkloadRunner<FileSystemLifecycle> {

  @Override
  public Class<FileSystemLifecycle> specType() {
    return FileSystemLifecycle.class;
  }

  /** It times mkfs, mount and unmount itself, so it runs on volumes made for it alone; CSV. */
  @Override
  public Set<WorkloadCapability> capabilities() {
    return EnumSet.of(WorkloadCapability.WRITES_CSV, WorkloadCapability.MAKES_VOLUMES);
  }

  /** {@code fs-lifecycle}, which takes no parameters. */
  @Override
  public List<Preset> presets() {
    return List.of(
        new Preset(
            "fs-lifecycle",
            params -> {
              if (!params.isEmpty()) {
                throw new InvalidInputException(
                    "fs-lifecycle takes no parameters, not " + params.keySet());
              }
              return FileSystemLifecycle.DEFAULT;
            }));
  }

  /**
   * Times the context's volume, which must have been made for this run alone.
   *
   * @throws InvalidInputException when there is no volume (a directory target)
   */
  @Override
  public LifecycleResult run(FileSystemLifecycle spec, WorkloadContext context) {
    Volume volume =
        context
            .volume()
            .orElseThrow(
                () ->
                    new InvalidInputException(
                        spec.name()
                            + " times making and mounting a filesystem, which a directory target"
                            + " cannot do; run it on loop volumes (--fs) or a device"));
    var mount = volume.mountTime();
    volume.remount();
    return new LifecycleResult(
        spec.name(),
        volume.mkfsTime(),
        mount,
        volume.unmountTime().orElseThrow(),
        volume.mountTime());
  }
}
