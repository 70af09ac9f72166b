#!/bin/sh
# Builds fsbench's distribution in TARGET from the jars Maven copied to TARGET/dist-lib:
#   fsbench-VERSION-linux-ARCH.tar.gz  bin/fsbench, runtime/ (a jlink image of only the JDK modules
#                                      fsbench needs), lib/ (fsbench's and third-party jars)
#   fsbench_DEBVERSION_DEBARCH.deb     the same runtime and jars through jpackage (when DEB=true)
# Usage: build-dist.sh TARGET VERSION JAVA_RELEASE EXTRA_MODULES DEB
set -eu
target=$1 version=$2 release=$3 extra=$4 deb=$5
src=$(cd "$(dirname "$0")/.." && pwd)
started=$(date +%s)
# Each step's seconds in the build log: the step runs on every build, in CI too.
step() { echo "build-dist: $1 ($(( $(date +%s) - started )) s)" >&2; }

arch=$(uname -m)
name="fsbench-$version-linux-$arch"
stage="$target/dist/$name"
rm -rf "$target/dist" "$target/$name.tar.gz"
mkdir -p "$stage/lib" "$stage/bin"
cp "$target"/dist-lib/*.jar "$stage/lib/"
cp "$src/dist/bin/fsbench" "$stage/bin/fsbench"
chmod 755 "$stage/bin/fsbench"

# The JDK modules the jars name (jdeps reads their module-info and bytecode), plus those reached
# only through a service or a URI scheme, which jdeps cannot see (EXTRA_MODULES: jdk.zipfs opens
# the filebench personalities inside fsbench-core's jar).
modules=$(jdeps --multi-release "$release" --ignore-missing-deps --print-module-deps \
  --module-path "$stage/lib" --add-modules ALL-MODULE-PATH)
modules="$modules,$extra"
step "jdeps: runtime of $modules"

# java.desktop is there only because commons-compress and commons-lang3 require it; its native
# libraries for X11, sound, fonts and images would pull X11 and ALSA into the .deb's dependencies,
# and fsbench never draws, so they stay out. The CDS archive gives the small runtime the
# class-data sharing a full JDK has (start-up).
jlink --add-modules "$modules" \
  --strip-debug --no-header-files --no-man-pages --generate-cds-archive \
  --exclude-files='**/libawt_xawt.so,**/libjawt.so,**/libsplashscreen.so,**/libjsound.so,**/libfontmanager.so,**/liblcms.so,**/libjavajpeg.so' \
  --output "$stage/runtime" >/dev/null
step "jlink: $stage/runtime"

# Owner root and sorted entries, as a package's files are; gzip -n leaves out the build's time.
tar --sort=name --owner=0 --group=0 --numeric-owner -C "$target/dist" -cf - "$name" \
  | gzip -n -6 > "$target/$name.tar.gz"
step "tar: $target/$name.tar.gz"

[ "$deb" = true ] || exit 0
for tool in jpackage dpkg-deb fakeroot; do
  command -v "$tool" >/dev/null || {
    echo "build-dist: jpackage's .deb needs $tool (apt-get install fakeroot dpkg); or build with -Ddist.deb=false" >&2
    exit 3
  }
done
# Debian orders 0.1.0~snapshot before 0.1.0; a hyphen would start a Debian revision.
debversion=$(echo "$version" | sed 's/-SNAPSHOT$/~snapshot/')
rm -rf "$target/jpackage" "$target"/fsbench_*.deb
# dpkg-deb's default, xz, took 2.5 minutes for this payload on the development VM; with gzip the
# whole jpackage step takes about 40 s there.
DPKG_DEB_COMPRESSOR_TYPE=${DPKG_DEB_COMPRESSOR_TYPE:-gzip} jpackage --type deb \
  --name fsbench --app-version "$debversion" --linux-package-name fsbench \
  --description "Create, tune, benchmark and destroy Linux filesystems, and compare them" \
  --vendor fsbench --linux-app-category utils --install-dir /opt \
  --runtime-image "$stage/runtime" --module-path "$stage/lib" \
  --module io.fsbench.cli/io.fsbench.cli.Main \
  --java-options '-Dorg.slf4j.simpleLogger.defaultLogLevel=warn' \
  --java-options '-Dorg.slf4j.simpleLogger.logFile=System.err' \
  --temp "$target/jpackage" --dest "$target"
rm -rf "$target/jpackage"
step "jpackage: $(ls "$target"/fsbench_*.deb)"
