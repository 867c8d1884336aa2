#!/usr/bin/env python3
"""Generates the pco golden streams used by PcoGoldenTest.

Run with the PyPI `pcodec` package (wrapped API) and numpy:
    python3 -m venv /tmp/pco && /tmp/pco/bin/pip install pcodec numpy
    /tmp/pco/bin/python generate.py

Each case becomes <name>.pcog (little-endian):
    "PCOG" | u8 number-type byte (pco standalone codes) | u32 header_len | header
    | u32 n_chunks | per chunk: u32 meta_len | meta | u32 n_pages | per page: u32 n | u32 len | bytes
    | u32 n_total | n_total raw values (the numbers the stream must decode to)
index.txt lists "<name> <expected mode> <expected delta>" per case, so the test can also check that
the forced mode/delta really was chosen (pco's Try* specs may fall back).
"""
import os
import struct
import numpy as np
import pcodec
from pcodec import wrapped, ChunkConfig, ModeSpec, DeltaSpec, PagingSpec

HERE = os.path.dirname(os.path.abspath(__file__))
TYPE_BYTE = {np.float16: 9, np.float32: 5, np.float64: 6, np.int8: 11, np.int16: 8, np.int32: 3,
             np.int64: 4, np.uint8: 10, np.uint16: 7, np.uint32: 1, np.uint64: 2}
rng = np.random.default_rng(20261121)
index = []


def write(name, mode, delta, chunks, **cfg):
    """chunks: list of numpy arrays (one pco chunk each)."""
    dtype = chunks[0].dtype.type
    fc = wrapped.FileCompressor()
    header = fc.write_header()
    out = bytearray(b"PCOG")
    out += struct.pack("<BI", TYPE_BYTE[dtype], len(header)) + header
    out += struct.pack("<I", len(chunks))
    for arr in chunks:
        cc = fc.chunk_compressor(np.ascontiguousarray(arr), ChunkConfig(**cfg))
        meta = cc.write_meta()
        out += struct.pack("<I", len(meta)) + meta
        counts = cc.n_per_page()
        out += struct.pack("<I", len(counts))
        for i, n in enumerate(counts):
            page = cc.write_page(i)
            out += struct.pack("<II", n, len(page)) + page
    allv = np.concatenate(chunks).astype(chunks[0].dtype)
    out += struct.pack("<I", len(allv)) + allv.astype(allv.dtype.newbyteorder("<")).tobytes()
    with open(os.path.join(HERE, name + ".pcog"), "wb") as f:
        f.write(out)
    index.append(f"{name} {mode} {delta}")


def mixed(dtype, n):
    info = np.iinfo(dtype)
    a = rng.integers(info.min, info.max, size=n, dtype=dtype, endpoint=True)
    a[: n // 2] = rng.integers(0, 1000, size=n // 2).astype(dtype)  # mostly small, some huge
    rng.shuffle(a)
    return a


# Classic, no delta, every type.
for t in [np.uint16, np.uint32, np.uint64, np.int16, np.int32, np.int64]:
    write(f"classic_{t.__name__}", "Classic", "NoOp", [mixed(t, 1000)],
          mode_spec=ModeSpec.classic(), delta_spec=DeltaSpec.no_op())
for t in [np.uint8, np.int8]:
    write(f"classic_{t.__name__}", "Classic", "NoOp", [mixed(t, 700)],
          mode_spec=ModeSpec.classic(), delta_spec=DeltaSpec.no_op(), enable_8_bit=True)
for t in [np.float16, np.float32, np.float64]:
    a = (rng.standard_normal(1000) * 1000).astype(t)
    a[:8] = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-7, -3.5, 65504.0 if t == np.float16 else 1e30], dtype=t)
    write(f"classic_{t.__name__}", "Classic", "NoOp", [a],
          mode_spec=ModeSpec.classic(), delta_spec=DeltaSpec.no_op())

# Auto mode/delta over a few shapes (whatever pco picks; "*" = not checked).
write("auto_i64_timestamps", "*", "*", [np.cumsum(rng.integers(990, 1010, 1000)).astype(np.int64) + 1_700_000_000_000])
write("auto_f64_prices", "*", "*", [np.round(rng.uniform(1, 1000, 1300), 2)])
write("auto_u32_level0", "*", "*", [mixed(np.uint32, 1200)], compression_level=0)
write("auto_u32_level12", "*", "*", [mixed(np.uint32, 1200)], compression_level=12)

# IntMult.
for t in [np.uint16, np.uint32, np.uint64, np.int16, np.int32, np.int64]:
    base = 7 if t in (np.uint16, np.int16) else 1000
    a = (rng.integers(0, 300, 1200) * base + (rng.integers(0, 100, 1200) == 0) * rng.integers(0, base, 1200))
    if t in (np.int16, np.int32, np.int64):
        a = a - 150 * base
    write(f"intmult_{t.__name__}", "IntMult", "NoOp", [a.astype(t)],
          mode_spec=ModeSpec.try_int_mult(base), delta_spec=DeltaSpec.no_op())

# FloatMult (multiples of 0.1, some off-grid values).
for t in [np.float16, np.float32, np.float64]:
    a = (rng.integers(-500, 500, 1200) * 0.1)
    a[::97] += 0.01234
    a = a.astype(t)
    write(f"floatmult_{t.__name__}", "FloatMult", "NoOp", [a],
          mode_spec=ModeSpec.try_float_mult(0.1), delta_spec=DeltaSpec.no_op())

# FloatQuant: low k mantissa bits mostly zero.
for t, ut, k in [(np.float16, np.uint16, 5), (np.float32, np.uint32, 13), (np.float64, np.uint64, 40)]:
    a = (rng.standard_normal(1200) * 100).astype(t)
    bits = a.view(ut).copy()
    mask = ut((1 << k) - 1)
    keep = rng.integers(0, 10, 1200) == 0
    bits[~keep] &= ~mask
    a = bits.view(t)
    write(f"floatquant_{t.__name__}", "FloatQuant", "NoOp", [a],
          mode_spec=ModeSpec.try_float_quant(k), delta_spec=DeltaSpec.no_op())

# Consecutive deltas of several orders (smooth series).
x = np.arange(1000)
for order in [1, 2, 3, 7]:
    a = (1_000_000 + 37 * x + (x * x) // 5 + rng.integers(-3, 4, 1000)).astype(np.int64)
    write(f"consecutive{order}_i64", "Classic", f"Consecutive{order}", [a],
          mode_spec=ModeSpec.classic(), delta_spec=DeltaSpec.try_consecutive(order))
for t in [np.uint16, np.uint32, np.int16, np.int32, np.uint64]:
    a = (1000 + np.cumsum(rng.integers(0, 5, 1300))).astype(t)
    write(f"consecutive1_{t.__name__}", "Classic", "Consecutive1", [a],
          mode_spec=ModeSpec.classic(), delta_spec=DeltaSpec.try_consecutive(1))
for t in [np.float16, np.float32, np.float64]:
    a = np.sin(np.arange(1300) / 200.0).astype(t) * t(100)
    write(f"consecutive2_{t.__name__}", "Classic", "Consecutive2", [a.astype(t)],
          mode_spec=ModeSpec.classic(), delta_spec=DeltaSpec.try_consecutive(2))
# Secondary latent delta encoded (IntMult + consecutive).
a = (np.cumsum(rng.integers(0, 3, 1000)) * 1000 + np.cumsum(rng.integers(0, 2, 1000)) % 1000).astype(np.int64)
write("intmult_consecutive1_i64", "IntMult", "Consecutive1", [a],
      mode_spec=ModeSpec.try_int_mult(1000), delta_spec=DeltaSpec.try_consecutive(1))
a = (np.round(np.cumsum(rng.integers(-3, 4, 1000)) * 0.1, 1)).astype(np.float64)
write("floatmult_consecutive1_f64", "FloatMult", "Consecutive1", [a],
      mode_spec=ModeSpec.try_float_mult(0.1), delta_spec=DeltaSpec.try_consecutive(1))
a = (np.cumsum(rng.standard_normal(1000)) * 10).astype(np.float32)
bits = a.view(np.uint32).copy(); bits &= ~np.uint32((1 << 12) - 1); a = bits.view(np.float32)
write("floatquant_consecutive1_f32", "FloatQuant", "Consecutive1", [a],
      mode_spec=ModeSpec.try_float_quant(12), delta_spec=DeltaSpec.try_consecutive(1))

# Lookback (repeating patterns).
pattern = rng.integers(0, 1 << 40, 37)
for t in [np.int32, np.uint64, np.int16]:
    reps = np.tile(pattern, 90)[:1600] % (1 << 14)
    reps = reps + (rng.integers(0, 50, 1600) == 0) * rng.integers(0, 100, 1600)
    write(f"lookback_{t.__name__}", "Classic", "Lookback", [reps.astype(t)],
          mode_spec=ModeSpec.classic(), delta_spec=DeltaSpec.try_lookback())
fp = rng.standard_normal(53)
write("lookback_f64", "Classic", "Lookback", [np.tile(fp, 60)],
      mode_spec=ModeSpec.classic(), delta_spec=DeltaSpec.try_lookback())
write("intmult_lookback_u32", "IntMult", "Lookback", [(np.tile(rng.integers(0, 1000, 41), 70) * 9).astype(np.uint32)],
      mode_spec=ModeSpec.try_int_mult(9), delta_spec=DeltaSpec.try_lookback())

# Dict and Conv1 (never chosen automatically; forced).
ids = rng.integers(0, 1 << 62, 20, dtype=np.int64)
write("dict_i64", "Dict", "NoOp", [ids[rng.integers(0, 20, 1000)]],
      mode_spec=ModeSpec.try_dict(), delta_spec=DeltaSpec.no_op())
write("dict_f32", "Dict", "NoOp", [rng.standard_normal(30).astype(np.float32)[rng.integers(0, 30, 1200)]],
      mode_spec=ModeSpec.try_dict(), delta_spec=DeltaSpec.no_op())
smooth = (10000 + 1000 * np.sin(np.arange(1000) / 50.0) + rng.integers(-5, 6, 1000))
for order in [6, 3]:
    write(f"conv1_{order}_u32", "Classic", f"Conv1", [smooth.astype(np.uint32)],
          mode_spec=ModeSpec.classic(), delta_spec=DeltaSpec.try_conv1(order))
write("conv1_6_i16", "Classic", "Conv1", [(smooth - 10000).astype(np.int16)],
      mode_spec=ModeSpec.classic(), delta_spec=DeltaSpec.try_conv1(6))

# Paging and chunking: exact page sizes around batch boundaries, several chunks, tiny inputs.
a = (1000 + np.cumsum(rng.integers(-2, 3, 1400))).astype(np.int32)
write("pages_i32", "Classic", "Consecutive2", [a], mode_spec=ModeSpec.classic(),
      delta_spec=DeltaSpec.try_consecutive(2), paging_spec=PagingSpec.exact_page_sizes([1, 2, 255, 256, 257, 629]))
write("lookback_pages_u32", "Classic", "Lookback",
      [np.tile(rng.integers(0, 1 << 20, 29), 50).astype(np.uint32)], mode_spec=ModeSpec.classic(),
      delta_spec=DeltaSpec.try_lookback(), paging_spec=PagingSpec.exact_page_sizes([3, 300, 1, 1146]))
write("chunks_f64", "*", "*", [rng.standard_normal(600), np.arange(500, dtype=np.float64) * 0.5, np.array([42.0])])
write("single_u64", "Classic", "NoOp", [np.array([123456789012345], dtype=np.uint64)],
      mode_spec=ModeSpec.classic(), delta_spec=DeltaSpec.no_op())
write("constant_i32", "Classic", "NoOp", [np.full(1000, -7, dtype=np.int32)],
      mode_spec=ModeSpec.classic(), delta_spec=DeltaSpec.no_op())
write("extremes_i64", "Classic", "NoOp",
      [np.array([np.iinfo(np.int64).min, np.iinfo(np.int64).max, 0, -1, 1] * 50, dtype=np.int64)],
      mode_spec=ModeSpec.classic(), delta_spec=DeltaSpec.no_op())

with open(os.path.join(HERE, "index.txt"), "w") as f:
    f.write("\n".join(index) + "\n")
print(len(index), "cases")
