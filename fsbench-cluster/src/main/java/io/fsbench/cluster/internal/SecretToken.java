package io.fsbench.cluster.internal;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.jgroups.Message;
import org.jgroups.auth.AuthToken;

/**
 * The join token: proof that a joiner holds the cluster's shared secret without sending it. The
 * joiner sends a fresh random nonce and HMAC-SHA256(secret, cluster name + nonce); the coordinator
 * computes the same with its secret and lets the joiner in only when they are equal.
 *
 * <p>Public with a no-argument constructor because JGroups makes the joiner's token by reflection
 * when it reads one; the secret itself never leaves the member that read it.
 */
public final class SecretToken extends AuthToken {

  private static final int NONCE_BYTES = 16;
  private static final SecureRandom RANDOM = new SecureRandom();

  private byte[] key = new byte[0];
  private String cluster = "";
  private byte[] nonce = new byte[0];
  private byte[] mac = new byte[0];

  /** For JGroups, which reads a joiner's token into an empty one. */
  public SecretToken() {}

  SecretToken(byte[] secret, String cluster) {
    this.key = secret.clone();
    this.cluster = cluster;
    this.nonce = new byte[NONCE_BYTES];
    RANDOM.nextBytes(nonce);
    this.mac = mac(key, cluster, nonce);
  }

  @Override
  public String getName() {
    return SecretToken.class.getName();
  }

  @Override
  public int size() {
    return 2 * Integer.BYTES + nonce.length + mac.length;
  }

  @Override
  public boolean authenticate(AuthToken token, Message msg) {
    if (!(token instanceof SecretToken joiner) || key.length == 0) {
      return false;
    }
    // constant time, so that a joiner cannot learn the MAC byte by byte
    return MessageDigest.isEqual(mac(key, cluster, joiner.nonce), joiner.mac);
  }

  @Override
  public void writeTo(DataOutput out) throws IOException {
    out.writeInt(nonce.length);
    out.write(nonce);
    out.writeInt(mac.length);
    out.write(mac);
  }

  @Override
  public void readFrom(DataInput in) throws IOException {
    nonce = bytes(in);
    mac = bytes(in);
  }

  @Override
  public String toString() {
    return "fsbench secret token"; // never the secret or the MAC, which end up in JGroups' logs
  }

  private static byte[] bytes(DataInput in) throws IOException {
    int length = in.readInt();
    if (length < 0 || length > 64) {
      throw new IOException("join token field of " + length + " bytes; not an fsbench token");
    }
    byte[] bytes = new byte[length];
    in.readFully(bytes);
    return bytes;
  }

  private static byte[] mac(byte[] key, String cluster, byte[] nonce) {
    try {
      Mac hmac = Mac.getInstance("HmacSHA256");
      hmac.init(new SecretKeySpec(key, "HmacSHA256"));
      hmac.update(("fsbench-cluster-join:" + cluster + ":").getBytes(StandardCharsets.UTF_8));
      return hmac.doFinal(nonce);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
    }
  }
}
