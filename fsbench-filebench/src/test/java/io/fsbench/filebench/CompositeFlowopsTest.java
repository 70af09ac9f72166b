package io.fsbench.filebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompositeFlowopsTest {

  /** compflow_demo.f's shape: a composite using another, local variables passed down. */
  private static final String NESTED =
      """
      set $dir=/tmp
      set $fileset=unused
      define fileset name=small,path=$dir,size=4k,entries=8,dirwidth=100,prealloc
      define fileset name=other,path=$dir,size=4k,entries=8,dirwidth=100,prealloc
      define flowop name=stat2, $fileset, $times=5
      {
        flowop statfile name=stat,filesetname=$fileset,iters=$times
      }
      define flowop name=work, $set
      {
        flowop stat2 name=inner, iters=3, $fileset=$set, $times=2
        flowop statfile name=direct,filesetname=$set
      }
      set mode quit firstdone
      define process name=p
      {
        thread name=t
        {
          flowop work name=w, $set=small
          flowop finishoncount name=done,value=1
        }
      }
      run 10
      """;

  @TempDir Path dir;

  @Test
  void runsEachInnerFlowopItsItersTimesPerPassOfItsUse() {
    FilebenchResult result = run(NESTED);

    Map<String, Long> ops = ops(result);
    assertThat(ops).containsEntry("w.inner.stat", 6L).containsEntry("w.direct", 1L);
    // a composite is reported as filebench reports it: a line of its own, with no ops
    assertThat(ops).containsEntry("w", 0L).containsEntry("w.inner", 0L);
  }

  @Test
  void givesInnerFlowopsTheUsesLocalVariablesBeforeTheDefinesDefaultsAndTheScriptsVariables() {
    ThreadPlan plan = plan(NESTED);

    Flowop stat = byName(plan.all(), "w.inner.stat");
    assertThat(stat.fileset.spec().name()).isEqualTo("small"); // $set, not the script's $fileset
    assertThat(Flowop.draw(stat.iters)).isEqualTo(2); // the use's $times=2, not the default 5
  }

  @Test
  void namesTheInnerFlowopThatRanOutWithItsLine() {
    String script =
        """
        define fileset name=full,path=/tmp,size=4k,entries=4,dirwidth=100,prealloc
        define flowop name=make
        {
          flowop createfile name=create,filesetname=full,fd=1
          flowop closefile name=close,fd=1
        }
        define process name=p
        {
          thread name=t
          {
            flowop make name=m
          }
        }
        run 10
        """;

    assertThatThrownBy(() -> run(script))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("composite.f:4: flowop m.create found no missing file");
  }

  @Test
  void refusesACompositeThatUsesItself() {
    String script =
        """
        define flowop name=loop
        {
          flowop loop name=again
        }
        define process name=p { thread name=t { flowop loop name=l } }
        run 1
        """;

    assertThatThrownBy(() -> plan(script))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("composite.f:3: flowop loop: composite flowops nest deeper");
  }

  @Test
  void refusesAnAttributeAUseCannotHave() {
    String script =
        """
        define flowop name=nothing
        {
          flowop hog name=h,value=1
        }
        define process name=p { thread name=t { flowop nothing name=n,fd=2 } }
        run 1
        """;

    assertThatThrownBy(() -> plan(script))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("composite.f:5:")
        .hasMessageContaining("fd")
        .hasMessageContaining("name, iters, $variable");
  }

  @Test
  void refusesTwoCompositesOfOneName() {
    String script =
        """
        define flowop name=twice { flowop hog name=h,value=1 }
        define flowop name=twice { flowop hog name=h,value=2 }
        define process name=p { thread name=t { flowop twice name=x } }
        run 1
        """;

    assertThatThrownBy(() -> plan(script))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("composite.f:2: composite flowop twice is defined twice");
  }

  private FilebenchResult run(String script) {
    return FilebenchRun.prepare(WmlParser.parse("composite.f", script), options()).execute();
  }

  private ThreadPlan plan(String script) {
    return FilebenchRun.prepare(WmlParser.parse("composite.f", script), options()).plan();
  }

  private FilebenchOptions options() {
    return FilebenchOptions.in(dir).set("dir", dir.toString()).runtime(Duration.ofSeconds(5));
  }

  private static Map<String, Long> ops(FilebenchResult result) {
    return result.flowops().stream()
        .collect(
            Collectors.toMap(FilebenchResult.FlowopLine::name, FilebenchResult.FlowopLine::ops));
  }

  private static Flowop byName(List<Flowop> flowops, String name) {
    return flowops.stream().filter(f -> f.name.equals(name)).findFirst().orElseThrow();
  }
}
