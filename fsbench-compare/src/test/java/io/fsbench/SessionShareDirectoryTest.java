package io.fsbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;

import io.fsbench.api.FsMarkResult;
import io.fsbench.api.FsMarkSpec;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.LargeFileSpec;
import io.fsbench.api.PostMarkSpec;
import io.fsbench.api.RunResult;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.spi.Host;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Session.shareDirectory: runs in a directory other clients share, only with tagged names. */
class SessionShareDirectoryTest {

  @TempDir Path temp;

  private FsBench fsbench;
  private Path shared;

  @BeforeEach
  void setUp() throws IOException {
    fsbench = NonRootFixture.fsbench(mock(Host.class), temp);
    shared = Files.createDirectory(temp.resolve("fsbench-shared"));
  }

  private Session client(String tag) {
    return fsbench.session(null, Target.directory(shared)).shareDirectory(tag);
  }

  private List<String> names() throws IOException {
    try (Stream<Path> entries = Files.list(shared)) {
      return entries.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private static FsMarkSpec.Builder fsmark() {
    return FsMarkSpec.builder().files(20).fileSize(Size.bytes(100));
  }

  @Test
  void aSharedRunWorksInTheDirectoryItselfAndRemovesOnlyItsOwnNames() throws IOException {
    Files.writeString(shared.resolve("c2.other-client"), "not ours");
    Files.writeString(shared.resolve("notes.txt"), "the user's");

    try (Session session = client("c1")) {
      RunResult run = session.run(fsmark().keepFiles().build());

      FsMarkResult result = (FsMarkResult) run.results().get(0);
      assertThat(result.phases().get(0).files()).isEqualTo(20);
      assertThat(run.volume().mountPoint()).isEqualTo(shared.toAbsolutePath());
    }

    assertThat(names()).containsExactly("c2.other-client", "notes.txt");
    assertThat(shared).isDirectory();
  }

  @Test
  void aRunRefusesToStartBesideANameWithItsOwnTagAndLeavesItAlone() throws IOException {
    Files.writeString(shared.resolve("c1.left-behind"), "a killed run's");

    try (Session session = client("c1")) {
      assertThatThrownBy(() -> session.run(fsmark().build()))
          .isInstanceOf(InvalidInputException.class)
          .hasMessageContaining("c1.left-behind")
          .hasMessageContaining("this client's tag (c1)")
          .hasMessageContaining("remove what starts with 'c1.'");
    }

    assertThat(names()).containsExactly("c1.left-behind");
  }

  @Test
  void refusesBlockJobsBeforeAnythingIsMadeSayingTheyShareThroughFilename() throws IOException {
    try (Session session = client("c1")) {
      assertThatThrownBy(() -> session.seqWrite(Size.kib(4)).size(Size.mib(1)).run())
          .isInstanceOf(InvalidInputException.class)
          .hasMessageContaining("client tag c1")
          .hasMessageContaining("filename=");
    }

    assertThat(names()).isEmpty();
  }

  @Test
  void refusesAWorkloadThatDoesNotTagItsNamesNamingItAndWhatToDo() throws IOException {
    try (Session session = client("c1")) {
      assertThatThrownBy(() -> session.run(LargeFileSpec.builder().size(Size.mib(1)).build()))
          .isInstanceOf(InvalidInputException.class)
          .hasMessageContaining("workload largefile cannot run in a directory shared")
          .hasMessageContaining("give each client a directory of its own");
    }

    assertThat(names()).isEmpty();
  }

  @Test
  void aSharedPostMarkRemovesItsSubdirectoriesAndFiles() throws IOException {
    try (Session session = client("c1")) {
      session.run(PostMarkSpec.builder().files(20).transactions(50).subdirectories(3).build());
    }

    assertThat(names()).isEmpty();
  }

  @Test
  void refusesFsmarkWithSubdirectoriesBeforeAnythingIsMade() throws IOException {
    try (Session session = client("c1")) {
      assertThatThrownBy(() -> session.run(fsmark().filesPerDir(5).build()))
          .isInstanceOf(InvalidInputException.class)
          .hasMessageContaining("files_per_dir (5)");
    }

    assertThat(names()).isEmpty();
  }

  @Test
  void refusesToShareALoopVolumeWhichNoOtherClientCanMount() {
    Session loop = new Session(fsbench, "none", Target.loop(), null, java.time.Clock.systemUTC());
    assertThatThrownBy(() -> loop.shareDirectory("c1"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("shareDirectory (c1) applies to a directory target")
        .hasMessageContaining("not to a loop volume");
  }

  @Test
  void aSharedRunAskedToFinishBeforeItStartsReportsACutShortPhaseRatherThanFailing()
      throws IOException {
    try (Session session = client("c1")) {
      session.finish();
      RunResult run = session.run(fsmark().files(1000).build());

      FsMarkResult result = (FsMarkResult) run.results().get(0);
      assertThat(result.cutShort()).isTrue();
      assertThat(result.phases()).hasSize(1);
      assertThat(result.phases().get(0).files()).isLessThan(1000);
    }

    assertThat(names()).isEmpty();
  }

  @Test
  void aCheckRefusesWhatTheRunWouldRefuseWithoutMakingAnything() throws IOException {
    Session session = client("c1");
    session.check(fsmark().build());
    assertThatThrownBy(() -> session.check(fsmark().filesPerDir(5).build()))
        .hasMessageContaining("files_per_dir (5)");
    Files.writeString(shared.resolve("c1.left-behind"), "a killed run's");

    assertThatThrownBy(() -> session.check(fsmark().build()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("c1.left-behind");
    assertThat(names()).containsExactly("c1.left-behind");
  }

  @Test
  void aTuningIsRefusedAsForAnyDirectoryNotIgnored() throws IOException {
    try (Session session = client("c1").tuned(io.fsbench.api.Tuning.parse(List.of("atime=off")))) {
      assertThatThrownBy(() -> session.run(fsmark().build()))
          .isInstanceOf(InvalidInputException.class)
          .hasMessageContaining("cannot be applied to a directory target");
    }

    assertThat(names()).isEmpty();
  }
}
