package io.fsbench.workloads.aging;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LiveFilesTest {

  @Test
  void findsTheNthLiveFileAcrossHolesAndAfterCompaction() {
    LiveFiles files = new LiveFiles();
    for (int i = 0; i < 5000; i++) {
      files.add(i + 1, i, i, 0, 0);
    }
    for (int i = 0; i < 5000; i += 3) {
      files.remove(i);
    }
    int live = files.live();

    assertThat(files.name(files.selectLive(0))).isEqualTo(1);
    assertThat(files.name(files.selectLive(1))).isEqualTo(2);
    assertThat(files.name(files.selectLive(2))).isEqualTo(4);
    assertThat(files.liveBefore(files.end())).isEqualTo(live);
    assertThat(files.firstBornAtOrAfter(101)).isEqualTo(100);

    for (int i = 0; i < files.end(); i++) {
      if (files.liveBefore(i + 1) - files.liveBefore(i) == 1 && i % 3 == 1) {
        files.remove(i);
      }
    }
    boolean compacted = files.compact();

    assertThat(compacted).isTrue();
    assertThat(files.end()).isEqualTo(files.live());
    long previous = -1;
    for (int i = 0; i < files.live(); i++) {
      long birth = files.birth(files.selectLive(i));
      assertThat(birth).isGreaterThan(previous);
      assertThat((birth - 1) % 3).isEqualTo(2);
      previous = birth;
    }
  }
}
