#!/bin/sh
# Builds fsbench's JNI shim into the classes directory given as $1, for this machine's
# architecture. Optional: without gcc or the JDK's jni.h it says so and fsbench makes the same
# calls through JNA, a little slower per I/O.
out="$1"
src="$(dirname "$0")/fsbench_native.c"
arch="$(uname -m)"
[ "$(uname -s)" = Linux ] || { echo "fsbench native shim: not Linux, skipped (JNA is used)"; exit 0; }
java_home="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")}"
if ! command -v gcc >/dev/null 2>&1 || [ ! -f "$java_home/include/jni.h" ]; then
  echo "fsbench native shim: gcc or $java_home/include/jni.h missing, skipped (JNA is used)"
  exit 0
fi
dir="$out/io/fsbench/core/nativeio/linux-$arch"
mkdir -p "$dir"
if gcc -O2 -shared -fPIC -Wall -Werror -I"$java_home/include" -I"$java_home/include/linux" \
    -o "$dir/libfsbench-native.so" "$src"; then
  echo "fsbench native shim: built $dir/libfsbench-native.so"
else
  rm -f "$dir/libfsbench-native.so"
  echo "fsbench native shim: gcc failed, skipped (JNA is used)"
fi
