package io.fsbench.core.jobfile;

import io.fsbench.api.InvalidInputException;
import io.fsbench.core.text.IoErrors;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads fio's INI format as fio does: {@code [section]} lines start sections, {@code ;} and {@code
 * #} start comments anywhere on a line, {@code include FILE} pulls in options from another file
 * (relative to the including file; it may not start sections), and options are {@code key=value} or
 * a bare {@code key}.
 */
final class IniReader {

  /** One option line and where it came from. */
  record Option(String key, String value, String where) {}

  /** A {@code [name]} section with its option lines in order. */
  record Section(String name, List<Option> options, String where) {
    boolean isGlobal() {
      return name.startsWith("global");
    }
  }

  private static final int MAX_INCLUDE_DEPTH = 16;

  private IniReader() {}

  static List<Section> read(Path file) {
    return read(lines(file), file.toAbsolutePath().getParent(), file.toString());
  }

  static List<Section> read(List<String> lines, Path baseDir, String source) {
    List<Section> sections = new ArrayList<>();
    Section current = null;
    for (int i = 0; i < lines.size(); i++) {
      String where = source + ":" + (i + 1);
      String line = strip(lines.get(i));
      if (line.isEmpty()) {
        continue;
      }
      if (line.startsWith("[")) {
        if (!line.endsWith("]") || line.length() < 3) {
          throw new InvalidInputException(where + ": '" + line + "' is not a [section] line");
        }
        current =
            new Section(line.substring(1, line.length() - 1).strip(), new ArrayList<>(), where);
        sections.add(current);
        continue;
      }
      if (current == null) {
        requireOptionLine(line, where, source);
        throw new InvalidInputException(
            where + ": option '" + line + "' is outside any [section]; put it under [global]");
      }
      addOption(current.options(), line, baseDir, where, 0);
    }
    return sections;
  }

  private static void addOption(
      List<Option> options, String line, Path baseDir, String where, int depth) {
    if (line.startsWith("include ") || line.startsWith("include\t")) {
      if (depth >= MAX_INCLUDE_DEPTH) {
        throw new InvalidInputException(where + ": includes nest deeper than " + MAX_INCLUDE_DEPTH);
      }
      Path included = Path.of(line.substring("include".length()).strip());
      if (!included.isAbsolute() && baseDir != null) {
        included = baseDir.resolve(included);
      }
      List<String> lines = lines(included);
      for (int i = 0; i < lines.size(); i++) {
        String inner = strip(lines.get(i));
        String innerWhere = included + ":" + (i + 1);
        if (inner.isEmpty()) {
          continue;
        }
        if (inner.startsWith("[")) {
          throw new InvalidInputException(
              innerWhere + ": an included file may not start sections (as in fio)");
        }
        addOption(options, inner, included.getParent(), innerWhere, depth + 1);
      }
      return;
    }
    requireOptionLine(line, where, where.substring(0, where.lastIndexOf(':')));
    int eq = line.indexOf('=');
    String key = (eq < 0 ? line : line.substring(0, eq)).strip();
    String value = eq < 0 ? null : line.substring(eq + 1).strip();
    options.add(new Option(key, value, where));
  }

  private static final Pattern OPTION_KEY = Pattern.compile("[A-Za-z0-9_.-]+");

  /**
   * Refuses a line that is no option, without echoing it: a file given by mistake (an include of
   * /etc/shadow) must not have its content printed in the error.
   */
  private static void requireOptionLine(String line, String where, String file) {
    int eq = line.indexOf('=');
    String key = (eq < 0 ? line : line.substring(0, eq)).strip();
    if (!OPTION_KEY.matcher(key).matches()) {
      throw new InvalidInputException(
          where
              + ": not a fio option line (key=value or a bare key); "
              + file
              + " does not look like a fio job file (its content is not shown)");
    }
  }

  /**
   * Job files are small; a larger file is no job file, and reading it whole could exhaust memory.
   */
  static final long MAX_JOB_FILE_BYTES = 1 << 20;

  /** fio's strip_blank_end: everything from the first ';' or '#' is a comment. */
  static String strip(String line) {
    String s = line;
    int semicolon = s.indexOf(';');
    if (semicolon >= 0) {
      s = s.substring(0, semicolon);
    }
    int hash = s.indexOf('#');
    if (hash >= 0) {
      s = s.substring(0, hash);
    }
    return s.strip();
  }

  private static List<String> lines(Path file) {
    // A FIFO would block the read and /dev/zero never end it: only regular files are job files.
    if (!Files.isRegularFile(file)) {
      throw new InvalidInputException(
          "job file "
              + file
              + (Files.exists(file)
                  ? " is not a regular file (a device, FIFO or directory)"
                  : " does not exist")
              + "; give a fio job file");
    }
    try {
      if (Files.size(file) > MAX_JOB_FILE_BYTES) {
        throw new InvalidInputException(
            "job file "
                + file
                + " is larger than "
                + (MAX_JOB_FILE_BYTES >> 20)
                + " MiB, which no fio job file is; give a fio job file");
      }
      return Files.readAllLines(file);
    } catch (CharacterCodingException e) {
      throw new InvalidInputException(
          "job file "
              + file
              + " is not a text job file (it is not UTF-8 text); give a fio job file",
          e);
    } catch (IOException e) {
      throw new InvalidInputException(
          "cannot read job file " + file + " (" + IoErrors.describe(e) + "); check the path", e);
    }
  }
}
