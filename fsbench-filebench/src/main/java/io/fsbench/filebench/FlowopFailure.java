package io.fsbench.filebench;

/**
 * A flowop that cannot go on: filebench's {@code FILEBENCH_ERROR}, which stops the whole run. The
 * message names the flowop, its place in the workload file, and what to do.
 */
final class FlowopFailure extends RuntimeException {

  private static final long serialVersionUID = 1L;

  FlowopFailure(Flowop flowop, String problem) {
    super(flowop.where + flowop + ": " + problem);
  }

  FlowopFailure(Flowop flowop, String problem, Throwable cause) {
    super(flowop.where + flowop + ": " + problem, cause);
  }
}
