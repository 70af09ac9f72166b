/**
 * Workload families beside the block engine: one package each (its runner, parameters and metrics),
 * registered in {@link io.fsbench.core.workload.Families}.
 */
package io.fsbench.core.workload;
