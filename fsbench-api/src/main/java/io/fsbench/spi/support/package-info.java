/**
 * Helpers for writing a {@link io.fsbench.spi.FileSystemPlugin}: what most plugins need and none
 * should copy. Availability checks that never throw ({@link
 * io.fsbench.spi.support.AvailabilityChecks}), refusals that name the knob and what is supported
 * ({@link io.fsbench.spi.support.Refusals}), mount options for the VFS knobs ({@link
 * io.fsbench.spi.support.VfsMountOptions}), mounting and bounded busy-unmount retries ({@link
 * io.fsbench.spi.support.Mounts}, {@link io.fsbench.spi.support.Retry}), and probes whose failure
 * means "don't know" ({@link io.fsbench.spi.support.Probes}). They show JDK and SPI types only.
 *
 * <p>The real machine is here too, so that core and a plugin's tests (the compatibility kit) run
 * plugins on the same host without depending on each other: {@link
 * io.fsbench.spi.support.LinuxHost} reads /proc and /sys and runs programs through a {@link
 * io.fsbench.spi.support.ProcessShell}, finding them with a {@link
 * io.fsbench.spi.support.ToolFinder}. A plugin never makes one: it runs on the host it is handed.
 */
package io.fsbench.spi.support;
