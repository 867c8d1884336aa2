"""Regenerates the Rust-written golden files of the dtype-generic encodings (vortex.runend, dict,
sparse, masked, constant, null, decimal, fixed_size_list, ext, struct, list, listview, chunked).

Run from this directory with a Python that has vortex-data==0.91.0 and pyarrow:
    python make_generic_golden.py
Two kinds of output, both committed so the Java tests need no Python:
  <encoding>/<name>.vortex          files written by vortex.io.write (the default writer chose the
                                    encodings; see each README.md for the trees observed);
  <encoding>/<name>.seg + .ids      one array serialized by Array.serialize (segment bytes
                                    [buffers][Array flatbuffer][u32 length]) and its encoding-id
                                    table (pre-order first occurrence, one id per line).
All values derive from splitmix64 of the row index (mix() below; io.jvortex.array.Golden computes the
same), so the Java tests recompute the written values exactly instead of reading them from a file.
"""
import decimal
import os
import re
import struct

import pyarrow as pa
import vortex as vx

M = (1 << 64) - 1


def mix(x):
    z = (x + 0x9E3779B97F4A7C15) & M
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
    return z ^ (z >> 31)


def s64(x):
    return x - (1 << 64) if x >= (1 << 63) else x


def h(salt, i):
    """The hash of row i under a salt."""
    return mix(((salt & 0xFFFFFFFF) << 32) + i)


def f64(bits):
    """A finite double from 64 random bits (an all-ones exponent loses its top bit)."""
    if (bits >> 52) & 0x7FF == 0x7FF:
        bits &= ~(1 << 62)
    return struct.unpack('<d', bits.to_bytes(8, 'little'))[0]


def runs(salt, n, palette, max_run):
    """Row values of runs: run r has length 1 + h(salt, r) % max_run and value palette[h(salt+1, r) % len]."""
    out = []
    r = 0
    while len(out) < n:
        out += [palette[h(salt + 1, r) % len(palette)]] * (1 + h(salt, r) % max_run)
        r += 1
    return out[:n]


def write(path, table):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    vx.io.write(table, path)


def segment(path, array):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    ctx = vx.ArrayContext()
    parts = array.serialize(ctx)
    with open(path + ".seg", "wb") as f:
        for p in parts:
            f.write(bytes(p))
    ids = []
    for line in array.display_tree().splitlines():
        m = re.match(r"^\s*(?:root|[\w\[\]]+): ([a-z]+\.[\w.]+)\(", line)
        if m and m.group(1) not in ids:
            ids.append(m.group(1))
    assert len(ids) == len(ctx), (ids, len(ctx))
    with open(path + ".ids", "w") as f:
        f.write("\n".join(ids) + "\n")


N = 5000
R = 1500  # rows of the incompressible (random) columns, to keep the files small
I64_PALETTE = [s64(mix(100 + j)) for j in range(6)]
F64_PALETTE = [f64(mix(200 + j)) for j in range(6)]
STR_PALETTE = ["", "short", "twelve_bytes", "a value longer than twelve bytes", "\u00e9t\u00e9 \u2603", None]

# vortex.runend: integer runs (dict layout whose codes are run-end encoded), nullable runs, and a
# fixed-size list whose elements are dict(runend) arrays.
write("runend/runend.vortex", pa.table({
    "runs": pa.array(runs(1, N, I64_PALETTE, 300), pa.int64()),
    "runs_null": pa.array(runs(3, N, I64_PALETTE[:5] + [None], 300), pa.int64()),
    "fsl_runs": pa.array([[v, v] for v in runs(5, N, F64_PALETTE, 250)], pa.list_(pa.float64(), 2)),
}))
# Arrow run-end encoded arrays convert to vortex.runend directly.
segment("runend/ree_f64", vx.array(pa.RunEndEncodedArray.from_arrays(
    pa.array([3, 7, 10, 1030, 1031], pa.int32()), pa.array([1.5, None, -2.0, 0.25, -0.0], pa.float64()))))
segment("runend/ree_bool", vx.array(pa.RunEndEncodedArray.from_arrays(
    pa.array([5, 1029, 2048], pa.int64()), pa.array([True, False, True], pa.bool_()))))

# vortex.dict: dictionary arrays nested in a fixed-size list and in a list of structs.
write("dict/dict.vortex", pa.table({
    "fsl_dict": pa.array([[v, v] for v in runs(7, N, F64_PALETTE, 200)], pa.list_(pa.float64(), 2)),
    "fsl_dict_null": pa.array([[v, v] for v in runs(9, N, F64_PALETTE[:4] + [None], 200)],
                              pa.list_(pa.float64(), 2)),
    "fsl_dict_utf8": pa.array([[v, v] for v in runs(11, N, STR_PALETTE, 200)], pa.list_(pa.string(), 2)),
}))
# Arrow dictionary arrays convert to vortex.dict with nullable codes.
segment("dict/arrow_dict", vx.array(pa.DictionaryArray.from_arrays(
    pa.array([0, None, 2, 1, 0, 3, 3], pa.int8()), pa.array([1.5, -7.25, None, 1e300], pa.float64()))))

# vortex.sparse: mostly null, and mostly one value, with exceptions at hashed positions.
write("sparse/sparse.vortex", pa.table({
    "sparse_null": pa.array([s64(h(11, i)) if h(12, i) % 97 == 0 else None for i in range(N)], pa.int64()),
    "sparse_fill": pa.array([s64(h(13, i)) if h(14, i) % 89 == 0 else 7 for i in range(N)], pa.int64()),
    "sparse_fill_nulls": pa.array([None if h(16, i) % 101 == 0 else (f64(h(15, i)) if h(16, i) % 103 == 0 else 2.5)
                                   for i in range(N)], pa.float64()),
}))

# vortex.masked: constants with nulls.
write("masked/masked.vortex", pa.table({
    "masked_i64": pa.array([None if h(21, i) % 3 == 0 else 42 for i in range(N)], pa.int64()),
    "masked_utf8": pa.array([None if h(22, i) % 4 == 0 else "a constant string, longer than twelve bytes"
                             for i in range(N)], pa.string()),
}))

# vortex.constant and vortex.null.
write("constant/constant.vortex", pa.table({
    "c_f64": pa.array([1.25] * N, pa.float64()),
    "c_utf8": pa.array(["the same long string value"] * N, pa.string()),
    "c_bool": pa.array([True] * N, pa.bool_()),
    "c_null_i32": pa.array([None] * N, pa.int32()),
    "c_u8": pa.array([255] * N, pa.uint8()),
}))
write("nulls/nulls.vortex", pa.table({"n": pa.array([None] * N, pa.null())}))

# vortex.decimal: 39-digit values need 256-bit storage in a decimal(50, 0) column.
write("decimal/decimal.vortex", pa.table({
    "d": pa.array([None if h(31, i) % 7 == 0 else
                   decimal.Decimal(s64(h(32, i)) * 10**20 + h(33, i) % 10**20) for i in range(R)],
                  pa.decimal256(50, 0)),
}))

# vortex.fixed_size_list (and vortex.ext + vortex.struct inside).
write("fixedsizelist/fixedsizelist.vortex", pa.table({
    "fsl": pa.array([None if h(41, i) % 11 == 0 else [f64(h(42, 3 * i + k)) for k in range(3)] for i in range(R)],
                    pa.list_(pa.float64(), 3)),
    "fsl_i64": pa.array([[s64(h(43, 2 * i + k)) for k in range(2)] for i in range(R)], pa.list_(pa.int64(), 2)),
}))
write("ext/ext.vortex", pa.table({
    "uuid": pa.array([h(51, i).to_bytes(8, "little") + h(52, i).to_bytes(8, "little") for i in range(R)],
                     pa.uuid()),
}))
write("struct/struct.vortex", pa.table({
    "fsl_struct": pa.array([[{"x": f64(h(61, 2 * i + k)), "y": None if h(62, 2 * i + k) % 5 == 0 else s64(h(63, 2 * i + k))}
                             for k in range(2)] for i in range(R)],
                           pa.list_(pa.struct([("x", pa.float64()), ("y", pa.int64())]), 2)),
}))

# vortex.list / vortex.listview (their offsets are usually bit-packed: these need fastlanes too).
write("list/list.vortex", pa.table({
    "l": pa.array([None if h(71, i) % 13 == 0 else [s64(h(72, 4 * i + k)) for k in range(h(73, i) % 4)]
                   for i in range(R)], pa.list_(pa.int64())),
}))
write("listview/listview.vortex", pa.table({
    "lv": pa.array([[s64(h(81, 4 * i + k)) for k in range(h(82, i) % 4)] for i in range(R)],
                   pa.list_view(pa.int64())),
}))

# vortex.chunked never reaches files (the chunked layout splits chunks); a serialized array does.
segment("chunked/chunked_i32", vx.array(pa.chunked_array([
    pa.array([1, None, 3], pa.int32()), pa.array([], pa.int32()), pa.array([4, 5], pa.int32())])))
segment("chunked/chunked_struct", vx.array(pa.chunked_array([
    pa.array([{"a": 1.5, "b": True}], pa.struct([("a", pa.float64()), ("b", pa.bool_())])),
    pa.array([{"a": -2.5, "b": None}, None], pa.struct([("a", pa.float64()), ("b", pa.bool_())]))])))
