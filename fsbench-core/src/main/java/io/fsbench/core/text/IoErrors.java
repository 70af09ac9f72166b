package io.fsbench.core.text;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * An I/O error in words, with the file it concerns: the JDK's messages are often only a path or the
 * exception's class name, neither of which tells a user what went wrong.
 */
public final class IoErrors {

  private IoErrors() {}

  /** {@code /x/y: permission denied}, {@code /x: not a directory}, …; never a class name. */
  public static String describe(IOException e) {
    if (e instanceof NoSuchFileException f) {
      return f.getFile() + ": no such file or directory";
    }
    if (e instanceof AccessDeniedException f) {
      return f.getFile() + ": permission denied";
    }
    if (e instanceof NotDirectoryException f) {
      return f.getFile() + ": not a directory";
    }
    if (e instanceof FileAlreadyExistsException f) {
      return f.getFile() + ": exists and is not a directory";
    }
    if (e instanceof FileSystemException f) {
      String file = f.getFile() == null ? "" : f.getFile() + ": ";
      return file + (f.getReason() != null ? f.getReason() : "cannot be used");
    }
    return e.getMessage() != null ? e.getMessage() : "an I/O error";
  }
}
