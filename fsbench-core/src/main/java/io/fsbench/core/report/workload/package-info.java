/**
 * Output of {@link io.fsbench.api.WorkloadRun}s (fs_mark, PostMark, trees, large files): JSON that
 * names every number's unit, and a plain-text summary.
 */
package io.fsbench.core.report.workload;
