package io.fsbench.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fsbench.CheckResult;
import io.fsbench.Expectation;
import io.fsbench.Verdict;
import io.fsbench.api.InvalidInputException;
import java.io.StringWriter;
import java.util.Locale;
import java.util.Map;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/** A verdict as {@code fsbench check} prints it: text, JSON, or JUnit XML for CI systems. */
enum VerdictWriter {
  TEXT("text") {
    @Override
    String write(Verdict verdict) {
      StringBuilder out = new StringBuilder();
      for (CheckResult check : verdict.checks()) {
        out.append(String.format(Locale.ROOT, "%-12s %s", check.outcome(), check.name()));
        out.append(check.reason().isEmpty() ? "" : ": " + check.reason()).append('\n');
        for (CheckResult.Finding finding : check.findings()) {
          out.append("             ").append(finding).append('\n');
        }
      }
      out.append("verdict: ")
          .append(verdict.outcome())
          .append(" (")
          .append(verdict.checks().size())
          .append(verdict.checks().size() == 1 ? " check" : " checks")
          .append(" in ")
          .append(seconds(verdict.elapsed().toMillis()))
          .append(" s")
          .append(
              verdict.budget().isZero()
                  ? ""
                  : ", budget " + seconds(verdict.budget().toMillis()) + " s")
          .append(")\n");
      return out.toString();
    }
  },

  JSON("json") {
    @Override
    String write(Verdict verdict) {
      ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
      ObjectNode root = mapper.createObjectNode();
      root.put("verdict", verdict.outcome().name());
      root.put("budget_seconds", verdict.budget().toMillis() / 1000.0);
      root.put("elapsed_seconds", verdict.elapsed().toMillis() / 1000.0);
      ArrayNode checks = root.putArray("checks");
      for (CheckResult check : verdict.checks()) {
        ObjectNode c = checks.addObject();
        c.put("name", check.name());
        c.put("outcome", check.outcome().name());
        c.put("reason", check.reason());
        c.put("stopped_at_deadline", check.stoppedAtDeadline());
        c.put("elapsed_seconds", check.elapsed().toMillis() / 1000.0);
        ArrayNode findings = c.putArray("findings");
        for (CheckResult.Finding f : check.findings()) {
          Expectation e = f.expectation();
          ObjectNode n = findings.addObject();
          n.put("metric", e.measure().name());
          n.put("role", e.role().name().toLowerCase(Locale.ROOT));
          n.put("comparator", e.comparator().symbol());
          n.put("expected", e.expected());
          if (e.comparator() == Expectation.Comparator.BETWEEN) {
            n.put("upper", e.upper());
          }
          n.put("unit", e.measure().unit().key());
          if (f.actual().isPresent()) {
            n.put("actual", f.actual().getAsDouble());
          } else {
            n.putNull("actual");
          }
          n.put("met", f.met());
          n.put("text", f.toString());
          if (!e.basis().isEmpty()) {
            n.put("basis", e.basis());
          }
          if (!f.note().isEmpty()) {
            n.put("note", f.note());
          }
        }
        put(c.putObject("parameters"), check.parameters());
        check.environment().ifPresent(env -> put(c.putObject("environment"), env.asMap()));
      }
      try {
        return mapper.writeValueAsString(root) + "\n";
      } catch (java.io.IOException e) {
        throw new IllegalStateException("a verdict's JSON tree always serialises", e);
      }
    }
  },

  /**
   * One test suite, one test case per check: a FAIL is a {@code failure}, an INCONCLUSIVE a {@code
   * skipped} with the reason, so that CI systems show each check as a test.
   */
  JUNIT_XML("junit-xml") {
    @Override
    String write(Verdict verdict) {
      StringWriter text = new StringWriter();
      try {
        XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(text);
        xml.writeStartDocument("UTF-8", "1.0");
        xml.writeCharacters("\n");
        long failures = count(verdict, Verdict.Outcome.FAIL);
        long skipped = count(verdict, Verdict.Outcome.INCONCLUSIVE);
        String time = seconds(verdict.elapsed().toMillis());
        xml.writeStartElement("testsuites");
        attributes(xml, verdict.checks().size(), failures, skipped, time);
        xml.writeStartElement("testsuite");
        xml.writeAttribute("name", "fsbench check");
        attributes(xml, verdict.checks().size(), failures, skipped, time);
        for (CheckResult check : verdict.checks()) {
          testcase(xml, check);
        }
        xml.writeEndElement();
        xml.writeEndElement();
        xml.writeEndDocument();
        xml.close();
      } catch (XMLStreamException e) {
        throw new IllegalStateException("writing XML to a string cannot fail", e);
      }
      return text + "\n";
    }
  };

  private final String key;

  VerdictWriter(String key) {
    this.key = key;
  }

  abstract String write(Verdict verdict);

  static VerdictWriter parse(String format) {
    for (VerdictWriter writer : values()) {
      if (writer.key.equalsIgnoreCase(format)) {
        return writer;
      }
    }
    throw new InvalidInputException(
        "--output-format ("
            + format
            + ") is not one fsbench check writes; give text, json or junit-xml");
  }

  private static void testcase(XMLStreamWriter xml, CheckResult check) throws XMLStreamException {
    xml.writeStartElement("testcase");
    xml.writeAttribute("name", check.name());
    xml.writeAttribute("classname", "fsbench.check");
    xml.writeAttribute("time", seconds(check.elapsed().toMillis()));
    StringBuilder detail = new StringBuilder();
    check.findings().forEach(f -> detail.append(f).append('\n'));
    check.parameters().forEach((k, v) -> detail.append(k).append('=').append(v).append('\n'));
    switch (check.outcome()) {
      case FAIL -> {
        xml.writeStartElement("failure");
        xml.writeAttribute("message", check.reason());
        xml.writeAttribute("type", "expectation");
        xml.writeCharacters(detail.toString());
        xml.writeEndElement();
      }
      case INCONCLUSIVE -> {
        xml.writeStartElement("skipped");
        xml.writeAttribute("message", "inconclusive: " + check.reason());
        xml.writeEndElement();
      }
      case PASS -> {}
    }
    xml.writeStartElement("system-out");
    xml.writeCharacters(detail.toString());
    xml.writeEndElement();
    xml.writeEndElement();
  }

  private static void attributes(
      XMLStreamWriter xml, int tests, long failures, long skipped, String time)
      throws XMLStreamException {
    xml.writeAttribute("tests", Integer.toString(tests));
    xml.writeAttribute("failures", Long.toString(failures));
    xml.writeAttribute("errors", "0");
    xml.writeAttribute("skipped", Long.toString(skipped));
    xml.writeAttribute("time", time);
  }

  private static long count(Verdict verdict, Verdict.Outcome outcome) {
    return verdict.checks().stream().filter(c -> c.outcome() == outcome).count();
  }

  private static void put(ObjectNode node, Map<String, String> map) {
    map.forEach(node::put);
  }

  private static String seconds(long millis) {
    return String.format(Locale.ROOT, "%.3f", millis / 1000.0);
  }
}
