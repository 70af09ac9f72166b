package io.fsbench.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A fresh filesystem on a loop device for a test: on a {@link java.nio.file.Path} parameter or
 * field it is the mount point, on an {@link io.fsbench.api.Volume} the volume itself. fsbench makes
 * the image, formats, mounts and tunes it before the test and destroys all of it after the test (or
 * after the class, with {@link Scope#CLASS}), also when the test throws.
 *
 * <pre>{@code
 * @Test
 * void keepsUpWithRandomWrites(@FsBenchVolume(fs = "xfs", tune = "atime=off", size = "1g") Path mount) {
 *   RunResult run = FsBench.onDirectory(mount).randWrite(kib(4)).size(mib(64)).run();
 *   Expect.that(run).write().iops().atLeast(5_000);
 * }
 * }</pre>
 *
 * <p>Each annotated parameter or field of a test has its own volume. Where the volume cannot be
 * made here (not root, the filesystem's tools missing, a plugin unavailable, a tuning this
 * machine's filesystem refuses) the test is aborted with the reason, as a failed assumption; the
 * JUnit configuration parameter or system property {@code fsbench.junit.require=true} makes that a
 * failure, for CI that must not skip silently. A value that can never work (an unknown filesystem,
 * a size or tuning that does not parse) fails the test with a message naming it.
 *
 * <p>Making volumes needs root and loop devices. The volumes live in fsbench's work dir and are
 * recorded in its registry before they are made, so that a test JVM that is killed leaves nothing
 * for long: see {@link FsBenchExtension}.
 */
@Target({ElementType.PARAMETER, ElementType.FIELD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(FsBenchExtension.class)
public @interface FsBenchVolume {

  /**
   * The filesystem plugin's id, e.g. {@code ext4} or {@code xfs}. Left out in an {@link
   * FsBenchTest}, it is the filesystem of the invocation.
   */
  String fs() default "";

  /**
   * The tuning as {@code key=value} settings, as {@code fsbench run --tune} takes them: {@code
   * atime=off}, {@code data=writeback}, {@code compression=zstd:3}, or a filesystem's own option
   * such as {@code logbsize=256k}. Default: the filesystem's defaults.
   */
  String[] tune() default {};

  /** The loop image's size in fio's units, e.g. {@code 512m} or {@code 1g}; default 512m. */
  String size() default "";

  /** How long the volume lives; default {@link Scope#TEST}. */
  Scope scope() default Scope.TEST;

  /** How long a volume lives. */
  enum Scope {
    /** Made before each test (each invocation of a template) and destroyed after it. */
    TEST,
    /**
     * Made for the first test of the class that asks for it and destroyed after the class. Every
     * field and parameter of the class that asks for the same filesystem, tuning and size shares
     * it, so its files stay from one test to the next.
     */
    CLASS
  }
}
