#!/usr/bin/env bash
# TPC-H on Spark: the 22 queries over tables written by jvortex's connector (format "vortex") against
# Spark's own Parquet (written by Spark with its defaults, read by its vectorized reader), plus the time
# to write the tables. bench/run.sh calls it; it also runs on its own.
#
#   bench/spark-tpch.sh [--scale SF] [--runs N] [--write-runs N] [--only 1,6,...] [--skip-build] [--out FILE]
#
#   --scale SF      TPC-H scale factor (default 1)
#   --runs N        timed runs of every query per format after the warm-up run (default 3)
#   --write-runs N  writes of every table per writer (default 3)
#   --only LIST     a subset of the queries, e.g. 1,6 (a smoke run)
#   --shuffle-partitions N  spark.sql.shuffle.partitions (default 2, as the connector's tests use)
#   --skip-build    reuse benchmarks/spark/target (classes and classpath.txt)
#   --out FILE      the JSON (default bench/results/spark-tpch.json)
#
# Data: tpchgen-cli (bench/.venv, made by bench/run.sh, or on the PATH) writes the 8 tables under
# bench/data/tpch-sf<SF>/ once; the written tables go to bench/data/spark-tpch-sf<SF>/ (replaced).
# Class path: Spark 4.2 and the connector from the benchmarks/spark module (target/classpath.txt), not
# benchmarks.jar, whose jvortex-parquet brings parquet-java 1.18 where Spark has its own.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

scale=1
build=1
out="$root/bench/results/spark-tpch.json"
report_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --scale) scale="${2:?--scale needs a value}"; shift ;;
    --runs|--write-runs|--only|--shuffle-partitions) report_args+=("$1" "${2:?$1 needs a value}"); shift ;;
    --skip-build) build=0 ;;
    --out) out="${2:?--out needs a value}"; shift ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) echo "spark-tpch.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

JAVA_HOME="$("$root/scripts/find-jdk.sh")"
export JAVA_HOME
say() { echo "[spark-tpch $(date -u +%H:%M:%S)] $*"; }

data="$root/bench/data/tpch-sf$scale"
tables=(region nation supplier customer part partsupp orders lineitem)
missing=0
for t in "${tables[@]}"; do [ -f "$data/$t.parquet" ] || missing=1; done
if [ "$missing" = 1 ]; then
  tpchgen="$root/bench/.venv/bin/tpchgen-cli"
  [ -x "$tpchgen" ] || tpchgen="$(command -v tpchgen-cli || true)"
  [ -n "$tpchgen" ] || { echo "spark-tpch.sh: tpchgen-cli not found (run bench/run.sh once, or pip install tpchgen-cli)" >&2; exit 1; }
  say "tpchgen-cli SF $scale -> $data"
  rm -rf "$data.tmp"
  mkdir -p "$data.tmp"
  "$tpchgen" parquet -s "$scale" --output-dir "$data.tmp"
  rm -rf "$data"
  mv "$data.tmp" "$data"
fi

module="$root/benchmarks/spark"
if [ "$build" = 1 ] || [ ! -f "$module/target/classpath.txt" ]; then
  say "building benchmarks/spark (Spark comes from Maven Central on first use)"
  ./mvnw -B -q -pl benchmarks/spark -am package -DskipTests
fi

mkdir -p "$(dirname "$out")"
# Spark on JDK 25: the opens spark-submit adds for Kryo, Netty and its unsafe helpers.
jvm_flags=(-Xmx6g -XX:+UseParallelGC --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow
  --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED
  --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED
  --add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED
  --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED --add-opens=java.base/jdk.internal.ref=ALL-UNNAMED
  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/sun.nio.cs=ALL-UNNAMED
  --add-opens=java.base/sun.util.calendar=ALL-UNNAMED
  -Djdk.reflect.useDirectMethodHandle=false -Dio.netty.tryReflectionSetAccessible=true)
say "SF $scale, ${report_args[*]:-all queries} -> $out"
SPARK_LOCAL_IP=127.0.0.1 "$JAVA_HOME/bin/java" "${jvm_flags[@]}" \
  -cp "$module/target/classes:$(cat "$module/target/classpath.txt")" io.jvortex.bench.spark.SparkTpchReport \
  --data "$data" --queries "$root/spark/src/test/resources/tpch" --work "$root/bench/data/spark-tpch-sf$scale" \
  --out "$out" --scale "$scale" "${report_args[@]}"
