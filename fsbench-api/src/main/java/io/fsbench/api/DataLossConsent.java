package io.fsbench.api;

/**
 * The explicit consent {@link Target#device} requires: making a filesystem on a device destroys
 * everything on it.
 */
public enum DataLossConsent {
  /** I understand that every byte on the device will be lost. */
  ERASE_ALL_DATA_ON_DEVICE
}
