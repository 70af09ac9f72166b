package io.fsbench.api;

import java.util.Objects;

/**
 * What a job writes and how it checks it: the buffers' content and the verify method with its
 * settings. One of the groups of a {@link JobSpec}; the builder's flat verbs fill it.
 *
 * <pre>{@code
 * JobContent content =
 *     JobSpec.seqWrite(Size.kib(4)).buffers(BufferContent.compressible(50)).build().content();
 * }</pre>
 *
 * @param buffers the content written
 * @param verify how written data is checksummed and verified
 * @param verifySettings fio's other verify options: pattern, interval, backlog, ...
 */
public record JobContent(
    BufferContent buffers, VerifyMethod verify, VerifySettings verifySettings) {

  public JobContent {
    Objects.requireNonNull(buffers, "buffers");
    Objects.requireNonNull(verify, "verify");
    Objects.requireNonNull(verifySettings, "verifySettings");
  }
}
