package io.fsbench.core.jobfile;

import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code docs/fio-options.md}, made from {@link FioOptionTable}: every option fsbench implements,
 * by group, with its aliases, an example and its help. {@code FioOptionsPageTest} fails when the
 * checked-in page differs from {@link #markdown()}.
 */
public final class FioOptionsPage {

  /** How to rewrite the page after a change to the table. */
  public static final String REGENERATE =
      "mvn -o -q -pl fsbench-cli -am test -Dtest=FioOptionsPageTest"
          + " -Dsurefire.failIfNoSpecifiedTests=false -Dgolden.update=true";

  private FioOptionsPage() {}

  /** The page, with a line per option under a heading per {@link OptionGroup}. */
  public static String markdown() {
    StringBuilder page = new StringBuilder();
    page.append("# fio options fsbench implements\n\n")
        .append("Generated from `fsbench-core/src/main/java/io/fsbench/core/jobfile/")
        .append("FioOptionTable.java`; do not edit. After a change to the table, regenerate it")
        .append(" with\n`")
        .append(REGENERATE)
        .append("`.\n\n")
        .append("These are the options `fsbench fio` takes in a job file and `fsbench run` as")
        .append(" flags (`--time-based` is\n`time_based`); any other fio option is refused by")
        .append(" name, never ignored. A flag may be given bare,\nmeaning 1. Sizes take fio's")
        .append(" units (`4k`, `1m`), times fio's (`500ms`, `2s`), as `kb_base` says.\n");
    for (OptionGroup group : OptionGroup.values()) {
      List<OptionRow> rows =
          FioOptionTable.rows().stream().filter(r -> r.group() == group).toList();
      if (rows.isEmpty()) {
        continue;
      }
      page.append("\n## ").append(group.title()).append("\n\n");
      page.append("| option | aliases | example | what it does |\n");
      page.append("|---|---|---|---|\n");
      for (OptionRow row : rows) {
        page.append("| `")
            .append(row.name())
            .append("` | ")
            .append(
                row.aliases().stream().map(a -> "`" + a + "`").collect(Collectors.joining(", ")))
            .append(" | `")
            .append(row.example())
            .append("` | ")
            .append(row.help().replace("|", "\\|"))
            .append(" |\n");
      }
    }
    return page.toString();
  }
}
