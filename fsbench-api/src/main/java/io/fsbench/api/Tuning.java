package io.fsbench.api;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * How a filesystem is made and mounted: the common knobs, typed, plus options that only one
 * filesystem understands. Every knob is unset by default, which means "the filesystem's own
 * default"; a plugin that cannot honour a knob that is set refuses it before anything is created.
 *
 * <pre>{@code
 * Tuning fast = Tuning.builder().atime(false).dataMode(DataMode.WRITEBACK).build();
 * Tuning zstd = Tuning.parse(List.of("compression=zstd:3", "atime=off"));
 * Tuning xfs = Tuning.builder().option("logbsize", "256k").build();
 * }</pre>
 */
public final class Tuning {

  private static final Pattern OPTION_KEY = Pattern.compile("[a-z][a-z0-9_.-]*");
  private static final Tuning DEFAULTS = new Builder().build();

  private final Map<Knob, Object> knobs;
  private final Map<String, String> options;

  private Tuning(Builder builder) {
    this.knobs = Collections.unmodifiableMap(new LinkedHashMap<>(builder.knobs));
    this.options = Collections.unmodifiableMap(new TreeMap<>(builder.options));
  }

  /** No knob set: every filesystem's own defaults. */
  public static Tuning defaults() {
    return DEFAULTS;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    Builder builder = new Builder();
    builder.knobs.putAll(knobs);
    builder.options.putAll(options);
    return builder;
  }

  /**
   * Parses {@code key=value} settings as given to {@code --tune}. Keys are the {@link Knob} keys
   * plus the usual mount-option spellings ({@code noatime}, {@code nodiratime}, {@code nobarrier},
   * {@code nodatacow}, {@code compress=zstd:3}, {@code compress-force=lzo}, {@code
   * data=writeback}); {@code mkfs-options} and {@code mount-options} take space-separated lists;
   * any other key is a filesystem-specific option.
   */
  public static Tuning parse(List<String> settings) {
    Builder builder = builder();
    for (String setting : settings) {
      builder.set(setting);
    }
    return builder.build();
  }

  public Optional<Boolean> atime() {
    return get(Knob.ATIME, Boolean.class);
  }

  public Optional<Boolean> diratime() {
    return get(Knob.DIRATIME, Boolean.class);
  }

  public Optional<Boolean> journal() {
    return get(Knob.JOURNAL, Boolean.class);
  }

  public Optional<DataMode> dataMode() {
    return get(Knob.DATA_MODE, DataMode.class);
  }

  public Optional<Boolean> barriers() {
    return get(Knob.BARRIERS, Boolean.class);
  }

  public Optional<Compression> compression() {
    return get(Knob.COMPRESSION, Compression.class);
  }

  public Optional<Boolean> copyOnWrite() {
    return get(Knob.COPY_ON_WRITE, Boolean.class);
  }

  public Optional<Size> blockSize() {
    return get(Knob.BLOCK_SIZE, Size.class);
  }

  public Optional<Size> recordSize() {
    return get(Knob.RECORD_SIZE, Size.class);
  }

  public Optional<SyncMode> syncWrites() {
    return get(Knob.SYNC_WRITES, SyncMode.class);
  }

  /** Extra arguments appended to the mkfs command line, as given. */
  @SuppressWarnings("unchecked")
  public List<String> extraMkfsOptions() {
    return (List<String>) knobs.getOrDefault(Knob.MKFS_OPTIONS, List.of());
  }

  /** Extra mount options appended to the mount options, as given. */
  @SuppressWarnings("unchecked")
  public List<String> extraMountOptions() {
    return (List<String>) knobs.getOrDefault(Knob.MOUNT_OPTIONS, List.of());
  }

  /** Filesystem-specific options by key, e.g. {@code logbsize=256k} for XFS; sorted by key. */
  public Map<String, String> options() {
    return options;
  }

  public Optional<String> option(String key) {
    return Optional.ofNullable(options.get(key));
  }

  /** The knobs that are set. */
  public Set<Knob> knobs() {
    return knobs.isEmpty() ? EnumSet.noneOf(Knob.class) : EnumSet.copyOf(knobs.keySet());
  }

  public boolean isDefault() {
    return knobs.isEmpty() && options.isEmpty();
  }

  /** The canonical {@code key=value} form of every knob and option that is set, knobs first. */
  public Map<String, String> asMap() {
    Map<String, String> map = new LinkedHashMap<>();
    for (Knob knob : Knob.values()) {
      Object value = knobs.get(knob);
      if (value != null) {
        map.put(knob.key(), format(value));
      }
    }
    map.putAll(options);
    return Collections.unmodifiableMap(map);
  }

  /** A short label for tables: {@code atime=off,compression=zstd:3}, or {@code defaults}. */
  public String label() {
    if (isDefault()) {
      return "defaults";
    }
    List<String> parts = new ArrayList<>();
    asMap().forEach((k, v) -> parts.add(k + "=" + v));
    return String.join(",", parts);
  }

  private static String format(Object value) {
    if (value instanceof Boolean b) {
      return b ? "on" : "off";
    }
    if (value instanceof DataMode mode) {
      return mode.key();
    }
    if (value instanceof SyncMode mode) {
      return mode.key();
    }
    if (value instanceof List<?> list) {
      return String.join(" ", list.stream().map(Object::toString).toList());
    }
    return value.toString();
  }

  private <T> Optional<T> get(Knob knob, Class<T> type) {
    return Optional.ofNullable(type.cast(knobs.get(knob)));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Tuning other && knobs.equals(other.knobs) && options.equals(other.options);
  }

  @Override
  public int hashCode() {
    return Objects.hash(knobs, options);
  }

  @Override
  public String toString() {
    return label();
  }

  /** Builds a {@link Tuning}; every setter names its knob without a prefix. */
  public static final class Builder {
    private final Map<Knob, Object> knobs = new LinkedHashMap<>();
    private final Map<String, String> options = new TreeMap<>();

    private Builder() {}

    public Builder atime(boolean on) {
      return put(Knob.ATIME, on);
    }

    public Builder diratime(boolean on) {
      return put(Knob.DIRATIME, on);
    }

    public Builder journal(boolean on) {
      return put(Knob.JOURNAL, on);
    }

    public Builder dataMode(DataMode mode) {
      return put(Knob.DATA_MODE, Objects.requireNonNull(mode, "dataMode"));
    }

    public Builder barriers(boolean on) {
      return put(Knob.BARRIERS, on);
    }

    public Builder compression(Compression compression) {
      return put(Knob.COMPRESSION, Objects.requireNonNull(compression, "compression"));
    }

    public Builder copyOnWrite(boolean on) {
      return put(Knob.COPY_ON_WRITE, on);
    }

    public Builder blockSize(Size size) {
      return put(Knob.BLOCK_SIZE, positive("blocksize", size));
    }

    public Builder recordSize(Size size) {
      return put(Knob.RECORD_SIZE, positive("recordsize", size));
    }

    public Builder syncWrites(SyncMode mode) {
      return put(Knob.SYNC_WRITES, Objects.requireNonNull(mode, "syncWrites"));
    }

    public Builder extraMkfsOptions(List<String> arguments) {
      return put(Knob.MKFS_OPTIONS, List.copyOf(arguments));
    }

    public Builder extraMountOptions(List<String> mountOptions) {
      return put(Knob.MOUNT_OPTIONS, List.copyOf(mountOptions));
    }

    /** A filesystem-specific option; the plugin that does not know the key refuses it. */
    public Builder option(String key, String value) {
      String k = key.strip().toLowerCase(Locale.ROOT);
      if (!OPTION_KEY.matcher(k).matches()) {
        throw new InvalidInputException(
            "tuning option key ("
                + key
                + ") must start with a letter and hold only a-z, 0-9, '_', '.', '-'");
      }
      options.put(k, Objects.requireNonNull(value, "value").strip());
      return this;
    }

    /** Removes a knob so that the filesystem's default applies again. */
    public Builder clear(Knob knob) {
      knobs.remove(knob);
      return this;
    }

    /** Applies one {@code key=value} (or bare flag such as {@code noatime}) setting. */
    public Builder set(String setting) {
      String s = setting.strip();
      int eq = s.indexOf('=');
      String key = (eq < 0 ? s : s.substring(0, eq)).strip().toLowerCase(Locale.ROOT);
      String value = eq < 0 ? null : s.substring(eq + 1).strip();
      if (key.isEmpty()) {
        throw new InvalidInputException(
            "tuning (" + setting + ") has no key; write key=value, e.g. atime=off");
      }
      switch (key) {
        case "noatime" -> flag(setting, value, Knob.ATIME, false);
        case "nodiratime" -> flag(setting, value, Knob.DIRATIME, false);
        case "nobarrier" -> flag(setting, value, Knob.BARRIERS, false);
        case "nodatacow" -> flag(setting, value, Knob.COPY_ON_WRITE, false);
        case "atime" -> put(Knob.ATIME, bool(setting, value));
        case "diratime" -> put(Knob.DIRATIME, bool(setting, value));
        case "journal" -> put(Knob.JOURNAL, bool(setting, value));
        case "barrier", "barriers" -> put(Knob.BARRIERS, bool(setting, value));
        case "cow", "datacow", "copy-on-write" -> put(Knob.COPY_ON_WRITE, bool(setting, value));
        case "data" -> put(Knob.DATA_MODE, DataMode.parse(required(setting, value)));
        case "compression", "compress" ->
            put(Knob.COMPRESSION, Compression.parse(required(setting, value)));
        case "compress-force" ->
            put(Knob.COMPRESSION, Compression.parse(required(setting, value)).forced());
        case "blocksize", "bs", "block-size" -> blockSize(Size.parse(required(setting, value)));
        case "recordsize", "record-size" -> recordSize(Size.parse(required(setting, value)));
        case "sync" -> put(Knob.SYNC_WRITES, SyncMode.parse(required(setting, value)));
        case "mkfs-options", "mkfs" -> extraMkfsOptions(words(required(setting, value)));
        case "mount-options", "mount" ->
            extraMountOptions(Arrays.asList(required(setting, value).split(",")));
        default -> option(key, required(setting, value));
      }
      return this;
    }

    public Tuning build() {
      return new Tuning(this);
    }

    private Builder put(Knob knob, Object value) {
      knobs.put(knob, value);
      return this;
    }

    private void flag(String setting, @Nullable String value, Knob knob, boolean on) {
      if (value != null) {
        throw new InvalidInputException(
            "tuning (" + setting + ") is a flag and takes no value; write it alone");
      }
      put(knob, on);
    }

    private static Size positive(String name, Size size) {
      if (size.isZero()) {
        throw new InvalidInputException(name + " (" + size + ") must be positive");
      }
      return size;
    }

    private static String required(String setting, @Nullable String value) {
      if (value == null || value.isEmpty()) {
        throw new InvalidInputException(
            "tuning (" + setting + ") needs a value; write key=value, e.g. data=writeback");
      }
      return value;
    }

    private static List<String> words(String value) {
      return Arrays.stream(value.split("\\s+")).filter(w -> !w.isEmpty()).toList();
    }

    private static boolean bool(String setting, @Nullable String value) {
      String v = required(setting, value).toLowerCase(Locale.ROOT);
      return switch (v) {
        case "on", "true", "yes", "1" -> true;
        case "off", "false", "no", "0" -> false;
        default ->
            throw new InvalidInputException(
                "tuning (" + setting + ") takes on or off, not '" + value + "'");
      };
    }
  }
}
