package io.fsbench.workloads.fsmark;

import io.fsbench.core.nativeio.NativePath;
import io.fsbench.workloads.common.Syncer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Records every flush as text, {@code fsync NAME}, {@code sync} or {@code syncfs}, and makes no
 * real call: the tests check which calls a policy makes, in which order, not the disk.
 */
public final class RecordingSyncer implements Syncer {

  private final List<String> calls = Collections.synchronizedList(new ArrayList<>());

  @Override
  public void fsync(NativePath file, FileSync call) {
    String path = file.toString();
    calls.add("fsync " + path.substring(path.lastIndexOf('/') + 1));
  }

  @Override
  public void sync() {
    calls.add("sync");
  }

  @Override
  public void syncfs(Path anyPath) throws IOException {
    calls.add("syncfs");
  }

  public List<String> calls() {
    return List.copyOf(calls);
  }

  public long count(String prefix) {
    return calls().stream().filter(c -> c.startsWith(prefix)).count();
  }
}
