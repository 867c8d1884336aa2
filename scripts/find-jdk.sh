#!/usr/bin/env bash
# Prints the home directory of a JDK 25 or newer: JAVA_HOME when it is one, else the newest found in
# the usual install locations. With none, prints one line saying how to get one (stderr), exits 1.
set -uo pipefail

readonly MIN_MAJOR=25

# The feature version (8, 17, 25, ...) of the JDK at $1, or nothing when $1 is not a JDK.
jdk_major() {
  local home="$1" version=""
  [ -x "$home/bin/java" ] && [ -x "$home/bin/javac" ] || return 1
  if [ -f "$home/release" ]; then
    version="$(sed -n 's/^JAVA_VERSION="\([^"]*\)".*/\1/p' "$home/release")"
  fi
  if [ -z "$version" ]; then
    version="$("$home/bin/java" -XshowSettings:properties -version 2>&1 \
      | sed -n 's/^ *java\.specification\.version = //p')"
  fi
  version="${version#1.}" # 1.8 -> 8
  version="${version%%[!0-9]*}"
  [ -n "$version" ] || return 1
  echo "$version"
}

if [ -n "${JAVA_HOME:-}" ]; then
  major="$(jdk_major "$JAVA_HOME")" && [ "$major" -ge "$MIN_MAJOR" ] && { echo "$JAVA_HOME"; exit 0; }
fi

candidates=()
for home in /usr/lib/jvm/* /opt/java/* /opt/jdk* "$HOME"/.sdkman/candidates/java/* \
    /Library/Java/JavaVirtualMachines/*/Contents/Home; do
  [ -d "$home" ] && candidates+=("$home")
done
if javac_path="$(command -v javac 2>/dev/null)"; then
  candidates+=("$(dirname "$(dirname "$(readlink -f "$javac_path")")")")
fi

best=""
best_major=0
for home in "${candidates[@]}"; do
  major="$(jdk_major "$home")" || continue
  if [ "$major" -ge "$MIN_MAJOR" ] && [ "$major" -gt "$best_major" ]; then
    best="$home"
    best_major="$major"
  fi
done

if [ -n "$best" ]; then
  echo "$best"
  exit 0
fi
echo "find-jdk: no JDK $MIN_MAJOR+ found (JAVA_HOME, /usr/lib/jvm, /opt/java, /opt/jdk*, ~/.sdkman, /Library/Java); install Temurin 25 (Debian/Ubuntu with the Adoptium apt repository: apt-get install temurin-25-jdk; or SDKMAN: sdk install java 25-tem) or set JAVA_HOME to a JDK 25+" >&2
exit 1
