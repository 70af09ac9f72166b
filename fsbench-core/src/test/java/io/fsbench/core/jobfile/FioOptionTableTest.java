package io.fsbench.core.jobfile;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.InvalidInputException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class FioOptionTableTest {

  /** A job with a size, as most jobs have, and the option under test written as given. */
  private static JobOptionParser.Parsed parse(String name, String value) {
    return JobOptionParser.parse(
        "t", List.of(new FioOption("size", "1m", "test"), new FioOption(name, value, "test")));
  }

  /** Parsed, or refused with a message that names the option (as written or by another name). */
  private static void parsesOrIsRefusedNaming(OptionRow row, String name) {
    String value = row.exampleValue();
    try {
      parse(name, value);
    } catch (InvalidInputException e) {
      assertThat(row.names())
          .as("refusal of %s=%s: %s", name, value, e.getMessage())
          .anyMatch(e.getMessage()::contains);
    }
  }

  @TestFactory
  Stream<DynamicTest> everyOptionParsesItsExampleOrIsRefusedByName() {
    return FioOptionTable.rows().stream()
        .flatMap(row -> row.names().stream().map(n -> new Object[] {row, n}))
        .map(
            pair -> {
              OptionRow row = (OptionRow) pair[0];
              String name = (String) pair[1];
              return DynamicTest.dynamicTest(name, () -> parsesOrIsRefusedNaming(row, name));
            });
  }

  @Test
  void anOptionThatNeedsAValueIsRefusedBareNamingIt() {
    for (OptionRow row : FioOptionTable.rows()) {
      if (row.flag()) {
        continue;
      }
      for (String name : row.names()) {
        try {
          parse(name, null);
          throw new AssertionError(name + " was accepted without a value");
        } catch (InvalidInputException e) {
          assertThat(e.getMessage())
              .isEqualTo("test: option '" + name + "' needs a value: " + name + "=...");
        }
      }
    }
  }

  @Test
  void everyAliasMapsToItsOptionAndMeansTheSame() {
    for (OptionRow row : FioOptionTable.rows()) {
      for (String alias : row.aliases()) {
        assertThat(FioOptionTable.find(alias)).containsSame(row);
        assertThat(JobOptionParser.isFlag(alias)).isEqualTo(row.flag());
        assertThat(effective(row, alias)).as(alias).isEqualTo(effective(row, row.name()));
      }
    }
  }

  /** What the example does when written as {@code name}: the job, or the refusal's reason. */
  private static Object effective(OptionRow row, String name) {
    try {
      JobOptionParser.Parsed parsed = parse(name, row.exampleValue());
      return List.of(FioOptionTable.effective(parsed.spec()), parsed.scheduling());
    } catch (InvalidInputException e) {
      String message = e.getMessage();
      return message.contains(name + " (") || message.contains(name + "=")
          ? message.replace(name, "<option>")
          : message.replace(row.name(), "<option>");
    }
  }

  @Test
  void noOptionAppearsTwice() {
    List<String> names = new ArrayList<>();
    FioOptionTable.rows().forEach(row -> names.addAll(row.names()));
    Set<String> once = new HashSet<>();
    assertThat(names.stream().filter(n -> !once.add(n)).toList()).isEmpty();
    assertThat(JobOptionParser.supported()).hasSameSizeAs(names).containsAll(names);
  }

  @Test
  void refusesAnOptionOutsideTheTableByName() {
    try {
      parse("gtod_cpu", "1");
      throw new AssertionError("gtod_cpu was accepted");
    } catch (InvalidInputException e) {
      assertThat(e.getMessage())
          .isEqualTo(
              "test: option 'gtod_cpu' is not supported by fsbench's engine; remove it, or see"
                  + " 'fsbench fio --help' for the options it implements");
    }
    assertThat(FioOptionTable.find("gtod_cpu")).isEmpty();
    assertThat(JobOptionParser.isFlag("gtod_cpu")).isFalse();
  }

  @Test
  void everyOptionHasAOneLineHelpAndAnExample() {
    for (OptionRow row : FioOptionTable.rows()) {
      assertThat(row.help()).as(row.name()).isNotBlank().doesNotContain("\n");
      assertThat(row.example()).as(row.name()).startsWith(row.name());
    }
  }
}
