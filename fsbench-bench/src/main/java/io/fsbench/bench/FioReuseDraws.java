package io.fsbench.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The generator's last section now and then: a stonewalled job without size on an earlier section's
 * file, drawn from a stream of its own so that adding it left every other draw as it was.
 */
final class FioReuseDraws {

  private final SplittableRandom reuse;

  FioReuseDraws(SplittableRandom reuse) {
    this.reuse = reuse;
  }

  /**
   * Now and then (from a stream of its own) a last, stonewalled section without size that reads or
   * writes the file of an earlier section, as fio's surface-scan reads what its first job wrote:
   * fio takes the size from the file (setup_files), as it is when the jobs are set up or, with
   * {@code create_serialize=0}, when the section starts. Only a file whose size fio makes certain
   * in both: one that a data engine laid out or preallocated and nothing removed. Not under a
   * [global] steady state, which makes its bytes a draw (it may end the job early).
   */
  Map<String, String> laterJobOnAnEarlierFile(
      Map<String, String> global, List<FioCase.Section> sections) {
    boolean steady = global.containsKey("ss") || global.containsKey("steadystate");
    if (reuse.nextInt(100) >= 12 || steady) {
      return null;
    }
    List<FioCase.Section> made = sections.stream().filter(FioReuseDraws::leavesItsFile).toList();
    if (made.isEmpty()) {
      return null;
    }
    FioCase.Section earlier = made.get(reuse.nextInt(made.size()));
    Map<String, String> o = new LinkedHashMap<>();
    o.put("stonewall", "1");
    // fio names a clone's files $jobname.$jobnum.$filenum: clone 0's first
    o.put("filename", earlier.option("filename", earlier.name() + ".0.0"));
    o.put("rw", pickReuse("read", "write", "randread", "randwrite"));
    o.put("bs", pickReuse("4k", "8k"));
    if (reuse.nextInt(100) < 50) {
      o.put("create_serialize", "0");
    }
    if (reuse.nextInt(100) < 20) {
      o.put("offset", "25%");
    }
    if (reuse.nextInt(100) < 15) {
      o.put("numjobs", "2");
    }
    return o;
  }

  /** Whether fio leaves a section's file at a size it makes certain: laid out or preallocated. */
  static boolean leavesItsFile(FioCase.Section s) {
    String engine = s.option("ioengine", "psync");
    if (!java.util.Set.of("psync", "libaio", "io_uring").contains(engine)
        || s.rw().contains("trim")
        || s.flag("unlink")
        || s.flag("create_on_open")
        || !s.option("allow_file_create", "1").equals("1")
        || s.options().containsKey("filename_format")) {
      return false;
    }
    String fallocate = s.option("fallocate", "native");
    return s.reads()
        || s.flag("overwrite")
        || !(fallocate.equals("none") || fallocate.equals("keep"));
  }

  private String pickReuse(String... values) {
    return values[reuse.nextInt(values.length)];
  }
}
