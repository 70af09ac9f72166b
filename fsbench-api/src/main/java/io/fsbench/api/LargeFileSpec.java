package io.fsbench.api;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Copy one large file, copy it again over the copy, and remove it, as in the classic "copy a 4 GB
 * file" comparisons. The source file is written with incompressible data in an untimed setup step
 * and synced; unless {@link #dropCaches} is set, the copy then reads it from the page cache when it
 * fits in memory.
 *
 * <pre>{@code
 * LargeFileSpec spec = LargeFileSpec.builder().size(Size.gib(4)).build();
 * }</pre>
 *
 * @param size the file's size
 * @param bufferSize bytes per read and per write of the copy
 * @param phases COPY, RECOPY and/or REMOVE, run in that order
 * @param includeSync sync the filesystem at the end of each phase, inside its timing
 * @param dropCaches drop the page cache before each phase (needs root; affects the whole machine)
 */
public record LargeFileSpec(
    Size size, Size bufferSize, Set<TreePhase> phases, boolean includeSync, boolean dropCaches)
    implements Workload {

  public static final String NAME = "largefile";

  private static final Set<TreePhase> SUPPORTED =
      EnumSet.of(TreePhase.COPY, TreePhase.RECOPY, TreePhase.REMOVE);

  private static final List<String> PARAMS =
      List.of("size", "buffer", "phases", "include_sync", "drop_caches");

  public LargeFileSpec {
    Objects.requireNonNull(size, "size");
    Objects.requireNonNull(bufferSize, "bufferSize");
    Objects.requireNonNull(phases, "phases");
    phases = Set.copyOf(phases);
    if (size.isZero()) {
      throw new InvalidInputException("size (" + size + ") must be positive, e.g. 4g");
    }
    if (bufferSize.isZero() || bufferSize.compareTo(Size.mib(64)) > 0) {
      throw new InvalidInputException("buffer (" + bufferSize + ") must be between 1 and 64m");
    }
    if (phases.isEmpty() || !SUPPORTED.containsAll(phases)) {
      throw new InvalidInputException(
          "phases " + phases + " must be some of copy, recopy, remove for a large file");
    }
  }

  /**
   * {@code largefile-<phase>} when one phase runs, e.g. {@code largefile-copy}; else {@code
   * largefile}.
   */
  @Override
  public String name() {
    return phases.size() == 1 ? NAME + "-" + phases.iterator().next().key() : NAME;
  }

  /** The phases in the order they run. */
  public List<TreePhase> orderedPhases() {
    List<TreePhase> ordered = new ArrayList<>();
    for (TreePhase phase : TreePhase.values()) {
      if (phases.contains(phase)) {
        ordered.add(phase);
      }
    }
    return List.copyOf(ordered);
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds a spec from {@code key=value} parameters: size, buffer, phases (e.g. {@code
   * copy,remove}), include_sync, drop_caches.
   *
   * @throws InvalidInputException naming any unknown key and listing the known ones
   */
  public static LargeFileSpec fromParams(Map<String, String> params) {
    WorkloadParams p = WorkloadParams.of(NAME, params, PARAMS);
    LargeFileSpec d = builder().build();
    Builder b =
        builder()
            .size(p.size("size", d.size()))
            .bufferSize(p.size("buffer", d.bufferSize()))
            .includeSync(p.bool("include_sync", d.includeSync()))
            .dropCaches(p.bool("drop_caches", d.dropCaches()));
    if (p.has("phases")) {
      List<TreePhase> phases = new ArrayList<>();
      for (String item : p.list("phases", List.of())) {
        phases.add(TreePhase.parse(item));
      }
      b.phases(phases);
    }
    return b.build();
  }

  /** Builds a {@link LargeFileSpec}; by default a 4 GiB file copied with 1 MiB buffers. */
  public static final class Builder {
    private Size size = Size.gib(4);
    private Size bufferSize = Size.mib(1);
    private Set<TreePhase> phases = EnumSet.copyOf(SUPPORTED);
    private boolean includeSync = true;
    private boolean dropCaches;

    private Builder() {}

    public Builder size(Size size) {
      this.size = size;
      return this;
    }

    public Builder bufferSize(Size size) {
      this.bufferSize = size;
      return this;
    }

    public Builder phases(TreePhase... phases) {
      return phases(List.of(phases));
    }

    public Builder phases(Collection<TreePhase> phases) {
      this.phases = phases.isEmpty() ? EnumSet.noneOf(TreePhase.class) : EnumSet.copyOf(phases);
      return this;
    }

    public Builder includeSync(boolean includeSync) {
      this.includeSync = includeSync;
      return this;
    }

    public Builder dropCaches(boolean dropCaches) {
      this.dropCaches = dropCaches;
      return this;
    }

    public LargeFileSpec build() {
      return new LargeFileSpec(size, bufferSize, phases, includeSync, dropCaches);
    }
  }
}
