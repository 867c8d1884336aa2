#!/usr/bin/env python3
"""Writes vortex.zstd golden files with the Rust reference (pip package vortex-data, compact strategy).

Usage:  /tmp/oracle/venv/bin/python core/src/test/resources/golden/zstd/make_vortex_files.py

Every case is <name>.vortex (one column "s", written by vx.io.VortexWriteOptions.compact(), whose
compressor picks vortex.zstd for strings and binary: frames of 8192 values, no dictionary) and
<name>.expected.gz (gzip) with the values, one row per line: "N" for null, else "=" and the bytes in hex. The
Java test checks that vortex.zstd was chosen and compares every value. Inputs are seeded. Generated
with vortex-data 0.91.0 and pyarrow 26.0.1.
"""
import gzip
import os
import random

import pyarrow as pa
import vortex as vx

HERE = os.path.dirname(os.path.abspath(__file__))
WORDS = "alpha beta gamma delta epsilon zeta theta kappa lambda omicron".split()
UNICODE = ["é", "ß", "ж", "中文", "€", "😀", "𝄞", "naïve", "straße", "ab"]


def write(name, values, arrow_type):
    path = os.path.join(HERE, name + ".vortex")
    vx.io.VortexWriteOptions.compact().write(pa.table({"s": pa.array(values, type=arrow_type)}), path)
    with gzip.open(os.path.join(HERE, name + ".expected.gz"), "wt", compresslevel=9) as f:
        for v in values:
            if v is None:
                f.write("N\n")
            else:
                b = v.encode("utf-8") if isinstance(v, str) else v
                f.write("=" + b.hex() + "\n")
    print(path, os.path.getsize(path))


def main():
    rng = random.Random(91)
    # Log lines with multi-byte UTF-8 names and 20 % nulls: 2 frames (8192 valid values, then the rest).
    write("logs_unicode", [None if rng.random() < 0.2 else "%d user=%s%s path=/api/%s" % (
        1_700_000_000_000 + i * 41, rng.choice(WORDS), rng.choice(UNICODE), rng.choice(WORDS)) for i in range(12_000)],
        pa.utf8())
    # Log lines, 10 % nulls.
    write("logs_nullable", [None if rng.random() < 0.1 else "%d level=%s user=%d path=/api/%s status=%d" % (
        1_700_000_000_000 + i * 37, rng.choice(["INFO", "WARN"]), rng.randrange(5000), rng.choice(WORDS),
        rng.choice([200, 404, 500])) for i in range(10_000)], pa.utf8())
    # Hex ids, no nulls: 3 frames.
    write("hex_ids", ["%016x-%s" % (rng.getrandbits(64), rng.choice(WORDS)) for _ in range(17_000)], pa.utf8())
    # Compressible binary with nulls and empty values.
    write("binary_nullable", [None if rng.random() < 0.3 else bytes([rng.randrange(4)] * rng.randrange(0, 40)) +
                              rng.choice(WORDS).encode() for _ in range(12_000)], pa.binary())
    # Mostly nulls.
    write("sparse_strings", [None if rng.random() < 0.95 else "value-%d-%s" % (rng.randrange(100), rng.choice(WORDS))
                             for _ in range(10_000)], pa.utf8())


if __name__ == "__main__":
    main()
