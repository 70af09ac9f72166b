package io.fsbench.workloads.aging;

import io.fsbench.api.AgingProfile;
import io.fsbench.api.AgingResult;
import io.fsbench.api.AgingSpec;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Volume;
import io.fsbench.api.Workload;
import io.fsbench.core.engine.Footprint;
import io.fsbench.core.engine.Preset;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.engine.WorkloadRunner;
import io.fsbench.core.nativeio.FileCalls;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs an {@link AgingSpec}: {@link ChurnEngine} on the files of the run's directory. The files
 * stay when it ends: an aged volume is what it makes. It refuses a directory target, whose
 * filesystem is not fsbench's to fill.
 */
public final class AgingRunner implements WorkloadRunner<AgingSpec> {

  @Override
  public Class<AgingSpec> specType() {
    return AgingSpec.class;
  }

  /** {@code aging}, and {@code aging-<profile>} with its profile fixed by the name. */
  @Override
  public List<Preset> presets() {
    List<Preset> presets = new ArrayList<>();
    presets.add(new Preset(AgingSpec.NAME, AgingSpec::fromParams));
    for (String profile : AgingProfile.names()) {
      presets.add(new Preset(AgingSpec.NAME + "-" + profile, params -> profiled(profile, params)));
    }
    return presets;
  }

  private static Workload profiled(String profile, Map<String, String> params) {
    if (params.containsKey("profile")) {
      throw new InvalidInputException(
          "workload aging-"
              + profile
              + " fixes the profile; drop --param profile="
              + params.get("profile")
              + ", or run aging with it");
    }
    return AgingSpec.fromParams(Preset.withDefaults(params, Map.of("profile", profile)));
  }

  @Override
  public void check(AgingSpec spec) {
    FileCalls.requireAvailable();
  }

  /**
   * Aging fills whatever volume it is given to its fullness, so it needs no particular size: a
   * small floor, the largest file a 256 MiB volume gets.
   */
  @Override
  public Footprint footprint(AgingSpec spec) {
    return new Footprint(Footprint.blocks(16L << 20), 0);
  }

  /** The spec's label, e.g. {@code desktop:fullness=80%,...}, besides the record's components. */
  @Override
  public Map<String, String> parameters(AgingSpec spec) {
    Map<String, String> params = WorkloadRunner.super.parameters(spec);
    params.put("profile", spec.profile().name());
    params.put("aged", spec.label());
    return params;
  }

  @Override
  public AgingResult run(AgingSpec spec, WorkloadContext context) {
    Volume volume =
        context
            .volume()
            .filter(v -> v.device().isPresent())
            .orElseThrow(
                () ->
                    new InvalidInputException(
                        spec.name()
                            + " fills the filesystem it runs on to "
                            + Math.round(spec.fullness() * 100)
                            + "%, so it runs only on a volume fsbench makes (--fs or a device),"
                            + " not in a directory"));
    try {
      return new ChurnEngine(
              spec,
              new VolumeChurn(context.directory(), spec.seed()),
              context::nanoTime,
              context::cancelled,
              context::progress)
          .run();
    } catch (FsBenchException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          spec.name() + " failed on " + volume.fileSystem() + ": " + e.getMessage(),
          e);
    }
  }
}
