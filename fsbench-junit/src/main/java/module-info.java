/**
 * fsbench for JUnit 5 tests: real, tuned filesystems on loop devices as test parameters and fields
 * ({@link io.fsbench.junit.FsBenchVolume}), a test run once per filesystem ({@link
 * io.fsbench.junit.FsBenchTest}), and expectations on a run's results ({@link
 * io.fsbench.junit.Expect}).
 */
module io.fsbench.junit {
  requires transitive io.fsbench.core;
  requires transitive org.junit.jupiter.api;

  exports io.fsbench.junit;
}
