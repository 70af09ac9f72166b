/**
 * Writers of a {@link io.fsbench.api.Comparison}: a console table, Markdown, CSV, JSON and one
 * self-contained HTML page with inline SVG charts. All are fed the same comparison and format
 * numbers through {@link io.fsbench.core.report.compare.HumanUnits}, so they agree.
 */
package io.fsbench.core.report.compare;
