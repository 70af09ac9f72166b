/**
 * filebench's workload model language, read as filebench 1.5 reads it: {@link
 * io.fsbench.core.workload.filebench.WmlLexer} splits a {@code .f} file as its flex scanner does,
 * and {@link io.fsbench.core.workload.filebench.WmlParser} builds a {@link
 * io.fsbench.core.workload.filebench.WmlScript} by its grammar's rules, with errors that name the
 * file, line, column and token.
 *
 * <p>Its filesets and random variables, as filebench builds them: {@link
 * io.fsbench.core.workload.filebench.FilesetDefinitions} resolves a script's {@code define
 * fileset}/{@code define file} with its {@code set}, {@code randvar} and {@code cvar} values into
 * {@link io.fsbench.core.workload.filebench.FilesetSpec}s; {@link
 * io.fsbench.core.workload.filebench.Fileset} is the model (the {@link
 * io.fsbench.core.workload.filebench.FilesetTree} of fileset.c, the entries' states and the rotor
 * in {@link io.fsbench.core.workload.filebench.EntryPool}), and {@link
 * io.fsbench.core.workload.filebench.FilesetPopulator} makes it on disk. The engine that runs the
 * flowops is not built yet (issue 14).
 */
package io.fsbench.core.workload.filebench;
