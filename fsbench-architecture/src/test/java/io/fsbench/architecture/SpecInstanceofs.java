package io.fsbench.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaParameterizedType;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Only a family tests for its own spec class: an {@code instanceof} on a workload spec (a class
 * that implements {@code io.fsbench.api.Workload}) may stand in the package of the runner whose
 * spec type it is, or in the spec's own package. Everything else asks the family (its runner's
 * capabilities) instead.
 */
final class SpecInstanceofs {

  private static final String WORKLOAD = "io.fsbench.api.Workload";
  private static final String NAMED = "io.fsbench.api.NamedWorkload";
  private static final String RUNNER = "io.fsbench.core.engine.WorkloadRunner";

  /**
   * Tests of a spec class that stand today, as "class tests spec", each to be replaced by a
   * question to the family when families declare what they can do (the 1.0 shape's step 2). The
   * list only shrinks: a new one fails the rule.
   */
  static final Set<String> KNOWN =
      Set.of(
          "io.fsbench.cluster.ClusterComparison tests JobSpec",
          "io.fsbench.cluster.ClusterComparison tests FilebenchSpec",
          "io.fsbench.cluster.ClusterWork tests JobSpec",
          "io.fsbench.cluster.ClusterJob tests FsMarkSpec",
          "io.fsbench.cli.RunCommand tests FilebenchSpec",
          "io.fsbench.cli.RunCommand tests JobSpec",
          "io.fsbench.QualificationRun tests JobSpec",
          "io.fsbench.BudgetSizing tests JobSpec",
          "io.fsbench.Check tests JobSpec",
          "io.fsbench.Measure tests JobSpec",
          "io.fsbench.Qualification tests JobSpec");

  private SpecInstanceofs() {}

  static ArchCondition<JavaClass> onlyInTheirFamily() {
    return new ArchCondition<>("test for a workload spec class only in the spec's family") {
      private final Map<String, String> familyOf = new HashMap<>();
      private final Set<String> seen = new HashSet<>();

      @Override
      public void init(java.util.Collection<JavaClass> all) {
        for (JavaClass type : all) {
          for (JavaType implemented : type.getInterfaces()) {
            if (implemented instanceof JavaParameterizedType generic
                && generic.toErasure().getName().equals(RUNNER)) {
              familyOf.put(
                  generic.getActualTypeArguments().get(0).toErasure().getName(),
                  type.getPackageName());
            }
          }
        }
      }

      @Override
      public void check(JavaClass type, ConditionEvents events) {
        for (JavaCodeUnit unit : type.getCodeUnits()) {
          for (var check : unit.getInstanceofChecks()) {
            JavaClass spec = check.getRawType();
            if (!isSpec(spec)
                || type.getPackageName().equals(spec.getPackageName())
                || type.getPackageName().equals(familyOf.get(spec.getName()))) {
              continue;
            }
            String found =
                type.getName().replaceAll("\\$.*", "") + " tests " + spec.getSimpleName();
            seen.add(found);
            if (!KNOWN.contains(found)) {
              events.add(
                  SimpleConditionEvent.violated(
                      check,
                      found
                          + " at "
                          + check.getSourceCodeLocation()
                          + "; ask the family's runner instead (its family is "
                          + familyOf.getOrDefault(spec.getName(), "unregistered")
                          + ")"));
            }
          }
        }
      }

      @Override
      public void finish(ConditionEvents events) {
        for (String known : KNOWN) {
          if (!seen.contains(known)) {
            events.add(
                SimpleConditionEvent.violated(
                    known, known + " no longer happens: take it off SpecInstanceofs.KNOWN"));
          }
        }
      }
    };
  }

  private static boolean isSpec(JavaClass type) {
    return !type.getName().equals(NAMED)
        && !type.getName().equals(WORKLOAD)
        && type.isAssignableTo(WORKLOAD);
  }
}
