package io.fsbench.workloads.tree;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.NamedWorkload;
import io.fsbench.api.Size;
import io.fsbench.api.TreePhase;
import io.fsbench.api.TreePhaseResult;
import io.fsbench.api.TreeResult;
import io.fsbench.api.TreeSpec;
import io.fsbench.api.Workload;
import io.fsbench.core.engine.Footprint;
import io.fsbench.core.engine.NeighbourFiles;
import io.fsbench.core.engine.Preset;
import io.fsbench.core.engine.RunNames;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.engine.WorkloadRunner;
import io.fsbench.core.nativeio.NativePath;
import io.fsbench.core.text.IoErrors;
import io.fsbench.spi.WorkloadCapability;
import io.fsbench.spi.support.LinuxHost;
import io.fsbench.workloads.common.MdtestLike;
import io.fsbench.workloads.common.ScratchContext;
import io.fsbench.workloads.common.Syncer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Runs a {@link TreeSpec}. Inside the workload directory it uses {@code source.tar} (a generated
 * archive), {@code tree/} (the extracted tree), {@code tree.tar} (the tar phase's output, removed
 * right after it) and {@code copy/}; all are removed at the end, untimed. A phase whose input no
 * selected phase made gets it from an untimed step first (the walk of an archive needs an extract).
 *
 * <p>Before measuring, the runner warms the JIT compiler up, untimed and unsynced: the same phases
 * run on a generated tree of {@value #WARM_UP_FILES} small files in a scratch directory that is
 * then removed. Without it the first phases would partly measure the Java interpreter, and the
 * optimising compiler would compete with them for the CPU: it compiles a method after some ten
 * thousand calls, so the warm-up tree has that many entries.
 *
 * <p>Asked to finish ({@link io.fsbench.Session#finish()}, a cluster's stonewall), the phase under
 * way stops after the entry it is at and is reported {@linkplain TreePhaseResult#cutShort() cut
 * short} with what it did; no later phase runs.
 *
 * <p>In a directory shared with other clients ({@link WorkloadContext#names()}) the four names
 * carry the client's tag ({@code TAG.tree}, {@code TAG.copy}, ...), so clients never collide.
 */
public final class TreeRunner implements WorkloadRunner<TreeSpec> {

  static final int WARM_UP_FILES = 10_000;

  private final Syncer syncer;
  private final CacheDropper caches;
  private final boolean warmUp;

  public TreeRunner() {
    this(Syncer.system());
  }

  public TreeRunner(Syncer syncer) {
    this(syncer, CacheDropper.system());
  }

  /** A runner with its flushes and cache drops injected, e.g. recorded in a test. */
  public TreeRunner(Syncer syncer, CacheDropper caches) {
    this(syncer, caches, true);
  }

  /** A runner that warms the JIT up before measuring, or not. */
  public TreeRunner(Syncer syncer, CacheDropper caches, boolean warmUp) {
    this.syncer = Objects.requireNonNull(syncer, "syncer");
    this.caches = Objects.requireNonNull(caches, "caches");
    this.warmUp = warmUp;
  }

  /**
   * Writes the archive a generated {@code spec} extracts (the same bytes for the same spec), e.g.
   * to extract the very same tree with GNU tar for comparison.
   */
  public static void writeGeneratedArchive(TreeSpec spec, Path archive) throws IOException {
    new TreeGenerator(spec).writeArchive(archive);
  }

  @Override
  public Class<TreeSpec> specType() {
    return TreeSpec.class;
  }

  /**
   * Phases at barriers, an early finish, a shared directory (its four names carry the client's tag;
   * what is below them is its own), neighbours' trees; CSV.
   */
  @Override
  public Set<WorkloadCapability> capabilities() {
    return MdtestLike.capabilities();
  }

  /**
   * {@code tree}, {@code tree-<phase>}, and {@code files-1m}: a million empty files in directories
   * of about a thousand, created (extracted from a generated archive), copied again over an untimed
   * first copy, and removed, with the tree workload's parameters (e.g. {@code files=100000}).
   */
  @Override
  public List<Preset> presets() {
    List<Preset> presets = new ArrayList<>();
    presets.add(new Preset("tree", params -> TreeSpec.fromParams("tree", params)));
    for (TreePhase phase : TreePhase.values()) {
      String name = "tree-" + phase.key();
      presets.add(new Preset(name, params -> TreeSpec.fromParams(name, params)));
    }
    presets.add(new Preset("files-1m", TreeRunner::millionFiles));
    return presets;
  }

  private static Workload millionFiles(Map<String, String> params) {
    Map<String, String> merged =
        Preset.withDefaults(
            params,
            Map.of(
                "files", "1000000",
                "median_size", "0",
                "files_per_dir", "1000",
                "phases", "extract,recopy,remove"));
    return new NamedWorkload("files-1m", TreeSpec.fromParams(merged));
  }

  /**
   * Its phases after extract can walk, search, archive, copy or remove another client's tree, named
   * by that client's tag; only when extract runs first, so that every client's tree exists once the
   * clients have met before the second phase.
   */
  @Override
  public Optional<String> cannotVisitNeighbours(TreeSpec spec) {
    if (spec.phases().contains(TreePhase.EXTRACT)) {
      return Optional.empty();
    }
    return Optional.of(
        "without the extract phase each client makes its tree untimed as its first phase starts,"
            + " which another client cannot wait for; include extract in the phases");
  }

  /**
   * A generated tree is written as an archive, extracted, and copied: three copies of its data and
   * two of its files and directories. An archive the user gives is of unknown size unpacked.
   */
  @Override
  public Footprint footprint(TreeSpec tree) {
    if (!tree.generated()) {
      return Footprint.NONE;
    }
    double sigma = tree.fileSizeSigma();
    double mean = tree.medianFileSize().bytes() * Math.exp(sigma * sigma / 2);
    long perFile = Footprint.blocks((long) Math.min(mean, TreeSpec.MAX_GENERATED_FILE.bytes()));
    long files = tree.generatedFiles();
    long dirs = files / tree.filesPerDir() + 1;
    long archive = (files + dirs) * 512 + files * (long) mean;
    return new Footprint(
        archive + 2 * files * perFile + 2 * dirs * Footprint.BLOCK, 2 * (files + dirs));
  }

  /**
   * An archive to extract must be a readable file now, not only when the extract phase opens it.
   */
  @Override
  public void check(TreeSpec spec) {
    Path archive = spec.archive();
    if (archive == null) {
      return;
    }
    if (!Files.isRegularFile(archive)) {
      throw new InvalidInputException(
          "archive ("
              + archive
              + ") "
              + (Files.exists(archive) ? "is not a regular file" : "does not exist")
              + "; give the path of a tar archive");
    }
    if (!Files.isReadable(archive)) {
      throw new InvalidInputException(
          "archive (" + archive + ") cannot be read by this user; give a readable tar archive");
    }
    try {
      ArchiveInput.checkLooksLikeTar(archive);
    } catch (IOException e) {
      throw new InvalidInputException(
          "archive (" + archive + ") cannot be read (" + IoErrors.describe(e) + ")", e);
    }
  }

  @Override
  public TreeResult run(TreeSpec spec, WorkloadContext context) {
    if (warmUp) {
      warmUp(spec, context);
    }
    Path work = context.directory();
    RunNames names = context.names();
    Path tree = work.resolve(names.of("tree"));
    Path copy = work.resolve(names.of("copy"));
    Path tarOut = work.resolve(names.of("tree.tar"));
    Path generated = work.resolve(names.of("source.tar"));
    PhaseTimer timer =
        new PhaseTimer(context, syncer, caches, spec.includeSync(), spec.dropCaches());
    context.whenFinishRequested(timer::finish);
    TreeCopier copier = new TreeCopier(TreeCopier.BUFFER);
    List<TreePhaseResult> results = new ArrayList<>();
    Throwable failure = null;
    try {
      Path archive = spec.generated() ? generated : spec.archive();
      if (spec.generated()) {
        new TreeGenerator(spec).writeArchive(generated);
      }
      List<TreePhase> phases = spec.orderedPhases();
      boolean haveCopy = false;
      for (int k = 0; k < phases.size(); k++) {
        TreePhase phase = phases.get(k);
        if (timer.finished() && !results.isEmpty()) {
          break;
        }
        context.progress((double) k / phases.size());
        context.failIfCancelled(spec.name());
        Optional<NeighbourFiles> other = k == 0 ? Optional.empty() : context.neighbour(k);
        // the tree this phase visits: this run's, or another client's (mdtest's -N)
        Path visited = other.map(o -> o.root().resolve(o.prefix() + "tree")).orElse(tree);
        Path boundary = other.map(NeighbourFiles::root).orElse(work);
        if (other.isPresent() && Files.notExists(visited)) {
          throw new FsBenchException(
              FsBenchException.Kind.RUN_FAILED,
              spec.name()
                  + " "
                  + phase.key()
                  + " phase: the other client's tree "
                  + visited
                  + " does not exist; it must run the same phases, extract first");
        }
        if (phase != TreePhase.EXTRACT && Files.notExists(tree) && other.isEmpty()) {
          extract(archive, tree, restored(spec));
        }
        switch (phase) {
          case EXTRACT -> {
            Files.createDirectory(tree);
            results.add(timer.time(phase, () -> extractInto(archive, tree, restored(spec))));
          }
          case WALK -> results.add(timer.time(phase, () -> TreeWalker.walk(visited)));
          case FIND -> results.add(timer.time(phase, () -> find(visited, spec.findPattern())));
          case TAR -> {
            results.add(timer.time(phase, () -> new TarCreator().create(visited, tarOut)));
            TreeRemover.remove(tarOut, work);
          }
          case COPY -> {
            results.add(timer.time(phase, () -> copier.copyTree(visited, copy)));
            haveCopy = true;
          }
          case RECOPY -> {
            if (!haveCopy) {
              copier.copyTree(visited, copy);
              haveCopy = true;
            }
            results.add(timer.time(phase, () -> copier.copyTree(visited, copy)));
          }
          case REMOVE -> results.add(timer.time(phase, () -> removeTree(visited, boundary)));
        }
      }
      // every client past its phases before any removes its tree
      context.beforePhase(WorkloadContext.END_PHASE);
      context.progress(1.0);
    } catch (IOException e) {
      failure = e;
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED, spec.name() + " failed: " + e.getMessage(), e);
    } catch (RuntimeException | Error e) {
      failure = e;
      throw e;
    } finally {
      cleanUp(work, failure, copy, tree, tarOut, generated);
    }
    return new TreeResult(spec, spec.dropCaches(), results);
  }

  /** The same phases on a small generated tree in a scratch directory, unsynced and unmeasured. */
  private static void warmUp(TreeSpec spec, WorkloadContext context) {
    TreeSpec small =
        TreeSpec.builder()
            .generatedFiles(WARM_UP_FILES)
            .medianFileSize(Size.bytes(512))
            .phases(spec.phases())
            .includeSync(false)
            .findPattern(spec.findPattern())
            .build();
    ScratchContext.warmUp(
        context,
        spec.name(),
        scratch -> new TreeRunner(NO_SYNC, () -> {}, false).run(small, scratch));
  }

  /** Makes no call: the warm-up must not flush, nor show in a test's recorded calls. */
  private static final Syncer NO_SYNC =
      new Syncer() {
        @Override
        public void fsync(NativePath file, FileSync call) {}

        @Override
        public void sync() {}

        @Override
        public void syncfs(Path anyPath) {}
      };

  private static void extract(Path archive, Path tree, TarExtractor.Options restored)
      throws IOException {
    Files.createDirectory(tree);
    extractInto(archive, tree, restored);
  }

  private static TreeCounts extractInto(Path archive, Path tree, TarExtractor.Options restored)
      throws IOException {
    try (InputStream tar = ArchiveInput.open(archive)) {
      return new TarExtractor(tree, restored).extract(tar);
    } catch (IOException e) {
      // The tar reader's own words ("Corrupted TAR archive.") do not say which file it read.
      throw new IOException(
          "archive "
              + archive
              + " is not a tar archive, or is damaged ("
              + IoErrors.describe(e)
              + "); give a tar archive, plain or compressed with gzip, bzip2, xz or zstd",
          e);
    }
  }

  /** What extracting restores: what GNU tar restores for this user, unless the spec says. */
  static TarExtractor.Options restored(TreeSpec spec) {
    boolean root = LinuxHost.effectiveUid() == 0;
    return new TarExtractor.Options(
        true, spec.owners().applies(root), spec.permissions().applies(root));
  }

  /** Removes the tree; its own directory is the container, not counted, as in the other phases. */
  private static TreeCounts removeTree(Path tree, Path work) throws IOException {
    TreeCounts counts = TreeRemover.remove(tree, work);
    counts.directories--;
    return counts;
  }

  private static TreeCounts find(Path tree, String glob) throws IOException {
    TreeCounts counts = new TreeCounts();
    TreeWalker.find(tree, glob, counts);
    return counts;
  }

  /** Removes what the run made, untimed; a failure here is added to the run's own failure. */
  static void cleanUp(Path work, Throwable failure, Path... paths) {
    for (Path path : paths) {
      try {
        TreeRemover.remove(path, work);
      } catch (IOException | RuntimeException e) {
        if (failure != null) {
          failure.addSuppressed(e);
        } else {
          throw new FsBenchException(
              FsBenchException.Kind.RUN_FAILED,
              "could not remove " + path + " after the run: " + e.getMessage(),
              e);
        }
      }
    }
  }
}
