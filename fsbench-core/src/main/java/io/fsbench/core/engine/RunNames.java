package io.fsbench.core.engine;

import io.fsbench.api.InvalidInputException;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How a run names what it makes directly in its directory: as the workload names it in a fresh
 * directory of the run's own ({@link #OWN}), or prefixed with a client's tag in a directory shared
 * with other clients ({@link #tagged}), as mdtest names its files {@code file.mdtest.RANK.N} so
 * that ranks sharing one directory never collide. A run in a shared directory removes exactly the
 * names that carry its prefix afterwards, and nothing else.
 *
 * @param tag the client's tag; empty for a directory of the run's own
 */
public record RunNames(String tag) {

  /** A directory of the run's own: names as the workload gives them. */
  public static final RunNames OWN = new RunNames("");

  private static final Pattern TAG = Pattern.compile("[A-Za-z0-9_-]{1,64}");

  public RunNames {
    Objects.requireNonNull(tag, "tag");
    if (!tag.isEmpty() && !TAG.matcher(tag).matches()) {
      throw new InvalidInputException(
          "client tag ("
              + tag
              + ") must be 1 to 64 letters, digits, '-' or '_' (no '.' or '/'), e.g. the"
              + " client's index; it prefixes every name the client makes in the shared"
              + " directory");
    }
  }

  /**
   * Names prefixed with {@code tag}, for a run in a directory shared with other clients.
   *
   * @throws InvalidInputException for a tag that is empty or holds other than letters, digits,
   *     {@code -} and {@code _}
   */
  public static RunNames tagged(String tag) {
    Objects.requireNonNull(tag, "tag");
    if (tag.isEmpty()) {
      throw new InvalidInputException(
          "client tag (\"\") is empty; give each client sharing the directory its own tag, e.g."
              + " its index");
    }
    return new RunNames(tag);
  }

  /** Whether the directory is shared with other clients, so names carry the tag. */
  public boolean shared() {
    return !tag.isEmpty();
  }

  /**
   * What every name of this run starts with: {@code TAG.} when shared, nothing otherwise. The dot
   * cannot occur in a tag, so no tag's prefix is the start of another's.
   */
  public String prefix() {
    return shared() ? tag + "." : "";
  }

  /**
   * The name under which to make {@code name} in the run's directory: {@code name} itself, or
   * {@code TAG.name} when shared (a leading dot of a hidden name is dropped: {@code TAG.name}).
   */
  public String of(String name) {
    if (!shared()) {
      return name;
    }
    return prefix() + (name.startsWith(".") ? name.substring(1) : name);
  }

  /** Whether {@code name}, found in the run's directory, is one this run made or may make. */
  public boolean owns(String name) {
    return !shared() || name.startsWith(prefix());
  }
}
