/**
 * filebench's workload model language, read as filebench 1.5 reads it: {@link
 * io.fsbench.filebench.WmlLexer} splits a {@code .f} file as its flex scanner does, and {@link
 * io.fsbench.filebench.WmlParser} builds a {@link io.fsbench.filebench.WmlScript} by its grammar's
 * rules, with errors that name the file, line, column and token.
 *
 * <p>Its filesets and random variables, as filebench builds them: {@link
 * io.fsbench.filebench.FilesetDefinitions} resolves a script's {@code define fileset}/{@code define
 * file} with its {@code set}, {@code randvar} and {@code cvar} values into {@link
 * io.fsbench.filebench.FilesetSpec}s; {@link io.fsbench.filebench.Fileset} is the model (the {@link
 * io.fsbench.filebench.FilesetTree} of fileset.c, the entries' states and the rotor in {@link
 * io.fsbench.filebench.EntryPool}), and {@link io.fsbench.filebench.FilesetPopulator} makes it on
 * disk. The engine that runs the flowops is not built yet (issue 14).
 */
package io.fsbench.filebench;
