package io.fsbench.api;

import java.util.List;

/**
 * What {@code cleanup} released of the resources killed runs left behind.
 *
 * @param released each resource released, described
 * @param failed each resource that could not be released, with the reason; they stay registered
 * @param refused each registry entry or file not acted on because it names something fsbench could
 *     not have made, or is not the user's own file, with the reason; left for a person
 */
public record CleanupResult(List<String> released, List<String> failed, List<String> refused) {

  public CleanupResult {
    released = List.copyOf(released);
    failed = List.copyOf(failed);
    refused = List.copyOf(refused);
  }

  /** Whether everything left behind was released. */
  public boolean succeeded() {
    return failed.isEmpty() && refused.isEmpty();
  }
}
