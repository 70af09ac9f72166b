package io.fsbench.core.engine.block;

/** 64-bit mixing: SplitMix64's finaliser, the hash behind permutations and hot-spot scattering. */
final class Mix {

  private Mix() {}

  static long hash(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  static long next(long state) {
    return hash(state + 0x9e3779b97f4a7c15L);
  }
}
