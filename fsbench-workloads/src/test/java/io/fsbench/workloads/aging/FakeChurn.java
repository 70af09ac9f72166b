package io.fsbench.workloads.aging;

import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * A volume in memory for the churn's tests: files and directories by path, used space as their 4
 * KiB blocks plus a fixed overhead, and every operation folded into a fingerprint of the sequence.
 * It refuses what a filesystem would (a file created twice, a missing file deleted, a file put in a
 * directory that does not exist), so a wrong sequence fails the test.
 */
final class FakeChurn implements Churn {

  final long total;
  final long overhead;
  final Map<String, Long> files = new HashMap<>();
  final Set<String> directories = new HashSet<>();
  long operations;
  long syncs;
  long fingerprint = 1125899906842597L;

  FakeChurn(long total, long overhead) {
    this.total = total;
    this.overhead = overhead;
    directories.add("");
  }

  @Override
  public void makeDirectory(String path) throws IOException {
    requireParent(path);
    if (!directories.add(path)) {
      throw new IOException("directory " + path + " exists");
    }
    record("mkdir " + path);
  }

  @Override
  public void create(String path, long size) throws IOException {
    requireParent(path);
    if (files.putIfAbsent(path, size) != null) {
      throw new IOException("file " + path + " exists");
    }
    record("create " + path + " " + size);
  }

  @Override
  public void replace(String path, String temporary, long size) throws IOException {
    if (!files.containsKey(path)) {
      throw new IOException("no file " + path + " to replace");
    }
    files.put(path, size);
    record("replace " + path + " " + size);
  }

  @Override
  public void rename(String from, String to) throws IOException {
    requireParent(to);
    Long size = files.remove(from);
    if (size == null || files.putIfAbsent(to, size) != null) {
      throw new IOException("cannot rename " + from + " to " + to);
    }
    record("rename " + from + " " + to);
  }

  @Override
  public void delete(String path) throws IOException {
    if (files.remove(path) == null) {
      throw new IOException("no file " + path + " to delete");
    }
    record("delete " + path);
  }

  @Override
  public void sync() {
    syncs++;
  }

  @Override
  public long totalBytes() {
    return total;
  }

  @Override
  public long usedBytes() {
    long used = overhead;
    for (long size : files.values()) {
      used += (size + 4095) / 4096 * 4096;
    }
    return used;
  }

  private void requireParent(String path) throws IOException {
    int slash = path.lastIndexOf('/');
    String parent = slash < 0 ? "" : path.substring(0, slash);
    if (!directories.contains(parent)) {
      throw new IOException("no directory " + parent + " for " + path);
    }
  }

  private void record(String operation) {
    operations++;
    fingerprint = fingerprint * 31 + operation.hashCode();
  }
}
