package io.fsbench.cli;

import io.fsbench.FsBench;
import io.fsbench.api.CleanupResult;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;

/** {@code fsbench cleanup}: release what killed runs left behind. */
@Command(
    name = "cleanup",
    description =
        "Release what killed fsbench runs left behind: mounts, pools, loop devices, images.")
final class CleanupCommand implements Callable<Integer> {

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    FsBench fsbench = FsBench.defaults();
    CleanupResult result = fsbench.cleanup();
    var out = spec.commandLine().getOut();
    if (result.released().isEmpty() && result.failed().isEmpty()) {
      out.println("nothing to clean up in " + fsbench.workDir());
    }
    result.released().forEach(r -> out.println("released " + r));
    result.failed().forEach(f -> spec.commandLine().getErr().println("could not release " + f));
    out.flush();
    return result.succeeded() ? 0 : 1;
  }
}
