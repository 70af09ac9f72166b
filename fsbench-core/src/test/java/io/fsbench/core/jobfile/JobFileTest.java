package io.fsbench.core.jobfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.BlockSize;
import io.fsbench.api.Distribution;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.IoEngine;
import io.fsbench.api.JobSpec;
import io.fsbench.api.ReadWrite;
import io.fsbench.api.Size;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobFileTest {

  @TempDir Path dir;

  private static JobFile parse(String text) {
    return JobFile.parse(text, Path.of("."), Map.of("FSBENCH_SIZE", "64m"));
  }

  @Test
  void readsAGlobalSectionAndAJobLikeFiosSequentialWriteExample() {
    JobFile file =
        parse(
            """
            ; a comment
            [global]
            name=seq-write
            filename=seq-write.dat
            rw=write
            bs=256K
            direct=0
            numjobs=1
            time_based
            runtime=900
            [file1]
            size=10G
            ioengine=libaio
            iodepth=16
            """);

    JobSpec spec = file.jobs().get(0).spec();
    assertThat(spec.name()).isEqualTo("seq-write");
    assertThat(spec.rw()).isEqualTo(ReadWrite.WRITE);
    assertThat(spec.writeBlockSize()).isEqualTo(BlockSize.of(Size.kib(256)));
    assertThat(spec.timeBased()).isTrue();
    assertThat(spec.runtime()).isEqualTo(Duration.ofSeconds(900));
    assertThat(spec.size()).isEqualTo(Size.gib(10));
    assertThat(spec.ioEngine()).isEqualTo(IoEngine.LIBAIO);
    assertThat(spec.ioDepth()).isEqualTo(16);
    assertThat(spec.fileName()).isEqualTo("seq-write.dat");
    assertThat(file.globalOptions()).containsEntry("bs", "256K").containsEntry("time_based", "");
  }

  @Test
  void startsANewGroupAtEachStonewallAndStripsInlineComments() {
    JobFile file =
        parse(
            """
            [global]
            direct=1
            size=512m
            bsrange=4k-4k
            timeout=60
            numjobs=4	; 4 simultaneous threads for each job
            [f1]
            rw=write
            [f2]
            stonewall
            rw=randwrite
            [f3]
            stonewall
            rw=read
            """);

    assertThat(file.jobs()).extracting(JobFile.Job::groupId).containsExactly(0, 1, 2);
    assertThat(file.jobs()).allSatisfy(j -> assertThat(j.spec().numJobs()).isEqualTo(4));
    assertThat(file.jobs().get(1).spec().stonewall()).isTrue();
    assertThat(file.jobs().get(0).spec().runtime()).isEqualTo(Duration.ofSeconds(60));
  }

  @Test
  void turnsOffTheRandomMapForAZipfDistribution() {
    JobSpec spec =
        parse(
                """
                [job]
                rw=randread
                size=1280m
                bs=4k
                random_distribution=zipf:0.5
                """)
            .jobs()
            .get(0)
            .spec();

    assertThat(spec.distribution()).isEqualTo(Distribution.zipf(0.5));
    assertThat(spec.randomMap()).isFalse();
  }

  @Test
  void appliesPerDirectionValuesOnTopOfTheGlobalOnes() {
    JobSpec spec =
        parse(
                """
                [global]
                bs=8k
                rate=,1m
                [mixed]
                rw=randrw
                bs=,64k
                size=${FSBENCH_SIZE}
                kb_base=1000
                rwmixwrite=30
                """)
            .jobs()
            .get(0)
            .spec();

    assertThat(spec.readBlockSize()).isEqualTo(BlockSize.of(Size.bytes(8000)));
    assertThat(spec.writeBlockSize()).isEqualTo(BlockSize.of(Size.bytes(64000)));
    assertThat(spec.rate().writeBytesPerSec()).isEqualTo(1_000_000);
    assertThat(spec.rate().readBytesPerSec()).isZero();
    assertThat(spec.size()).isEqualTo(Size.bytes(64_000_000));
    assertThat(spec.rwMixRead()).isEqualTo(70);
  }

  @Test
  void includesOptionsFromAnotherFileRelativeToTheJobFile() throws Exception {
    Files.writeString(dir.resolve("common.fio"), "bs=16k\nsize=(2*32)m\n");
    Path job = dir.resolve("job.fio");
    Files.writeString(job, "[j]\nrw=read\ninclude common.fio\n");

    JobSpec spec = JobFile.parse(job).jobs().get(0).spec();

    assertThat(spec.readBlockSize()).isEqualTo(BlockSize.of(Size.kib(16)));
    assertThat(spec.size()).isEqualTo(Size.mib(64));
  }

  @Test
  void refusesAnUnsupportedOptionNamingItAndItsLine() {
    assertThatThrownBy(() -> parse("[j]\nrw=read\nsize=1m\npre_read=1\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("job file:4")
        .hasMessageContaining("option 'pre_read' is not supported");
  }

  @Test
  void refusesAQueueDepthASynchronousEngineWouldIgnore() {
    assertThatThrownBy(() -> parse("[j]\nrw=randread\nsize=1m\nioengine=psync\niodepth=32\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("iodepth (32) has no effect with a synchronous ioengine");
  }

  @Test
  void refusesAnOptionOutsideASection() {
    assertThatThrownBy(() -> parse("rw=read\n[j]\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("outside any [section]");
  }

  @Test
  void computesKeywordArithmeticAsFioDoes() {
    Substitutions subs = new Substitutions(Map.of(), 4096, 1000, 2);

    assertThat(subs.apply("2*$mb_memory", "x")).isEqualTo("2000");
    assertThat(subs.apply("$ncpus", "x")).isEqualTo("2");
    assertThat(subs.apply("${UNSET}abc", "x")).isEqualTo("abc");
  }

  @Test
  void sizeDefaultsToNrfilesTimesFilesizeAsFio() {
    JobSpec spec = parse("[r]\nrw=read\nbs=4k\nnrfiles=3\nfilesize=4m\n").jobs().get(0).spec();

    assertThat(spec.effectiveIoSize()).isEqualTo(Size.mib(12));
    assertThat(spec.effectiveFileSize()).isEqualTo(Size.mib(4));
  }

  @Test
  void aSizeAboveWhatTheFilesHoldIsCappedByThem() {
    JobSpec spec = parse("[r]\nrw=read\nsize=1m\nfilesize=256k\nnrfiles=2\n").jobs().get(0).spec();

    assertThat(spec.effectiveIoSize()).isEqualTo(Size.kib(512));
  }

  @Test
  void aJobWithNeitherSizeNorFilesizeTakesTheSizesOfItsFiles() {
    JobSpec spec = parse("[r]\nrw=read\nfilename=f\n").jobs().get(0).spec();

    assertThat(spec.sizeFromFiles()).isTrue();
    assertThat(spec.fileHandling().createSerialize()).isTrue();
  }

  @Test
  void readsCreateSerializeAndFillDeviceWithItsAlias() {
    JobSpec spec = parse("[w]\nrw=write\ncreate_serialize=0\nfill_fs=1\n").jobs().get(0).spec();

    assertThat(spec.fileHandling().createSerialize()).isFalse();
    assertThat(spec.fileHandling().fillDevice()).isTrue();
    assertThat(spec.sizeFromFiles()).as("fill_device without size is unbounded").isFalse();
    assertThat(parse("[w]\nrw=write\nsize=1m\nfill_device\n").jobs().get(0).spec())
        .extracting(s -> s.fileHandling().fillDevice())
        .isEqualTo(true);
  }

  @Test
  void refusesFillDeviceWhereAJobCouldNotFillAnything() {
    assertThatThrownBy(() -> parse("[r]\nrw=read\nfill_device=1\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("job 'r' has fill_device=1")
        .hasMessageContaining("rw=read does not write")
        .hasMessageContaining("e.g. rw=write");
    assertThatThrownBy(() -> parse("[m]\nrw=randrw\nsize=1m\nfill_device=1\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("rw=randrw also reads");
    assertThatThrownBy(() -> parse("[n]\nrw=write\nioengine=null\nfill_device=1\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("ioengine=null allocates no data blocks");
    assertThatThrownBy(() -> parse("[x]\nrw=randwrite\nfill_device=1\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("rw=randwrite would draw offsets across an unbounded file")
        .hasMessageContaining("give a size");
  }

  @Test
  void aRandomFillWithASizeIsBoundedByIt() {
    JobSpec spec = parse("[x]\nrw=randwrite\nsize=1m\nfill_device=1\n").jobs().get(0).spec();

    assertThat(spec.size()).isEqualTo(Size.mib(1));
    assertThat(spec.fileHandling().fillDevice()).isTrue();
  }

  @Test
  void readsFadviseHintAsFioDoesAndRefusesOtherValues() {
    assertThat(parse("[r]\nsize=1m\n").jobs().get(0).spec().fadviseHint())
        .isEqualTo(io.fsbench.api.FadviseHint.BY_PATTERN);
    assertThat(parse("[r]\nsize=1m\nfadvise_hint=0\n").jobs().get(0).spec().fadviseHint())
        .isEqualTo(io.fsbench.api.FadviseHint.NONE);
    assertThat(parse("[r]\nsize=1m\nfadvise_hint=random\n").jobs().get(0).spec().fadviseHint())
        .isEqualTo(io.fsbench.api.FadviseHint.RANDOM);
    assertThatThrownBy(() -> parse("[r]\nsize=1m\nfadvise_hint=willneed\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("fadvise_hint (willneed)");
  }

  @Test
  void takesTheDirectoryItsJobsName() {
    JobFile file = parse("[global]\ndirectory=/mnt/x\nsize=1m\n[a]\n[b]\n");

    assertThat(file.directory()).isEqualTo("/mnt/x");
    assertThat(parse("[a]\nsize=1m\n").directory()).isEmpty();
  }

  @Test
  void refusesJobsThatNameDifferentDirectories() {
    assertThatThrownBy(() -> parse("[a]\nsize=1m\ndirectory=/a\n[b]\nsize=1m\ndirectory=/b\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("several directories (/a, /b)");
    assertThatThrownBy(() -> parse("[a]\nsize=1m\ndirectory=/a:/b\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("directory (/a:/b)");
  }

  @Test
  void aFileNameWithAPathNamesTheDirectoryAndKeepsItsName() {
    JobFile absolute = parse("[w]\nfilesize=1m\nfilename=/tmp/data\ndirectory=/ignored\n");
    JobFile relative = parse("[w]\nsize=1m\ndirectory=/mnt/x\nfilename=sub/data\n");

    assertThat(absolute.directory()).isEqualTo("/tmp");
    assertThat(absolute.jobs().get(0).spec().fileName()).isEqualTo("data");
    assertThat(relative.directory()).isEqualTo("/mnt/x/sub");
    assertThat(relative.jobs().get(0).spec().fileName()).isEqualTo("data");
  }

  @Test
  void aFileNameThatNamesADeviceIsRefusedWithWhatToDo() {
    assertThatThrownBy(() -> parse("[w]\nsize=1m\nfilename=/dev/sdx\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("filename (/dev/sdx) names a device")
        .hasMessageContaining("--device /dev/sdx");
  }
}
