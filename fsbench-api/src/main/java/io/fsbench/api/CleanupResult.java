package io.fsbench.api;

import java.util.List;

/**
 * What {@code cleanup} released of the resources killed runs left behind.
 *
 * @param released each resource released, described
 * @param failed each resource that could not be released, with the reason; they stay registered
 */
public record CleanupResult(List<String> released, List<String> failed) {

  public CleanupResult {
    released = List.copyOf(released);
    failed = List.copyOf(failed);
  }

  public boolean succeeded() {
    return failed.isEmpty();
  }
}
