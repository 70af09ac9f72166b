/**
 * fio-shaped output of {@link io.fsbench.api.RunResult}s: {@link
 * io.fsbench.core.report.fio.FioJsonWriter} for fio's {@code json} and {@code json+} (same keys,
 * nesting, order, types and number formatting, so fio's tools read it) and {@link
 * io.fsbench.core.report.fio.FioTextWriter} for fio's human summary. Both are independent of the
 * default locale and time zone unless told otherwise.
 */
package io.fsbench.core.report.fio;
