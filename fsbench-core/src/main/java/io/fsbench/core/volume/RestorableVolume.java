package io.fsbench.core.volume;

import io.fsbench.api.Fragmentation;
import java.util.Optional;

/**
 * A volume whose state can be kept and brought back, so that every repetition of an aged cell
 * starts from the same aged filesystem instead of aging it again. A loop volume keeps a copy of its
 * image beside it ({@code cp --reflink=auto --sparse=always} of the unmounted image), recorded in
 * the registry before it is made and released with the volume.
 *
 * <pre>{@code
 * if (volume instanceof RestorableVolume aged) {
 *   aged.keep();     // after aging
 *   aged.restore();  // before each later repetition
 * }
 * }</pre>
 */
public interface RestorableVolume {

  /**
   * The filesystem's free-space fragmentation from its plugin, after a sync; empty when the plugin
   * reports none.
   */
  Optional<Fragmentation> fragmentation();

  /**
   * Unmounts, copies the image aside and mounts again.
   *
   * @throws io.fsbench.api.FsBenchException when the volume has no image (a real device) or the
   *     copy fails
   */
  void keep();

  /**
   * Unmounts, copies the kept image back over the volume's and mounts again.
   *
   * @throws IllegalStateException when nothing was kept
   */
  void restore();

  /** Whether {@link #keep} has kept a state. */
  boolean kept();
}
