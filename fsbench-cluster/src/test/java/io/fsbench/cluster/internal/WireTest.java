package io.fsbench.cluster.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.JobResult;
import io.fsbench.cluster.internal.Messages.ClientReport;
import io.fsbench.cluster.internal.Messages.Done;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WireTest {

  @Test
  void aClientReportArrivesEqualToWhatWasSent() {
    JobResult job = Samples.writeJob(64L << 20, 10_000, Samples.latency(900, 1100, 1500, 40_000));
    ClientReport report =
        new ClientReport(
            "host",
            "127.0.0.2:7800",
            "0.1.0",
            5,
            "randwrite",
            Map.of("k", "v"),
            List.of(job),
            Map.of("kernel", "6.1"),
            7,
            "/mnt/shared/x",
            "rw",
            "nfs",
            1,
            2,
            3);

    Wire.Envelope received = Wire.decode(Wire.encode(new Done("run-1", report)));

    assertThat(received.type()).isEqualTo("Done");
    assertThat(received.body(Done.class)).isEqualTo(new Done("run-1", report));
  }

  @Test
  void aMessageThatIsNotFsbenchsIsRefusedNamingWhatItLacks() {
    assertThatThrownBy(() -> Wire.decode("{\"x\":1}".getBytes(StandardCharsets.UTF_8)))
        .hasMessageContaining("without a type or body");
    assertThatThrownBy(() -> Wire.decode("nonsense".getBytes(StandardCharsets.UTF_8)))
        .hasMessageContaining("not JSON");
  }
}
