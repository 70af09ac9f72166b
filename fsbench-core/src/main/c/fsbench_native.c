/*
 * fsbench's JNI shim: the calls the block engine makes once per I/O, and those bonnie's, dd's and
 * the metadata workloads make once per block or file, without JNA's per-call argument marshalling
 * (about 100-160 ns a call on the development VM, against 70 ns for the syscall itself). Each returns the result, or -errno on failure, so Java needs no second call
 * to read errno. Loaded by io.fsbench.core.nativeio.Shim; where it cannot be built or loaded,
 * fsbench makes the same calls through JNA.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <jni.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef __NR_io_uring_enter
#define __NR_io_uring_enter 426
#endif

JNIEXPORT jint JNICALL Java_io_fsbench_core_nativeio_Shim_abiVersion(JNIEnv *env, jclass cls) {
  return 2;
}

JNIEXPORT jlong JNICALL Java_io_fsbench_core_nativeio_Shim_nativePread(
    JNIEnv *env, jclass cls, jint fd, jlong address, jlong length, jlong offset) {
  ssize_t n = pread(fd, (void *)(intptr_t)address, (size_t)length, (off_t)offset);
  return n < 0 ? -(jlong)errno : (jlong)n;
}

JNIEXPORT jlong JNICALL Java_io_fsbench_core_nativeio_Shim_nativePwrite(
    JNIEnv *env, jclass cls, jint fd, jlong address, jlong length, jlong offset) {
  ssize_t n = pwrite(fd, (const void *)(intptr_t)address, (size_t)length, (off_t)offset);
  return n < 0 ? -(jlong)errno : (jlong)n;
}

JNIEXPORT jlong JNICALL Java_io_fsbench_core_nativeio_Shim_nativeIoUringEnter(
    JNIEnv *env, jclass cls, jint fd, jint toSubmit, jint minComplete, jint flags) {
  long r = syscall(__NR_io_uring_enter, fd, (unsigned)toSubmit, (unsigned)minComplete,
                   (unsigned)flags, (void *)0, (size_t)0);
  return r < 0 ? -(jlong)errno : (jlong)r;
}

/* read(2) and write(2) at the file's position: bonnie's one-byte per-char tests make a call per
 * byte, where JNA's marshalling would cost more than the call itself. */
JNIEXPORT jlong JNICALL Java_io_fsbench_core_nativeio_Shim_nativeRead(
    JNIEnv *env, jclass cls, jint fd, jlong address, jlong length) {
  ssize_t n = read(fd, (void *)(intptr_t)address, (size_t)length);
  return n < 0 ? -(jlong)errno : (jlong)n;
}

JNIEXPORT jlong JNICALL Java_io_fsbench_core_nativeio_Shim_nativeWrite(
    JNIEnv *env, jclass cls, jint fd, jlong address, jlong length) {
  ssize_t n = write(fd, (const void *)(intptr_t)address, (size_t)length);
  return n < 0 ? -(jlong)errno : (jlong)n;
}

/* The calls made once per file or per seek: lseek(2) in bonnie's rewrite and seeks, and the
 * openat(2), statx(2), unlinkat(2), close(2) and fsync(2) of bonnie's file tests. A path is the
 * address of a NUL-terminated string in native memory. */
JNIEXPORT jlong JNICALL Java_io_fsbench_core_nativeio_Shim_nativeLseek(
    JNIEnv *env, jclass cls, jint fd, jlong offset, jint whence) {
  off_t r = lseek(fd, (off_t)offset, whence);
  return r < 0 ? -(jlong)errno : (jlong)r;
}

JNIEXPORT jint JNICALL Java_io_fsbench_core_nativeio_Shim_nativeOpenAt(
    JNIEnv *env, jclass cls, jint dirFd, jlong path, jint flags, jint mode) {
  int fd = openat(dirFd, (const char *)(intptr_t)path, flags, (mode_t)mode);
  return fd < 0 ? -errno : fd;
}

JNIEXPORT jint JNICALL Java_io_fsbench_core_nativeio_Shim_nativeStatx(
    JNIEnv *env, jclass cls, jint dirFd, jlong path, jint flags, jint mask, jlong buffer) {
  long r = syscall(SYS_statx, dirFd, (const char *)(intptr_t)path, flags, (unsigned)mask,
                   (void *)(intptr_t)buffer);
  return r < 0 ? -errno : 0;
}

JNIEXPORT jint JNICALL Java_io_fsbench_core_nativeio_Shim_nativeUnlinkAt(
    JNIEnv *env, jclass cls, jint dirFd, jlong path, jint flags) {
  return unlinkat(dirFd, (const char *)(intptr_t)path, flags) < 0 ? -errno : 0;
}

JNIEXPORT jint JNICALL Java_io_fsbench_core_nativeio_Shim_nativeClose(
    JNIEnv *env, jclass cls, jint fd) {
  return close(fd) < 0 ? -errno : 0;
}

JNIEXPORT jint JNICALL Java_io_fsbench_core_nativeio_Shim_nativeFsync(
    JNIEnv *env, jclass cls, jint fd) {
  return fsync(fd) < 0 ? -errno : 0;
}
