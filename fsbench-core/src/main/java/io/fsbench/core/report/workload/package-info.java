/**
 * Output of {@link io.fsbench.api.RunResult}s of fs_mark, PostMark, trees and large files: JSON
 * that names every number's unit, and a plain-text summary.
 */
package io.fsbench.core.report.workload;
