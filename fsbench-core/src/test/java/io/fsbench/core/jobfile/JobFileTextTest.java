package io.fsbench.core.jobfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import org.junit.jupiter.api.Test;

/** A job file given as text (a cluster agent's), parsed as a file is. */
class JobFileTextTest {

  @Test
  void aJobFilesTextGivesItsJobsInOrderWithTheirGroups() {
    JobFile file =
        JobFile.parse(
            "two.fio", "[global]\nbs=4k\nsize=1m\n[w]\nrw=write\n[r]\nstonewall\nrw=read\n");

    assertThat(file.jobs()).extracting(j -> j.spec().name()).containsExactly("w", "r");
    assertThat(file.jobs()).extracting(JobFile.Job::groupId).containsExactly(0, 1);
    assertThat(file.globalOptions()).containsEntry("bs", "4k");
  }

  @Test
  void aBadOptionInTheTextIsRefusedNamingTheSourceAndLine() {
    assertThatThrownBy(() -> JobFile.parse("two.fio", "[w]\nrw=write\nnosuchoption=1\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("nosuchoption");
  }
}
