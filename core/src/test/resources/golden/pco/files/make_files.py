#!/usr/bin/env python3
"""Writes the vortex.pco golden files: Rust-written (vortex-data, compact mode) Vortex files whose
columns the compact compressor stores as vortex.pco, plus their expected values.

Run with the oracle venv: /tmp/oracle/venv/bin/python make_files.py

<name>.vortex    the file (one struct column per case)
<name>.expected  per column: u16 name_len | name | u8 byte_width | u32 rows | rows validity bytes (1 = valid)
                 | rows * byte_width raw little-endian values (0 for nulls)
"big_formula.vortex" has no .expected: PcoFilesTest recomputes its values from the formula below.
"""
import os
import struct
import numpy as np
import pyarrow as pa
import vortex as vx

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(424242)


def write(name, cols, validity=None, expected=True):
    validity = validity or {}
    arrays = {}
    for k, v in cols.items():
        mask = validity.get(k)
        arrays[k] = pa.array(v, mask=None if mask is None else ~mask)
    table = pa.table(arrays)
    path = os.path.join(HERE, name + ".vortex")
    vx.io.VortexWriteOptions.compact().write(table, path)
    if not expected:
        return
    out = bytearray()
    for k, v in cols.items():
        mask = validity.get(k)
        n = len(v)
        valid = np.ones(n, dtype=np.uint8) if mask is None else mask.astype(np.uint8)
        vals = np.array(v).copy()
        if mask is not None:
            vals[~mask] = 0
        kb = k.encode()
        out += struct.pack("<H", len(kb)) + kb + struct.pack("<BI", vals.dtype.itemsize, n)
        out += valid.tobytes() + vals.astype(vals.dtype.newbyteorder("<")).tobytes()
    with open(os.path.join(HERE, name + ".expected"), "wb") as f:
        f.write(out)


n = 2000
write("noise", {
    "f64": rng.standard_normal(n),
    "f32": rng.standard_normal(n).astype(np.float32),
    "f16": rng.standard_normal(n).astype(np.float16),
    "i32_walk": np.cumsum(rng.integers(-1000, 1000, n)).astype(np.int32),
    "f64_walk": np.cumsum(rng.standard_normal(n)),
})
some = rng.integers(0, 4, n) != 0
write("nullable", {
    "f64": rng.standard_normal(n),
    "f32": rng.standard_normal(n).astype(np.float32),
    "i32_walk": np.cumsum(rng.integers(-1000, 1000, n)).astype(np.int32),
    "f64_sparse": rng.standard_normal(n),
}, validity={"f64": some, "f32": rng.integers(0, 2, n) != 0, "i32_walk": some,
             "f64_sparse": rng.integers(0, 50, n) == 0})
w = np.cumsum(rng.integers(-300, 300, n))
write("int_walks", {
    "u16": (30000 + w // 10).astype(np.uint16),
    "i16": (w // 10).astype(np.int16),
    "u32": (2**31 + w * 1000).astype(np.uint32),
    "u64": (2**62 + w * 100000).astype(np.uint64),
    "i64": (w * 100003).astype(np.int64),
}, validity={"u16": rng.integers(0, 3, n) != 0, "u64": rng.integers(0, 3, n) != 0})
for length in [1, 1023, 1025]:
    write(f"len{length}", {"f64": rng.standard_normal(length), "i64_walk": np.cumsum(rng.integers(-10**9, 10**9, length))})


def formula(rows):
    i = np.arange(rows, dtype=np.int64)
    step = ((i * 2654435761) >> 7) % 2001 - 1000
    return np.cumsum(step).astype(np.int64)


write("big_formula", {"i64": formula(300_000)}, expected=False)
