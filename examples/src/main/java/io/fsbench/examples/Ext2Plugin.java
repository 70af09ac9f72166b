package io.fsbench.examples;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Availability;
import io.fsbench.api.Feature;
import io.fsbench.api.Knob;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.api.UnsupportedTuningException;
import io.fsbench.spi.Command;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.Host;
import io.fsbench.spi.TuningSupport;
import io.fsbench.spi.support.AvailabilityChecks;
import io.fsbench.spi.support.Mounts;
import io.fsbench.spi.support.Probes;
import io.fsbench.spi.support.Refusals;
import io.fsbench.spi.support.VfsMountOptions;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A complete third-party plugin in one class: ext2, the journal-less ancestor of ext4, made with
 * {@code mkfs.ext2}. It honours two knobs (atime and block size) and refuses every other, and
 * passes the compatibility kit ({@code Ext2PluginUnitContractTest} anywhere, {@code Ext2PluginIT}
 * as root). It keeps the SPI's default {@code unmount} and {@code destroy}: ext2 lives on the
 * device alone.
 *
 * <p>To ship a plugin: implement {@link FileSystemPlugin}, register it in {@code
 * META-INF/services/io.fsbench.spi.FileSystemPlugin} and with {@code provides} in module-info, and
 * subclass {@code io.fsbench.tck.FileSystemPluginUnitContract} in a unit test and {@code
 * io.fsbench.tck.FileSystemPluginContract} in an integration test. The SPI's helpers in {@code
 * io.fsbench.spi.support} do what most plugins need: {@link AvailabilityChecks}, {@link Refusals},
 * {@link VfsMountOptions}, {@link Mounts} and {@link Probes}.
 */
public final class Ext2Plugin implements FileSystemPlugin {

  private static final String ID = "ext2";
  private static final String INSTALL_HINT = "apt-get install e2fsprogs";
  private static final Set<Knob> SUPPORTED = EnumSet.of(Knob.ATIME, Knob.BLOCK_SIZE);
  private static final Pattern MKE2FS_VERSION = Pattern.compile("mke2fs (\\S+)");

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "ext2: the classic Linux filesystem without a journal (example third-party plugin)";
  }

  @Override
  public Availability availability(Host host) {
    return AvailabilityChecks.toolsAndKernel(
        host, ID, List.of("mkfs.ext2", "tune2fs"), INSTALL_HINT);
  }

  @Override
  public Set<Feature> features(Host host) {
    return EnumSet.of(Feature.DIRECT_IO, Feature.IN_KERNEL);
  }

  @Override
  public Size maxFileSize() {
    return Size.gib(2048); // 2 TiB with 4 KiB blocks
  }

  /** The refusals' reasons come from {@link #validate} itself, so that the two cannot differ. */
  @Override
  public TuningSupport tuningSupport(Host host) {
    return new TuningSupport(
        List.of("atime=off", "blocksize=1k"),
        Refusals.reasons(
            List.of("journal=on", "compression=zstd"), tuning -> validate(tuning, host)));
  }

  @Override
  public void validate(Tuning tuning, Host host) {
    Refusals refusals = Refusals.of(ID, tuning);
    for (Knob knob : Knob.values()) {
      if (!SUPPORTED.contains(knob)) {
        refusals.ifSet(knob, "this example plugin honours only atime and blocksize");
      }
    }
    refusals.unknownOptions(List.of());
    tuning
        .blockSize()
        .filter(bs -> !List.of(1024L, 2048L, 4096L).contains(bs.bytes()))
        .ifPresent(
            bs -> {
              throw new UnsupportedTuningException(
                  ID, "blocksize=" + bs, "block size " + bs + " is not one of 1k, 2k, 4k");
            });
  }

  @Override
  public List<Command> format(FileSystemSpec spec, Host host) {
    List<String> argv = new ArrayList<>(List.of("mkfs.ext2", "-F", "-q"));
    spec.tuning()
        .blockSize()
        .ifPresent(bs -> argv.addAll(List.of("-b", Long.toString(bs.bytes()))));
    argv.add(spec.device().toString());
    Command mkfs = Command.of(argv);
    host.shell().run(mkfs);
    return List.of(mkfs);
  }

  @Override
  public void mount(FileSystemSpec spec, Host host) {
    List<String> options = VfsMountOptions.of(spec.tuning());
    Mounts.mount(host, ID, options, spec.device().toString(), spec.mountPoint());
  }

  @Override
  public Map<String, String> properties(FileSystemSpec spec, Host host) {
    Map<String, String> properties = new LinkedHashMap<>();
    for (String line :
        host.shell().run(Command.of("tune2fs", "-l", spec.device().toString())).lines()) {
      if (line.startsWith("Block size:")) {
        properties.put("block_size", line.substring(line.indexOf(':') + 1).strip());
      }
    }
    return properties;
  }

  @Override
  public Tuning readBack(FileSystemSpec spec, AppliedTuning applied) {
    Tuning.Builder tuning = VfsMountOptions.readBack(spec.tuning(), applied, Tuning.builder());
    String blockSize = applied.properties().get("block_size");
    if (blockSize != null) {
      tuning.blockSize(Size.bytes(Long.parseLong(blockSize)));
    }
    return tuning.build();
  }

  @Override
  public Map<String, String> toolVersions(Host host) {
    return Map.of(
        "mkfs.ext2", Probes.version(host, MKE2FS_VERSION, "mkfs.ext2", "-V").orElse("unknown"));
  }
}
