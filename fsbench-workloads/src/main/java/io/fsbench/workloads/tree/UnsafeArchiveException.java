package io.fsbench.workloads.tree;

import io.fsbench.api.InvalidInputException;

/**
 * An archive entry that would write outside the extraction directory: an absolute path, a {@code
 * ..} component, or a path through a symbolic link the archive made. Nothing is written for it.
 */
public final class UnsafeArchiveException extends InvalidInputException {

  private static final long serialVersionUID = 1L;

  UnsafeArchiveException(String entry, String why) {
    super(
        "archive entry '"
            + entry
            + "' "
            + why
            + "; fsbench extracts only relative paths that stay inside the workload directory."
            + " Repack the archive with relative paths (tar -C DIR -cf ARCHIVE .)");
  }
}
