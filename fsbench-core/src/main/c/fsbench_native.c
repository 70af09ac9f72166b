/*
 * fsbench's JNI shim: the calls the block engine makes once per I/O, without JNA's per-call
 * argument marshalling (about 100-160 ns a call on the development VM, against 70 ns for the
 * syscall itself). Each returns the result, or -errno on failure, so Java needs no second call
 * to read errno. Loaded by io.fsbench.core.nativeio.Shim; where it cannot be built or loaded,
 * fsbench makes the same calls through JNA.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <jni.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef __NR_io_uring_enter
#define __NR_io_uring_enter 426
#endif

JNIEXPORT jint JNICALL Java_io_fsbench_core_nativeio_Shim_abiVersion(JNIEnv *env, jclass cls) {
  return 1;
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
