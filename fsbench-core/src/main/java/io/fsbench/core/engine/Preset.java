package io.fsbench.core.engine;

import io.fsbench.api.Workload;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * A workload a family answers to by name ({@code Workloads.named}, {@code --workloads NAME}), made
 * from the parameters given with it ({@code --param k=v}).
 *
 * @param name the name, unique across families, e.g. {@code postmark} or {@code dd-write-1m}
 * @param factory makes the workload; refuses bad parameters with an InvalidInputException
 */
public record Preset(String name, Function<Map<String, String>, Workload> factory) {

  public Preset {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(factory, "factory");
  }

  /** The workload with these parameters. */
  public Workload make(Map<String, String> parameters) {
    return factory.apply(parameters);
  }

  /** {@code params} over {@code defaults}: a preset's own values, unless the caller gives one. */
  public static Map<String, String> withDefaults(
      Map<String, String> params, Map<String, String> defaults) {
    Map<String, String> merged = new LinkedHashMap<>(defaults);
    merged.putAll(params);
    return merged;
  }
}
