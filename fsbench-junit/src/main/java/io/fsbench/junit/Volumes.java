package io.fsbench.junit;

import io.fsbench.FsBench;
import io.fsbench.api.EnvironmentException;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.UnsupportedTuningException;
import io.fsbench.api.Volume;
import io.fsbench.junit.FsBenchVolume.Scope;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext.Store;

/**
 * Makes the volumes tests ask for and keeps each in the JUnit store of its scope, whose closing
 * (after the test, or after the class) destroys it, whether the test passed or threw.
 */
final class Volumes {

  static final Namespace NAMESPACE = Namespace.create(FsBenchExtension.class);

  /** The configuration parameter (or system property) that turns an abort into a failure. */
  static final String REQUIRE = "fsbench.junit.require";

  private Volumes() {}

  /**
   * The volume for a request: made now, or the class's one of the same identity.
   *
   * @throws org.opentest4j.TestAbortedException when it cannot be made here
   * @throws FsBenchException the same, under {@code fsbench.junit.require=true}
   * @throws ExtensionConfigurationException when the request can never work
   */
  static Volume provide(FsBench fsbench, VolumeRequest request, ExtensionContext context) {
    Outcome outcome;
    if (request.scope() == Scope.CLASS) {
      Store store = classContext(context).getStore(NAMESPACE);
      outcome =
          store.computeIfAbsent(
              request.identity(), identity -> make(fsbench, request), Outcome.class);
    } else {
      outcome = make(fsbench, request);
      context.getStore(NAMESPACE).put(new Site(request.site()), outcome);
    }
    return outcome.volume(required(context));
  }

  /** The store key of a test-scoped volume. */
  private record Site(String description) {}

  private static Outcome make(FsBench fsbench, VolumeRequest request) {
    try {
      return new Made(fsbench.volume(request.fileSystem(), request.target(), request.tuning()));
    } catch (UnsupportedTuningException | EnvironmentException e) {
      return new Refused(request, e);
    } catch (InvalidInputException e) {
      return new Invalid(
          "the "
              + request.describe()
              + " volume for "
              + request.site()
              + " cannot be made: "
              + e.getMessage());
    }
  }

  /** The class's context: where class-scoped volumes live, also for a template's invocations. */
  private static ExtensionContext classContext(ExtensionContext context) {
    ExtensionContext c = context;
    while (c.getTestMethod().isPresent() && c.getParent().isPresent()) {
      c = c.getParent().get();
    }
    return c;
  }

  private static boolean required(ExtensionContext context) {
    Optional<String> value =
        context
            .getConfigurationParameter(REQUIRE)
            .or(() -> Optional.ofNullable(System.getProperty(REQUIRE)));
    return value
        .map(
            v ->
                switch (v.strip().toLowerCase(Locale.ROOT)) {
                  case "true" -> true;
                  case "false", "" -> false;
                  default ->
                      throw new ExtensionConfigurationException(
                          REQUIRE + " (" + v + ") must be true or false");
                })
        .orElse(false);
  }

  /**
   * What making a volume came to. The store closes it with its scope; a class-scoped refusal is
   * kept, so that every test of the class is refused for the same reason without trying again.
   */
  private sealed interface Outcome extends AutoCloseable permits Made, Refused, Invalid {
    Volume volume(boolean required);

    @Override
    default void close() {}
  }

  private record Made(Volume made) implements Outcome {
    @Override
    public Volume volume(boolean required) {
      return made;
    }

    @Override
    public void close() {
      made.close();
    }
  }

  private record Refused(VolumeRequest request, FsBenchException reason) implements Outcome {
    @Override
    public Volume volume(boolean required) {
      String message =
          "the "
              + request.describe()
              + " volume for "
              + request.site()
              + " cannot be made here: "
              + reason.getMessage();
      if (required) {
        throw new FsBenchException(
            reason.kind(),
            message + " (" + REQUIRE + "=true makes this a failure rather than an aborted test)",
            reason);
      }
      return Assumptions.abort(message);
    }
  }

  private record Invalid(String message) implements Outcome {
    @Override
    public Volume volume(boolean required) {
      throw new ExtensionConfigurationException(message);
    }
  }
}
