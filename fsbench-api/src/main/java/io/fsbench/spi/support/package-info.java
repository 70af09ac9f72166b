/**
 * Helpers for writing a {@link io.fsbench.spi.FileSystemPlugin}: what most plugins need and none
 * should copy. Availability checks that never throw ({@link
 * io.fsbench.spi.support.AvailabilityChecks}), refusals that name the knob and what is supported
 * ({@link io.fsbench.spi.support.Refusals}), mount options for the VFS knobs ({@link
 * io.fsbench.spi.support.VfsMountOptions}), mounting and bounded busy-unmount retries ({@link
 * io.fsbench.spi.support.Mounts}, {@link io.fsbench.spi.support.Retry}), and probes whose failure
 * means "don't know" ({@link io.fsbench.spi.support.Probes}). They show JDK and SPI types only.
 */
package io.fsbench.spi.support;
