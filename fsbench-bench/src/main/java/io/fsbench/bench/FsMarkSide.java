package io.fsbench.bench;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.FsMarkResult;
import io.fsbench.api.FsMarkSpec;
import io.fsbench.api.MetadataOperation;
import io.fsbench.core.engine.RunContext;
import io.fsbench.workloads.fsmark.FsMarkRunner;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * fsbench's side of {@link FsMarkDiff}, in a JVM of its own so that strace traces it as it traces
 * fs_mark: runs the spec of {@link FsMarkCase#sideArguments} in the given directory and prints
 * {@code Count Size} as fs_mark's result row has them (files created over all threads, bytes per
 * file).
 */
public final class FsMarkSide {

  private FsMarkSide() {}

  public static void main(String[] args) {
    try {
      List<String> arguments = List.of(args);
      FsMarkSpec spec = FsMarkCase.spec(arguments);
      Path dir = Path.of(arguments.get(0));
      FsMarkResult result =
          new FsMarkRunner().run(spec, new RunContext(dir, null, f -> {}, new AtomicBoolean()));
      long files = result.phase(MetadataOperation.CREATE).orElseThrow().files();
      System.out.println(files + " " + spec.fileSize().bytes());
    } catch (FsBenchException e) {
      System.err.println("fsbench fsmark: " + e.getMessage());
      System.exit(e.kind().exitCode());
    }
  }
}
