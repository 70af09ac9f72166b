package io.fsbench.bench;

import io.fsbench.api.Fragmentation;
import java.util.Optional;

/**
 * What one tool's aging left on its volume, in the figures {@link GeriatrixAgreement} compares.
 *
 * @param tool {@code geriatrix} or {@code fsbench}
 * @param diskBytes the volume's total bytes from statfs (Geriatrix's {@code -n})
 * @param operations creates and deletes (and fsbench's replaces and renames), the fill included
 * @param fillOperations the fill's creates (Geriatrix's, from its fake mode; 0 where not known)
 * @param fullness used over total bytes from statfs after a sync and a freeze and thaw
 * @param writtenVolumes data written in all (the fill included) over the volume's total bytes
 * @param ageDistance the tool's own total variation distance of its final ages from the profile
 * @param reportedSizeDistance the tool's own distance for sizes
 * @param reportedDepthDistance the tool's own distance for depths
 * @param stopReason why the tool says it stopped
 * @param census the files it left, counted alike for both
 * @param fragmentation the filesystem plugin's free-space figures, where it reports them
 */
record AgedSide(
    String tool,
    long diskBytes,
    long operations,
    long fillOperations,
    double fullness,
    double writtenVolumes,
    double ageDistance,
    double reportedSizeDistance,
    double reportedDepthDistance,
    String stopReason,
    AgedCensus census,
    Optional<Fragmentation> fragmentation) {}
