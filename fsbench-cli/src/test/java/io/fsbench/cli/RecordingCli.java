package io.fsbench.cli;

import io.fsbench.FsBench;
import io.fsbench.tck.FakeHost;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * The command line run in-process on a {@link FakeHost}: a root shell with every tool, whose {@code
 * Shell} runs nothing and records every command, and the plugins discovered as in production. A
 * test reads what fsbench printed, its exit code, and every command it ran.
 */
final class RecordingCli {

  private final FakeHost host = new FakeHost();
  private final Path workDir;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  RecordingCli(Path temp) {
    this.workDir = temp.resolve("fsbench-work");
  }

  /** From now on, the host is not root. */
  RecordingCli nonRoot() {
    host.root(false);
    return this;
  }

  /** Runs one command line; output from earlier runs is discarded. */
  int run(String... args) {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    return Main.run(
        args,
        new PrintWriter(out, true),
        new PrintWriter(err, true),
        () -> FsBench.builder().host(host).workDir(workDir).build());
  }

  String out() {
    return out.toString();
  }

  String err() {
    return err.toString();
  }

  /** Every command the shell was given, as command lines. */
  List<String> commands() {
    return host.shell().commandLines();
  }

  Path workDir() {
    return workDir;
  }
}
