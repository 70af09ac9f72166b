package io.fsbench.cluster.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.JobResult;
import io.fsbench.api.Metric;
import io.fsbench.api.Unit;
import io.fsbench.cluster.ClusterWork;
import io.fsbench.cluster.PhaseTotals;
import io.fsbench.cluster.WorkloadTotals;
import io.fsbench.cluster.internal.Messages.ClientReport;
import io.fsbench.cluster.internal.Messages.Done;
import io.fsbench.cluster.internal.Messages.Prepare;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
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
            3,
            null);

    Wire.Envelope received = Wire.decode(Wire.encode(new Done("run-1", report)));

    assertThat(received.type()).isEqualTo("Done");
    assertThat(received.body(Done.class)).isEqualTo(new Done("run-1", report));
  }

  @Test
  void aPrepareOfAJobFileArrivesWithItsTextAndName() {
    String text = "[global]\nbs=4k\nsize=1m\n[w]\nrw=write\n[r]\nstonewall\nrw=read\n";
    Prepare prepare =
        new Prepare(
            "run-2",
            "0.1.0",
            List.of(),
            "/mnt/shared/x",
            true,
            1,
            3,
            ClusterWork.jobFile("two.fio", text),
            false,
            false,
            0);

    Prepare received = Wire.decode(Wire.encode(prepare)).body(Prepare.class);

    assertThat(received).isEqualTo(prepare);
    assertThat(received.work().kind()).isEqualTo(ClusterWork.Kind.FIO_JOB_FILE);
    assertThat(received.work().text()).isEqualTo(text);
  }

  @Test
  void aPrepareOfANamedWorkloadArrivesWithItsParameters() {
    Prepare prepare =
        new Prepare(
            "run-3",
            "0.1.0",
            List.of(),
            "/mnt/shared/x",
            false,
            0,
            2,
            ClusterWork.workload("fsmark", Map.of("files", "100", "threads", "2")),
            true,
            true,
            1);

    Prepare received = Wire.decode(Wire.encode(prepare)).body(Prepare.class);

    assertThat(received).isEqualTo(prepare);
    assertThat(received.work().parameters()).containsEntry("files", "100");
  }

  @Test
  void aClientReportOfAWorkloadArrivesWithItsTotals() {
    WorkloadTotals totals =
        new WorkloadTotals(
            "fsmark",
            List.of(new PhaseTotals("create", 1000, 0, 4_096_000, Duration.ofMillis(250))),
            List.of(
                Metric.of("create.files", 1000, Unit.COUNT),
                Metric.of("create.lat.p99", 12_345, Unit.NANOSECONDS)),
            "create.files_per_sec",
            List.of());
    ClientReport report =
        new ClientReport(
            "host",
            "127.0.0.2:7800",
            "0.1.0",
            5,
            "fsmark",
            Map.of("files", "1000"),
            List.of(),
            Map.of("kernel", "6.1"),
            7,
            "/mnt/shared/x",
            "rw",
            "nfs",
            1,
            2,
            3,
            totals);

    Done received = Wire.decode(Wire.encode(new Done("run-4", report))).body(Done.class);

    assertThat(received.report().totals()).isEqualTo(totals);
    assertThat(received.report().totals().phases().get(0).time()).isEqualTo(Duration.ofMillis(250));
  }

  @Test
  void aMessageThatIsNotFsbenchsIsRefusedNamingWhatItLacks() {
    assertThatThrownBy(() -> Wire.decode("{\"x\":1}".getBytes(StandardCharsets.UTF_8)))
        .hasMessageContaining("without a type or body");
    assertThatThrownBy(() -> Wire.decode("nonsense".getBytes(StandardCharsets.UTF_8)))
        .hasMessageContaining("not JSON");
  }
}
