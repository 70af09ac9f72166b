package io.fsbench.api;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What fsbench knows about one filesystem plugin on this machine, for listings and feature
 * matrices.
 *
 * @param id the plugin id, e.g. {@code xfs}
 * @param description one line for humans
 * @param availability whether it can be used here, and if not why
 * @param features what the filesystem offers
 * @param maxFileSize the largest file it holds with default settings
 * @param toolVersions the versions of the tools it runs
 * @param supportedTunings the tunings it honours, in {@code --tune} syntax
 * @param refusedTunings the tunings it refuses, with the reason
 */
public record PluginInfo(
    String id,
    String description,
    Availability availability,
    Set<Feature> features,
    Size maxFileSize,
    Map<String, String> toolVersions,
    List<String> supportedTunings,
    Map<String, String> refusedTunings) {

  public PluginInfo {
    features = Set.copyOf(features);
    toolVersions = Map.copyOf(toolVersions);
    supportedTunings = List.copyOf(supportedTunings);
    refusedTunings = Map.copyOf(refusedTunings);
  }
}
