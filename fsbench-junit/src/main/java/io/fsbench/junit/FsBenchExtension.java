package io.fsbench.junit;

import io.fsbench.FsBench;
import io.fsbench.api.Volume;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;

/**
 * The JUnit extension behind {@link FsBenchVolume} and {@link FsBenchTest}. The annotations
 * register it, so a test names it only to use another {@link FsBench} than {@link
 * FsBench#defaults()}: another work dir, plugins registered by hand, another host.
 *
 * <pre>{@code
 * @RegisterExtension
 * static final FsBenchExtension FSBENCH =
 *     FsBenchExtension.using(FsBench.builder().workDir(Path.of("/var/tmp/fsbench-tests")).build());
 *
 * @Test
 * void writes(@FsBenchVolume(fs = "ext4") Path mount) { ... }
 * }</pre>
 *
 * <p>Register it in a {@code static} field, so that it is in place before the first test; an
 * instance registered in an instance field after volumes were already made by the default one is
 * refused with an error.
 *
 * <p>Volumes are made before each test ({@code @BeforeEach} methods see them in fields) and kept in
 * JUnit's {@link ExtensionContext.Store} of their scope, whose closing destroys them after the test
 * or the class, whatever the test did. That relies on JUnit closing {@link AutoCloseable} values of
 * its stores, which it does unless {@code
 * junit.jupiter.extensions.store.close.autocloseable.enabled} is set to false. fsbench records
 * every image, loop device and mount in its registry (in the work dir, with the owning process's
 * pid and start time) before it makes it: a test JVM that exits normally or on SIGINT/SIGTERM
 * releases what is left through fsbench's shutdown hook, and what a JVM killed with SIGKILL leaves
 * is released by the next {@link FsBench} that makes a volume as root in the same work dir (its
 * first {@link FsBench#volume} releases every entry whose process is gone), or by {@code fsbench
 * cleanup}.
 */
public final class FsBenchExtension
    implements BeforeAllCallback,
        BeforeEachCallback,
        ParameterResolver,
        TestTemplateInvocationContextProvider {

  /** The store key under which a configured extension announces itself to its class. */
  private static final Object CONFIGURED = FsBenchExtension.class.getName() + ".configured";

  /** The store key of a test's preparation: the extension that made its volumes. */
  private static final Object PREPARED = FsBenchExtension.class.getName() + ".prepared";

  private final FsBench fsbench;

  /** The extension on {@link FsBench#defaults()}; JUnit makes it for the annotations. */
  public FsBenchExtension() {
    this.fsbench = null;
  }

  private FsBenchExtension(FsBench fsbench) {
    this.fsbench = Objects.requireNonNull(fsbench, "fsbench");
  }

  /**
   * The extension on this instance, to register with {@code @RegisterExtension} in a static field.
   */
  public static FsBenchExtension using(FsBench fsbench) {
    return new FsBenchExtension(fsbench);
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    if (fsbench != null) {
      context.getStore(Volumes.NAMESPACE).put(CONFIGURED, this);
    }
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    if (standsAside(context)) {
      return;
    }
    Object preparedBy = context.getStore(Volumes.NAMESPACE).get(PREPARED);
    if (preparedBy != null) {
      if (preparedBy != this && fsbench != null) {
        throw new ExtensionConfigurationException(
            "FsBenchExtension.using(...) is registered in an instance field, after this test's"
                + " volumes were made on FsBench.defaults(); register it in a static field");
      }
      return;
    }
    context.getStore(Volumes.NAMESPACE).put(PREPARED, this);
    // every request is read and checked before the first volume is made
    Map<Object, VolumeRequest> requests = new LinkedHashMap<>();
    Map<Object, Field> fields = new LinkedHashMap<>();
    for (Object instance : context.getRequiredTestInstances().getAllInstances()) {
      for (Field field : annotatedFields(instance.getClass())) {
        FieldKey key = new FieldKey(instance, field);
        requests.put(key, fieldRequest(field, context));
        fields.put(key, field);
      }
    }
    Method method = context.getRequiredTestMethod();
    Parameter[] parameters = method.getParameters();
    for (int i = 0; i < parameters.length; i++) {
      String site = Sites.parameter(method, i);
      if (wantsVolume(parameters[i], context)) {
        checkType(parameters[i].getType(), site);
        requests.put(
            new ParameterKey(i),
            VolumeRequest.of(
                parameters[i].getAnnotation(FsBenchVolume.class),
                invocationFileSystem(context),
                site));
      } else if (claims(parameters[i], method, context)) {
        throw new ExtensionConfigurationException(unannotated(parameters[i], site));
      }
    }
    requests.forEach(
        (key, request) -> {
          Volume volume = Volumes.provide(fsbench(), request, context);
          if (key instanceof FieldKey field) {
            inject(field.instance(), fields.get(key), volume, request.site());
          } else {
            // held, not the volume itself: the store would close it with the test, also a
            // class-scoped one
            context.getStore(Volumes.NAMESPACE).put(key, new Resolved(volume));
          }
        });
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    if (standsAside(context)) {
      return false;
    }
    return parameter.isAnnotated(FsBenchVolume.class)
        || claims(parameter.getParameter(), parameter.getDeclaringExecutable(), context);
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Executable executable = parameter.getDeclaringExecutable();
    String site = Sites.parameter(executable, parameter.getIndex());
    if (!executable.equals(context.getTestMethod().orElse(null))) {
      throw new ParameterResolutionException(
          "@FsBenchVolume on "
              + site
              + ": volumes are given to test methods' parameters and to fields only; declare it"
              + " on a field (scope = Scope.CLASS to keep it for the class)");
    }
    Resolved resolved =
        context
            .getStore(Volumes.NAMESPACE)
            .get(new ParameterKey(parameter.getIndex()), Resolved.class);
    if (resolved == null) {
      throw new ParameterResolutionException(unannotated(parameter.getParameter(), site));
    }
    Volume volume = resolved.volume();
    return parameter.getParameter().getType() == Path.class ? volume.mountPoint() : volume;
  }

  @Override
  public boolean supportsTestTemplate(ExtensionContext context) {
    return !standsAside(context)
        && context.getTestMethod().map(m -> m.isAnnotationPresent(FsBenchTest.class)).orElse(false);
  }

  @Override
  public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(
      ExtensionContext context) {
    Method method = context.getRequiredTestMethod();
    String[] fileSystems = method.getAnnotation(FsBenchTest.class).fileSystems();
    if (fileSystems.length == 0 || Arrays.stream(fileSystems).anyMatch(String::isBlank)) {
      throw new ExtensionConfigurationException(
          "@FsBenchTest(fileSystems = "
              + Arrays.toString(fileSystems)
              + ") on "
              + method.getDeclaringClass().getSimpleName()
              + "."
              + method.getName()
              + " must name at least one filesystem, and no blank one, e.g. {\"ext4\", \"xfs\"}");
    }
    return Arrays.stream(fileSystems).map(fs -> new FileSystemInvocation(fs.strip()));
  }

  /**
   * Whether this is the annotations' default instance in a class that registered a configured one,
   * which then does everything.
   */
  private boolean standsAside(ExtensionContext context) {
    return fsbench == null && context.getStore(Volumes.NAMESPACE).get(CONFIGURED) != null;
  }

  private FsBench fsbench() {
    return fsbench != null ? fsbench : FsBench.defaults();
  }

  private static List<Field> annotatedFields(Class<?> type) {
    List<Field> fields = new ArrayList<>();
    for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
      for (Field field : c.getDeclaredFields()) {
        if (field.isAnnotationPresent(FsBenchVolume.class)) {
          fields.add(field);
        }
      }
    }
    return fields;
  }

  private static VolumeRequest fieldRequest(Field field, ExtensionContext context) {
    String site = Sites.field(field);
    checkType(field.getType(), site);
    int modifiers = field.getModifiers();
    if (Modifier.isStatic(modifiers) || Modifier.isFinal(modifiers)) {
      throw new ExtensionConfigurationException(
          "@FsBenchVolume on "
              + site
              + ": the field is "
              + (Modifier.isStatic(modifiers) ? "static" : "final")
              + "; volumes go into non-final instance fields (scope = Scope.CLASS to share one"
              + " with every test of the class)");
    }
    return VolumeRequest.of(
        field.getAnnotation(FsBenchVolume.class), invocationFileSystem(context), site);
  }

  private static void inject(Object instance, Field field, Volume volume, String site) {
    try {
      field.setAccessible(true);
      field.set(instance, field.getType() == Path.class ? volume.mountPoint() : volume);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new ExtensionConfigurationException(
          "cannot set "
              + site
              + " ("
              + e.getMessage()
              + "); under the module system, open the test's package to io.fsbench.junit",
          e);
    }
  }

  /**
   * Whether an unannotated parameter is one this extension answers, to say how to ask for a volume:
   * a {@link Volume} (nothing else makes them), or a bare {@link Path} beside annotated ones.
   */
  private static boolean claims(
      Parameter parameter, Executable executable, ExtensionContext context) {
    if (parameter.isAnnotationPresent(FsBenchVolume.class)) {
      return true;
    }
    Class<?> type = parameter.getType();
    return type == Volume.class
        || (isBarePath(parameter)
            && (isTemplateMethod(executable, context) || hasVolumeParameter(executable)));
  }

  /** A {@link Path} without annotations: one annotated otherwise (@TempDir) is another's. */
  private static boolean isBarePath(Parameter parameter) {
    return parameter.getType() == Path.class && parameter.getAnnotations().length == 0;
  }

  private static String unannotated(Parameter parameter, String site) {
    return site
        + " asks for a volume without saying which; annotate it, e.g. @FsBenchVolume(fs ="
        + " \"xfs\") "
        + parameter.getType().getSimpleName()
        + ", or run the test once per filesystem with @FsBenchTest(fileSystems = {...})";
  }

  private static void checkType(Class<?> type, String site) {
    if (type != Path.class && type != Volume.class) {
      throw new ExtensionConfigurationException(
          "@FsBenchVolume on "
              + site
              + " of type "
              + type.getName()
              + ": a volume is given as a java.nio.file.Path (its mount point) or an"
              + " io.fsbench.api.Volume; change the type to one of them");
    }
  }

  private static boolean wantsVolume(Parameter parameter, ExtensionContext context) {
    return parameter.isAnnotationPresent(FsBenchVolume.class)
        || (invocationFileSystem(context) != null
            && (isBarePath(parameter) || parameter.getType() == Volume.class));
  }

  private static boolean isTemplateMethod(Executable executable, ExtensionContext context) {
    return invocationFileSystem(context) != null
        && executable.equals(context.getTestMethod().orElse(null));
  }

  private static boolean hasVolumeParameter(Executable executable) {
    return Arrays.stream(executable.getParameters())
        .anyMatch(p -> p.isAnnotationPresent(FsBenchVolume.class));
  }

  /** The filesystem of the {@link FsBenchTest} invocation the context is in, or null. */
  private static String invocationFileSystem(ExtensionContext context) {
    return context.getStore(Volumes.NAMESPACE).get(FileSystemInvocation.KEY, String.class);
  }

  /** The store key of the volume made for a test method's parameter. */
  private record ParameterKey(int index) {}

  /** The volume of a test method's parameter, which the scope's own store entry releases. */
  private record Resolved(Volume volume) {}

  /** A field of one test instance (an outer one, for a nested test class). */
  private record FieldKey(Object instance, Field field) {}
}
