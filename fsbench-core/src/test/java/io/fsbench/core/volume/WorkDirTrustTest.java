package io.fsbench.core.volume;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.api.EnvironmentException;
import io.fsbench.api.FsBenchException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local attacker's moves against the work dir: owning it, making it or a directory of it
 * writable, replacing one of its directories by a link, planting a registry file. Each is refused
 * before anything is read from the work dir, and what the planted entries name survives.
 */
class WorkDirTrustTest {

  private static final int NOBODY = 65534;

  @TempDir Path temp;
  private final int me = TrustedDirectory.effectiveUid();
  private Path work;
  private Path victim;

  @BeforeEach
  void setUp() throws IOException {
    work = temp.resolve("fsbench-work");
    victim = Files.createDirectory(temp.resolve("fsbench-victim"));
    Files.writeString(victim.resolve("precious"), "keep me");
  }

  private void assertRefused(Path named, String why) {
    assertThatThrownBy(() -> new WorkDir(work, me).prepare())
        .isInstanceOf(EnvironmentException.class)
        .hasMessageContaining("refusing to use the work dir " + work)
        .hasMessageContaining(named + " is ")
        .hasMessageContaining(why)
        .hasMessageContaining("FSBENCH_WORK_DIR");
    assertThat(victim.resolve("precious")).hasContent("keep me");
  }

  private static void chmod(Path path, String mode) throws IOException {
    Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(mode));
  }

  private static void chown(Path path, int uid) throws IOException {
    Files.setAttribute(path, "unix:uid", uid, LinkOption.NOFOLLOW_LINKS);
  }

  @Test
  void makesAPrivateWorkDirWithPrivateDirectories() throws IOException {
    WorkDir workDir = new WorkDir(work, me).prepare();

    for (Path dir : new Path[] {work, workDir.registry(), workDir.volumes(), workDir.mounts()}) {
      TrustedDirectory.Stat stat = TrustedDirectory.lstat(dir);
      assertThat(stat.isDirectory()).isTrue();
      assertThat(stat.uid()).isEqualTo(me);
      assertThat(stat.mode() & 0777).as(dir.toString()).isEqualTo(0700);
    }
  }

  @Test
  void refusesAWorkDirOwnedByAnotherUserAndLeavesWhatItsEntriesNameAlone() throws IOException {
    assumeTrue(me == 0, "changing a directory's owner needs root");
    Files.createDirectories(work.resolve("registry"));
    plantDirectoryEntry(work.resolve("registry"), victim);
    chmod(work, "rwxrwxrwx");
    chown(work, NOBODY);

    assertRefused(work, "owned by ");
    assertThatThrownBy(() -> new WorkDir(work, me).prepare())
        .hasMessageContaining("(uid 65534), mode 0777");
  }

  @Test
  void refusesAWorkDirOthersCanWrite() throws IOException {
    Files.createDirectory(work);
    chmod(work, "rwxrwxr-x");

    assertRefused(work, "others can write to it");
  }

  @Test
  void refusesAWorkDirThatIsALink() throws IOException {
    Path real = Files.createDirectory(temp.resolve("fsbench-elsewhere"));
    Files.createSymbolicLink(work, real);

    assertRefused(work, "it is a symbolic link");
  }

  @Test
  void refusesARegistryThatIsALinkToAnotherDirectory() throws IOException {
    Files.createDirectory(work, TrustedDirectory.privateDirectory());
    Path planted = Files.createDirectory(temp.resolve("fsbench-planted-registry"));
    plantDirectoryEntry(planted, victim);
    Files.createSymbolicLink(work.resolve("registry"), planted);

    assertRefused(work.resolve("registry"), "it is a symbolic link");
  }

  @Test
  void refusesAVolumesDirectoryThatIsALink() throws IOException {
    Files.createDirectory(work, TrustedDirectory.privateDirectory());
    Files.createSymbolicLink(work.resolve("volumes"), victim);

    assertRefused(work.resolve("volumes"), "it is a symbolic link");
  }

  @Test
  void refusesAMountDirectoryOthersCanWrite() throws IOException {
    Files.createDirectory(work, TrustedDirectory.privateDirectory());
    Files.createDirectory(work.resolve("mnt"));
    chmod(work.resolve("mnt"), "rwx-w--w-");

    assertRefused(work.resolve("mnt"), "others can write to it");
  }

  @Test
  void refusesAWorkDirBelowADirectoryOthersCanWriteThatIsNotSticky() throws IOException {
    Path open = Files.createDirectory(temp.resolve("fsbench-open"));
    chmod(open, "rwxrwxrwx");
    work = open.resolve("work");

    assertRefused(open, "others can write to it, so they can replace what is below");
  }

  @Test
  void acceptsAWorkDirBelowAStickyWorldWritableDirectoryAsTmpIs() throws IOException {
    Path sticky = Files.createDirectory(temp.resolve("fsbench-sticky"));
    Files.setAttribute(sticky, "unix:mode", 01777);
    work = sticky.resolve("work");

    new WorkDir(work, me).prepare();

    assertThat(TrustedDirectory.lstat(work).mode() & 07777).isEqualTo(0700);
  }

  @Test
  void refusesADirectoryAboveTheWorkDirOwnedByAnotherUser() throws IOException {
    assumeTrue(me == 0, "changing a directory's owner needs root");
    Path theirs = Files.createDirectory(temp.resolve("fsbench-theirs"));
    chown(theirs, NOBODY);
    work = theirs.resolve("work");

    assertRefused(theirs, "above the work dir but owned by another user");
  }

  @Test
  void refusesARegistryFileOfAnotherUserAndActsOnNothingItNames() throws IOException {
    assumeTrue(me == 0, "changing a file's owner needs root");
    WorkDir workDir = new WorkDir(work, me).prepare();
    Path planted = plantDirectoryEntry(workDir.registry(), workDir.stateDir("fsbench-1-1"));
    Files.createDirectories(workDir.stateDir("fsbench-1-1"));
    chown(planted, NOBODY);

    ResourceRegistry registry = registry(workDir);

    assertThat(registry.entries()).isEmpty();
    assertThat(registry.refused())
        .singleElement()
        .satisfies(r -> assertThat(r.reason()).contains("owned by nobody (uid 65534)"));
    assertThat(workDir.stateDir("fsbench-1-1")).isDirectory();
  }

  @Test
  void refusesARegistryFileOthersCanWrite() throws IOException {
    WorkDir workDir = new WorkDir(work, me).prepare();
    Path planted = plantDirectoryEntry(workDir.registry(), victim);
    chmod(planted, "rw-rw-rw-");

    ResourceRegistry registry = registry(workDir);

    assertThat(registry.entries()).isEmpty();
    assertThat(registry.refused())
        .singleElement()
        .satisfies(r -> assertThat(r.reason()).contains("mode 0666", "not acted on"));
  }

  @Test
  void refusesARegistryFileThatIsALink() throws IOException {
    WorkDir workDir = new WorkDir(work, me).prepare();
    Path planted = plantDirectoryEntry(temp, victim);
    Files.createSymbolicLink(
        workDir.registry().resolve("0000000000001-1-000001.resource"), planted);

    assertThat(registry(workDir).refused())
        .singleElement()
        .satisfies(r -> assertThat(r.reason()).contains("not a regular file"));
  }

  @Test
  void writesRegistryFilesOnlyItsUserCanRead() throws IOException {
    WorkDir workDir = new WorkDir(work, me).prepare();
    ResourceEntry entry =
        registry(workDir).record(ResourceKind.IMAGE, Map.of("path", "/x/fsbench.img"));

    Path file = workDir.registry().resolve(entry.id() + ".resource");
    assertThat(TrustedDirectory.lstat(file).mode() & 0777).isEqualTo(0600);
  }

  @Test
  void reportsADamagedRegistryFileWithoutStoppingAtIt() throws IOException {
    WorkDir workDir = new WorkDir(work, me).prepare();
    ResourceRegistry registry = registry(workDir);
    registry.record(ResourceKind.IMAGE, Map.of("path", "/x/fsbench.img"));
    Files.writeString(
        workDir.registry().resolve("0000000000001-1-000001.resource"),
        "kind=NOT_A_KIND\n",
        java.nio.file.StandardOpenOption.CREATE_NEW);

    assertThat(registry.entries()).hasSize(1);
    assertThat(registry.refused())
        .singleElement()
        .satisfies(r -> assertThat(r.reason()).contains("is damaged"));
  }

  @Test
  void removesTheTemporaryFilesOfDeadWritersOnly() throws IOException {
    WorkDir workDir = new WorkDir(work, me).prepare();
    Path dead = Files.createFile(workDir.registry().resolve("0000000000001-77-000001.tmp"));
    Path alive = Files.createFile(workDir.registry().resolve("0000000000001-88-000001.tmp"));
    ResourceRegistry registry =
        new ResourceRegistry(
            workDir.registry(), me, 1, 1, pid -> pid == 88 ? Optional.of(1L) : Optional.empty());

    registry.dropDeadWritersTemporaries();

    assertThat(dead).doesNotExist();
    assertThat(alive).exists();
  }

  @Test
  void leavesNoEmptyTemporaryFileWhenTheWorkDirIsFull() throws Exception {
    assumeTrue(me == 0, "mounting a small tmpfs needs root");
    WorkDir workDir = new WorkDir(work, me).prepare();
    Path registryDir = workDir.registry();
    run("mount", "-t", "tmpfs", "-o", "size=64k,mode=0700", "fsbench-full", registryDir.toString());
    try {
      run(
          "sh",
          "-c",
          "cat /dev/zero > " + registryDir.resolve("fsbench-filler") + " 2>/dev/null; true");
      ResourceRegistry registry = registry(workDir);

      assertThatThrownBy(() -> registry.record(ResourceKind.IMAGE, Map.of("path", "/x.img")))
          .isInstanceOf(FsBenchException.class)
          .hasMessageContaining("cannot write the resource registry");
      try (var left = Files.list(registryDir)) {
        assertThat(left.map(p -> p.getFileName().toString())).containsExactly("fsbench-filler");
      }
    } finally {
      run("umount", registryDir.toString());
    }
  }

  private static void run(String... command) throws Exception {
    Process p = new ProcessBuilder(command).inheritIO().start();
    assertThat(p.waitFor()).as(String.join(" ", command)).isZero();
  }

  @Test
  void refusesToRecordInAWorkDirThatWasNeverPrepared() {
    ResourceRegistry registry = registry(new WorkDir(work, me));

    assertThatThrownBy(() -> registry.record(ResourceKind.IMAGE, Map.of("path", "/x.img")))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("cannot write the resource registry");
  }

  private ResourceRegistry registry(WorkDir workDir) {
    return new ResourceRegistry(workDir.registry(), me, 1, 1, pid -> Optional.empty());
  }

  /** A registry file as an attacker would write it: a dead pid, a directory to delete. */
  static Path plantDirectoryEntry(Path registryDir, Path victim) throws IOException {
    Path file = registryDir.resolve("0000000000001-999999-000001.resource");
    Files.writeString(
        file, "pid=999999\npidStartMillis=1\nkind=DIRECTORY\nattr.path=" + victim + "\n");
    return file;
  }
}
