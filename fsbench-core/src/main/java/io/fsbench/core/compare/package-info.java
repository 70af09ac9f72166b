/**
 * Comparisons: the statistics over repetitions (median, mean, Student-t confidence intervals),
 * ratios to a baseline with Fieller's interval, the rule that decides when a cell has run often
 * enough, warnings about the validity of the numbers, the environment probe, and the recorder that
 * a runner fills to produce a {@link io.fsbench.api.Comparison}.
 */
package io.fsbench.core.compare;
