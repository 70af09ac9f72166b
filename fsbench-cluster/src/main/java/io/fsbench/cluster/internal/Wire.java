package io.fsbench.cluster.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;

/**
 * What members send each other: one JSON document per message, {@code {"type": ..., "body": ...}},
 * the body a record of {@link Messages}. JSON rather than Java serialization, so that a message
 * from a member of another version is read far enough to be refused with its version named, never
 * mistaken for a valid one.
 */
public final class Wire {

  static final ObjectMapper MAPPER =
      JsonMapper.builder()
          // records are read through their public canonical constructors, which validate them
          .disable(MapperFeature.CAN_OVERRIDE_ACCESS_MODIFIERS)
          // derived getters of the results (isTargeted(), ...) are written, and ignored on reading
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .addModule(
              new SimpleModule("fsbench-durations")
                  .addSerializer(Duration.class, new Nanos())
                  .addDeserializer(Duration.class, new FromNanos())
                  .addSerializer(Instant.class, new Iso())
                  .addDeserializer(Instant.class, new FromIso()))
          .build();

  private Wire() {}

  /** One received message: its type and its body, read on demand as the record it holds. */
  public record Envelope(String type, JsonNode body) {
    public <T> T body(Class<T> kind) {
      try {
        return MAPPER.treeToValue(body, kind);
      } catch (IOException e) {
        throw new IllegalArgumentException(
            "a "
                + type
                + " message does not hold a "
                + kind.getSimpleName()
                + ": "
                + e.getMessage(),
            e);
      }
    }
  }

  /** The bytes of a message whose type is the body's record name. */
  public static byte[] encode(Record body) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("type", body.getClass().getSimpleName());
    root.set("body", MAPPER.valueToTree(body));
    try {
      return MAPPER.writeValueAsBytes(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a tree always serialises
    }
  }

  /** A message read back; one that is not fsbench's is refused naming what it lacked. */
  public static Envelope decode(byte[] bytes) {
    try {
      JsonNode root = MAPPER.readTree(bytes);
      if (root == null || !root.hasNonNull("type") || !root.has("body")) {
        throw new IllegalArgumentException("a cluster message without a type or body");
      }
      return new Envelope(root.get("type").asText(), root.get("body"));
    } catch (IOException e) {
      throw new IllegalArgumentException("a cluster message that is not JSON: " + e.getMessage());
    }
  }

  private static final class Nanos extends JsonSerializer<Duration> {
    @Override
    public void serialize(Duration value, JsonGenerator out, SerializerProvider provider)
        throws IOException {
      out.writeNumber(value.toNanos());
    }
  }

  private static final class FromNanos extends JsonDeserializer<Duration> {
    @Override
    public Duration deserialize(JsonParser in, DeserializationContext context) throws IOException {
      return Duration.ofNanos(in.getLongValue());
    }
  }

  // an instant to the nanosecond, as ISO-8601 (Jackson's core has no java.time)
  private static final class Iso extends JsonSerializer<Instant> {
    @Override
    public void serialize(Instant value, JsonGenerator out, SerializerProvider provider)
        throws IOException {
      out.writeString(value.toString());
    }
  }

  private static final class FromIso extends JsonDeserializer<Instant> {
    @Override
    public Instant deserialize(JsonParser in, DeserializationContext context) throws IOException {
      return Instant.parse(in.getText());
    }
  }
}
