package io.fsbench.workloads.tree;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The local user and group ids for an archive entry's owner, as GNU tar finds them: by the user and
 * group names the entry records, where this machine knows them ({@code /etc/passwd}, {@code
 * /etc/group}), else by the numeric ids it records.
 */
final class Owners {

  private final Map<String, Integer> users;
  private final Map<String, Integer> groups;

  Owners(Map<String, Integer> users, Map<String, Integer> groups) {
    this.users = Map.copyOf(users);
    this.groups = Map.copyOf(groups);
  }

  /** This machine's users and groups. */
  static Owners local() {
    return new Owners(ids(Path.of("/etc/passwd")), ids(Path.of("/etc/group")));
  }

  int uid(String name, long recorded) {
    return id(users, name, recorded);
  }

  int gid(String name, long recorded) {
    return id(groups, name, recorded);
  }

  private static int id(Map<String, Integer> ids, String name, long recorded) {
    Integer local = name == null || name.isEmpty() ? null : ids.get(name);
    return local != null ? local : (int) recorded;
  }

  /** name:password:id:... lines; a file that cannot be read knows no names. */
  static Map<String, Integer> ids(Path file) {
    Map<String, Integer> ids = new HashMap<>();
    try {
      for (String line : Files.readAllLines(file)) {
        String[] fields = line.split(":", 4);
        if (fields.length >= 3 && fields[2].matches("[0-9]{1,10}")) {
          ids.putIfAbsent(fields[0], (int) Long.parseLong(fields[2]));
        }
      }
    } catch (IOException e) {
      // no names: the numeric ids recorded in the archive are used, as tar does
    }
    return ids;
  }
}
