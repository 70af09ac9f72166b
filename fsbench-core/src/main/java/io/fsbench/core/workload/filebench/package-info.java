/**
 * filebench's workload model language, read as filebench 1.5 reads it: {@link
 * io.fsbench.core.workload.filebench.WmlLexer} splits a {@code .f} file as its flex scanner does,
 * and {@link io.fsbench.core.workload.filebench.WmlParser} builds a {@link
 * io.fsbench.core.workload.filebench.WmlScript} by its grammar's rules, with errors that name the
 * file, line, column and token. The engine that runs a script is not built yet (issue 14).
 */
package io.fsbench.core.workload.filebench;
