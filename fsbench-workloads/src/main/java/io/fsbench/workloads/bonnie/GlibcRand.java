package io.fsbench.workloads.bonnie;

/**
 * glibc's {@code srand}/{@code rand} (the TYPE_3 additive feedback generator of random_r.c, {@code
 * r[i] = r[i-3] + r[i-31]}, seeded by the Park-Miller LCG and 310 discarded outputs), reproduced
 * exactly: bonnie++ draws its seek tickets, file names, file sizes and shuffles from {@code rand()}
 * after {@code srand(seed)}, so the same seed gives fsbench the same ones.
 */
final class GlibcRand {

  private static final int DEGREE = 31;
  private static final int SEPARATION = 3;

  private final int[] state = new int[DEGREE];
  private int front;
  private int rear;

  GlibcRand(long seed) {
    int word = (int) seed == 0 ? 1 : (int) seed; // srandom's seed 0 is taken as 1
    state[0] = word;
    for (int i = 1; i < DEGREE; i++) {
      // state[i] = (16807 * state[i - 1]) % 2147483647 without overflowing 31 bits (Schrage).
      int hi = word / 127773;
      int lo = word % 127773;
      word = 16807 * lo - 2836 * hi;
      if (word < 0) {
        word += 2147483647;
      }
      state[i] = word;
    }
    front = SEPARATION;
    rear = 0;
    for (int i = 0; i < DEGREE * 10; i++) {
      next();
    }
  }

  /** The next {@code rand()}: 0 to 2^31 - 1. */
  int next() {
    state[front] += state[rear];
    int result = state[front] >>> 1;
    front = (front + 1) % DEGREE;
    rear = (rear + 1) % DEGREE;
    return result;
  }
}
