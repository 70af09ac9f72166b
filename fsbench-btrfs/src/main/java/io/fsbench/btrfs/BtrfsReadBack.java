package io.fsbench.btrfs;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.spi.support.MkfsArguments;
import io.fsbench.spi.support.OptionValues;
import io.fsbench.spi.support.VfsMountOptions;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a tuning back from what the system reports: the mount table for mount options, {@code btrfs
 * filesystem df} and the superblock (through {@link AppliedTuning#properties()}) for what mkfs
 * made. Only the knobs and options that were asked for are read back, each in the spelling it was
 * asked in when the system reports the same thing in another spelling ({@code 16k} for {@code
 * 16384}, {@code zstd} for {@code zstd:3}).
 */
final class BtrfsReadBack {

  private BtrfsReadBack() {}

  static Tuning of(Tuning requested, AppliedTuning applied) {
    List<String> shown = applied.mountOptionList();
    Map<String, String> properties = applied.properties();
    Tuning.Builder out = Tuning.builder();
    VfsMountOptions.readBack(requested, applied, out);
    requested.barriers().ifPresent(r -> out.barriers(!shown.contains("nobarrier")));
    requested
        .compression()
        .ifPresent(
            r ->
                out.compression(
                    BtrfsCompression.asRequested(BtrfsCompression.fromMountOptions(shown), r)));
    requested.copyOnWrite().ifPresent(r -> out.copyOnWrite(!shown.contains("nodatacow")));
    requested
        .blockSize()
        .ifPresent(r -> bytes(properties.get(BtrfsOutputs.SECTORSIZE)).ifPresent(out::blockSize));
    if (!requested.extraMkfsOptions().isEmpty()) {
      out.extraMkfsOptions(
          MkfsArguments.found(requested.extraMkfsOptions(), applied.mkfsCommand()));
    }
    requested.options().forEach((key, value) -> option(key, value, shown, properties, out));
    return out.build();
  }

  private static void option(
      String key,
      String requested,
      List<String> shown,
      Map<String, String> properties,
      Tuning.Builder out) {
    Optional<String> value =
        switch (key) {
          case BtrfsTuning.NODESIZE ->
              bytes(properties.get(BtrfsOutputs.NODESIZE))
                  .map(size -> sameSize(size, requested) ? requested : size.toString());
          case BtrfsTuning.DATA_PROFILE ->
              sameWord(properties.get(BtrfsOutputs.DATA_PROFILE), requested);
          case BtrfsTuning.METADATA_PROFILE ->
              sameWord(properties.get(BtrfsOutputs.METADATA_PROFILE), requested);
          case BtrfsTuning.CSUM ->
              Optional.ofNullable(properties.get(BtrfsOutputs.CSUM_TYPE))
                  .map(BtrfsOutputs::checksumName)
                  .flatMap(name -> sameWord(name, requested));
          case BtrfsTuning.SSD -> ssd(shown).flatMap(s -> sameWord(s, requested));
          default -> Optional.empty();
        };
    value.ifPresent(v -> out.option(key, v));
  }

  /** {@code spread}, {@code on} or {@code off} as the mount table shows it, if it does. */
  private static Optional<String> ssd(List<String> shown) {
    if (shown.contains("ssd_spread")) {
      return Optional.of("spread");
    }
    if (shown.contains("ssd")) {
      return Optional.of("on");
    }
    return shown.contains("nossd") ? Optional.of("off") : Optional.empty();
  }

  private static Optional<String> sameWord(String shown, String requested) {
    return Optional.ofNullable(shown)
        .map(s -> OptionValues.asRequested(requested, s, BtrfsTuning::lower));
  }

  private static boolean sameSize(Size size, String requested) {
    try {
      return Size.parse(requested).equals(size);
    } catch (InvalidInputException e) {
      return false;
    }
  }

  private static Optional<Size> bytes(String value) {
    try {
      return value == null ? Optional.empty() : Optional.of(Size.bytes(Long.parseLong(value)));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
