package io.fsbench.xfs;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.spi.support.MkfsArguments;
import io.fsbench.spi.support.OptionValues;
import io.fsbench.spi.support.VfsMountOptions;
import java.util.Map;
import java.util.Optional;

/**
 * Maps what the system reports about an XFS volume back to knobs: mount options from the mount
 * table, geometry and features from {@code xfs_info} ({@link XfsInfo}).
 */
final class XfsReadBack {

  private final Tuning requested;
  private final AppliedTuning applied;
  private final Map<String, String> geometry;
  private final Tuning.Builder readBack;

  private XfsReadBack(Tuning requested, AppliedTuning applied) {
    this.requested = requested;
    this.applied = applied;
    this.geometry = applied.properties();
    this.readBack = VfsMountOptions.readBack(requested, applied, Tuning.builder());
  }

  /** The knobs and options {@code requested} sets, with the values the system reports. */
  static Tuning of(Tuning requested, AppliedTuning applied) {
    return new XfsReadBack(requested, applied).build();
  }

  private Tuning build() {
    // XFS cannot be made without its log, so every XFS volume journals.
    if (requested.journal().isPresent() && applied.fileSystemType().equals("xfs")) {
      readBack.journal(true);
    }
    requested.barriers().ifPresent(on -> readBack.barriers(!applied.hasMountOption("nobarrier")));
    if (requested.blockSize().isPresent()) {
      property(XfsInfo.BLOCK_SIZE).ifPresent(bytes -> readBack.blockSize(Size.bytes(bytes)));
    }
    if (!requested.extraMkfsOptions().isEmpty()) {
      readBack.extraMkfsOptions(
          MkfsArguments.found(requested.extraMkfsOptions(), applied.mkfsCommand()));
    }
    requested.option(XfsSettings.LOG_SIZE).ifPresent(this::readLogSize);
    requested
        .option(XfsSettings.LOG_BUFFER_SIZE)
        .ifPresent(asked -> readMountSize(XfsSettings.LOG_BUFFER_SIZE, asked));
    requested
        .option(XfsSettings.ALLOC_SIZE)
        .ifPresent(asked -> readMountSize(XfsSettings.ALLOC_SIZE, asked));
    requested
        .option(XfsSettings.CRC)
        .ifPresent(asked -> readFlag(XfsSettings.CRC, XfsInfo.CRC, asked));
    requested
        .option(XfsSettings.REFLINK)
        .ifPresent(asked -> readFlag(XfsSettings.REFLINK, XfsInfo.REFLINK, asked));
    return readBack.build();
  }

  private void readLogSize(String asked) {
    Optional<Long> blocks = property(XfsInfo.LOG_BLOCKS);
    Optional<Long> blockSize = property(XfsInfo.LOG_BLOCK_SIZE);
    if (blocks.isPresent() && blockSize.isPresent()) {
      Size size = Size.bytes(blocks.get() * blockSize.get());
      readBack.option(XfsSettings.LOG_SIZE, echoSize(XfsSettings.LOG_SIZE, asked, size.toString()));
    }
  }

  /** logbsize and allocsize as the mount table shows them, e.g. {@code allocsize=1024k}. */
  private void readMountSize(String key, String asked) {
    String prefix = key + "=";
    applied.mountOptionList().stream()
        .filter(option -> option.startsWith(prefix))
        .reduce((first, last) -> last)
        .map(option -> option.substring(prefix.length()))
        .ifPresent(shown -> readBack.option(key, echoSize(key, asked, shown)));
  }

  private void readFlag(String key, String property, String asked) {
    Optional.ofNullable(geometry.get(property))
        .map(value -> OptionValues.onOff(value.equals("1")))
        .ifPresent(
            onOff ->
                readBack.option(
                    key,
                    OptionValues.asRequested(
                        asked, onOff, v -> OptionValues.bool(XfsSettings.FS, key, v))));
  }

  private static String echoSize(String key, String asked, String actual) {
    String canonical = OptionValues.size(XfsSettings.FS, key, actual).toString();
    return OptionValues.asRequested(
        asked, canonical, v -> OptionValues.size(XfsSettings.FS, key, v));
  }

  private Optional<Long> property(String name) {
    return Optional.ofNullable(geometry.get(name))
        .filter(v -> v.matches("\\d+"))
        .map(Long::parseLong);
  }
}
