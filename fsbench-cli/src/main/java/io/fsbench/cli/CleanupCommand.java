package io.fsbench.cli;

import io.fsbench.FsBench;
import io.fsbench.api.CleanupResult;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;

/** {@code fsbench cleanup}: release what killed runs left behind. */
@Command(
    name = "cleanup",
    description =
        "Release what killed fsbench runs left behind: mounts, pools, loop devices, images.")
final class CleanupCommand implements Callable<Integer> {

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  private final Supplier<FsBench> fsbench;

  CleanupCommand(Supplier<FsBench> fsbench) {
    this.fsbench = fsbench;
  }

  @Override
  public Integer call() {
    FsBench fsbench = this.fsbench.get();
    CleanupResult result = fsbench.cleanup();
    var out = spec.commandLine().getOut();
    if (result.released().isEmpty() && result.failed().isEmpty() && result.refused().isEmpty()) {
      out.println("nothing to clean up in " + fsbench.workDir());
    }
    result.released().forEach(r -> out.println("released " + r));
    var err = spec.commandLine().getErr();
    result.failed().forEach(f -> err.println("could not release " + f));
    result.refused().forEach(f -> err.println("refused " + f));
    err.flush();
    out.flush();
    return result.succeeded() ? 0 : 1;
  }
}
