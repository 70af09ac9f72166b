/** fs-lifecycle: the time to make, mount and unmount a filesystem, read from fresh volumes. */
package io.fsbench.workloads.lifecycle;
