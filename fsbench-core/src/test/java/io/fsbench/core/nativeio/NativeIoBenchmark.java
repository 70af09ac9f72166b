package io.fsbench.core.nativeio;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Throwaway measurements behind the native I/O design (not a test; run by hand):
 *
 * <pre>
 * java -cp target/classes:target/test-classes:$(deps) io.fsbench.core.nativeio.NativeIoBenchmark \
 *     cached /tmp/fsbench-nio-cached.dat
 * ... direct /tmp/fsbench-nio-mnt/file 3 3 [REGEX]  (O_DIRECT random 4k reads: 3 s a case, 3 rounds)
 * </pre>
 */
public final class NativeIoBenchmark {

  /** Interface-mapped JNA, for comparison with the direct mapping in {@link LibC}. */
  public interface InterfaceLibC extends Library {
    InterfaceLibC INSTANCE = Native.load(Platform.C_LIBRARY_NAME, InterfaceLibC.class);

    long pread(int fd, long buf, long count, long offset);
  }

  private static final int BLOCK = 4096;

  public static void main(String[] args) throws Exception {
    switch (args[0]) {
      case "cached" -> cached(Path.of(args[1]));
      case "direct" ->
          direct(
              Path.of(args[1]),
              Integer.parseInt(args[2]),
              Integer.parseInt(args[3]),
              Pattern.compile(args.length > 4 ? args[4] : ".*"));
      default ->
          throw new IllegalArgumentException(
              "cached FILE | direct FILE SECONDS ROUNDS [CASE_REGEX]");
    }
  }

  /** ns per 4k pread from the page cache: JNA direct, JNA interface, FileChannel. */
  static void cached(Path path) throws IOException {
    long size = 64L << 20;
    if (!Files.exists(path) || Files.size(path) != size) {
      try (NativeFile file =
          NativeFile.open(path, OpenFlag.READ_WRITE, OpenFlag.CREATE, OpenFlag.TRUNCATE)) {
        ByteBuffer buffer = AlignedBuffers.allocate(1 << 20);
        AlignedBuffers.fillRandom(buffer, new SplittableRandom(1));
        for (long offset = 0; offset < size; offset += 1 << 20) {
          file.pwrite(buffer.clear(), offset);
        }
      }
    }
    long[] offsets = offsets(size, 1 << 20, 42);
    ByteBuffer buffer = AlignedBuffers.allocate(BLOCK);
    int calls = 200_000;
    int samples = 15;
    String[] names = {"JNA direct", "JNA interface", "FileChannel", "JNA direct + 2 nanoTime"};
    long[][] ns = new long[names.length][samples];
    try (NativeFile file = NativeFile.open(path);
        FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
      Io[] ios = {
        o -> file.pread(buffer.clear(), o),
        o -> InterfaceLibC.INSTANCE.pread(file.fd(), BufferAddress.of(buffer), BLOCK, o),
        o -> channel.read(buffer.clear(), o),
        o -> {
          long start = System.nanoTime();
          file.pread(buffer.clear(), o);
          return System.nanoTime() - start;
        }
      };
      for (Io io : ios) {
        time(calls, offsets, io); // warm-up
      }
      // Interleaved, so that load from other processes spreads over all variants alike.
      for (int s = 0; s < samples; s++) {
        for (int v = 0; v < ios.length; v++) {
          ns[v][s] = time(calls, offsets, ios[v]) / calls;
        }
      }
    }
    for (int v = 0; v < names.length; v++) {
      Arrays.sort(ns[v]);
      System.out.printf(
          "%-26s ns per 4k pread from page cache: min %d, median %d%n",
          names[v], ns[v][0], ns[v][samples / 2]);
    }
  }

  /**
   * IOPS and mean clat of 4k O_DIRECT random reads at depth 1 and 32, ours and fio's, in
   * interleaved rounds so that load from other processes spreads over all cases alike.
   */
  static void direct(Path path, int seconds, int rounds, Pattern only) throws Exception {
    long size = Files.size(path);
    long[] offsets = offsets(size, 1 << 22, 7);
    ByteBuffer buffer = AlignedBuffers.allocate(BLOCK);
    Map<String, Run> cases = new LinkedHashMap<>();
    cases.put(
        "ours d1 JNA pread",
        d -> {
          try (NativeFile file = NativeFile.open(path, OpenFlag.DIRECT)) {
            return depthOne(d, offsets, o -> file.pread(buffer.clear(), o));
          }
        });
    cases.put(
        "ours d1 FileChannel DIRECT",
        d -> {
          try (FileChannel channel =
              FileChannel.open(path, StandardOpenOption.READ, ExtendedOpenOption.DIRECT)) {
            return depthOne(d, offsets, o -> channel.read(buffer.clear(), o));
          }
        });
    for (IoMechanism mechanism : IoMechanism.values()) {
      for (int depth : new int[] {1, 32}) {
        for (boolean combined : new boolean[] {false, true}) {
          if (combined && mechanism != IoMechanism.IO_URING) {
            continue; // the same two calls for the others
          }
          cases.put(
              "ours d" + depth + " " + mechanism.id() + (combined ? " submitAndReap" : ""),
              d -> {
                try (NativeFile file = NativeFile.open(path, OpenFlag.DIRECT);
                    IoQueue queue = IoQueues.open(depth, mechanism)) {
                  return queued(queue, file, d, offsets, combined);
                }
              });
        }
      }
    }
    cases.put("fio d1 psync", d -> fio(path, seconds, "psync", 1));
    cases.put("fio d1 io_uring", d -> fio(path, seconds, "io_uring", 1));
    cases.put("fio d32 io_uring", d -> fio(path, seconds, "io_uring", 32));
    cases.put("fio d32 libaio", d -> fio(path, seconds, "libaio", 32));

    cases.keySet().removeIf(name -> !only.matcher(name).matches());
    Map<String, List<double[]>> results = new LinkedHashMap<>();
    for (int round = 0; round < rounds; round++) {
      for (Map.Entry<String, Run> c : cases.entrySet()) {
        boolean isFio = c.getKey().startsWith("fio");
        if (!isFio) {
          c.getValue().run(System.nanoTime() + 500_000_000L); // warm-up
        }
        boolean threads = c.getKey().contains("threads");
        CpuUsage cpuBefore = threads ? ThreadCpu.process() : ThreadCpu.thread();
        long start = System.nanoTime();
        long[] r = c.getValue().run(start + seconds * 1_000_000_000L);
        double elapsed = (System.nanoTime() - start) / 1e9;
        CpuUsage cpu = (threads ? ThreadCpu.process() : ThreadCpu.thread()).minus(cpuBefore);
        double cpuNanos = cpu.user().plus(cpu.system()).toNanos();
        double[] iopsAndClat =
            isFio
                ? new double[] {r[0], r[1] / 1000.0, r[2]}
                : new double[] {r[0] / elapsed, r[1] / 1000.0 / r[0], cpuNanos / r[0]};
        results.computeIfAbsent(c.getKey(), k -> new ArrayList<>()).add(iopsAndClat);
        System.out.printf(
            "round %d %-28s %8.0f IOPS  mean clat %7.1f us  CPU %6.0f ns/IO%n",
            round, c.getKey(), iopsAndClat[0], iopsAndClat[1], iopsAndClat[2]);
      }
    }
    System.out.println("over " + rounds + " rounds: IOPS median / best, clat median, CPU median:");
    for (Map.Entry<String, List<double[]>> e : results.entrySet()) {
      double[] iops = e.getValue().stream().mapToDouble(v -> v[0]).sorted().toArray();
      double[] clat = e.getValue().stream().mapToDouble(v -> v[1]).sorted().toArray();
      double[] cpu = e.getValue().stream().mapToDouble(v -> v[2]).sorted().toArray();
      System.out.printf(
          "%-28s %8.0f / %8.0f IOPS  clat %7.1f us  CPU %6.0f ns/IO%n",
          e.getKey(),
          iops[iops.length / 2],
          iops[iops.length - 1],
          clat[clat.length / 2],
          cpu[cpu.length / 2]);
    }
  }

  /** Runs fio on {@code path}; returns {IOPS, mean clat ns}. */
  private static long[] fio(Path path, int seconds, String engine, int depth) throws IOException {
    Process fio =
        new ProcessBuilder(
                "fio",
                "--name=x",
                "--filename=" + path,
                "--rw=randread",
                "--bs=4k",
                "--direct=1",
                "--ioengine=" + engine,
                "--iodepth=" + depth,
                "--runtime=" + seconds,
                "--ramp_time=1",
                "--time_based",
                "--output-format=json")
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    String json = new String(fio.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      fio.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    String read = json.substring(json.indexOf("\"read\""));
    Matcher iops = Pattern.compile("\"iops\" : ([0-9.]+)").matcher(read);
    Matcher clat =
        Pattern.compile("\"clat_ns\" : \\{[^}]*?\"mean\" : ([0-9.]+)", Pattern.DOTALL)
            .matcher(read);
    Matcher usr = Pattern.compile("\"usr_cpu\" : ([0-9.]+)").matcher(json);
    Matcher sys = Pattern.compile("\"sys_cpu\" : ([0-9.]+)").matcher(json);
    if (!iops.find() || !clat.find() || !usr.find() || !sys.find()) {
      throw new IllegalStateException("cannot parse fio output: " + json);
    }
    double iopsValue = Double.parseDouble(iops.group(1));
    // usr_cpu and sys_cpu are % of one CPU over the run: CPU ns per I/O = % * 1e7 / IOPS.
    double cpuPerIo =
        (Double.parseDouble(usr.group(1)) + Double.parseDouble(sys.group(1))) * 1e7 / iopsValue;
    return new long[] {(long) iopsValue, (long) Double.parseDouble(clat.group(1)), (long) cpuPerIo};
  }

  interface Io {
    long run(long offset) throws IOException;
  }

  interface Run {
    long[] run(long deadlineNanos) throws IOException;
  }

  private static long[] depthOne(long deadline, long[] offsets, Io io) throws IOException {
    long count = 0;
    long latency = 0;
    int i = 0;
    while (true) {
      long start = System.nanoTime();
      if (io.run(offsets[i]) != BLOCK) {
        throw new IllegalStateException("short read");
      }
      long end = System.nanoTime();
      latency += end - start;
      count++;
      i = (i + 1) & (offsets.length - 1);
      if (end >= deadline) {
        return new long[] {count, latency};
      }
    }
  }

  private static long[] queued(
      IoQueue queue, NativeFile file, long deadline, long[] offsets, boolean combined)
      throws IOException {
    int depth = queue.depth();
    ByteBuffer[] buffers = new ByteBuffer[depth];
    long[] issued = new long[depth];
    IoCompletions done = new IoCompletions(depth);
    int i = 0;
    for (int slot = 0; slot < depth; slot++) {
      buffers[slot] = AlignedBuffers.allocate(BLOCK);
      issued[slot] = System.nanoTime();
      queue.read(file, buffers[slot], offsets[i], slot);
      i = (i + 1) & (offsets.length - 1);
    }
    queue.submit();
    long count = 0;
    long latency = 0;
    boolean stopping = false;
    while (queue.inFlight() > 0 || queue.queued() > 0) {
      if (combined) {
        queue.submitAndReap(1, done);
      } else {
        queue.reap(1, done);
      }
      long now = System.nanoTime();
      stopping |= now >= deadline;
      for (int c = 0; c < done.count(); c++) {
        if (done.result(c) != BLOCK) {
          throw new IllegalStateException("result " + done.result(c));
        }
        int slot = done.slot(c);
        latency += now - issued[slot];
        count++;
        if (!stopping) {
          issued[slot] = System.nanoTime();
          queue.read(file, buffers[slot], offsets[i], slot);
          i = (i + 1) & (offsets.length - 1);
        }
      }
      if (!combined) {
        queue.submit();
      }
    }
    return new long[] {count, latency};
  }

  private static long[] offsets(long size, int count, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    long[] offsets = new long[count];
    long blocks = size / BLOCK;
    for (int i = 0; i < count; i++) {
      offsets[i] = random.nextLong(blocks) * BLOCK;
    }
    return offsets;
  }

  private static long time(int calls, long[] offsets, Io io) throws IOException {
    long start = System.nanoTime();
    for (int i = 0; i < calls; i++) {
      io.run(offsets[i & (offsets.length - 1)]);
    }
    return System.nanoTime() - start;
  }

  private NativeIoBenchmark() {}
}
