package io.fsbench.junit;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;

/** One invocation of an {@link FsBenchTest}: its filesystem, in its name and in its store. */
final class FileSystemInvocation implements TestTemplateInvocationContext {

  /** The store key of the invocation's filesystem. */
  static final Object KEY = FileSystemInvocation.class.getName();

  private final String fileSystem;

  FileSystemInvocation(String fileSystem) {
    this.fileSystem = fileSystem;
  }

  @Override
  public String getDisplayName(int invocationIndex) {
    return "on " + fileSystem;
  }

  @Override
  public void prepareInvocation(ExtensionContext context) {
    context.getStore(Volumes.NAMESPACE).put(KEY, fileSystem);
  }
}
