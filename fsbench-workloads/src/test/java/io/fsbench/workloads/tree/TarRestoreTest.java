package io.fsbench.workloads.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.spi.support.LinuxHost;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Extracting restores what GNU tar restores, checked against GNU tar itself: random archives of
 * directories, files and symbolic links with random owners (by name, by number only, by a name this
 * machine lacks), modes (set-id and sticky bits included) and times are extracted by {@code tar xf}
 * and by fsbench, with tar's default as root and with {@code --no-same-owner
 * --no-same-permissions}, and every entry's owner, group, mode and modification time compared.
 */
class TarRestoreTest {

  /** CI's fixed seed and count; a developer runs thousands with -Dfsbench.tar.archives=N. */
  private static final long SEED = Long.getLong("fsbench.tar.seed", 20261201L);

  private static final int ARCHIVES = Integer.getInteger("fsbench.tar.archives", 12);

  @TempDir Path dir;

  private final java.nio.file.attribute.FileTime started =
      java.nio.file.attribute.FileTime.from(java.time.Instant.now().minusSeconds(1));

  @Test
  void restoresOwnersModesAndTimesAsGnuTarDoesAsRoot() throws Exception {
    assumeRootAndTar();
    compareWithTar(new TarExtractor.Options(true, true, true), List.of());
  }

  @Test
  void restoresOnlyTimesAsGnuTarDoesWithNoSameOwnerAndNoSamePermissions() throws Exception {
    assumeRootAndTar();
    compareWithTar(
        new TarExtractor.Options(true, false, false),
        List.of("--no-same-owner", "--no-same-permissions"));
  }

  private void compareWithTar(TarExtractor.Options options, List<String> tarFlags)
      throws Exception {
    Random random = new Random(SEED);
    for (int n = 0; n < ARCHIVES; n++) {
      Path archive = dir.resolve("fsbench-" + n + ".tar");
      writeRandomArchive(archive, random);

      Path byTar = Files.createDirectory(dir.resolve("tar-" + n));
      Path byFsbench = Files.createDirectory(dir.resolve("fsbench-" + n));
      List<String> tar = new ArrayList<>(List.of("tar"));
      tar.addAll(tarFlags);
      tar.addAll(List.of("-xf", archive.toString(), "-C", byTar.toString()));
      Process p = new ProcessBuilder(tar).redirectErrorStream(true).start();
      String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor()).as("tar: %s", output).isZero();
      try (InputStream in = Files.newInputStream(archive)) {
        new TarExtractor(byFsbench, options).extract(in);
      }

      assertThat(stats(byFsbench)).as("archive %d", n).isEqualTo(stats(byTar));
    }
  }

  private static void assumeRootAndTar() {
    assumeTrue(LinuxHost.effectiveUid() == 0, "restoring owners needs root");
    assumeTrue(
        Files.isExecutable(Path.of("/usr/bin/tar")) || Files.isExecutable(Path.of("/bin/tar")));
  }

  /** Owner, group, mode and modification time of every entry below {@code root}. */
  private Map<String, String> stats(Path root) throws IOException {
    Map<String, String> stats = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        if (p.equals(root)) {
          continue;
        }
        Map<String, Object> a =
            Files.readAttributes(
                p, "unix:uid,gid,mode,lastModifiedTime", LinkOption.NOFOLLOW_LINKS);
        stats.put(
            root.relativize(p).toString(),
            String.format(
                "uid=%s gid=%s mode=%o mtime=%s",
                a.get("uid"),
                a.get("gid"),
                (Integer) a.get("mode"),
                Files.isSymbolicLink(p) ? "(link)" : time(a.get("lastModifiedTime"))));
      }
    }
    return stats;
  }

  /** The time as restored, or "now" for one the extraction set by writing (not restored). */
  private Object time(Object modified) {
    java.nio.file.attribute.FileTime time = (java.nio.file.attribute.FileTime) modified;
    return time.compareTo(started) >= 0 ? "(changed while extracting)" : time; // archive: <2020
  }

  /**
   * A small archive: a few directories, files with content, symbolic links; owners picked from
   * root, nobody, a numeric id with no name, a name this machine lacks with a numeric id.
   */
  private static void writeRandomArchive(Path archive, Random random) throws IOException {
    String[][] owners = {
      {"root", "0", "root", "0"},
      {"nobody", "65534", "nogroup", "65534"},
      {"", "4321", "", "4322"},
      {"fsbench-no-such-user", "1234", "fsbench-no-such-group", "1235"},
    };
    try (OutputStream out = Files.newOutputStream(archive);
        TarArchiveOutputStream tar = new TarArchiveOutputStream(out)) {
      tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
      List<String> dirs = new ArrayList<>(List.of(""));
      int entries = 3 + random.nextInt(10);
      for (int i = 0; i < entries; i++) {
        String parent = dirs.get(random.nextInt(dirs.size()));
        String name = parent + "e" + i;
        int kind = random.nextInt(5);
        TarArchiveEntry entry;
        if (kind == 0) {
          entry = new TarArchiveEntry(name + "/");
          entry.setMode(040000 | 0700 | random.nextInt(01000) | (random.nextBoolean() ? 01000 : 0));
          dirs.add(name + "/");
        } else if (kind == 1) {
          entry = new TarArchiveEntry(name, TarArchiveEntry.LF_SYMLINK);
          entry.setLinkName("target-" + random.nextInt(3));
        } else {
          entry = new TarArchiveEntry(name);
          entry.setMode(0100000 | 0600 | random.nextInt(010000));
          entry.setSize(random.nextInt(100));
        }
        String[] owner = owners[random.nextInt(owners.length)];
        entry.setUserName(owner[0]);
        entry.setUserId(Integer.parseInt(owner[1]));
        entry.setGroupName(owner[2]);
        entry.setGroupId(Integer.parseInt(owner[3]));
        entry.setModTime(946_684_800_000L + random.nextInt(600_000_000) * 1000L); // 2000-2019
        tar.putArchiveEntry(entry);
        if (entry.isFile()) {
          byte[] data = new byte[(int) entry.getSize()];
          random.nextBytes(data);
          tar.write(data);
        }
        tar.closeArchiveEntry();
      }
    }
  }
}
