/**
 * Native I/O for fsbench's engine: what the JDK lacks, bound with JNA direct mapping, and queues
 * that keep N I/Os in flight. Internal: exported to the CLI and the TCK only.
 *
 * <h2>Pieces</h2>
 *
 * <ul>
 *   <li>{@link io.fsbench.core.nativeio.NativeFile}: an fd with pread/pwrite on direct buffers,
 *       O_DIRECT/O_DSYNC/O_SYNC/O_NOATIME, fsync, fdatasync, syncfs, posix_fadvise, fallocate,
 *       posix_fallocate and block-device ioctls; errors are {@link
 *       io.fsbench.core.nativeio.NativeIoException} with errno, strerror and the path.
 *   <li>{@link io.fsbench.core.nativeio.AlignedBuffers}: 4 KiB-aligned direct buffers and their
 *       content with fio's semantics (random, zeros, {@code buffer_compress_percentage}/{@code
 *       buffer_compress_chunk}, {@code scramble_buffers}).
 *   <li>{@link io.fsbench.core.nativeio.ThreadCpu} (getrusage RUSAGE_THREAD/SELF), {@link
 *       io.fsbench.core.nativeio.FileSystemStats} (statvfs + statfs f_type), {@link
 *       io.fsbench.core.nativeio.Caches} (sync + drop_caches).
 *   <li>{@link io.fsbench.core.nativeio.IoQueue}: depth N on io_uring (raw syscalls, mmap'd rings
 *       read with acquire/release VarHandles), else libaio, else one thread per slot; {@link
 *       io.fsbench.core.nativeio.IoQueues} picks and reports the mechanism, and {@link
 *       io.fsbench.core.nativeio.IoDepthStats} gives fio's iodepth_level/submit/complete.
 * </ul>
 *
 * <h2>How the engine should do I/O (measured with {@code NativeIoBenchmark} in the tests)</h2>
 *
 * <p>Measured on the 2-core development VM while other builds ran (load 4 to 13), so single runs
 * swing up to 10x; the numbers are medians (and bests) of interleaved rounds, fio in the same
 * rounds.
 *
 * <ul>
 *   <li>4 KiB pread from the page cache, ns per call (min / median of 15 interleaved samples of
 *       200k calls): JNA direct mapping 909 / 1125, JNA interface mapping 1992 / 2465, {@code
 *       FileChannel.read(buffer, position)} 838 / 1022. fio psync on the same file ({@code
 *       invalidate=0}): 1400 to 1650 ns per I/O. So every binding here is direct-mapped; JNA's
 *       libffi dispatch costs 70 to 100 ns more than the JDK's JNI call.
 *   <li>4 KiB O_DIRECT random reads, ext4 on a loop device, depth 1 (20 rounds): NativeFile.pread
 *       106k IOPS (best 139k), FileChannel with {@code ExtendedOpenOption.DIRECT} 106k (145k), fio
 *       psync 92k (135k); CPU per I/O 3.7, 3.6 and 4.3 µs.
 *   <li>Same, depth 32 (two runs of 10 and 12 rounds): IoQueue on io_uring 128k to 183k IOPS (best
 *       272k), fio io_uring 124k to 191k (best 251k); libaio 119k to 132k against fio libaio 106k
 *       to 194k; CPU per I/O 1.9 to 3.0 µs for us, 3.2 to 3.8 µs for fio. One thread per slot
 *       reaches only 68k at 14 to 17 µs of CPU per I/O: a true depth of 32, but a last resort.
 * </ul>
 *
 * <p>Therefore:
 *
 * <ul>
 *   <li><b>Depth 1 (fio's psync):</b> one pread/pwrite per I/O through {@link
 *       io.fsbench.core.nativeio.NativeFile}. It matches FileChannel on a device and is within 0.1
 *       µs of it on page-cache hits, keeps the one fd that fadvise, fallocate and fsync need,
 *       supports O_NOATIME, and is not closed when a job thread is interrupted (FileChannel closes
 *       itself on interrupt). FileChannel with {@code ExtendedOpenOption.DIRECT} is the pure-JDK
 *       alternative if the last 0.1 µs on page-cache hits ever matters.
 *   <li><b>Depth N:</b> {@link io.fsbench.core.nativeio.IoQueues#open(int)} (io_uring, else libaio,
 *       else threads; report {@link io.fsbench.core.nativeio.IoQueue#mechanism()}) and the loop
 *       "reap at least 1, re-queue those slots, submit", or {@link
 *       io.fsbench.core.nativeio.IoQueue#submitAndReap} which does both in one io_uring_enter (one
 *       syscall less per cycle; its gain was within the noise of these runs). Time each I/O from
 *       just before it is queued to the reap that returns it, and record {@link
 *       io.fsbench.core.nativeio.IoQueue#depthStats()} for fio's iodepth distributions.
 * </ul>
 */
package io.fsbench.core.nativeio;
