package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class FioJobGeneratorTest {

  private static final Map<String, Pattern> POSITION_OPTIONS =
      Map.ofEntries(
          Map.entry("offset", Pattern.compile("(?m)^offset=\\d+%?$")),
          Map.entry("offset percentage", Pattern.compile("(?m)^offset=\\d+%$")),
          Map.entry("offset_increment", Pattern.compile("(?m)^offset_increment=")),
          Map.entry("offset_align", Pattern.compile("(?m)^offset_align=")),
          Map.entry("number_ios", Pattern.compile("(?m)^number_ios=\\d+$")),
          Map.entry("backwards", Pattern.compile("(?m)^rw=(read|write|rw):-\\d+$")),
          Map.entry("holes", Pattern.compile("(?m)^rw=(read|write|rw):\\d+$")),
          Map.entry("random modifier", Pattern.compile("(?m)^rw=rand(read|write|rw):\\d$")),
          Map.entry("rw_sequencer", Pattern.compile("(?m)^rw_sequencer=identical$")),
          Map.entry("lfsr", Pattern.compile("(?m)^random_generator=lfsr$")),
          Map.entry("percentage_random", Pattern.compile("(?m)^percentage_random=")),
          Map.entry("zones", Pattern.compile("(?m)^zonemode=strided$")),
          Map.entry("zoneskip", Pattern.compile("(?m)^zoneskip=")));

  @Test
  void coversEveryOffsetOptionInTheCasesOfTheDevelopersSeed() {
    FioJobGenerator generator = new FioJobGenerator(4242);
    Map<String, Integer> seen = new TreeMap<>();
    for (int i = 0; i < 300; i++) {
      String text = generator.next(i).text();
      POSITION_OPTIONS.forEach(
          (name, pattern) -> {
            if (pattern.matcher(text).find()) {
              seen.merge(name, 1, Integer::sum);
            }
          });
    }

    assertThat(seen.keySet()).containsExactlyInAnyOrderElementsOf(POSITION_OPTIONS.keySet());
    assertThat(seen.values()).allSatisfy(n -> assertThat(n).isGreaterThanOrEqualTo(5));
  }

  private static final Map<String, Pattern> PLACEMENT_OPTIONS =
      Map.ofEntries(
          Map.entry("steadystate", Pattern.compile("(?m)^(ss|steadystate)=\\w+:[\\d.]+[km%]?$")),
          Map.entry("ss_dur", Pattern.compile("(?m)^ss_dur=")),
          Map.entry("ss_ramp", Pattern.compile("(?m)^ss_ramp=")),
          Map.entry("cpus_allowed", Pattern.compile("(?m)^cpus_allowed=")),
          Map.entry("cpumask", Pattern.compile("(?m)^cpumask=\\d+$")),
          Map.entry("split", Pattern.compile("(?m)^cpus_allowed_policy=split$")),
          Map.entry("nice", Pattern.compile("(?m)^nice=[1-5]$")));

  /** The harness's CI seed and the one docs/measurement.md reports for these options. */
  @Test
  void coversSteadyStateAndCpuPlacementInTheCasesOfSeed19() {
    FioJobGenerator generator = new FioJobGenerator(19);
    Map<String, Integer> seen = new TreeMap<>();
    for (int i = 0; i < 60; i++) {
      String text = generator.next(i).text();
      PLACEMENT_OPTIONS.forEach(
          (name, pattern) -> {
            if (pattern.matcher(text).find()) {
              seen.merge(name, 1, Integer::sum);
            }
          });
    }

    assertThat(seen.keySet()).containsExactlyInAnyOrderElementsOf(PLACEMENT_OPTIONS.keySet());
  }

  @Test
  void aRandomModifierComesWithWhatFsbenchNeedsToHonourIt() {
    FioJobGenerator generator = new FioJobGenerator(4242);
    Pattern random = Pattern.compile("(?m)^rw=rand\\w+:\\d$");
    int modified = 0;
    for (int i = 0; i < 300; i++) {
      // each section's own options follow its [jobN] line
      for (String own : generator.next(i).text().split("\\n\\[job")) {
        if (random.matcher(own).find()) {
          modified++;
          assertThat(own)
              .containsAnyOf("norandommap=1", "rw_sequencer=identical", "random_generator=lfsr");
        }
      }
    }
    assertThat(modified).isPositive();
  }

  @Test
  void drawsEachFileEngineWithOnlyTheOptionsItTakes() {
    Pattern engine =
        Pattern.compile("(?m)^ioengine=(filecreate|filestat|filedelete|ftruncate|falloc)$");
    Map<String, Integer> seen = new TreeMap<>();
    for (long seed : new long[] {7, 13}) {
      FioJobGenerator generator = new FioJobGenerator(seed);
      for (int i = 0; i < 60; i++) {
        for (String own : generator.next(i).text().split("\\n\\[job")) {
          java.util.regex.Matcher m = engine.matcher(own);
          if (!m.find()) {
            continue;
          }
          seen.merge(m.group(1), 1, Integer::sum);
          assertThat(own).doesNotContain("iodepth=", "fsync=", "fdatasync=", "rwmix");
          assertThat(own).doesNotContainPattern("(?m)^rw=(rw|randrw)");
          if (m.group(1).equals("ftruncate")) {
            assertThat(own).containsPattern("(?m)^rw=(rand)?write$");
          }
          if (m.group(1).equals("filedelete")) {
            assertThat(own).doesNotContain("loops=", "filename=");
          }
        }
      }
    }

    // the seeds of CI (7) and of the brief's by-hand run (13) reach every engine
    assertThat(seen.keySet())
        .containsExactlyInAnyOrder("filecreate", "filestat", "filedelete", "ftruncate", "falloc");
  }

  @Test
  void coversTheContentAndVerifyOptionsAndVerifiesOnlyWhatFsbenchVerifies() {
    FioJobGenerator generator = new FioJobGenerator(11);
    Map<String, Integer> seen = new TreeMap<>();
    for (int i = 0; i < 300; i++) {
      for (String own : generator.next(i).text().split("\\n\\[job")) {
        for (String key :
            new String[] {
              "buffer_pattern=", "dedupe_percentage=", "dedupe_mode=working_set", "verify=",
              "verify_pattern=", "verify_interval=", "verify_backlog=", "do_verify=0"
            }) {
          if (own.contains("\n" + key)) {
            seen.merge(key, 1, Integer::sum);
          }
        }
        if (own.contains("\nverify=")) {
          // whole options only: cmdprio_bssplit is not a bssplit
          assertThat(own).doesNotContainPattern("(?m)^(bssplit|zonemode|number_ios)=");
          if (own.contains("\nrw=read") || own.contains("\nrw=randread")) {
            // a reader of its own fresh files: every block bad, each counted and skipped
            assertThat(own).containsPattern("(?m)^continue_on_error=(verify|all)$");
            assertThat(own).doesNotContain("\nfilename=");
          } else if (own.contains("\nrw=rw")
              || own.contains("\nrw=readwrite")
              || own.contains("\nrw=randrw")) {
            seen.merge("verify on a mix", 1, Integer::sum);
            // fio 3.33 fails its own verify of a mix that writes a block twice
            assertThat(own)
                .doesNotContainPattern("(?m)^(norandommap|random_distribution|io_size)=");
            assertThat(own).doesNotContainPattern("(?m)^rw=\\w+:");
          } else {
            assertThat(own).containsPattern("(?m)^rw=(rand)?write(:\\S+)?$");
          }
        }
        if (own.contains("\ncontinue_on_error=verify") && own.contains("\nverify=")) {
          seen.merge("continue_on_error=verify with verify", 1, Integer::sum);
        }
      }
    }

    assertThat(seen)
        .containsKeys("verify on a mix", "continue_on_error=verify with verify")
        .hasSize(10);
    assertThat(seen.get("verify=")).isGreaterThanOrEqualTo(25);
  }

  @Test
  void wholeBlocksFindsFilesThatEndInAPartialBlock() {
    // seed 2040 case 217: 8388606 bytes over 3 files of 512-byte blocks
    assertThat(
            FioQuirks.wholeBlocks(Map.of("size", "8388606", "nrfiles", "3", "bs", "512"), Map.of()))
        .isFalse();
    assertThat(FioQuirks.wholeBlocks(Map.of("size", "192k", "nrfiles", "3"), Map.of("bs", "512")))
        .isTrue();
    assertThat(
            FioQuirks.wholeBlocks(Map.of("filesize", "100k", "bssplit", "4k/50:16k/50"), Map.of()))
        .isFalse();
    assertThat(
            FioQuirks.wholeBlocks(Map.of("filesize", "128k", "bssplit", "4k/50:16k/50"), Map.of()))
        .isTrue();
    assertThat(FioQuirks.wholeBlocks(Map.of("filesize", "64k-128k"), Map.of())).isFalse();
  }

  @Test
  void drawsALaterJobWithoutSizeOnAFileAnEarlierJobLeft() {
    FioJobGenerator generator = new FioJobGenerator(4242);
    int drawn = 0;
    for (int i = 0; i < 300; i++) {
      FioCase c = generator.next(i);
      java.util.List<FioCase.Section> sections = c.sections();
      FioCase.Section last = sections.get(sections.size() - 1);
      if (sections.size() < 2 || !last.sizeFromFiles()) {
        continue;
      }
      drawn++;
      assertThat(last.flag("stonewall")).isTrue();
      assertThat(last.rw()).isIn("read", "write", "randread", "randwrite");
      assertThat(sections.subList(0, sections.size() - 1))
          .as("case %d: an earlier section leaves %s", i, last.option("filename", ""))
          .anySatisfy(
              s -> {
                assertThat(s.option("filename", s.name() + ".0.0"))
                    .isEqualTo(last.option("filename", ""));
                assertThat(FioReuseDraws.leavesItsFile(s)).isTrue();
              });
    }
    assertThat(drawn).as("cases with a later job without size").isBetween(15, 60);
  }

  @Test
  void aWriteOnlyFileFioDoesNotPreallocateIsNoFileToTakeASizeFrom() {
    FioCase.Section none =
        new FioCase.Section("w", Map.of("rw", "write", "size", "64k", "fallocate", "none"), 0);
    FioCase.Section unlinked =
        new FioCase.Section("w", Map.of("rw", "read", "size", "64k", "unlink", "1"), 0);
    FioCase.Section laidOut =
        new FioCase.Section("r", Map.of("rw", "randread", "size", "64k", "fallocate", "none"), 0);

    assertThat(FioReuseDraws.leavesItsFile(none)).isFalse();
    assertThat(FioReuseDraws.leavesItsFile(unlinked)).isFalse();
    assertThat(FioReuseDraws.leavesItsFile(laidOut)).isTrue();
  }

  @Test
  void coversTrimwriteAndRandtrimwriteInTheShapesFsbenchRuns() {
    FioJobGenerator generator = new FioJobGenerator(11);
    Map<String, Integer> seen = new TreeMap<>();
    for (int i = 0; i < 600; i++) {
      String text = generator.next(i).text();
      for (String own : text.split("\\n\\[")) {
        java.util.regex.Matcher rw =
            java.util.regex.Pattern.compile("(?m)^rw=((rand)?trimwrite)$").matcher(own);
        if (!rw.find()) {
          continue;
        }
        seen.merge(rw.group(1), 1, Integer::sum);
        if (own.contains("\nbs=") && own.matches("(?s).*\\nbs=[^\\n]*,.*")) {
          seen.merge("bs per direction", 1, Integer::sum);
          assertThat(rw.group(1)).isEqualTo("trimwrite");
        }
        if (rw.group(1).equals("randtrimwrite")) {
          assertThat(own).doesNotContainPattern("(?m)^offset(_increment)?=");
        }
        assertThat(own).doesNotContainPattern("(?m)^(verify|percentage_random|time_based)=");
      }
    }

    assertThat(seen).containsKeys("trimwrite", "randtrimwrite", "bs per direction");
  }

  @Test
  void drawsTheNormalDistributionOnlyOnFilesOfManyRanges() {
    // fio 3.33's gauss_next can loop for ever on a file of few ranges (seed 2042 case 776)
    FioJobGenerator generator = new FioJobGenerator(2042);
    int normal = 0;
    for (int i = 0; i < 1000; i++) {
      for (FioCase.Section s : generator.next(i).sections()) {
        if ("normal:20".equals(s.option("random_distribution", ""))) {
          normal++;
          long smallest =
              FioTolerances.blockSizes(s, true).stream().mapToLong(Long::longValue).min().orElse(1);
          assertThat(s.fileBytes() / smallest).as(s.name()).isGreaterThanOrEqualTo(64);
        }
      }
    }
    assertThat(normal).isGreaterThan(10);
  }
}
