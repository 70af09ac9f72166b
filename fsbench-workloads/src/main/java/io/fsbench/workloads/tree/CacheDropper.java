package io.fsbench.workloads.tree;

import io.fsbench.api.EnvironmentException;
import io.fsbench.core.nativeio.Caches;
import java.io.IOException;

/**
 * Empties the page cache, dentries and inodes so the next phase starts cold. Needs root and affects
 * the whole machine. Injected so tests can count the drops.
 */
public interface CacheDropper {

  void dropCaches() throws IOException;

  /** The real drop: {@link Caches#dropAll()}, sync then 3 into /proc/sys/vm/drop_caches. */
  static CacheDropper system() {
    return () -> {
      try {
        Caches.dropAll();
      } catch (IOException e) {
        throw new EnvironmentException(e.getMessage() + "; or set drop_caches=false", e);
      }
    };
  }
}
