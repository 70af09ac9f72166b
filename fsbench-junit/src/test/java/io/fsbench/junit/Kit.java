package io.fsbench.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.Map;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/** Runs a fixture class on the Jupiter engine, as a build would, and returns what happened. */
final class Kit {

  private Kit() {}

  static EngineExecutionResults run(Class<?> fixture) {
    return run(fixture, Map.of());
  }

  static EngineExecutionResults run(Class<?> fixture, Map<String, String> configuration) {
    return EngineTestKit.engine("junit-jupiter")
        .configurationParameters(configuration)
        .selectors(selectClass(fixture))
        .execute();
  }
}
