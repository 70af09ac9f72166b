/**
 * The wording of numbers and durations a person reads, locale-independent, shared by the reports
 * ({@link io.fsbench.core.report.compare.HumanUnits} builds on it) and by refusals that name a
 * value, so that engines need nothing from the report packages; and I/O errors in words ({@link
 * io.fsbench.core.text.IoErrors}).
 */
package io.fsbench.core.text;
