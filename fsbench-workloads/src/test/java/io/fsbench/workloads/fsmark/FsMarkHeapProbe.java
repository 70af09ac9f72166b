package io.fsbench.workloads.fsmark;

import io.fsbench.api.FsMarkResult;
import io.fsbench.api.FsMarkSpec;
import io.fsbench.api.FsMarkSyncPolicy;
import io.fsbench.api.MetadataOperation;
import io.fsbench.api.Size;
import io.fsbench.core.engine.DirectoryContext;
import java.nio.file.Path;

/**
 * Run in a child JVM with a small heap by {@link FsMarkHeapTest}: creates, stats and deletes {@code
 * args[1]} files in {@code args[0]} and prints the files each phase saw and the heap limit.
 */
public final class FsMarkHeapProbe {

  private FsMarkHeapProbe() {}

  public static void main(String[] args) {
    FsMarkSpec spec =
        FsMarkSpec.builder()
            .files(Long.parseLong(args[1]))
            .threads(2)
            .fileSize(Size.ZERO)
            .filesPerDir(5000)
            .depth(2)
            .sync(FsMarkSyncPolicy.NONE)
            .operations(MetadataOperation.CREATE, MetadataOperation.STAT, MetadataOperation.DELETE)
            .build();
    FsMarkResult result =
        new FsMarkRunner(new RecordingSyncer()).run(spec, new DirectoryContext(Path.of(args[0])));
    result.phases().forEach(p -> System.out.println(p.operation().key() + "=" + p.files()));
    System.out.println("max_heap=" + Runtime.getRuntime().maxMemory());
  }
}
