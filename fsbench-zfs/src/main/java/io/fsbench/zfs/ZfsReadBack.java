package io.fsbench.zfs;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.api.SyncMode;
import io.fsbench.api.Tuning;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a tuning back from the properties {@code zfs get} and {@code zpool get} report (through
 * {@link AppliedTuning#properties()}). Only what was asked for is read back, in the spelling it was
 * asked in when ZFS reports the same setting differently ({@code gzip} for {@code gzip:6}).
 */
final class ZfsReadBack {

  /** Pool properties are recorded with this prefix, dataset properties under their own names. */
  static final String POOL = "pool.";

  private ZfsReadBack() {}

  static Tuning of(Tuning requested, AppliedTuning applied) {
    Map<String, String> p = applied.properties();
    Tuning.Builder out = Tuning.builder();
    requested
        .compression()
        .ifPresent(
            r ->
                get(p, "compression")
                    .map(ZfsCompression::fromZfs)
                    .map(shown -> ZfsCompression.asRequested(shown, r))
                    .ifPresent(out::compression));
    requested
        .recordSize()
        .ifPresent(
            r -> get(p, "recordsize").flatMap(ZfsReadBack::bytes).ifPresent(out::recordSize));
    if (requested.atime().isPresent()) {
      atime(p).ifPresent(out::atime);
    }
    requested
        .syncWrites()
        .ifPresent(r -> get(p, "sync").map(SyncMode::parse).ifPresent(out::syncWrites));
    requested
        .options()
        .forEach(
            (key, value) -> {
              String property = key.equals(ZfsTuning.ASHIFT) ? POOL + key : key;
              get(p, property)
                  .map(shown -> shown.equalsIgnoreCase(value.strip()) ? value : shown)
                  .ifPresent(v -> out.option(key, v));
            });
    return out.build();
  }

  private static Optional<String> get(Map<String, String> properties, String name) {
    return Optional.ofNullable(properties.get(name)).filter(v -> !v.equals("-"));
  }

  /**
   * On or off as ZFS reports it; unset when OpenZFS's {@code relatime=on} makes atime=on lazy,
   * which is neither.
   */
  private static Optional<Boolean> atime(Map<String, String> properties) {
    Optional<Boolean> on = get(properties, "atime").map("on"::equals);
    boolean lazy = get(properties, "relatime").filter("on"::equals).isPresent();
    return on.filter(o -> !(o && lazy));
  }

  private static Optional<Size> bytes(String value) {
    try {
      return Optional.of(Size.bytes(Long.parseLong(value)));
    } catch (NumberFormatException | InvalidInputException e) {
      return Optional.empty();
    }
  }
}
