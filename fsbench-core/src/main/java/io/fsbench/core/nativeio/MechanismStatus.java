package io.fsbench.core.nativeio;

import java.util.Objects;

/**
 * Whether an {@link IoMechanism} works on this host, and if not, why.
 *
 * @param reason why it is unavailable; empty when available
 */
public record MechanismStatus(IoMechanism mechanism, boolean available, String reason) {

  public MechanismStatus {
    Objects.requireNonNull(mechanism, "mechanism");
    Objects.requireNonNull(reason, "reason");
    if (!available && reason.isBlank()) {
      throw new IllegalArgumentException("an unavailable " + mechanism + " needs a reason");
    }
  }

  public static MechanismStatus available(IoMechanism mechanism) {
    return new MechanismStatus(mechanism, true, "");
  }

  public static MechanismStatus unavailable(IoMechanism mechanism, String reason) {
    return new MechanismStatus(mechanism, false, reason);
  }

  @Override
  public String toString() {
    return mechanism.id() + (available ? ": available" : ": unavailable (" + reason + ")");
  }
}
