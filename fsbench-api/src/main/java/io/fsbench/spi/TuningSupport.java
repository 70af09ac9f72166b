package io.fsbench.spi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a plugin claims about tuning, in {@code --tune} syntax. The compatibility kit makes a volume
 * with each supported setting and checks it is read back as applied, and checks that each refused
 * setting is refused before anything is created.
 *
 * <pre>{@code
 * new TuningSupport(
 *     List.of("atime=off", "data=writeback", "journal=off"),
 *     Map.of("compression=zstd", "ext4 has no transparent compression"));
 * }</pre>
 *
 * @param supported settings the plugin honours and reads back, one knob or option each
 * @param refused settings it refuses, each with the reason it gives
 */
public record TuningSupport(List<String> supported, Map<String, String> refused) {

  public TuningSupport {
    supported = List.copyOf(supported);
    refused = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(refused));
  }
}
