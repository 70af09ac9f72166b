package io.fsbench.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.alwaysTrue;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The architecture of docs/architecture.md as rules over every module's main classes. A wrong-way
 * import fails here with the rule's name. Each known exception is listed with the step of the 1.0
 * shape that removes it, so the list can only shrink.
 */
class ArchitectureTest {

  /** One class of each module the rules cover: the import must find every one of them. */
  private static final List<Class<?>> MODULES =
      List.of(
          io.fsbench.api.Size.class,
          io.fsbench.FsBench.class,
          io.fsbench.workloads.fsmark.FsMarkRunner.class,
          io.fsbench.filebench.FilebenchRunner.class,
          io.fsbench.ext4.Ext4Plugin.class,
          io.fsbench.xfs.XfsPlugin.class,
          io.fsbench.btrfs.BtrfsPlugin.class,
          io.fsbench.zfs.ZfsPlugin.class,
          io.fsbench.tck.FileSystemPluginContract.class,
          io.fsbench.junit.FsBenchExtension.class,
          io.fsbench.cluster.Cluster.class,
          io.fsbench.cli.Main.class,
          io.fsbench.bench.VsFio.class);

  static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.fsbench");

  private static final String[] PLUGINS = {
    "io.fsbench.ext4..", "io.fsbench.xfs..", "io.fsbench.btrfs..", "io.fsbench.zfs.."
  };

  @Test
  void theRulesSeeEveryModule() {
    for (Class<?> module : MODULES) {
      assertThat(MAIN.contain(module)).as(module.getName()).isTrue();
    }
  }

  /**
   * API at the bottom; core on it; the workload families on core; the plugins and the kit on the
   * API alone; the command line, JUnit extension and cluster on top; the harnesses above all.
   */
  @Test
  void layersAndModulesDependOnlyDownwards() {
    layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("API")
        .definedBy("io.fsbench.api..", "io.fsbench.spi..")
        .layer("Core")
        .definedBy("io.fsbench", "io.fsbench.core..")
        .layer("Families")
        .definedBy("io.fsbench.workloads..", "io.fsbench.filebench..")
        .layer("Plugins")
        .definedBy(PLUGINS)
        .layer("Kit")
        .definedBy("io.fsbench.tck..")
        .layer("Frontends")
        .definedBy("io.fsbench.cli..", "io.fsbench.junit..", "io.fsbench.cluster..")
        .layer("Harnesses")
        .definedBy("io.fsbench.bench..")
        .whereLayer("Harnesses")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("Frontends")
        .mayOnlyBeAccessedByLayers("Frontends", "Harnesses")
        .whereLayer("Plugins")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("Kit")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("Families")
        .mayOnlyBeAccessedByLayers("Frontends", "Harnesses")
        .whereLayer("Core")
        .mayOnlyBeAccessedByLayers("Families", "Frontends", "Harnesses")
        .check(MAIN);
  }

  @Test
  void pluginsAndTheKitSeeOnlyTheApi() {
    for (String root : concat(PLUGINS, "io.fsbench.tck..")) {
      classes()
          .that()
          .resideInAPackage(root)
          .should()
          .onlyDependOnClassesThat(
              resideInAPackage("io.fsbench.api..")
                  .or(resideInAPackage("io.fsbench.spi.."))
                  .or(resideInAPackage(root))
                  .or(DescribedPredicate.not(resideInAPackage("io.fsbench.."))))
          .check(MAIN);
    }
  }

  @Test
  void noPackageDependsOnItselfThroughAnother() {
    slices()
        .matching("io.fsbench.(**)")
        .should()
        .beFreeOfCycles()
        // FileSystemPlugin's default unmount calls spi.support's Mounts: the API split (the 1.0
        // shape's step 4) moves the support classes out of the SPI's way.
        .ignoreDependency(
            resideInAPackage("io.fsbench.spi"), resideInAPackage("io.fsbench.spi.support"))
        // Cluster and Agent start the internal nodes, which use the public records: the API split
        // gives the cluster's records a package of their own.
        .ignoreDependency(
            resideInAPackage("io.fsbench.cluster"), resideInAPackage("io.fsbench.cluster.internal"))
        .check(MAIN);
  }

  @Test
  void familiesReachEachOtherOnlyThroughTheirCommonPackage() {
    slices()
        .matching("io.fsbench.workloads.(*)..")
        .should()
        .notDependOnEachOther()
        .ignoreDependency(alwaysTrue(), resideInAPackage("io.fsbench.workloads.common.."))
        .check(MAIN);
    noClasses()
        .that()
        .resideInAPackage("io.fsbench.filebench..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.fsbench.workloads..")
        .check(MAIN);
    noClasses()
        .that()
        .resideInAPackage("io.fsbench.workloads..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.fsbench.filebench..")
        .check(MAIN);
  }

  @Test
  void nothingOutsideAFamilyTestsForItsSpecClass() {
    classes().should(SpecInstanceofs.onlyInTheirFamily()).check(MAIN);
  }

  private static String[] concat(String[] first, String... more) {
    String[] all = new String[first.length + more.length];
    System.arraycopy(first, 0, all, 0, first.length);
    System.arraycopy(more, 0, all, first.length, more.length);
    return all;
  }
}
