/**
 * fsbench's measurements, defined exactly as fio defines them: the log-linear latency histogram and
 * its percentiles, online moments and their parallel merge, the bandwidth/IOPS windows, the latency
 * and I/O depth distributions, CPU usage, and fio's group-reporting sums.
 *
 * <p>Each I/O thread owns one {@link io.fsbench.core.stats.JobStats}; recording allocates nothing
 * and takes no lock. A sampler thread reads the thread's {@link io.fsbench.core.stats.IoCounters}
 * through a {@link io.fsbench.core.stats.RateSampler}. When the threads are done, {@link
 * io.fsbench.core.stats.JobResults} sums and converts them into {@link io.fsbench.api.JobResult}s.
 */
package io.fsbench.core.stats;
