package io.fsbench.core.volume;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One line of the resource registry: what was (or is about to be) created, by which process.
 *
 * @param id unique and ordered by creation: {@code <epoch millis>-<pid>-<counter>}
 * @param pid the owning process
 * @param pidStartMillis when the owning process started, to tell a reused pid apart
 * @param kind what it is
 * @param attributes how to find and release it (paths, plugin id, device)
 */
public record ResourceEntry(
    String id, long pid, long pidStartMillis, ResourceKind kind, Map<String, String> attributes) {

  public ResourceEntry {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(kind, "kind");
    attributes = Map.copyOf(new TreeMap<>(attributes));
  }

  public String attribute(String key) {
    String value = attributes.get(key);
    if (value == null) {
      throw new IllegalStateException("registry entry " + id + " has no '" + key + "'");
    }
    return value;
  }

  public ResourceEntry with(String key, String value) {
    Map<String, String> copy = new TreeMap<>(attributes);
    copy.put(key, value);
    return new ResourceEntry(id, pid, pidStartMillis, kind, copy);
  }

  @Override
  public String toString() {
    return kind + " " + attributes + " (pid " + pid + ")";
  }
}
