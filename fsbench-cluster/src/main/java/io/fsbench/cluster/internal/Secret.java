package io.fsbench.cluster.internal;

import io.fsbench.api.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

/** The shared secret, read from its file once; refused when it is missing, empty or too short. */
public final class Secret {

  /** 16 bytes: an openssl rand -hex 16 line is 32 characters, twice that. */
  static final int MIN_BYTES = 16;

  private Secret() {}

  /** The secret's bytes, surrounding whitespace stripped; refused naming the file and the fix. */
  public static byte[] read(Path file) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      throw new InvalidInputException(
          "secret file ("
              + file
              + ") cannot be read: "
              + why(e)
              + "; make one with: openssl rand -hex 32 > "
              + file
              + " && chmod 600 "
              + file);
    }
    byte[] trimmed =
        new String(bytes, java.nio.charset.StandardCharsets.UTF_8)
            .strip()
            .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    if (trimmed.length < MIN_BYTES) {
      throw new InvalidInputException(
          "secret file ("
              + file
              + ") holds "
              + trimmed.length
              + " bytes; a shared secret needs at least "
              + MIN_BYTES
              + ", e.g. openssl rand -hex 32 > "
              + file);
    }
    refuseIfReadableByOthers(file);
    return trimmed;
  }

  private static String why(IOException e) {
    if (e instanceof java.nio.file.NoSuchFileException) {
      return "it does not exist";
    }
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied";
    }
    return e.getMessage();
  }

  private static void refuseIfReadableByOthers(Path file) {
    try {
      Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
      if (permissions.contains(PosixFilePermission.OTHERS_READ)) {
        throw new InvalidInputException(
            "secret file (" + file + ") is readable by every user; chmod 600 " + file);
      }
    } catch (UnsupportedOperationException | IOException e) {
      // a filesystem without POSIX permissions: nothing to check
    }
  }
}
