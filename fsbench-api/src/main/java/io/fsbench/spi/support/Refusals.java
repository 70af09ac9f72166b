package io.fsbench.spi.support;

import io.fsbench.api.Compression;
import io.fsbench.api.Knob;
import io.fsbench.api.Tuning;
import io.fsbench.api.UnsupportedTuningException;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.TuningSupport;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The refusals every plugin's {@link FileSystemPlugin#validate} makes, worded alike: a knob the
 * filesystem does not have, a knob set to the one value it cannot honour, an option it does not
 * know. Each throws an {@link UnsupportedTuningException} that names the setting as the user wrote
 * it, the filesystem and the reason, before anything is created.
 *
 * <pre>{@code
 * Refusals.of("xfs", tuning)
 *     .ifSet(Knob.COMPRESSION, "XFS has no compression")
 *     .ifSetTo(Knob.JOURNAL, "off", "XFS always journals its metadata")
 *     .unknownOptions(List.of("crc", "reflink"));
 * }</pre>
 */
public final class Refusals {

  private final String fileSystem;
  private final Tuning tuning;

  private Refusals(String fileSystem, Tuning tuning) {
    this.fileSystem = fileSystem;
    this.tuning = tuning;
  }

  /** Refusals of {@code tuning}'s settings, in the name of {@code fileSystem} (a plugin id). */
  public static Refusals of(String fileSystem, Tuning tuning) {
    return new Refusals(fileSystem, tuning);
  }

  /** Refuses {@code knob} when the tuning sets it to anything, for a knob the filesystem lacks. */
  public Refusals ifSet(Knob knob, String reason) {
    String value = tuning.asMap().get(knob.key());
    if (value != null && !value.isEmpty()) {
      throw new UnsupportedTuningException(fileSystem, setting(knob), reason);
    }
    return this;
  }

  /**
   * Refuses {@code knob} when the tuning sets it to {@code value}, in the form {@link
   * Tuning#asMap()} gives it ({@code off}, {@code writeback}, {@code 4k}).
   */
  public Refusals ifSetTo(Knob knob, String value, String reason) {
    if (value.equals(tuning.asMap().get(knob.key()))) {
      throw new UnsupportedTuningException(fileSystem, setting(knob), reason);
    }
    return this;
  }

  /** Refuses the first option whose key is not {@code known}, listing the known ones. */
  public Refusals unknownOptions(Collection<String> known) {
    return unknownOptions(known, "");
  }

  /**
   * Refuses the first option whose key is not {@code known}, listing the known ones and then {@code
   * knobs}, the knobs the filesystem takes, for a user who wrote a knob as an option.
   */
  public Refusals unknownOptions(Collection<String> known, String knobs) {
    for (Map.Entry<String, String> option : tuning.options().entrySet()) {
      if (!known.contains(option.getKey())) {
        String takes =
            known.isEmpty()
                ? fileSystem + " takes no options of its own"
                : fileSystem + " knows the options " + String.join(", ", new TreeSet<>(known));
        throw new UnsupportedTuningException(
            fileSystem,
            option.getKey() + "=" + option.getValue(),
            "unknown option '"
                + option.getKey()
                + "'; "
                + takes
                + (knobs.isEmpty() ? "" : " and the knobs " + knobs));
      }
    }
    return this;
  }

  /**
   * The setting of {@code knob} as the user writes it: {@code journal=off}, {@code
   * compression=zstd:3}, {@code compress-force=lzo}, {@code mount-options=noatime,commit=30}.
   *
   * @throws IllegalArgumentException when the tuning does not set the knob
   */
  public String setting(Knob knob) {
    String value = tuning.asMap().get(knob.key());
    if (value == null) {
      throw new IllegalArgumentException(knob.key() + " is not set in " + tuning);
    }
    if (knob == Knob.COMPRESSION) {
      return compressionSetting(tuning.compression().orElseThrow());
    }
    if (knob == Knob.MOUNT_OPTIONS) {
      return knob.key() + "=" + String.join(",", tuning.extraMountOptions());
    }
    return knob.key() + "=" + value;
  }

  private static String compressionSetting(Compression compression) {
    String value =
        compression.algorithm()
            + (compression.level().isPresent() ? ":" + compression.level().getAsInt() : "");
    return (compression.force() ? "compress-force=" : "compression=") + value;
  }

  /**
   * The reason {@code validation} gives for refusing each setting, for {@link
   * TuningSupport#refused()}: taken from the check itself, the list and the check cannot drift
   * apart.
   *
   * <pre>{@code
   * Refusals.reasons(List.of("journal=off", "data=writeback"), t -> validate(t, host));
   * }</pre>
   *
   * @throws IllegalStateException when {@code validation} takes one of the settings
   */
  public static Map<String, String> reasons(List<String> settings, Consumer<Tuning> validation) {
    Map<String, String> reasons = new LinkedHashMap<>();
    for (String setting : settings) {
      reasons.put(setting, reason(setting, validation));
    }
    return reasons;
  }

  private static String reason(String setting, Consumer<Tuning> validation) {
    try {
      validation.accept(Tuning.parse(List.of(setting)));
    } catch (UnsupportedTuningException e) {
      return Objects.requireNonNullElse(e.getMessage(), setting);
    }
    throw new IllegalStateException(
        "the setting " + setting + " is listed as refused, but validation takes it");
  }
}
