#!/usr/bin/env python3
"""Regenerates the Rust-written golden files of the FastLanes array decoders
(fastlanes.bitpacked, fastlanes.for, fastlanes.rle, fastlanes.delta).

Run from this directory with the oracle venv (vortex-data 0.91.0 + pyarrow) and `flatbuffers`:
    pip install --target /tmp/fl/pylib flatbuffers
    PYTHONPATH=/tmp/fl/pylib /tmp/oracle/venv/bin/python make_fastlanes_golden.py
Two kinds of output, both committed so the Java tests need no Python:

  <dir>/<name>.vortex   written by vortex.io.write; the default writer chose the encodings (each
                        README.md lists the trees observed with tools/vx_inspect.py, and the Java
                        tests assert that the encoding under test appears). All values derive from
                        splitmix64 of the row index (h() below; io.jvortex.array.Golden computes the
                        same), so the tests recompute them instead of reading them from a file.
  <dir>/<name>.seg/.ids/.expected
                        forms the file writer never produces (bit-packed arrays with offset != 0, i.e.
                        sliced; delta arrays): an array segment assembled here (buffers + Array
                        flatbuffer + u32 length, encoding ids one per line), decoded by the Rust reader
                        (`decode_ipc_array_buffers`), whose rows are `.expected`: a header line
                        `dtype=<ptype>[?] len=<n>`, then one row per line, a decimal (u64 as its
                        two's-complement i64) or `null`. Bit-packed buffers and patches are taken from
                        the Rust-written files, sliced at chunk granularity the way Rust's slice does.
"""
import os
import random
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'io', 'jvortex', 'encoding', 'bitpacked', 'golden'))
import pyarrow as pa  # noqa: E402
import vortex as vx  # noqa: E402
from gen_fastlanes_golden import (Node, array_message, bits, load_tree, pack, shape,  # noqa: E402
                                  unpack, varint, decode_ipc_array_buffers, encode_ipc_array_buffers)

M = (1 << 64) - 1
N = 2500  # two full chunks and a partial one


def mix(x):
    z = (x + 0x9E3779B97F4A7C15) & M
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
    return z ^ (z >> 31)


def h(salt, i):
    return mix(((salt & 0xFFFFFFFF) << 32) + i)


def s64(x):
    return x - (1 << 64) if x >= (1 << 63) else x


# ------------------------------------------------------------------------------------------------
# Column formulas (mirrored in the Java tests)

def bp_plain(salt, width, n=N):
    """h(salt, i) % 2^width, with row 7 = 0 and row 100 = 2^width - 1 (so FoR finds nothing to subtract)."""
    v = [h(salt, i) % (1 << width) for i in range(n)]
    v[7], v[100] = 0, (1 << width) - 1
    return v


def bp_patched(salt, width, big_bits, every, n=N):
    """Small values below 2^width, except rows with h(salt+1, i) % every == 0: 2^big_bits + h(salt+2, i) % 2^big_bits."""
    out = []
    for i in range(n):
        if h(salt + 1, i) % every == 0:
            out.append((1 << big_bits) + h(salt + 2, i) % (1 << big_bits))
        else:
            out.append(h(salt, i) % (1 << width))
    out[7] = 0
    return out


def with_nulls(salt, values, every):
    """Row i is null when h(salt, i) % every == 0."""
    return [None if h(salt, i) % every == 0 else v for i, v in enumerate(values)]


def rle_runs(salt, n=N):
    """Runs of 4..12 rows of h(salt + 1, r) % 10^6; a row is null when h(salt + 2, i) % 10 < 3."""
    out = []
    r = 0
    while len(out) < n:
        out += [h(salt + 1, r) % 1000000] * (4 + h(salt, r) % 9)
        r += 1
    return [None if h(salt + 2, i) % 10 < 3 else v for i, v in enumerate(out[:n])]


BITPACKED = [  # name, arrow type, values
    ('u8_w3', pa.uint8(), lambda: bp_plain(1, 3)),
    ('i8_w6', pa.int8(), lambda: bp_plain(2, 6)),
    ('u16_w11', pa.uint16(), lambda: bp_plain(3, 11)),
    ('i16_w13', pa.int16(), lambda: bp_plain(4, 13)),
    ('u32_w17', pa.uint32(), lambda: bp_plain(5, 17)),
    ('i32_w1', pa.int32(), lambda: bp_plain(6, 1)),
    ('u64_w50', pa.uint64(), lambda: bp_plain(7, 50)),
    ('i64_w40', pa.int64(), lambda: bp_plain(8, 40)),
    ('i64_patched', pa.int64(), lambda: bp_patched(10, 4, 40, 50)),
    ('u16_patched', pa.uint16(), lambda: bp_patched(20, 3, 15, 40)),
    ('u64_patched', pa.uint64(), lambda: bp_patched(30, 5, 63, 60)),
    ('i32_nullable', pa.int32(), lambda: with_nulls(41, bp_plain(40, 10), 5)),
    ('i64_nullable_patched', pa.int64(), lambda: with_nulls(51, bp_patched(50, 6, 33, 45), 4)),
]

FOR = [
    ('dates', pa.date32(), lambda: [19000 + h(60, i) % 3000 for i in range(N)]),
    ('i64_big', pa.int64(), lambda: [10 ** 12 + h(61, i) % 4096 for i in range(N)]),
    ('i32_negative', pa.int32(), lambda: [-1000000 + h(62, i) % 300 for i in range(N)]),
    ('u64_top', pa.uint64(), lambda: [(1 << 64) - 5000 + h(63, i) % 5000 for i in range(N)]),
    ('i64_extremes', pa.int64(), lambda: [(1 << 63) - 1 - h(65, i) % 16 if h(64, i) % 97 == 0
                                          else -(1 << 63) + h(66, i) % 16 for i in range(N)]),
    ('u8_small_range', pa.uint8(), lambda: [200 + h(67, i) % 16 for i in range(N)]),
    ('i16_nullable', pa.int16(), lambda: with_nulls(69, [-20000 + h(68, i) % 1000 for i in range(N)], 6)),
]

RLE = [
    ('i64_runs', pa.int64(), lambda: rle_runs(70)),
    ('i32_runs', pa.int32(), lambda: rle_runs(73)),
    # Floats with the same runs get a dict layout from 0.91's writer at this size (no fastlanes.rle),
    # so float RLE is covered by the hand-built tests only; RLE_CODES shows RLE over dict codes.
]

RLE_CODES = [  # 20000 rows: the writer dict-encodes the floats and RLE-encodes the (nullable) codes
    ('f32_runs', pa.float32(), lambda: [None if v is None else v / 8.0 for v in rle_runs(76, 20000)]),
]


def write_file(path, columns):
    data = {name: pa.array(fn(), t) for name, t, fn in columns}
    vx.io.write(pa.table(data), path)
    back = vx.open(path).scan().read_all().to_arrow_table()
    for name, t, fn in columns:
        assert back[name].to_pylist() == pa.array(fn(), t).to_pylist(), name


# ------------------------------------------------------------------------------------------------
# Hand-assembled segments decoded by the Rust reader

PTYPE_OF = {pa.uint8(): 'u8', pa.uint16(): 'u16', pa.uint32(): 'u32', pa.uint64(): 'u64',
            pa.int8(): 'i8', pa.int16(): 'i16', pa.int32(): 'i32', pa.int64(): 'i64'}


def dtype_message(pa_type, nullable):
    sample = [0, None] if nullable else [0]
    return [bytes(x) for x in encode_ipc_array_buffers(vx.array(pa.array(sample, pa_type)))[1]]


def emit_segment(path, root, pa_type, nullable, length, expected):
    msg = array_message(root, length)
    arr = decode_ipc_array_buffers(msg, dtype_message(pa_type, nullable))
    assert arr.id.startswith(root.enc), arr.id  # 0.91 names its in-memory bit-packed array .v2
    got = arr.to_arrow_array().to_pylist()
    assert got == expected, (path, [(i, a, b) for i, (a, b) in enumerate(zip(got, expected)) if a != b][:5])
    encodings = []

    def collect(n):
        if n.enc not in encodings:
            encodings.append(n.enc)
        for c in n.children:
            collect(c)
    collect(root)
    with open(path + '.seg', 'wb') as f:
        f.write(msg[2])
    with open(path + '.ids', 'w') as f:
        f.write('\n'.join(encodings) + '\n')
    ptype = PTYPE_OF[pa_type]
    with open(path + '.expected', 'w') as f:
        f.write('dtype=%s%s len=%d\n' % (ptype, '?' if nullable else '', length))
        for v in got:
            f.write('null\n' if v is None else '%d\n' % (s64(v) if ptype == 'u64' else v))
    print(os.path.relpath(path, HERE), arr.display_tree().splitlines()[0])


def bitpacked_md(width, offset, patches=None):
    md = b'\x08' + varint(width) + (b'\x10' + varint(offset) if offset else b'')
    if patches is not None:
        md += b'\x1a' + varint(len(patches)) + patches
    return md


def patches_md(count, offset, indices_ptype_id):
    return b'\x08' + varint(count) + (b'\x10' + varint(offset) if offset else b'') + \
        (b'\x18' + varint(indices_ptype_id) if indices_ptype_id else b'')


def sliced_bitpacked(name, file, column, pa_type, values, start, stop):
    """The Rust slice of a bit-packed column: whole chunks of the packed buffer, offset start % 1024,
    patches keeping their absolute indices with patches.offset = start, validity sliced."""
    tree = column_tree(file, column)
    assert tree['encoding'] == 'fastlanes.bitpacked', shape(tree)
    ptype = PTYPE_OF[pa_type]
    width = tree['md'].get(1, 0)
    chunk_bytes = 128 * width
    first, last = start // 1024, (stop + 1023) // 1024
    packed = tree['buffers'][0][first * chunk_bytes: last * chunk_bytes]
    offset = start % 1024
    children = []
    pmd = None
    rest = tree['children']
    if 3 in tree['md']:
        p = tree['md'][3]
        idx_ptype = ['u8', 'u16', 'u32', 'u64'][p.get(3, 0)]
        idx = unpack(idx_ptype, rest[0]['buffers'][0])[:p[1]]
        vals = unpack(ptype, rest[1]['buffers'][0])[:p[1]]
        keep = [k for k, i in enumerate(idx) if start <= i < stop]
        children = [Node('vortex.primitive', b'', [pack(idx_ptype, [idx[k] for k in keep])]),
                    Node('vortex.primitive', b'', [pack(ptype, [vals[k] for k in keep])])]
        pmd = patches_md(len(keep), start, p.get(3, 0))
        rest = rest[3:] if 4 in p or 5 in p else rest[2:]
    nullable = any(v is None for v in values)
    if nullable:
        children.append(Node('vortex.bool', b'', [bits([v is not None for v in values[start:stop]])]))
    root = Node('fastlanes.bitpacked', bitpacked_md(width, offset, pmd), [packed], children)
    emit_segment(os.path.join(HERE, 'bitpacked', name), root, pa_type, nullable, stop - start, values[start:stop])


_trees = {}


def column_tree(file, column):
    key = (file, column)
    if key not in _trees:
        values = vx.open(file).scan().read_all().to_arrow_table().select([column])
        tmp = '/tmp/fl-golden-col.vortex'
        vx.io.write(values, tmp)
        _trees[key] = load_tree(tmp)
    return _trees[key]


def delta_case(name, ptype, chunks, offset, length, seed, null_every):
    rnd = random.Random(seed)
    t = struct.calcsize({'u8': 'B', 'u16': 'H', 'u32': 'I', 'u64': 'Q', 'i8': 'b', 'i16': 'h',
                         'i32': 'i', 'i64': 'q'}[ptype]) * 8
    lanes = 1024 // t
    signed = ptype.startswith('i')
    lo, hi = (-(1 << (t - 1)), (1 << (t - 1)) - 1) if signed else (0, (1 << t) - 1)
    bases = [rnd.randint(lo, hi) for _ in range(chunks * lanes)]
    deltas = [rnd.randint(lo, hi) for _ in range(chunks * 1024)]
    valid = [null_every == 0 or rnd.randrange(null_every) != 0 for _ in range(length)]
    md = b'\x08' + varint(len(deltas)) + (b'\x10' + varint(offset) if offset else b'')
    children = [Node('vortex.primitive', b'', [pack(ptype, bases)]),
                Node('vortex.primitive', b'', [pack(ptype, deltas)]),
                Node('vortex.bool', b'', [bits(valid)])]
    root = Node('fastlanes.delta', md, [], children)
    pa_type = {v: k for k, v in PTYPE_OF.items()}[ptype]
    msg = array_message(root, length)
    decoded = decode_ipc_array_buffers(msg, dtype_message(pa_type, True)).to_arrow_array().to_pylist()
    assert [v is not None for v in decoded] == valid
    emit_segment(os.path.join(HERE, 'delta', name), root, pa_type, True, length, decoded)


def main():
    for d in ('bitpacked', 'frameofreference', 'rle', 'delta'):
        os.makedirs(os.path.join(HERE, d), exist_ok=True)
    bp = os.path.join(HERE, 'bitpacked', 'bitpacked.vortex')
    write_file(bp, BITPACKED)
    write_file(os.path.join(HERE, 'frameofreference', 'for.vortex'), FOR)
    write_file(os.path.join(HERE, 'rle', 'rle.vortex'), RLE)
    write_file(os.path.join(HERE, 'rle', 'rle_dict_codes.vortex'), RLE_CODES)

    cols = {name: (t, fn()) for name, t, fn in BITPACKED}
    for name, column, start, stop in [
            ('u16_w11_offset1001', 'u16_w11', 1001, 2500),
            ('u16_w11_offset1023_len1', 'u16_w11', 1023, 1024),
            ('u16_w11_offset1', 'u16_w11', 1, 2401),
            ('i8_w6_offset1023', 'i8_w6', 1023, 2500),
            ('u64_w50_chunk1_offset6', 'u64_w50', 1030, 2100),
            ('i64_patched_offset1001', 'i64_patched', 1001, 2300),
            ('i64_patched_chunk1_offset6', 'i64_patched', 1030, 2500),
            ('u16_patched_offset500', 'u16_patched', 500, 1600),
            ('i32_nullable_offset500', 'i32_nullable', 500, 2100),
            ('i64_nullable_patched_offset77', 'i64_nullable_patched', 1101, 2450)]:
        t, values = cols[column]
        sliced_bitpacked(name, bp, column, t, values, start, stop)

    delta_case('delta_i16_nullable_offset37', 'i16', 2, 37, 1911, 21, 4)
    delta_case('delta_u32_nullable_offset1023', 'u32', 2, 1023, 1025, 22, 3)
    delta_case('delta_i64_nullable_offset0', 'i64', 1, 0, 1024, 23, 7)
    delta_case('delta_u8_all_null_offset5', 'u8', 1, 5, 1000, 24, 1)


if __name__ == '__main__':
    main()
