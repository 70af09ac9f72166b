package io.fsbench.filebench;

import java.util.Arrays;

/**
 * A sparse map from non-negative int keys to int values, with open addressing (linear probing) in
 * two parallel arrays: no boxed Integer and no node per key, so that the pool's open counts and
 * rotor cursors cost nothing on the hot path of an open or a close, and memory stays bounded by the
 * keys actually present (the few files open at once), not by the fileset's size.
 *
 * <p>A key absent from the map reads as a default value given by the caller; {@link #add} removes a
 * key whose value comes back to zero, so a counter map holds only the non-zero counts. Removal
 * shifts the following entries of the probe run back (Knuth's algorithm R) instead of leaving
 * tombstones, so a map whose keys come and go for hours never fills with dead slots.
 *
 * <p>Not thread-safe: its owner ({@link EntryPool}) holds its own lock around every call.
 */
final class IntIntMap {

  private static final int FREE = -1;
  private static final int MIN_CAPACITY = 8;

  private int[] keys;
  private int[] values;
  private int size;

  IntIntMap() {
    allocate(MIN_CAPACITY);
  }

  /** The value of {@code key}, or {@code absent} when the map does not hold it. */
  int get(int key, int absent) {
    int slot = find(checkKey(key));
    return slot < 0 ? absent : values[slot];
  }

  boolean containsKey(int key) {
    return find(checkKey(key)) >= 0;
  }

  /** Maps {@code key} to {@code value}, replacing any value it had. */
  void put(int key, int value) {
    checkKey(key);
    int slot = slotOf(key);
    while (keys[slot] != FREE) {
      if (keys[slot] == key) {
        values[slot] = value;
        return;
      }
      slot = nextSlot(slot);
    }
    keys[slot] = key;
    values[slot] = value;
    if (++size > keys.length * 3 / 4) {
      resize(keys.length * 2);
    }
  }

  /**
   * Adds {@code delta} to the value of {@code key} (0 when absent) and returns the sum; a sum of
   * zero removes the key.
   */
  int add(int key, int delta) {
    int sum = get(key, 0) + delta;
    if (sum == 0) {
      remove(key);
    } else {
      put(key, sum);
    }
    return sum;
  }

  /** Removes {@code key}; returns whether the map held it. */
  boolean remove(int key) {
    int slot = find(checkKey(key));
    if (slot < 0) {
      return false;
    }
    shiftBack(slot);
    size--;
    if (keys.length > MIN_CAPACITY && size < keys.length / 8) {
      resize(keys.length / 2);
    }
    return true;
  }

  int size() {
    return size;
  }

  /** The bytes its two arrays take. */
  long retainedBytes() {
    return 2L * keys.length * Integer.BYTES;
  }

  /** The number of slots: for tests of growth and shrinking. */
  int capacity() {
    return keys.length;
  }

  private int find(int key) {
    int slot = slotOf(key);
    while (keys[slot] != FREE) {
      if (keys[slot] == key) {
        return slot;
      }
      slot = nextSlot(slot);
    }
    return -1;
  }

  /**
   * Empties {@code hole} and moves back each later entry of the same probe run that could not be
   * found any more across the hole, so that every key stays reachable from its home slot.
   */
  private void shiftBack(int hole) {
    int slot = hole;
    while (true) {
      slot = nextSlot(slot);
      int key = keys[slot];
      if (key == FREE) {
        break;
      }
      int home = slotOf(key);
      // the entry may move into the hole unless its home lies cyclically in (hole, slot]
      boolean homeBetween =
          hole <= slot ? hole < home && home <= slot : hole < home || home <= slot;
      if (!homeBetween) {
        keys[hole] = key;
        values[hole] = values[slot];
        hole = slot;
      }
    }
    keys[hole] = FREE;
  }

  private void resize(int capacity) {
    int[] oldKeys = keys;
    int[] oldValues = values;
    allocate(capacity);
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] != FREE) {
        int slot = slotOf(oldKeys[i]);
        while (keys[slot] != FREE) {
          slot = nextSlot(slot);
        }
        keys[slot] = oldKeys[i];
        values[slot] = oldValues[i];
      }
    }
  }

  private void allocate(int capacity) {
    keys = new int[capacity];
    values = new int[capacity];
    Arrays.fill(keys, FREE);
  }

  /** A multiplicative hash: entry indices are consecutive, which linear probing alone clusters. */
  private int slotOf(int key) {
    int hash = key * 0x9E3779B9;
    return (hash ^ (hash >>> 16)) & (keys.length - 1);
  }

  private int nextSlot(int slot) {
    return (slot + 1) & (keys.length - 1);
  }

  private static int checkKey(int key) {
    if (key < 0) {
      throw new IllegalArgumentException("key (" + key + ") must not be negative");
    }
    return key;
  }
}
