package io.fsbench.cluster.internal;

import io.fsbench.api.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What an agent lets a controller ask of it: fsbench's own jobs and workloads only (none runs a
 * command), in a directory under one it was allowed, naming no file outside it. Anything else is
 * refused naming the path, before anything is made.
 */
final class JobGuard {

  private final List<Path> allowedDirs;
  private final List<Path> allowedDevices;

  JobGuard(List<Path> allowedDirs, List<Path> allowedDevices) {
    this.allowedDirs = List.copyOf(allowedDirs);
    this.allowedDevices = List.copyOf(allowedDevices);
  }

  /** Refuses a directory that is not inside an allowed one, symbolic links resolved. */
  void checkDirectory(Path directory) {
    Path real = resolved(directory);
    for (Path allowed : allowedDirs) {
      if (real.startsWith(resolved(allowed))) {
        return;
      }
    }
    throw new InvalidInputException(
        "directory "
            + directory
            + " is outside this agent's allowed directories "
            + allowedDirs
            + "; run the job under one of them, or start the agent with --allow-dir covering it");
  }

  /**
   * Refuses options that would write or read outside the run's directory: logs and I/O logs (the
   * agent keeps nothing outside the run), and a file named by an absolute path that is neither
   * inside an allowed directory nor an allowed device.
   */
  void checkOptions(List<String> options) {
    for (String option : options) {
      int eq = option.indexOf('=');
      String key = (eq < 0 ? option : option.substring(0, eq)).strip().toLowerCase(Locale.ROOT);
      String value = eq < 0 ? "" : option.substring(eq + 1).strip();
      if (key.startsWith("write_") && key.endsWith("_log") || key.endsWith("iolog")) {
        throw new InvalidInputException(
            "option "
                + key
                + " writes files outside the run's directory, which an agent never does; drop it"
                + " from a cluster run");
      }
      if (key.equals("directory")) {
        throw new InvalidInputException(
            "option directory="
                + value
                + " is the cluster run's directory; give it as the run's --dir instead");
      }
      if (key.equals("filename") || key.equals("filename_format")) {
        checkFileName(key, value);
      }
    }
  }

  /**
   * Checks every section of a fio job file as {@link #checkOptions} checks one job ([global]
   * included), naming the section it refuses; an {@code include}, which would read a file of this
   * machine, and a file name built from {@code ${VAR}} (this machine's environment, not checkable
   * here) are refused too.
   */
  void checkJobFile(String text) {
    String section = null;
    List<String> options = new ArrayList<>();
    for (String raw : text.lines().toList()) {
      String line = raw.strip();
      if (line.isEmpty() || line.startsWith(";") || line.startsWith("#")) {
        continue;
      }
      if (line.startsWith("[") && line.endsWith("]")) {
        checkSection(section, options);
        section = line.substring(1, line.length() - 1).strip();
        options.clear();
      } else if (line.startsWith("include ") || line.startsWith("include\t")) {
        throw new InvalidInputException(
            "section ["
                + section
                + "] includes "
                + line.substring("include".length()).strip()
                + ", a file of the agent's machine; a cluster run's job file includes nothing");
      } else {
        options.add(line);
      }
    }
    checkSection(section, options);
  }

  private void checkSection(String section, List<String> options) {
    try {
      for (String option : options) {
        String key = option.contains("=") ? option.substring(0, option.indexOf('=')).strip() : "";
        if (key.startsWith("filename") && option.contains("$")) {
          throw new InvalidInputException(
              option
                  + " takes its name from the agent's environment, which the agent cannot check;"
                  + " give the name literally");
        }
      }
      checkOptions(options);
    } catch (InvalidInputException e) {
      throw new InvalidInputException(
          "job file section [" + section + "] refused: " + e.getMessage());
    }
  }

  /**
   * Refuses a filebench script's {@code system} commands, naming the line: an agent never runs a
   * command. The script's paths ({@code set $dir=...}, a fileset's {@code path=}) are not checked:
   * the filebench runner places every fileset in the run's directory, whatever they say.
   */
  void checkFilebenchScript(String name, String text) {
    List<String> lines = text.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.equals("system") || line.startsWith("system ") || line.startsWith("system\t")) {
        throw new InvalidInputException(
            name
                + ":"
                + (i + 1)
                + ": "
                + line
                + " runs a command, which an agent never does; drop it from a --cluster run");
      }
    }
  }

  /**
   * Refuses a named workload's parameter that names a path outside the allowed directories (a
   * tree's source archive, say): the workload itself works only in the run's directory.
   */
  void checkParameters(Map<String, String> parameters) {
    parameters.forEach(
        (key, value) -> {
          if (value.startsWith("/")) {
            try {
              checkDirectory(Path.of(value));
            } catch (InvalidInputException e) {
              throw new InvalidInputException(
                  "parameter " + key + "=" + value + ": " + e.getMessage());
            }
          } else if (Path.of(value).normalize().startsWith("..")) {
            throw new InvalidInputException(
                "parameter " + key + "=" + value + " climbs out of the run's directory");
          }
        });
  }

  private void checkFileName(String key, String value) {
    for (String name : value.split(":")) {
      if (name.isEmpty()) {
        continue;
      }
      Path path = Path.of(name);
      if (!path.isAbsolute()) {
        if (path.normalize().startsWith("..")) {
          throw new InvalidInputException(
              key + "=" + value + " climbs out of the run's directory; name a file inside it");
        }
        continue;
      }
      if (allowedDevices.contains(path.normalize())) {
        continue;
      }
      checkDirectory(path.getParent() == null ? path : path.getParent());
    }
  }

  private static Path resolved(Path path) {
    Path absolute = path.toAbsolutePath().normalize();
    // the longest part that exists, with its links resolved, and the rest as given
    Path existing = absolute;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return absolute;
    }
    try {
      return existing.toRealPath().resolve(existing.relativize(absolute));
    } catch (IOException e) {
      return absolute;
    }
  }
}
