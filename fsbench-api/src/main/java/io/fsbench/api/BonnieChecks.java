package io.fsbench.api;

import java.util.Optional;
import java.util.OptionalLong;

/** The checks bonnie++ 2.00a's {@code main} makes before it runs, with fsbench's messages. */
final class BonnieChecks {

  private static final long MIN_CHUNK = 256;
  private static final long MAX_CHUNK = 1 << 20;
  private static final long MAX_SEED = 0xFFFF_FFFFL;
  private static final int MAX_DIRECTORIES = 99_999;

  private BonnieChecks() {}

  /** bonnie++ takes chunks that are powers of two from 256 bytes to 1 MiB. */
  static void chunk(String name, Size chunk) {
    long b = chunk.bytes();
    if (b < MIN_CHUNK || b > MAX_CHUNK || Long.bitCount(b) != 1) {
      throw new InvalidInputException(
          name + " (" + chunk + ") must be a power of two from 256 to 1m, as bonnie++ requires");
    }
  }

  /** Sizes in whole MiB (bonnie++'s unit), and a number of chunks that fits an int. */
  static void fileSize(Size size, Size chunk) {
    wholeMib("size", size);
    if (size.bytes() / chunk.bytes() > Integer.MAX_VALUE) {
      throw new InvalidInputException(
          "size ("
              + size
              + ") holds more than 2^31 chunks of "
              + chunk
              + "; bonnie++ refuses it (\"File size too big for chunk size\"): use a larger chunk");
    }
  }

  static void wholeMib(String name, Size size) {
    if (!size.isMultipleOf(BonnieSpec.UNIT)) {
      throw new InvalidInputException(
          name + " (" + size + ") must be whole MiB, bonnie++'s unit, e.g. 300m or 1g");
    }
  }

  static void ram(Optional<Size> ram) {
    ram.ifPresent(r -> wholeMib("ram", r));
  }

  static void seeks(int seeks, int seekProcs) {
    if (seeks < 1) {
      throw new InvalidInputException("seeks (" + seeks + ") must be positive, e.g. 8192");
    }
    if (seekProcs < 1 || seekProcs > 1024) {
      throw new InvalidInputException(
          "seek_procs (" + seekProcs + ") must be between 1 and 1024, e.g. 5");
    }
  }

  static void files(int files, long max, long min, int directories) {
    if (files < 0 || files > BonnieSpec.MAX_FILES) {
      throw new InvalidInputException(
          "files ("
              + files
              + ") must be between 0 and "
              + BonnieSpec.MAX_FILES
              + " (units of 1024 files); bonnie++ keeps every name in memory");
    }
    if (max == -1 || max == -2) {
      throw new InvalidInputException(
          "max_size ("
              + max
              + ") asks for bonnie++'s "
              + (max == -1 ? "hard links" : "symbolic links")
              + " instead of files, which fsbench's bonnie does not make; give a size of 0 or more");
    }
    if (min < 0 || max < min) {
      throw new InvalidInputException(
          "min_size ("
              + min
              + ") and max_size ("
              + max
              + ") must satisfy 0 <= min_size <= max_size, as bonnie++ requires");
    }
    if (max > Integer.MAX_VALUE) {
      throw new InvalidInputException(
          "max_size (" + max + ") must be below 2g: bonnie++ holds file sizes in an int");
    }
    if (directories < 1 || directories > MAX_DIRECTORIES) {
      throw new InvalidInputException(
          "dirs (" + directories + ") must be between 1 and 99999, as bonnie++ requires");
    }
  }

  static void seed(OptionalLong seed) {
    if (seed.isPresent() && (seed.getAsLong() < 0 || seed.getAsLong() > MAX_SEED)) {
      throw new InvalidInputException(
          "seed (" + seed.getAsLong() + ") must be between 0 and 4294967295 (an unsigned int)");
    }
  }

  static void machine(String machine) {
    if (machine.isBlank() || machine.contains(",") || machine.contains("\n")) {
      throw new InvalidInputException(
          "machine ("
              + machine
              + ") must be a non-blank name without commas or newlines:"
              + " it is a field of bonnie++'s CSV line");
    }
  }
}
