package io.fsbench.api;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads {@link BonnieSpec}'s {@code --param}s, named after bonnie++'s options; {@code size} and
 * {@code files} also take bonnie++'s own colon forms, {@code -s size:chunk:seeks:seek_procs} and
 * {@code -n num:max:min:dirs:chunk}.
 */
final class BonnieParams {

  static final List<String> NAMES =
      List.of(
          "size",
          "chunk",
          "seeks",
          "seek_procs",
          "fast",
          "per_char",
          "files",
          "max_size",
          "min_size",
          "dirs",
          "file_chunk",
          "fsync",
          "direct",
          "ram",
          "seed",
          "machine");

  private BonnieParams() {}

  static BonnieSpec parse(Map<String, String> params) {
    WorkloadParams p = WorkloadParams.of(BonnieSpec.NAME, params, NAMES);
    BonnieSpec.Builder b = BonnieSpec.builder();
    size(b, p, params);
    files(b, p, params);
    if (p.has("fast") && p.has("per_char")) {
      throw new InvalidInputException(
          "fast (-f) and per_char (-f size) say the same thing twice; give one: fast=true skips"
              + " the per-char tests, per_char=SIZE sets their size");
    }
    if (p.bool("fast", false)) {
      b.fast();
    }
    if (p.has("per_char")) {
      b.perCharSize(p.size("per_char", BonnieSpec.DEFAULT_PER_CHAR));
    }
    b.fsync(p.bool("fsync", false)).direct(p.bool("direct", false));
    if (p.has("ram")) {
      b.ram(p.size("ram", Size.ZERO));
    }
    if (p.has("seed")) {
      b.seed(p.longValue("seed", 0));
    }
    if (p.has("machine")) {
      b.machine(p.string("machine", ""));
    }
    return b.build();
  }

  /** {@code size} with bonnie++'s {@code :chunk:seeks:seek_procs}, or each on its own. */
  private static void size(BonnieSpec.Builder b, WorkloadParams p, Map<String, String> params) {
    String[] parts = p.string("size", "").split(":", -1);
    boolean compound = parts.length > 1;
    if (compound && parts.length > 4) {
      throw new InvalidInputException(
          "size (" + params.get("size") + ") must be size[:chunk[:seeks[:seek_procs]]]");
    }
    if (!parts[0].isEmpty()) {
      b.fileSize(Size.parse(parts[0]));
    }
    String chunk = part(parts, 1, "chunk", p);
    if (chunk != null) {
      b.chunkSize(Size.parse(chunk));
    }
    String seeks = part(parts, 2, "seeks", p);
    if (seeks != null) {
      b.seeks(number("seeks", seeks));
    }
    String procs = part(parts, 3, "seek_procs", p);
    if (procs != null) {
      b.seekProcs(number("seek_procs", procs));
    }
  }

  /** {@code files} with bonnie++'s {@code :max:min:dirs:chunk}, or each on its own. */
  private static void files(BonnieSpec.Builder b, WorkloadParams p, Map<String, String> params) {
    String[] parts = p.string("files", "").split(":", -1);
    if (parts.length > 5) {
      throw new InvalidInputException(
          "files (" + params.get("files") + ") must be num[:max[:min[:dirs[:chunk]]]]");
    }
    if (!parts[0].isEmpty()) {
      b.files(number("files", parts[0]));
    }
    String max = part(parts, 1, "max_size", p);
    if (max != null) {
      b.maxFileSize(bytes("max_size", max));
    }
    String min = part(parts, 2, "min_size", p);
    if (min != null) {
      b.minFileSize(bytes("min_size", min));
    }
    String dirs = part(parts, 3, "dirs", p);
    if (dirs != null) {
      b.directories(number("dirs", dirs));
    }
    String chunk = part(parts, 4, "file_chunk", p);
    if (chunk != null) {
      b.fileChunkSize(Size.parse(chunk));
    }
  }

  /** The colon form's part {@code index}, or the parameter of its own; both is an error. */
  private static @Nullable String part(String[] parts, int index, String key, WorkloadParams p) {
    boolean inCompound = parts.length > index && !parts[index].isEmpty();
    if (inCompound && p.has(key)) {
      throw new InvalidInputException(
          key + " is given twice, in the colon form and as --param " + key + "; give it once");
    }
    if (inCompound) {
      return parts[index];
    }
    return p.has(key) ? p.string(key, "") : null;
  }

  private static int number(String key, String value) {
    try {
      return Integer.parseInt(value.strip().replace("_", ""));
    } catch (NumberFormatException e) {
      throw new InvalidInputException(
          "bonnie parameter " + key + " (" + value + ") must be a whole number below 2^31");
    }
  }

  /** A byte count for max_size and min_size: a size such as 4k, or bonnie++'s -1 and -2. */
  private static long bytes(String key, String value) {
    String v = value.strip();
    if (v.startsWith("-")) {
      return number(key, v);
    }
    return Size.parse(v).bytes();
  }
}
