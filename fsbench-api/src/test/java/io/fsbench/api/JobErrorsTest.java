package io.fsbench.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JobErrorsTest {

  @Test
  void groupReportsCountsOnlyWhenItsLastMemberSetsContinueOnError() {
    JobErrors continuing = new JobErrors(true, 3, 25, false);

    // seed 2033 case 111: a continue_on_error job grouped with a later one without it
    assertThat(continuing.plus(JobErrors.NONE).reported()).isFalse();
    assertThat(JobErrors.NONE.plus(continuing).reported()).isTrue();
  }

  @Test
  void groupSumsTotalsAndTakesItsLastMembersFirstError() {
    JobErrors sum = new JobErrors(true, 3, 25, false).plus(new JobErrors(true, 2, 0, true));

    assertThat(sum.total()).isEqualTo(5);
    assertThat(sum.first()).isZero();
    assertThat(sum.ended()).isTrue();
  }
}
