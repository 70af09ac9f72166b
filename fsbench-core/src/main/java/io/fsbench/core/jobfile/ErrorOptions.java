package io.fsbench.core.jobfile;

import io.fsbench.api.ErrorHandling;
import io.fsbench.api.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * fio's error-control options ({@code continue_on_error}, {@code ignore_error}, {@code error_dump})
 * for {@link JobOptionParser}, applied in the order they are given as fio applies them: {@code
 * continue_on_error} replaces the types to continue on, and a non-empty {@code ignore_error} list
 * adds its own type.
 */
final class ErrorOptions {

  private static final Map<String, Integer> CONTINUE_ON =
      Map.of(
          "none", 0,
          "0", 0,
          "read", ErrorHandling.READ,
          "write", ErrorHandling.WRITE,
          "io", ErrorHandling.READ | ErrorHandling.WRITE,
          "verify", ErrorHandling.VERIFY,
          "all", ErrorHandling.ALL,
          "1", ErrorHandling.ALL);

  /**
   * The names fio 3.33's {@code ignore_error} knows (its {@code str2error}): errnos 1 to 34 in
   * Linux's order, so that a name's number is its place in the list. Any other name is refused, as
   * fio refuses it ("Unknown error ..., please use number value").
   */
  private static final List<String> NAMES =
      List.of(
          "EPERM", "ENOENT", "ESRCH", "EINTR", "EIO", "ENXIO", "E2BIG", "ENOEXEC", "EBADF",
          "ECHILD", "EAGAIN", "ENOMEM", "EACCES", "EFAULT", "ENOTBLK", "EBUSY", "EEXIST", "EXDEV",
          "ENODEV", "ENOTDIR", "EISDIR", "EINVAL", "ENFILE", "EMFILE", "ENOTTY", "ETXTBSY", "EFBIG",
          "ENOSPC", "ESPIPE", "EROFS", "EMLINK", "EPIPE", "EDOM", "ERANGE");

  private static final int[] TYPES = {
    ErrorHandling.READ, ErrorHandling.WRITE, ErrorHandling.VERIFY
  };

  private ErrorHandling handling = ErrorHandling.NONE;

  void apply(String key, String value) {
    switch (key) {
      case "continue_on_error" -> handling = handling.continueOn(continueOn(value));
      case "ignore_error" -> ignore(value);
      case "error_dump" ->
          handling = handling.errorDump(FioValues.bool(key, value == null ? "1" : value));
      default -> throw new IllegalStateException("option '" + key + "' has no handler");
    }
  }

  ErrorHandling build() {
    return handling;
  }

  private static int continueOn(String value) {
    Integer types = CONTINUE_ON.get(value.strip().toLowerCase(Locale.ROOT));
    if (types == null) {
      throw new InvalidInputException(
          "continue_on_error ("
              + value
              + ") is not one of none, read, write, io, verify, all, 0, 1");
    }
    return types;
  }

  /** fio's {@code str_ignore_error_cb}: read,write,verify lists of errors, each split by ':'. */
  private void ignore(String value) {
    String[] lists = value.strip().split(",", -1);
    if (lists.length > TYPES.length) {
      throw new InvalidInputException(
          "ignore_error ("
              + value
              + ") has more than three comma-separated lists (read,write,verify), e.g."
              + " ignore_error=,ENOSPC:EIO");
    }
    for (int i = 0; i < lists.length; i++) {
      handling = handling.ignore(TYPES[i], errors(value, lists[i]));
    }
  }

  /** One type's list; as fio's, it ends at its first empty entry. */
  private static List<Integer> errors(String value, String list) {
    List<Integer> errors = new ArrayList<>();
    for (String entry : list.split(":", -1)) {
      String e = entry.strip();
      if (e.isEmpty()) {
        break;
      }
      errors.add(errno(value, e));
    }
    return errors;
  }

  /** A name fio knows, or a number (its sign dropped, as fio drops it). */
  private static int errno(String value, String entry) {
    int errno;
    if (entry.startsWith("E")) {
      errno = NAMES.indexOf(entry) + 1;
    } else {
      errno = leadingNumber(entry);
    }
    if (errno == 0) {
      throw new InvalidInputException(
          "ignore_error ("
              + value
              + ") names '"
              + entry
              + "', which fio 3.33 does not know; give its number instead (e.g. 122 for"
              + " EDQUOT), or one of "
              + String.join(", ", NAMES));
    }
    return errno;
  }

  /** C's atoi: the leading digits, after an optional sign; 0 when there are none. */
  private static int leadingNumber(String entry) {
    int i = entry.startsWith("-") || entry.startsWith("+") ? 1 : 0;
    int end = i;
    while (end < entry.length() && end - i < 9 && Character.isDigit(entry.charAt(end))) {
      end++;
    }
    return end == i ? 0 : Integer.parseInt(entry.substring(i, end));
  }
}
