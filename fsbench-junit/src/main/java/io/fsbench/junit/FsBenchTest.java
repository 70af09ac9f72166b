package io.fsbench.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test that runs once per filesystem, each time on a fresh volume of that filesystem; the
 * invocations are named after it ({@code on ext4}, {@code on xfs}).
 *
 * <pre>{@code
 * @FsBenchTest(fileSystems = {"ext4", "xfs"})
 * void syncsWithinTenMilliseconds(Path mount) {
 *   RunResult run = FsBench.onDirectory(mount).seqWrite(bytes(2300)).size(mib(22)).fdatasync(1).run();
 *   Expect.that(run).sync().latPercentile(99).atMost(Duration.ofMillis(10));
 * }
 * }</pre>
 *
 * <p>Every {@link io.fsbench.api.Volume} parameter of the test, and every {@link
 * java.nio.file.Path} parameter without another annotation (a {@code @TempDir} stays JUnit's), gets
 * a volume of the invocation's filesystem, each its own; annotate it with {@link FsBenchVolume} to
 * tune it, size it or keep it for the class ({@code @FsBenchVolume(tune = "atime=off") Path
 * mount}), or to name another filesystem. A filesystem that cannot be used here aborts its
 * invocation with the reason, as {@link FsBenchVolume} describes; the others run.
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@TestTemplate
@ExtendWith(FsBenchExtension.class)
public @interface FsBenchTest {

  /** The plugin ids to run the test on, in order, e.g. {@code {"ext4", "xfs"}}. */
  String[] fileSystems();
}
