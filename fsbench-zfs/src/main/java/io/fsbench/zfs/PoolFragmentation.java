package io.fsbench.zfs;

import io.fsbench.api.Fragmentation;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * A pool's space figures from {@code zpool get all POOL}: OpenZFS's {@code fragmentation} (a
 * weighted share of small free segments in the metaslabs' space maps, 0% when all free space is in
 * large segments), and capacity, free and allocated. zfs-fuse predates the fragmentation property;
 * there the details say so.
 */
final class PoolFragmentation {

  private static final List<String> KEPT = List.of("capacity", "free", "allocated", "size");

  private PoolFragmentation() {}

  static Fragmentation parse(String command, String zpoolGetAll) {
    Map<String, String> properties = ZfsOutputs.poolProperties(zpoolGetAll);
    if (!properties.containsKey("capacity")) {
      throw new IllegalStateException(
          command + " printed no capacity; is this zpool get's output? " + zpoolGetAll);
    }
    Map<String, String> details = new TreeMap<>();
    for (String key : KEPT) {
      if (properties.containsKey(key)) {
        details.put("zfs." + key, properties.get(key));
      }
    }
    String fragmentation = properties.get("fragmentation");
    details.put(
        "zfs.fragmentation",
        fragmentation == null || fragmentation.equals("-")
            ? "not reported by this zfs"
            : fragmentation);
    return new Fragmentation(
        List.of(command),
        OptionalLong.empty(),
        OptionalLong.empty(),
        OptionalDouble.empty(),
        details);
  }
}
