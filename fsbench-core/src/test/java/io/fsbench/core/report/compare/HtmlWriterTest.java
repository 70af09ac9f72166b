package io.fsbench.core.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class HtmlWriterTest {

  private final String html = new HtmlWriter().render(ComparisonFixture.comparison());

  @Test
  void matchesTheGoldenFile() {
    Golden.assertMatches(html, "comparison.html");
  }

  @Test
  void needsNoNetworkAndNoScript() {
    assertThat(html).doesNotContain("<script").doesNotContain("<link").doesNotContain("@import");
    Matcher urls = Pattern.compile("(https?:)?//[a-z0-9.-]+").matcher(html);
    while (urls.find()) {
      assertThat(urls.group()).isEqualTo("http://www.w3.org"); // the SVG namespace, never fetched
    }
  }

  @Test
  void drawsOneChartPerWorkloadWithErrorBarsAndTheBaseline() {
    assertThat(count("<svg class=\"chart\"")).isEqualTo(3);
    assertThat(count("<path class=\"ci\"")).isEqualTo(11); // 12 cells, one with a single run
    assertThat(count("<line class=\"baseline\"")).isEqualTo(3);
    assertThat(html).contains("ext4 (baseline)");
  }

  @Test
  void showsEverySectionAReaderNeeds() {
    assertThat(html)
        .contains("<h2>Recommendations by use case</h2>")
        .contains("<h2>Warnings</h2>")
        .contains("<h2>Results</h2>")
        .contains("<h2>Charts</h2>")
        .contains("<h2>Features</h2>")
        .contains("<h2>Applied mount options and properties</h2>")
        .contains("<h2>Environment</h2>")
        .contains("<h2>How to read this</h2>")
        .contains("@media print");
  }

  @Test
  void escapesHostileTextEverywhere() {
    String hostile = new HtmlWriter().render(HostileFixture.comparison());

    assertThat(hostile).doesNotContain(HostileFixture.SCRIPT).doesNotContain("<b>\"");
    assertThat(hostile).contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
  }

  private int count(String needle) {
    int n = 0;
    for (int i = html.indexOf(needle); i >= 0; i = html.indexOf(needle, i + 1)) {
      n++;
    }
    return n;
  }
}
