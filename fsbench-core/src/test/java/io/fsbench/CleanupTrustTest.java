package io.fsbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import io.fsbench.api.EnvironmentException;
import io.fsbench.api.FsBenchException;
import io.fsbench.spi.Host;
import io.fsbench.spi.Shell;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The attack the work dir's checks are for, played against root's cleanup as a whole. */
class CleanupTrustTest {

  @TempDir Path temp;

  @Test
  void rootsCleanupRefusesAWorkDirAnotherUserMadeAndDeletesNothing() throws Exception {
    assumeTrue(
        "0".equals(String.valueOf(Files.getAttribute(Path.of("/proc/self"), "unix:uid"))),
        "playing another user's work dir needs root");
    Path victim = Files.createDirectory(temp.resolve("fsbench-victim"));
    Files.writeString(victim.resolve("precious"), "keep me");
    Path work = Files.createDirectories(temp.resolve("fsbench-planted/registry")).getParent();
    Files.writeString(
        work.resolve("registry/0000000000001-999999-000001.resource"),
        "pid=999999\npidStartMillis=1\nkind=DIRECTORY\nattr.path=" + victim + "\n");
    Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxrwxrwx"));
    Files.setAttribute(work, "unix:uid", 65534, LinkOption.NOFOLLOW_LINKS);
    Host host = mock(Host.class);
    Shell shell = mock(Shell.class);
    when(host.isRoot()).thenReturn(true);
    when(host.shell()).thenReturn(shell);
    FsBench fsbench = FsBench.builder().host(host).workDir(work).discoverPlugins(false).build();

    assertThatThrownBy(fsbench::cleanup)
        .isInstanceOf(EnvironmentException.class)
        .extracting(e -> ((FsBenchException) e).kind().exitCode())
        .isEqualTo(3);
    assertThatThrownBy(() -> fsbench.volume("xfs"))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("refusing to use the work dir " + work);
    assertThat(victim.resolve("precious")).hasContent("keep me");
    verifyNoInteractions(shell);
  }
}
