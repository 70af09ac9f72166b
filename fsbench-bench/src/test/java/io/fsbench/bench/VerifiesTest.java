package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VerifiesTest {

  private static FioCase.Section section(Map<String, String> options) {
    return new FioCase.Section("job0", options, 0);
  }

  @Test
  void aQueuedBacklogOverBlocksWrittenAgainIsTimedOnlyThere() {
    Map<String, String> holed = new HashMap<>();
    holed.putAll(
        Map.of(
            "rw",
            "write:1024",
            "bs",
            "1k",
            "ioengine",
            "io_uring",
            "iodepth",
            "8",
            "size",
            "128k",
            "verify",
            "meta",
            "verify_backlog",
            "16",
            "verify_backlog_batch",
            "1"));
    assertThat(Verifies.backlogTimed(section(holed))).isTrue();

    Map<String, String> straight = new HashMap<>(holed);
    straight.put("rw", "write");
    assertThat(Verifies.backlogTimed(section(straight))).isFalse(); // fio reads all back

    Map<String, String> shallow = new HashMap<>(holed);
    shallow.put("iodepth", "1");
    assertThat(Verifies.backlogTimed(section(shallow))).isFalse(); // one completion at a time

    Map<String, String> loops = new HashMap<>(straight);
    loops.put("loops", "2");
    assertThat(Verifies.backlogTimed(section(loops))).isTrue();
  }
}
