package io.fsbench.filebench;

import io.fsbench.api.InvalidInputException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The distributions {@code cvar(type=...)} offers, one row each with its parameters and their
 * defaults as filebench's cvar libraries define them ({@code cvars/cvar-*.c: cvar_alloc_handle})
 * and the draw as their {@code cvar_next_value} makes it (mtwist's {@code randistrs.c}).
 */
enum CvarType {
  /** Gamma by Knuth's algorithm; scale {@code mean/gamma}; draws from the shared drand48. */
  GAMMA("cvar-gamma", new String[] {"mean", "gamma"}, new double[] {4096.0, 1.5}) {
    @Override
    void validate(double[] p) {
      // cvar-gamma refuses only gamma == 0; a negative shape would draw garbage, so fsbench
      // refuses that too
      require(p[1] > 0, "gamma (%s) must be greater than 0", p[1]);
    }

    @Override
    double draw(double[] p, UniformSource own, UniformSource drand48) {
      return KnuthGamma.sample(p[1], p[0] / p[1], drand48);
    }
  },
  /** {@code exp(normal(mean=scale, sigma=shape))}: scale is the log's mean, shape its sigma. */
  LOGNORMAL("cvar-lognormal", new String[] {"shape", "scale"}, new double[] {1.0, 1.0}) {
    @Override
    void validate(double[] p) {
      require(p[0] >= 0, "shape (%s) must not be negative", p[0]);
      require(p[1] >= 0, "scale (%s) must not be negative", p[1]);
    }

    @Override
    double draw(double[] p, UniformSource own, UniformSource drand48) {
      return Math.exp(polarNormal(p[1], p[0], own));
    }
  },
  NORMAL("cvar-normal", new String[] {"mean", "sigma"}, new double[] {0.0, 1.0}) {
    @Override
    double draw(double[] p, UniformSource own, UniformSource drand48) {
      return polarNormal(p[0], p[1], own);
    }
  },
  EXPONENTIAL("cvar-exponential", new String[] {"mean"}, new double[] {1.0}) {
    @Override
    void validate(double[] p) {
      // cvar-exponential quietly takes a negative mean as 0
      p[0] = Math.max(0, p[0]);
    }

    @Override
    double draw(double[] p, UniformSource own, UniformSource drand48) {
      return -p[0] * Math.log(nonZero(own));
    }
  },
  /**
   * The sum of {@code shape} exponentials, scaled so that its mean is {@code rate}: cvar-erlang
   * passes its "rate" where mtwist's {@code rds_erlang} takes the mean, so a larger rate gives
   * larger values. {@code shape} is read as an integer ({@code atoi}); below 1 it is 1.
   */
  ERLANG("cvar-erlang", new String[] {"shape", "rate"}, new double[] {1, 1.0}) {
    @Override
    void validate(double[] p) {
      p[0] = (long) p[0];
      require(p[0] >= 0, "shape (%s) must not be negative", p[0]);
      require(p[1] >= 0, "rate (%s) must not be negative", p[1]);
    }

    @Override
    double draw(double[] p, UniformSource own, UniformSource drand48) {
      int order = (int) Math.max(1, Math.min(p[0], Integer.MAX_VALUE));
      double product;
      do {
        product = own.nextDouble();
        for (int i = 1; i < order; i++) {
          product *= own.nextDouble();
        }
      } while (product == 0.0);
      return -p[1] * Math.log(product) / order;
    }
  },
  TRIANGULAR(
      "cvar-triangular", new String[] {"lower", "upper", "mode"}, new double[] {0.0, 1.0, 0.5}) {
    @Override
    void validate(double[] p) {
      require(p[1] >= p[0], "upper (%s) must not be below lower", p[1]);
      require(p[2] >= p[0] && p[2] <= p[1], "mode (%s) must lie between lower and upper", p[2]);
    }

    @Override
    double draw(double[] p, UniformSource own, UniformSource drand48) {
      double lower = p[0];
      double width = p[1] - p[0];
      double peak = (p[2] - lower) / width;
      double u = own.nextDouble();
      double x = u <= peak ? Math.sqrt(peak * u) : 1.0 - Math.sqrt((1.0 - peak) * (1.0 - u));
      return lower + width * x;
    }
  },
  /**
   * {@code lower + u * (upper - lower)}. cvar-uniform logs an error for lower above upper and goes
   * on, drawing between them all the same; so does fsbench (without the log).
   */
  UNIFORM("cvar-uniform", new String[] {"lower", "upper"}, new double[] {0.0, 1.0}) {
    @Override
    double draw(double[] p, UniformSource own, UniformSource drand48) {
      return p[0] + own.nextDouble() * (p[1] - p[0]);
    }
  },
  /** {@code scale * (-ln u)^(1/shape)}. */
  WEIBULL("cvar-weibull", new String[] {"shape", "scale"}, new double[] {1.0, 1.0}) {
    @Override
    void validate(double[] p) {
      require(p[0] >= 0, "shape (%s) must not be negative", p[0]);
      require(p[1] >= 0, "scale (%s) must not be negative", p[1]);
    }

    @Override
    double draw(double[] p, UniformSource own, UniformSource drand48) {
      return p[1] * Math.exp(Math.log(-Math.log(nonZero(own))) / p[0]);
    }
  };

  private final String id;
  private final List<String> names;
  private final double[] defaults;

  CvarType(String id, String[] names, double[] defaults) {
    this.id = id;
    this.names = List.of(names);
    this.defaults = defaults;
  }

  /** The type named {@code id} ({@code cvar-gamma}, ...), or an error listing the known ones. */
  static CvarType of(String id) {
    for (CvarType t : values()) {
      if (t.id.equals(id)) {
        return t;
      }
    }
    throw new InvalidInputException(
        "cvar type '"
            + id
            + "' is not one filebench ships: use one of "
            + Arrays.stream(values()).map(CvarType::id).collect(Collectors.joining(", ")));
  }

  String id() {
    return id;
  }

  List<String> parameterNames() {
    return names;
  }

  /**
   * The parameters from cvar's {@code parameters} text, {@code key:value;key:value} as {@code
   * cvars/cvar_tokens.c: tokenize} splits it (empty pieces skipped), defaults for those not given,
   * in {@link #parameterNames()} order. filebench reads values with {@code atof}, which takes
   * {@code 12abc} as 12; fsbench refuses a value that is not a number.
   */
  double[] parameters(String text) {
    Map<String, String> given = new LinkedHashMap<>();
    for (String piece : text == null ? new String[0] : text.split(";", -1)) {
      if (piece.isEmpty()) {
        continue;
      }
      int colon = piece.indexOf(':');
      String key = colon < 0 ? piece : piece.substring(0, colon);
      if (key.isEmpty()) {
        throw new InvalidInputException(
            id + ": the parameter '" + piece + "' has no name: write name:value");
      }
      if (!names.contains(key)) {
        throw new InvalidInputException(
            id + " has no parameter '" + key + "': it takes " + String.join(", ", names));
      }
      if (colon < 0) {
        throw new InvalidInputException(
            id + ": the parameter '" + key + "' has no value: write " + key + ":value");
      }
      if (given.put(key, piece.substring(colon + 1)) != null) {
        throw new InvalidInputException(id + ": the parameter '" + key + "' is given twice");
      }
    }
    double[] values = defaults.clone();
    for (int i = 0; i < names.size(); i++) {
      String value = given.get(names.get(i));
      if (value != null) {
        values[i] = number(names.get(i), value);
      }
    }
    validate(values);
    return values;
  }

  private double number(String key, String value) {
    try {
      return Double.parseDouble(value.trim());
    } catch (NumberFormatException e) {
      throw new InvalidInputException(
          id + ": the parameter " + key + " (" + value + ") is not a number");
    }
  }

  /** Refuses what the cvar library refuses; may adjust values as it does. */
  void validate(double[] p) {}

  /** One value: {@code own} is this cvar's own source, {@code drand48} the shared one. */
  abstract double draw(double[] p, UniformSource own, UniformSource drand48);

  void require(boolean ok, String format, double value) {
    if (!ok) {
      throw new InvalidInputException(id + ": " + String.format(format, value));
    }
  }

  /**
   * mtwist's {@code rds_normal}: Marsaglia's polar method; of the pair it makes, the second value
   * is thrown away.
   */
  static double polarNormal(double mean, double sigma, UniformSource source) {
    double x;
    double y;
    double magnitude;
    do {
      x = 2.0 * source.nextDouble() - 1.0;
      y = 2.0 * source.nextDouble() - 1.0;
      magnitude = x * x + y * y;
    } while (magnitude > 1.0 || magnitude == 0.0);
    return mean + sigma * x * Math.sqrt(-2.0 * Math.log(magnitude) / magnitude);
  }

  static double nonZero(UniformSource source) {
    double u;
    do {
      u = source.nextDouble();
    } while (u == 0.0);
    return u;
  }
}
