package io.fsbench.filebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** From parsed {@code define fileset}/{@code define file} and {@code set} to fileset specs. */
class FilesetDefinitionsTest {

  private static FilesetDefinitions read(String text) {
    return FilesetDefinitions.read(WmlParser.parse("fsbench.f", text), 1);
  }

  private static FilesetSpec only(String text) {
    List<FilesetSpec> specs = read(text).specs();
    assertThat(specs).hasSize(1);
    return specs.get(0);
  }

  @Test
  void fileserversFilesetComesOutAsFilebenchDefinesIt() {
    FilesetSpec spec =
        only(
            """
            set $dir=/tmp
            set $nfiles=10000
            set $meandirwidth=20
            set $filesize=cvar(type=cvar-gamma,parameters=mean:131072;gamma:1.5)
            define fileset name=bigfileset,path=$dir,size=$filesize,entries=$nfiles,\
            dirwidth=$meandirwidth,prealloc=80
            run 60
            """);
    assertThat(spec.name()).isEqualTo("bigfileset");
    assertThat(spec.path()).isEqualTo("/tmp");
    assertThat(spec.entries()).isEqualTo(10_000);
    assertThat(spec.dirWidth()).isEqualTo(RandomVariable.constant(20));
    assertThat(spec.dirGamma()).isEqualTo(1500);
    assertThat(spec.preallocPercent()).isEqualTo(80);
    assertThat(spec.size()).isInstanceOf(Cvar.class);
    assertThat(((Cvar) spec.size()).type()).isEqualTo(CvarType.GAMMA);
    assertThat(spec.single()).isFalse();
    assertThat(spec.reuse() || spec.parallelAllocation() || spec.trustTree()).isFalse();
  }

  @Test
  void aDefinedFileHasOneEntryDirwidthTenAndNoGamma() {
    FilesetSpec spec =
        only("define file name=fsbench-big,path=/tmp,size=5g,prealloc,reuse,paralloc\n");
    assertThat(spec.single()).isTrue();
    assertThat(spec.entries()).isEqualTo(1);
    assertThat(spec.dirWidth()).isEqualTo(RandomVariable.constant(10));
    assertThat(spec.dirGamma()).isZero();
    assertThat(spec.size().nextInteger()).isEqualTo(5L << 30);
    assertThat(spec.preallocPercent()).isEqualTo(100);
    assertThat(spec.reuse() && spec.parallelAllocation()).isTrue();
  }

  @Test
  void defaultsAreFilebenchs() {
    FilesetSpec spec = only("define fileset name=fsbench-d,path=/tmp,dirwidth=20\n");
    assertThat(spec.size()).isEqualTo(RandomVariable.constant(1024));
    assertThat(spec.preallocPercent()).isZero();
    assertThat(spec.entries()).isZero();
    assertThat(spec.leafDirs()).isZero();
  }

  @Test
  void aSetBeforeTheFirstRunCountsAndOneAfterDoesNot() {
    FilesetSpec spec =
        only(
            """
            set $nf=100
            define fileset name=fsbench-a,path=/tmp,entries=$nf,dirwidth=10
            set $nf=200
            run 10
            set $nf=300
            """);
    assertThat(spec.entries()).isEqualTo(200);
  }

  @Test
  void aFilesetDefinedAfterTheFilesetsWereCreatedIsRefused() {
    assertThatThrownBy(
            () ->
                read(
                    """
                    create files
                    define fileset name=fsbench-late,path=/tmp,dirwidth=10
                    """))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("fsbench.f:2: ")
        .hasMessageContaining("after the filesets were created (line 1)");
  }

  @Test
  void badValuesNameTheFileLineAndAttribute() {
    assertThatThrownBy(
            () -> read("define fileset name=fsbench-p,path=/tmp,dirwidth=10,prealloc=150\n"))
        .hasMessage(
            "fsbench.f:1:53: fileset 'fsbench-p': prealloc (150) must be a percentage, 0 to 100");
    assertThatThrownBy(() -> read("define fileset name=fsbench-w,path=/tmp,entries=5\n"))
        .hasMessage(
            "fsbench.f:1: define fileset needs dirwidth=...: add it to this line (filebench has"
                + " no default for it)");
    assertThatThrownBy(() -> read("define fileset name=fsbench-v,path=$nowhere,dirwidth=2\n"))
        .hasMessageContaining("fsbench.f:1:31: fileset: path ($nowhere)")
        .hasMessageContaining("refers to $nowhere, which is never set");
    assertThatThrownBy(
            () ->
                read(
                    """
                    set $gm=randvar(type=gamma,mean=3)
                    define fileset name=fsbench-g,path=/tmp,dirwidth=2,dirgamma=$gm
                    """))
        .hasMessageContaining("fsbench.f:2:")
        .hasMessageContaining("dirgamma ($gm) cannot be random");
    assertThatThrownBy(() -> read("define fileset name=fsbench-1,path=/tmp,dirwidth=1,entries=9\n"))
        .hasMessageStartingWith("fsbench.f:1: ")
        .hasMessageContaining("dirwidth (1) must be at least 2");
  }

  @Test
  void aNameThatIsNotOneDirectoryIsRefused() {
    for (String name : new String[] {".", "..", "a/b"}) {
      assertThatThrownBy(() -> read("define fileset name=\"" + name + "\",path=/tmp,dirwidth=2\n"))
          .hasMessageStartingWith("fsbench.f:1: a fileset's name (" + name + ")")
          .hasMessageContaining("must be one directory name");
    }
  }

  @Test
  void badCvarsNameTheirTypeOrParameter() {
    assertThatThrownBy(() -> read("set $sz=cvar(type=cvar-pareto,parameters=mean:1)\n"))
        .hasMessageStartingWith("fsbench.f:1:14: cvar type 'cvar-pareto'");
    assertThatThrownBy(() -> read("set $sz=cvar(type=cvar-gamma,parameters=mean:1;sigma:2)\n"))
        .hasMessage("fsbench.f:1:30: cvar-gamma has no parameter 'sigma': it takes mean, gamma");
  }

  @Test
  void badRandvarsNameTheirLineOnce() {
    assertThatThrownBy(() -> read("\nset $rv=randvar(type=gamma, gamma=0)\n"))
        .hasMessage("fsbench.f:2: randvar rv: gamma (0) must be positive: it is the shape x 1000");
    assertThatThrownBy(() -> read("set $rv=randvar(type=weird)\n"))
        .hasMessage("fsbench.f:1:17: randvar $rv: type (weird) must be uniform, gamma or tabular");
    assertThatThrownBy(() -> read("set $rv=randvar(type=gamma, mean=$nomean, min=0)\n"))
        .hasMessageStartingWith("fsbench.f:1:29: randvar $rv: mean ($nomean) refers to $nomean");
  }

  @Test
  void randvarsTakeTheirAttributesAndTables() {
    FilesetSpec spec =
        only(
            """
            set $filesize = randvar(type=tabular, min=1k, round=1k, randtable =
            {{ 50, 1k, 1k},
             { 50, 4k, 8k}
            })
            set $width = randvar(type=uniform, min=10, mean=20)
            define fileset name=fsbench-r,path=/tmp,entries=1000,size=$filesize,dirwidth=$width
            """);
    assertThat(spec.size()).isInstanceOf(Randvar.class);
    assertThat(((Randvar) spec.size()).type()).isEqualTo(Randvar.Type.TABLE);
    for (int i = 0; i < 1000; i++) {
      long size = spec.size().nextInteger();
      assertThat(size == 1024 || (size >= 4096 && size <= 8192 && size % 1024 == 0)).isTrue();
    }
    Fileset built =
        read("""
            set $width = randvar(type=uniform, min=10, mean=20)
            define fileset name=fsbench-r,path=/tmp,entries=1000,dirwidth=$width
            """)
            .build()
            .get(0);
    assertThat(built.tree().meanWidth()).isEqualTo(20);
    assertThat(built.tree().fileCount()).isEqualTo(1000);
  }

  @Test
  void filesetsAreBuiltLastDefinedFirstFromTheOneDrand48() {
    String text =
        """
        set $size=cvar(type=cvar-gamma,parameters=mean:4096;gamma:1.5)
        define fileset name=fsbench-one,path=/tmp,entries=300,dirwidth=5,size=$size,prealloc=50
        define fileset name=fsbench-two,path=/tmp,entries=300,dirwidth=5,size=$size,prealloc=50
        run 1
        """;
    FilesetDefinitions definitions = read(text);
    List<Fileset> built = definitions.build();
    assertThat(built)
        .extracting(f -> f.spec().name())
        .containsExactly("fsbench-one", "fsbench-two");
    assertThat(definitions.build()).isSameAs(built);

    // by hand: the second first, then the first, both from one unseeded drand48
    Rand48 drand48 = Rand48.unseeded();
    FilesetSpec one = specWithSizes(definitions.specs().get(0), drand48);
    FilesetSpec two = specWithSizes(definitions.specs().get(1), drand48);
    FilesetTree second = FilesetTree.build(two, drand48);
    FilesetTree first = FilesetTree.build(one, drand48);
    for (int f = 0; f < 300; f++) {
      assertThat(built.get(1).tree().filePath(f)).isEqualTo(second.filePath(f));
      assertThat(built.get(1).tree().size(f)).isEqualTo(second.size(f));
      assertThat(built.get(0).tree().filePath(f)).isEqualTo(first.filePath(f));
      assertThat(built.get(0).tree().size(f)).isEqualTo(first.size(f));
    }
  }

  private static FilesetSpec specWithSizes(FilesetSpec spec, Rand48 drand48) {
    return new FilesetSpec(
        spec.name(),
        spec.path(),
        spec.single(),
        spec.entries(),
        spec.leafDirs(),
        spec.dirWidth(),
        spec.dirDepth(),
        spec.dirGamma(),
        FilesetTestSpecs.gammaSizes(4096, drand48),
        spec.preallocPercent(),
        spec.parallelAllocation(),
        spec.reuse(),
        spec.trustTree(),
        spec.readOnly(),
        spec.writeOnly());
  }

  @Test
  void theSameSeedGivesTheSamePrealloc() {
    String text = "define fileset name=fsbench-s,path=/tmp,entries=2000,dirwidth=20,prealloc=50\n";
    EntryPool a = read(text).build().get(0).files();
    EntryPool b = read(text).build().get(0).files();
    assertThat(a.existingSnapshot()).isEqualTo(b.existingSnapshot());
  }

  @Test
  void everyShippedWorkloadsFilesetsResolve() throws IOException {
    Map<String, List<FilesetSpec>> found = new TreeMap<>();
    for (Path f : ShippedWorkloads.files()) {
      String name = f.getFileName().toString();
      WmlScript script = WmlParser.parse(name, Files.readString(f, StandardCharsets.UTF_8));
      try {
        found.put(name, FilesetDefinitions.read(script, 1).specs());
      } catch (FsBenchException e) {
        found.put(name, null);
        throw new AssertionError(name + ": " + e.getMessage(), e);
      }
    }
    assertThat(found.get("varmail.f"))
        .singleElement()
        .satisfies(s -> assertThat(s.dirWidth()).isEqualTo(RandomVariable.constant(1_000_000)));
    assertThat(found.get("webserver.f"))
        .extracting(FilesetSpec::name)
        .containsExactly("bigfileset", "logfiles");
    assertThat(found.get("webserver.f").get(0).readOnly()).isTrue();
    assertThat(found.get("webproxy.f").get(0).size()).isEqualTo(RandomVariable.constant(16384));
    assertThat(found.get("videoserver.f"))
        .extracting(FilesetSpec::name)
        .containsExactly("activevids", "passivevids");
    assertThat(found.get("networkfs.f").get(0).entries()).isEqualTo(10_000 * 10);
  }

  @Test
  void arithmeticOnVariablesGivesTheFilesetItsEntries() {
    String sets =
        """
        set $nfiles=1000
        set $eventrate=10
        set $half=$nfiles / 2
        set $twice=$half + $half
        set $fewer=$twice - 10
        set $total=$fewer * $eventrate
        """;
    String define = "define fileset name=fsbench-a,path=/tmp,dirwidth=20,entries=";
    assertThat(only(sets + define + "$total\n").entries()).isEqualTo((1000 / 2 * 2 - 10) * 10);
    assertThat(only("set $nn=3*4\n" + define + "$nn\n").entries()).isEqualTo(12);
  }

  @Test
  void arithmeticRefusesWhatFilebenchWouldComputeWrongNamingLineAndOperator() {
    assertThatThrownBy(() -> read("set $aa=5\nset $bb=$aa / 0\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("fsbench.f:2:13: $bb = 5 / 0 divides by zero");
    assertThatThrownBy(() -> read("set $bb=$aa * 2\n"))
        .hasMessage("fsbench.f:1:13: $aa is never set: set it before this line");
    assertThatThrownBy(() -> read("set $aa=2\nset $bb=$aa - 3\n"))
        .hasMessage("fsbench.f:2:13: $bb = 2 - 3 is negative: filebench's integers are unsigned");
    assertThatThrownBy(() -> read("set $aa=tmp\nset $bb=$aa + 3\n"))
        .hasMessage("fsbench.f:2:13: $aa (tmp) is not a number: arithmetic needs one");
    assertThatThrownBy(() -> read("set $aa=4g\nset $bb=$aa * $aa\nset $cc=$bb * $aa\n"))
        .hasMessageContaining("is too big for a 64-bit integer");
    assertThatThrownBy(() -> read("set $rr=randvar(type=gamma,mean=100)\nset $bb=$rr * 3\n"))
        .hasMessage("fsbench.f:2:13: $rr is a random variable: arithmetic takes numbers only");
  }
}
