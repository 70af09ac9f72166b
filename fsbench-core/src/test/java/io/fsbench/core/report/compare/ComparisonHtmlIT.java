package io.fsbench.core.report.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.Reports;
import io.fsbench.Reports.ComparisonFormat;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Renders the HTML report of the fixture in headless Chromium and checks that the screenshot shows
 * a page: text, tables and the charts' coloured bars, not a blank or error page.
 */
class ComparisonHtmlIT {

  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final int WIDTH = 1280;
  private static final int HEIGHT = 2000;

  /** ext4's bar colour, the first of the palette; present only if the inline SVG rendered. */
  private static final int FIRST_BAR = 0x4e79a7;

  /** Holds the page, the screenshot, the log and chromium's profile; removed after the test. */
  private Path dir;

  @BeforeEach
  void makeDirectory() throws IOException {
    dir = Files.createTempDirectory("fsbench-html-it-");
  }

  @AfterEach
  void removeDirectory() throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  @BeforeAll
  static void readImageIo() {
    // Tests run inside io.fsbench.core, which does not require java.desktop; only this test
    // decodes images, so it adds the read edge for itself rather than the module declaring it.
    ComparisonHtmlIT.class
        .getModule()
        .addReads(ModuleLayer.boot().findModule("java.desktop").orElseThrow());
  }

  @Test
  void rendersTheReportAsAPageWithTextTablesAndCharts() throws Exception {
    assumeTrue(
        Files.isExecutable(CHROMIUM),
        "chromium is not installed at " + CHROMIUM + " (apt-get install chromium)");
    Path html =
        Reports.write(
            ComparisonFixture.comparison(), ComparisonFormat.HTML, dir.resolve("report.html"));

    BufferedImage shot = screenshot(html);

    assertThat(shot.getWidth()).isEqualTo(WIDTH);
    assertThat(shot.getHeight()).isEqualTo(HEIGHT);
    assertThat(distinctColours(shot)).as("distinct colours").isGreaterThan(200);
    assertThat(nonWhiteFraction(shot, 0, 150)).as("ink in the header").isGreaterThan(0.01);
    assertThat(nonWhiteFraction(shot, 0, HEIGHT)).as("ink on the page").isGreaterThan(0.08);
    assertThat(pixels(shot, FIRST_BAR))
        .as("pixels of the first chart bar colour")
        .isGreaterThan(2000);
  }

  private BufferedImage screenshot(Path html) throws IOException, InterruptedException {
    Path png = dir.resolve("report.png");
    Path profile = Files.createDirectory(dir.resolve("fsbench-chromium-profile"));
    Path log = dir.resolve("chromium.log");
    List<String> command =
        new ArrayList<>(
            List.of(
                CHROMIUM.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + profile,
                "--screenshot=" + png,
                "--window-size=" + WIDTH + "," + HEIGHT,
                html.toUri().toString()));
    Process chromium =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!chromium.waitFor(2, TimeUnit.MINUTES)) {
      chromium.destroyForcibly().waitFor();
      throw new AssertionError("chromium did not finish within 2 minutes; see " + log);
    }
    assertThat(png)
        .as("screenshot by chromium (exit %d): %s", chromium.exitValue(), Files.readString(log))
        .exists();
    return ImageIO.read(png.toFile());
  }

  private static int distinctColours(BufferedImage image) {
    Set<Integer> colours = new HashSet<>();
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        colours.add(image.getRGB(x, y) & 0xffffff);
      }
    }
    return colours.size();
  }

  private static double nonWhiteFraction(BufferedImage image, int fromY, int toY) {
    long ink = 0;
    for (int y = fromY; y < toY; y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        int rgb = image.getRGB(x, y);
        int r = (rgb >> 16) & 0xff;
        int g = (rgb >> 8) & 0xff;
        int b = rgb & 0xff;
        if (r + g + b < 3 * 240) {
          ink++;
        }
      }
    }
    return (double) ink / ((long) (toY - fromY) * image.getWidth());
  }

  private static long pixels(BufferedImage image, int colour) {
    long n = 0;
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        if ((image.getRGB(x, y) & 0xffffff) == colour) {
          n++;
        }
      }
    }
    return n;
  }
}
