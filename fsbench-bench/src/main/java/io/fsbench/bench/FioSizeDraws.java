package io.fsbench.bench;

import java.util.Map;
import java.util.SplittableRandom;

/**
 * The generator's block and file sizes: bs, bssplit or bsrange, and size, filesize, nrfiles,
 * io_size and loops within the generator's bounds. It draws from the generator's main stream, in
 * the order the generator calls it.
 */
final class FioSizeDraws {

  private static final String[] SIZES = {"64k", "100k", "256k", "1m", "2m", "3m", "4m", "8m"};

  private final SplittableRandom random;

  FioSizeDraws(SplittableRandom random) {
    this.random = random;
  }

  /** Writes bs, bs=r,w, bssplit or bsrange; returns the largest block size in bytes. */
  long blockSizes(
      Map<String, String> o, Map<String, String> global, boolean direct, boolean kb1000) {
    String[] sizes = direct ? FioJobGenerator.DIRECT_BLOCKS : FioJobGenerator.BLOCKS;
    int kind = random.nextInt(10);
    if (kind < 4 && global.containsKey("bs") && !direct) {
      return FioJobGenerator.bytes(global.get("bs"), kb1000);
    }
    if (kind < 6) {
      String bs = pick(sizes);
      o.put("bs", bs);
      return FioJobGenerator.bytes(bs, kb1000);
    }
    if (kind < 7) {
      String r = pick(sizes);
      String w = pick(sizes);
      o.put("bs", r + "," + w);
      return Math.max(FioJobGenerator.bytes(r, kb1000), FioJobGenerator.bytes(w, kb1000));
    }
    if (kind < 9) {
      int parts = 1 + random.nextInt(3);
      StringBuilder split = new StringBuilder();
      long max = 0;
      int left = 100;
      for (int p = 0; p < parts; p++) {
        String bs = pick(sizes);
        int percent = p == parts - 1 ? left : 1 + random.nextInt(left - (parts - p - 1));
        left -= percent;
        split.append(p == 0 ? "" : ":").append(bs).append('/').append(percent);
        max = Math.max(max, FioJobGenerator.bytes(bs, kb1000));
      }
      o.put("bssplit", split.toString());
      return max;
    }
    String bs = pick(sizes);
    o.put("bsrange", bs + "-" + bs);
    return FioJobGenerator.bytes(bs, kb1000);
  }

  /** size, filesize, nrfiles, io_size, loops: at most 8 MiB of I/O per clone, 1 MiB if syncing. */
  void fileSizes(Map<String, String> o, long maxBlock, boolean small) {
    long cap = small ? 1 << 20 : 8 << 20;
    int files = chance(40) ? 1 + random.nextInt(4) : 1;
    long fileSize = 0;
    while (fileSize < 2 * maxBlock || fileSize * files > cap) {
      fileSize = FioJobGenerator.bytes(pick(SIZES), false) / (chance(50) ? 1 : files);
      if (fileSize * files > cap) {
        files = 1;
      }
    }
    int form = random.nextInt(4);
    if (files > 1) {
      o.put("nrfiles", Integer.toString(files));
      if (chance(20)) {
        o.put("openfiles", Integer.toString(files));
        o.put("file_service_type", "roundrobin");
      }
    }
    long total = fileSize * files;
    switch (form) {
      case 0 -> o.put("size", kib(total));
      case 1 -> o.put("filesize", kib(fileSize));
      case 2 -> {
        o.put("size", kib(total));
        o.put("filesize", kib(fileSize));
      }
      default -> {
        o.put(chance(50) ? "size" : "filesize", kib(chance(50) ? total : fileSize));
        long io = Math.max(maxBlock, total / (1 + random.nextInt(4)));
        o.put("io_size", kib(io));
      }
    }
    if (total * 2 <= cap && chance(20)) {
      o.put("loops", "2");
    }
  }

  private static String kib(long bytes) {
    return bytes % 1024 == 0 ? (bytes / 1024) + "k" : Long.toString(bytes);
  }

  private boolean chance(int percent) {
    return random.nextInt(100) < percent;
  }

  private String pick(String... values) {
    return values[random.nextInt(values.length)];
  }
}
