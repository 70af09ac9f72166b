package io.fsbench.cli;

import io.fsbench.api.FilebenchSpec;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Tuning;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The key-value arguments of {@code fsbench compare}: {@code --param [WORKLOAD:]K=V}, {@code
 * --preset-param K=V} and {@code --tune FS:K=V}, each refused with an example when it is not of its
 * form.
 */
final class CompareParams {

  private CompareParams() {}

  /** The K of [WORKLOAD:]K=V. */
  static String paramKey(String p) {
    int colon = p.indexOf(':');
    int eq = p.indexOf('=');
    String kv = colon > 0 && (eq < 0 || colon < eq) ? p.substring(colon + 1) : p;
    int e = kv.indexOf('=');
    return (e < 0 ? kv : kv.substring(0, e)).strip();
  }

  /** The WORKLOAD of WORKLOAD:K=V, or null for K=V. */
  static String prefix(String p) {
    int colon = p.indexOf(':');
    int eq = p.indexOf('=');
    if (colon > 0 && p.startsWith(FilebenchSpec.NAME + ":")) {
      int second = p.indexOf(':', colon + 1); // filebench:varmail:nfiles=100
      colon = second > 0 && (eq < 0 || second < eq) ? second : colon;
    }
    return colon > 0 && (eq < 0 || colon < eq) ? p.substring(0, colon) : null;
  }

  /** The tunings of --tune FS:K=V, by filesystem. */
  static Map<String, Tuning> tunings(List<String> tunes) {
    Map<String, List<String>> settings = new LinkedHashMap<>();
    for (String t : tunes) {
      int colon = t.indexOf(':');
      if (colon <= 0) {
        throw new InvalidInputException(
            "--tune (" + t + ") must name the filesystem: FS:K=V, e.g. btrfs:compression=zstd:1");
      }
      settings
          .computeIfAbsent(t.substring(0, colon), k -> new ArrayList<>())
          .add(t.substring(colon + 1));
    }
    Map<String, Tuning> out = new LinkedHashMap<>();
    settings.forEach((fs, list) -> out.put(fs, Tuning.parse(list)));
    return out;
  }

  /** The K=V pairs of --preset-param. */
  static Map<String, String> presetParams(List<String> presetParams) {
    Map<String, String> map = new LinkedHashMap<>();
    for (String p : presetParams) {
      int e = p.indexOf('=');
      if (e <= 0) {
        throw new InvalidInputException("--preset-param (" + p + ") must be K=V, e.g. scale=0.1");
      }
      map.put(p.substring(0, e).strip(), p.substring(e + 1).strip());
    }
    return map;
  }

  /** The parameters of {@code params} ([WORKLOAD:]K=V) that apply to {@code workload}. */
  static Map<String, String> paramsFor(List<String> params, String workload) {
    Map<String, String> map = new LinkedHashMap<>();
    for (String p : params) {
      String kv = p;
      int colon = p.indexOf(':');
      int eq = p.indexOf('=');
      if (p.startsWith(workload + ":") && p.indexOf('=') > workload.length()) {
        kv = p.substring(workload.length() + 1); // filebench:varmail:nfiles=100
      } else if (colon > 0 && (eq < 0 || colon < eq)) {
        if (!p.substring(0, colon).equals(workload)) {
          continue;
        }
        kv = p.substring(colon + 1);
      }
      int e = kv.indexOf('=');
      if (e <= 0) {
        throw new InvalidInputException("--param (" + p + ") must be K=V or WORKLOAD:K=V");
      }
      map.put(kv.substring(0, e), kv.substring(e + 1));
    }
    return map;
  }
}
