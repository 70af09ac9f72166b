package io.fsbench.api;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Whole-tree operations on a source-like tree: extract it from a tar archive, walk it, find files
 * by name, archive it again, copy it, copy over the copy, and remove it. The tree comes from an
 * archive the caller gives (plain tar, .gz, .bz2, .xz, .zst, e.g. Debian's linux-source tarball) or
 * is generated from a seed: {@link #generatedFiles} files with log-normal sizes in a random
 * directory tree of about {@link #filesPerDir} files per directory, the same for the same seed.
 *
 * <pre>{@code
 * TreeSpec untar = TreeSpec.builder()
 *     .archive(Path.of("/usr/src/linux-source-6.1.tar.xz"))
 *     .phases(TreePhase.EXTRACT, TreePhase.REMOVE)
 *     .build();                                   // name() is "tree"
 * TreeSpec walk = TreeSpec.builder().generatedFiles(80_000).phases(TreePhase.WALK).build();
 * }</pre>
 *
 * <p>Archives with absolute paths or {@code ..} components are refused; links in archives are
 * created last and nothing is ever written or removed through a symbolic link.
 *
 * @param archive the tar archive to extract; null to generate the tree
 * @param generatedFiles files in a generated tree
 * @param medianFileSize median size of a generated file; zero makes every file empty
 * @param fileSizeSigma sigma of the log-normal file size distribution (of ln bytes)
 * @param filesPerDir mean files per directory of a generated tree
 * @param seed seeds the generated tree
 * @param phases the phases to run, always in {@link TreePhase} order
 * @param includeSync sync the filesystem at the end of each phase that writes, inside its timing
 * @param dropCaches drop the page cache before each phase (needs root; affects the whole machine)
 * @param findPattern the glob the find phase matches names against, e.g. {@code *.c}
 * @param owners whether extracting restores each entry's owner (GNU tar's {@code --same-owner}); by
 *     default as GNU tar does, when running as root
 * @param permissions whether extracting restores each entry's exact mode, not under the umask (GNU
 *     tar's {@code --same-permissions}); by default as GNU tar does, when running as root
 */
public record TreeSpec(
    @Nullable Path archive,
    int generatedFiles,
    Size medianFileSize,
    double fileSizeSigma,
    int filesPerDir,
    long seed,
    Set<TreePhase> phases,
    boolean includeSync,
    boolean dropCaches,
    String findPattern,
    Restore owners,
    Restore permissions)
    implements Workload {

  /** The largest generated file, so that the log-normal tail stays realistic. */
  public static final Size MAX_GENERATED_FILE = Size.mib(16);

  private static final List<String> PARAMS =
      List.of(
          "archive",
          "files",
          "median_size",
          "size_sigma",
          "files_per_dir",
          "seed",
          "phases",
          "include_sync",
          "drop_caches",
          "find",
          "same_owner",
          "same_permissions");

  public TreeSpec {
    Objects.requireNonNull(medianFileSize, "medianFileSize");
    Objects.requireNonNull(phases, "phases");
    Objects.requireNonNull(findPattern, "findPattern");
    Objects.requireNonNull(owners, "owners");
    Objects.requireNonNull(permissions, "permissions");
    phases = Set.copyOf(phases);
    if (phases.isEmpty()) {
      throw new InvalidInputException("phases must name at least one tree phase");
    }
    if (generatedFiles < 1 || generatedFiles > 100_000_000) {
      throw new InvalidInputException(
          "files (" + generatedFiles + ") must be between 1 and 100000000");
    }
    if (medianFileSize.compareTo(MAX_GENERATED_FILE) > 0) {
      throw new InvalidInputException(
          "median_size (" + medianFileSize + ") must be at most " + MAX_GENERATED_FILE);
    }
    if (!(fileSizeSigma >= 0 && fileSizeSigma <= 5)) {
      throw new InvalidInputException("size_sigma (" + fileSizeSigma + ") must be 0 to 5");
    }
    if (filesPerDir < 1) {
      throw new InvalidInputException("files_per_dir (" + filesPerDir + ") must be positive");
    }
    if (findPattern.isBlank() || findPattern.contains("/")) {
      throw new InvalidInputException(
          "find (" + findPattern + ") must be a glob on file names, e.g. *.c, without '/'");
    }
  }

  /**
   * {@code tree-<phase>} when one phase runs, e.g. {@code tree-extract}; {@code tree} otherwise.
   */
  @Override
  public String name() {
    return phases.size() == 1 ? "tree-" + phases.iterator().next().key() : "tree";
  }

  public boolean generated() {
    return archive == null;
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

  public Builder toBuilder() {
    Builder b = new Builder();
    b.archive = archive;
    b.generatedFiles = generatedFiles;
    b.medianFileSize = medianFileSize;
    b.fileSizeSigma = fileSizeSigma;
    b.filesPerDir = filesPerDir;
    b.seed = seed;
    b.phases = EnumSet.copyOf(phases);
    b.includeSync = includeSync;
    b.dropCaches = dropCaches;
    b.findPattern = findPattern;
    b.owners = owners;
    b.permissions = permissions;
    return b;
  }

  /**
   * Builds a spec from {@code key=value} parameters: archive (a path), files, median_size,
   * size_sigma, files_per_dir, seed (for a generated tree), phases (e.g. {@code extract,remove}),
   * include_sync, drop_caches, find, same_owner and same_permissions (true or false; by default as
   * GNU tar does: restored when running as root).
   *
   * @throws InvalidInputException naming any unknown key and listing the known ones
   */
  public static TreeSpec fromParams(Map<String, String> params) {
    WorkloadParams p = WorkloadParams.of("tree", params, PARAMS);
    TreeSpec d = builder().build();
    Builder b =
        builder()
            .archive(p.path("archive"))
            .generatedFiles(p.intValue("files", d.generatedFiles()))
            .medianFileSize(p.size("median_size", d.medianFileSize()))
            .fileSizeSigma(p.doubleValue("size_sigma", d.fileSizeSigma()))
            .filesPerDir(p.intValue("files_per_dir", d.filesPerDir()))
            .seed(p.longValue("seed", d.seed()))
            .includeSync(p.bool("include_sync", d.includeSync()))
            .dropCaches(p.bool("drop_caches", d.dropCaches()))
            .findPattern(p.string("find", d.findPattern()));
    if (p.has("same_owner")) {
      b.sameOwner(p.bool("same_owner", true));
    }
    if (p.has("same_permissions")) {
      b.samePermissions(p.bool("same_permissions", true));
    }
    if (p.has("phases")) {
      List<TreePhase> phases = new ArrayList<>();
      for (String item : p.list("phases", List.of())) {
        phases.add(TreePhase.parse(item));
      }
      b.phases(phases);
    }
    return b.build();
  }

  /**
   * Builds a spec for a workload named {@code tree} (every phase unless the parameters say) or
   * {@code tree-<phase>} (that phase only), e.g. {@code tree-extract} with {@code archive=PATH}.
   */
  public static TreeSpec fromParams(String workload, Map<String, String> params) {
    String name = workload.strip().toLowerCase(Locale.ROOT);
    if (name.equals("tree")) {
      return fromParams(params);
    }
    if (!name.startsWith("tree-")) {
      throw new InvalidInputException(
          "workload (" + workload + ") is not tree or tree-<phase>, e.g. tree-extract");
    }
    TreePhase phase = TreePhase.parse(name.substring("tree-".length()));
    if (params.containsKey("phases")) {
      throw new InvalidInputException(
          workload + " runs the " + phase.key() + " phase only; drop phases= or use tree");
    }
    Map<String, String> withPhase = new HashMap<>(params);
    withPhase.put("phases", phase.key());
    return fromParams(withPhase);
  }

  /** Builds a {@link TreeSpec}; by default a generated tree of 10000 files and every phase. */
  public static final class Builder {
    private @Nullable Path archive;
    private int generatedFiles = 10_000;
    private Size medianFileSize = Size.kib(4);
    private double fileSizeSigma = 1.5;
    private int filesPerDir = 16;
    private long seed = 42;
    private Set<TreePhase> phases = EnumSet.allOf(TreePhase.class);
    private boolean includeSync = true;
    private boolean dropCaches;
    private String findPattern = "*.c";
    private Restore owners = Restore.AS_TAR;
    private Restore permissions = Restore.AS_TAR;

    private Builder() {}

    /** Extract this archive; its compression is found from its first bytes. */
    public Builder archive(@Nullable Path archive) {
      this.archive = archive;
      return this;
    }

    /** Generate the tree instead of extracting an archive (the default). */
    public Builder generated() {
      this.archive = null;
      return this;
    }

    public Builder generatedFiles(int files) {
      this.generatedFiles = files;
      return this;
    }

    public Builder medianFileSize(Size size) {
      this.medianFileSize = size;
      return this;
    }

    public Builder fileSizeSigma(double sigma) {
      this.fileSizeSigma = sigma;
      return this;
    }

    public Builder filesPerDir(int filesPerDir) {
      this.filesPerDir = filesPerDir;
      return this;
    }

    public Builder seed(long seed) {
      this.seed = seed;
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

    public Builder findPattern(String glob) {
      this.findPattern = glob;
      return this;
    }

    /** Restore each entry's owner when extracting, or not ({@code tar --[no-]same-owner}). */
    public Builder sameOwner(boolean restore) {
      this.owners = Restore.of(restore);
      return this;
    }

    /**
     * Restore each entry's exact mode, or apply the umask ({@code tar --[no-]same-permissions}).
     */
    public Builder samePermissions(boolean restore) {
      this.permissions = Restore.of(restore);
      return this;
    }

    public TreeSpec build() {
      return new TreeSpec(
          archive,
          generatedFiles,
          medianFileSize,
          fileSizeSigma,
          filesPerDir,
          seed,
          phases,
          includeSync,
          dropCaches,
          findPattern,
          owners,
          permissions);
    }
  }
}
