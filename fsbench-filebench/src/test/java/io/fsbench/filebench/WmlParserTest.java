package io.fsbench.filebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import io.fsbench.filebench.WmlScript.Attribute;
import io.fsbench.filebench.WmlScript.DefineFileset;
import io.fsbench.filebench.WmlScript.DefineProcess;
import io.fsbench.filebench.WmlScript.FlowopDefinition;
import io.fsbench.filebench.WmlScript.Value;
import io.fsbench.filebench.WmlToken.Kind;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WmlParserTest {

  private static WmlScript parse(String text) {
    return WmlParser.parse("t.f", text);
  }

  private static Value value(List<Attribute> attributes, String name) {
    return attributes.stream()
        .filter(a -> a.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no attribute " + name + " in " + attributes))
        .value();
  }

  @Test
  void scansNumbersWordsAndVariablesAsFlexsLongestMatchDoes() {
    List<WmlToken> tokens =
        WmlLexer.tokens("t.f", "16k 1g -5 -5k mean:16384;gamma:1.5 ${dir} $nfiles # note\n/tmp");

    assertThat(tokens)
        .extracting(WmlToken::kind)
        .containsExactly(
            Kind.NUMBER,
            Kind.NUMBER,
            Kind.NUMBER,
            Kind.WORD,
            Kind.WORD,
            Kind.VARIABLE,
            Kind.VARIABLE,
            Kind.WORD,
            Kind.END);
    assertThat(tokens.get(0).number()).isEqualTo(16384);
    assertThat(tokens.get(1).number()).isEqualTo(1L << 30);
    assertThat(tokens.get(2).number()).isEqualTo(-5);
    assertThat(tokens.get(5).text()).isEqualTo("dir");
    assertThat(tokens.get(7).line()).isEqualTo(2);
  }

  @Test
  void readsAFilesetWithItsFlagsAliasesAndVariables() {
    WmlScript script =
        parse(
            "set $dir=/tmp\n"
                + "define fileset name=big,path=$dir,filesize=16k,entries=1000,"
                + "dirwidth=20,prealloc=80,reuse\n");

    DefineFileset fileset = (DefineFileset) script.commands().get(1);
    assertThat(fileset.single()).isFalse();
    assertThat(value(fileset.attributes(), "path")).isEqualTo(new Value.Variable("dir"));
    assertThat(value(fileset.attributes(), "size")).isEqualTo(new Value.Number(16384));
    assertThat(value(fileset.attributes(), "reuse")).isEqualTo(new Value.Bool(true));
    assertThat(fileset.line()).isEqualTo(2);
  }

  @Test
  void readsProcessesThreadsAndFlowopsOverSeveralLines() {
    WmlScript script =
        parse(
            "define process name=p,instances=2\n{\n"
                + "  thread name=t,memsize=10m,instances=$nn\n  {\n"
                + "    flowop read name=r,filename=f,\n        iosize=8k,random,dsync\n"
                + "    flowop hog name=h,value=100\n"
                + "  }\n}\n");

    DefineProcess process = (DefineProcess) script.commands().get(0);
    assertThat(process.threads()).hasSize(1);
    List<FlowopDefinition> flowops = process.threads().get(0).flowops();
    assertThat(flowops).extracting(FlowopDefinition::type).containsExactly("read", "hog");
    assertThat(flowops.get(0).attributes())
        .extracting(Attribute::name)
        .containsExactly("name", "filesetname", "iosize", "random", "dsync");
    assertThat(flowops.get(1).line()).isEqualTo(7);
  }

  @Test
  void readsEveryFormOfSet() {
    WmlScript script =
        parse(
            "set $va=5\nset $vb=true\nset $vc=\"two words\"\nset $vd=word\n"
                + "set $ve=cvar(type=cvar-gamma,parameters=mean:16384;gamma:1.5)\n"
                + "set $vf=randvar(type=tabular,min=1k,randtable={{80,1k,4k},{20,4k,64k}})\n"
                + "define randvar name=$vg, type=gamma, mean=16k\n"
                + "set mode quit firstdone\n");

    assertThat(script.commands().subList(0, 4))
        .containsExactly(
            new WmlScript.SetVariable(1, "va", new Value.Number(5)),
            new WmlScript.SetVariable(2, "vb", new Value.Bool(true)),
            new WmlScript.SetVariable(3, "vc", new Value.Text("two words")),
            new WmlScript.SetVariable(4, "vd", new Value.Text("word")));
    WmlScript.SetCustom custom = (WmlScript.SetCustom) script.commands().get(4);
    assertThat(value(custom.attributes(), "parameters"))
        .isEqualTo(new Value.Text("mean:16384;gamma:1.5"));
    WmlScript.SetRandom tabular = (WmlScript.SetRandom) script.commands().get(5);
    assertThat(tabular.table()).hasSize(2);
    assertThat(tabular.table().get(1).get(2)).isEqualTo(new Value.Number(65536));
    WmlScript.SetRandom defined = (WmlScript.SetRandom) script.commands().get(6);
    assertThat(defined.name()).isEqualTo("vg");
    assertThat(defined.attributes()).extracting(Attribute::name).containsExactly("type", "mean");
    assertThat(script.commands().get(7)).isEqualTo(new WmlScript.SetMode(8, "firstdone"));
  }

  @Test
  void readsRunWithAndWithoutItsSecondsAndEchoWithVariables() {
    WmlScript script = parse("run\nrun 30\nrun $tt\necho \"rate $rr\\n\\$x done\"\n");

    assertThat(script.commands().subList(0, 3))
        .containsExactly(
            new WmlScript.Run(1, Optional.empty()),
            new WmlScript.Run(2, Optional.of(new Value.Number(30))),
            new WmlScript.Run(3, Optional.of(new Value.Variable("tt"))));
    assertThat(((WmlScript.Print) script.commands().get(3)).parts())
        .containsExactly(
            new Value.Text("rate "), new Value.Variable("rr"), new Value.Text("\n$x done"));
  }

  @Test
  void readsACompositeFlowopWithLocalVariables() {
    WmlScript script =
        parse(
            "define flowop name=pair,iters=2\n{\n  flowop read name=r,filesetname=f,$nn=3\n}\n"
                + "define process name=p\n{\n  thread name=t\n  {\n"
                + "    flowop pair name=c,$nn=4\n  }\n}\n");

    WmlScript.DefineComposite composite = (WmlScript.DefineComposite) script.commands().get(0);
    assertThat(composite.flowops().get(0).attributes())
        .extracting(Attribute::name)
        .containsExactly("name", "filesetname", "$nn");
  }

  @Test
  void setTakesOneArithmeticOperatorBetweenNumbersAndVariables() {
    assertThat(parse("set $tt=$nfiles * $eventrate\nset $uu = 3 - 1\nset $vv=$tt/2\n").commands())
        .containsExactly(
            new WmlScript.SetArithmetic(
                1, 17, "tt", new Value.Variable("nfiles"), '*', new Value.Variable("eventrate")),
            new WmlScript.SetArithmetic(2, 13, "uu", new Value.Number(3), '-', new Value.Number(1)),
            new WmlScript.SetArithmetic(
                3, 12, "vv", new Value.Variable("tt"), '/', new Value.Number(2)));
    assertThatThrownBy(() -> parse("set $tt = 1 + 2 + 3\n"))
        .hasMessage(
            "t.f:1:17: expected the end of the set: one operator per set, as filebench 1.4"
                + " allowed, found '+'");
    assertThatThrownBy(() -> parse("set $tt = 1 * word\n"))
        .hasMessage("t.f:1:15: expected a number or a variable after '*', found 'word'");
  }

  @Test
  void namesTheFileLineColumnAndTokenOfAnError() {
    assertThatThrownBy(() -> parse("define fileset name=f,\n  colour=blue\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("t.f:2:3: expected an attribute of a fileset (name, path")
        .hasMessageEndingWith("found 'colour'");
    assertThatThrownBy(() -> parse("define process name=p\n{\n  flowop read name=r\n}\n"))
        .hasMessage(
            "t.f:3:3: expected 'thread' or the '}' that closes the process, found 'flowop'");
    assertThatThrownBy(() -> parse("set $xx = 3 % 4\n"))
        .hasMessage("t.f:1:13: illegal character '%'");
    assertThatThrownBy(() -> parse("echo \"open\n"))
        .hasMessageContaining("a quoted string is not closed");
    assertThatThrownBy(() -> parse("define fileset name=f,entries=-3\n"))
        .hasMessage("t.f:1:31: expected a number that is not negative, found '-3'");
    assertThatThrownBy(() -> parse("define process name=p\n{\n  thread name=t\n  {\n"))
        .hasMessage(
            "t.f:5:1: expected 'flowop' or the '}' that closes the list, found the end of"
                + " the file");
  }
}
