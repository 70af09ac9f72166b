package io.fsbench.workloads.postmark;

/** PostMark's global counters, per instance; summed over threads for the result. */
final class PostMarkCounters {
  long transactions;
  long created;
  long createdAlone;
  long read;
  long appended;
  long deleted;
  long deletedAlone;
  long bytesRead;
  long bytesWritten;

  void add(PostMarkCounters o) {
    transactions += o.transactions;
    created += o.created;
    createdAlone += o.createdAlone;
    read += o.read;
    appended += o.appended;
    deleted += o.deleted;
    deletedAlone += o.deletedAlone;
    bytesRead += o.bytesRead;
    bytesWritten += o.bytesWritten;
  }
}
