package io.fsbench.core.report.fio;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import java.io.IOException;

/**
 * fio's JSON layout ({@code json.c}): two spaces per level, {@code "key" : value}, one entry or
 * array element per line, and an empty object or array written with an empty line inside.
 */
final class FioPrettyPrinter implements PrettyPrinter {

  private int nesting;

  @Override
  public void writeRootValueSeparator(JsonGenerator gen) throws IOException {
    gen.writeRaw('\n');
  }

  @Override
  public void writeStartObject(JsonGenerator gen) throws IOException {
    gen.writeRaw('{');
    nesting++;
  }

  @Override
  public void beforeObjectEntries(JsonGenerator gen) throws IOException {
    newLine(gen);
  }

  @Override
  public void writeObjectFieldValueSeparator(JsonGenerator gen) throws IOException {
    gen.writeRaw(" : ");
  }

  @Override
  public void writeObjectEntrySeparator(JsonGenerator gen) throws IOException {
    gen.writeRaw(',');
    newLine(gen);
  }

  @Override
  public void writeEndObject(JsonGenerator gen, int entries) throws IOException {
    close(gen, entries, '}');
  }

  @Override
  public void writeStartArray(JsonGenerator gen) throws IOException {
    gen.writeRaw('[');
    nesting++;
  }

  @Override
  public void beforeArrayValues(JsonGenerator gen) throws IOException {
    newLine(gen);
  }

  @Override
  public void writeArrayValueSeparator(JsonGenerator gen) throws IOException {
    gen.writeRaw(',');
    newLine(gen);
  }

  @Override
  public void writeEndArray(JsonGenerator gen, int values) throws IOException {
    close(gen, values, ']');
  }

  private void close(JsonGenerator gen, int entries, char bracket) throws IOException {
    nesting--;
    if (entries == 0) {
      gen.writeRaw('\n'); // fio prints "{\n\n}" for an empty object
    }
    newLine(gen);
    gen.writeRaw(bracket);
  }

  private void newLine(JsonGenerator gen) throws IOException {
    gen.writeRaw('\n');
    for (int i = 0; i < nesting; i++) {
      gen.writeRaw("  ");
    }
  }
}
