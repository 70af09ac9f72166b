package io.fsbench.ext4;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.DataMode;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.spi.support.MkfsArguments;
import io.fsbench.spi.support.OptionValues;
import io.fsbench.spi.support.VfsMountOptions;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps what the system reports about an ext4 volume back to knobs: mount options from the mount
 * table, the rest from the superblock ({@link Superblock}) and, for lazy init, which leaves no
 * lasting trace on disk, from the mkfs command that ran.
 */
final class Ext4ReadBack {

  private static final Pattern LAZY_ITABLE_INIT = Pattern.compile("lazy_itable_init=([01])");

  private final Tuning requested;
  private final AppliedTuning applied;
  private final Map<String, String> superblock;
  private final Tuning.Builder readBack;

  private Ext4ReadBack(Tuning requested, AppliedTuning applied) {
    this.requested = requested;
    this.applied = applied;
    this.superblock = applied.properties();
    this.readBack = VfsMountOptions.readBack(requested, applied, Tuning.builder());
  }

  /** The knobs and options {@code requested} sets, with the values the system reports. */
  static Tuning of(Tuning requested, AppliedTuning applied) {
    return new Ext4ReadBack(requested, applied).build();
  }

  private Tuning build() {
    boolean hasJournal = Superblock.features(superblock).contains("has_journal");
    requested.journal().ifPresent(on -> readBack.journal(hasJournal));
    if (requested.dataMode().isPresent() && hasJournal) {
      readBack.dataMode(dataMode());
    }
    requested.barriers().ifPresent(on -> readBack.barriers(!applied.hasMountOption("nobarrier")));
    if (requested.blockSize().isPresent()) {
      Superblock.get(superblock, Superblock.BLOCK_SIZE)
          .ifPresent(bytes -> readBack.blockSize(Size.bytes(Long.parseLong(bytes))));
    }
    if (!requested.extraMkfsOptions().isEmpty()) {
      readBack.extraMkfsOptions(
          MkfsArguments.found(requested.extraMkfsOptions(), applied.mkfsCommand()));
    }
    requested.option(Ext4Settings.INODE_SIZE).ifPresent(this::readInodeSize);
    requested.option(Ext4Settings.LAZY_INIT).ifPresent(this::readLazyInit);
    return readBack.build();
  }

  /**
   * The mount table names the data mode when it was given; otherwise the superblock's default mount
   * options decide, and ordered is ext4's default.
   */
  private DataMode dataMode() {
    for (String option : applied.mountOptionList()) {
      if (option.startsWith("data=")) {
        return DataMode.parse(option.substring("data=".length()));
      }
    }
    List<String> defaults = Superblock.defaultMountOptions(superblock);
    if (defaults.contains("journal_data")) {
      return DataMode.JOURNAL;
    }
    return defaults.contains("journal_data_writeback") ? DataMode.WRITEBACK : DataMode.ORDERED;
  }

  private void readInodeSize(String asked) {
    Superblock.get(superblock, Superblock.INODE_SIZE)
        .ifPresent(
            bytes ->
                readBack.option(
                    Ext4Settings.INODE_SIZE,
                    OptionValues.asRequested(
                        asked,
                        bytes,
                        v -> OptionValues.size(Ext4Settings.FS, Ext4Settings.INODE_SIZE, v))));
  }

  private void readLazyInit(String asked) {
    String flag = null;
    for (String commandLine : applied.mkfsCommand()) {
      Matcher m = LAZY_ITABLE_INIT.matcher(commandLine);
      while (m.find()) {
        flag = m.group(1); // mke2fs applies extended options in order: the last one counts
      }
    }
    if (flag != null) {
      readBack.option(
          Ext4Settings.LAZY_INIT,
          OptionValues.asRequested(
              asked,
              OptionValues.onOff(flag.equals("1")),
              v -> OptionValues.bool(Ext4Settings.FS, Ext4Settings.LAZY_INIT, v)));
    }
  }
}
