package io.fsbench.core.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UseCaseTest {

  @Test
  void mapsWorkloadNamesToUseCases() {
    assertThat(UseCase.of("randwrite-4k")).contains(UseCase.RANDOM_WRITE);
    assertThat(UseCase.of("randrw-16k")).contains(UseCase.RANDOM_WRITE);
    assertThat(UseCase.of("oltp")).contains(UseCase.RANDOM_WRITE);
    assertThat(UseCase.of("randread-4k")).contains(UseCase.RANDOM_READ);
    assertThat(UseCase.of("write-1m")).contains(UseCase.SEQUENTIAL_WRITE);
    assertThat(UseCase.of("read-1m")).contains(UseCase.SEQUENTIAL_READ);
    assertThat(UseCase.of("fsmark")).contains(UseCase.SMALL_FILES);
    assertThat(UseCase.of("postmark")).contains(UseCase.SMALL_FILES);
    assertThat(UseCase.of("varmail")).contains(UseCase.SMALL_FILES);
  }

  @Test
  void aRandomWriteIsNotTakenForASequentialOne() {
    assertThat(UseCase.of("randwrite-1m")).contains(UseCase.RANDOM_WRITE);
  }

  @Test
  void sequentialMixesAndUnknownNamesStandForNoUseCase() {
    assertThat(UseCase.of("readwrite-1m")).isEmpty();
    assertThat(UseCase.of("my-job")).isEmpty();
  }
}
