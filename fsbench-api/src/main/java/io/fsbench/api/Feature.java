package io.fsbench.api;

/**
 * What a filesystem offers. Plugins declare these truthfully; the compatibility kit checks the
 * claims it can check (a plugin claiming {@link #COMPRESSION} must store compressible data in less
 * space) and reports build their feature matrix from them.
 */
public enum Feature {
  /** Transparent compression of file data. */
  COMPRESSION("compression"),
  /** Point-in-time snapshots of the filesystem. */
  SNAPSHOTS("snapshots"),
  /** Checksums over file data, verified on read. */
  DATA_CHECKSUMS("data checksums"),
  /** Checksums over metadata. */
  METADATA_CHECKSUMS("metadata checksums"),
  /** Data is never overwritten in place. */
  COPY_ON_WRITE("copy-on-write"),
  /** A metadata journal or intent log. */
  JOURNAL("journal"),
  /** O_DIRECT opens bypass the page cache. */
  DIRECT_IO("direct I/O"),
  /** Files can share extents ({@code cp --reflink}). */
  REFLINK("reflink"),
  /** The driver is part of the mainline Linux kernel. */
  IN_KERNEL("in mainline kernel");

  private final String label;

  Feature(String label) {
    this.label = label;
  }

  /** A short human label for reports. */
  public String label() {
    return label;
  }
}
