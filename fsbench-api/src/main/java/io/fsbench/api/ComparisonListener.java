package io.fsbench.api;

/**
 * Progress of a comparison, for progress bars and logs. Every method does nothing by default;
 * callbacks come from the thread running the comparison, one at a time, and must return quickly.
 *
 * <pre>{@code
 * ComparisonListener progress = new ComparisonListener() {
 *   public void cellStarted(CellId cell, int position, int cells) {
 *     System.err.printf("[%d/%d] %s%n", position, cells, cell);
 *   }
 * };
 * }</pre>
 */
public interface ComparisonListener {

  /** A listener that ignores everything. */
  static ComparisonListener none() {
    return new ComparisonListener() {};
  }

  /** A filesystem that was asked for will not run. */
  default void fileSystemSkipped(SkippedFileSystem skipped) {}

  /**
   * A cell starts.
   *
   * @param position its position among all cells, from 1
   * @param cells how many cells there are
   */
  default void cellStarted(CellId cell, int position, int cells) {}

  /**
   * The aging of an aged cell's volume ({@link AgingSummary}) got further; it comes before the
   * cell's first run, and may take minutes.
   *
   * @param cell the aged cell, e.g. {@code seqread-128k-aged} on ext4
   * @param fraction how far the aging is, 0 to 1, never going back: the larger of its work done
   *     (the fill toward the fullness, then the writing toward the overwrite) and its time toward
   *     the time limit; 1 when it has ended
   */
  default void agingProgress(CellId cell, double fraction) {}

  /** One run of a cell finished, warm-up runs included. */
  default void repetitionFinished(CellId cell, Repetition repetition) {}

  /** A cell finished (or failed; see {@link ComparisonCell#failed()}) with its statistics. */
  default void cellFinished(ComparisonCell cell) {}

  /** The comparison finished. */
  default void done(Comparison comparison) {}

  /**
   * A line worth showing on the way, outside any cell: e.g. a preset timing its rows to fit a time
   * budget before the comparison starts, and how it fitted them.
   */
  default void note(String message) {}
}
