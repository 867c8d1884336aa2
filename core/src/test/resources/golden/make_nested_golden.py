"""Regenerates the Rust-written golden files of the nested logical types (vortex.map, vortex.variant
over vortex.parquet.variant) and of an extension type this reader does not know.

Run from this directory with a Python that has vortex-data==0.91.0 and pyarrow:
    python make_nested_golden.py
All values derive from splitmix64 of the row index (h() below; io.jvortex.array.Golden computes the
same), so the Java tests recompute the written values exactly.
"""
import os

import pyarrow as pa
import vortex as vx

M = (1 << 64) - 1


def mix(x):
    z = (x + 0x9E3779B97F4A7C15) & M
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
    return z ^ (z >> 31)


def h(salt, i):
    return mix(((salt & 0xFFFFFFFF) << 32) + i)


def s32(x):
    x &= 0xFFFFFFFF
    return x - (1 << 32) if x >= (1 << 31) else x


def write(path, table):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    vx.io.write(table, path)


N = 1500


def string_int_maps():
    """m: map<utf8, i32?>? — row i null when h(91,i)%7==0, else h(92,i)%4 entries; entry k of row i
    is ("k" + str(h(93, 4i+k) % 50), null when h(94, 4i+k)%5==0 else s32(h(95, 4i+k)))."""
    rows = []
    for i in range(N):
        if h(91, i) % 7 == 0:
            rows.append(None)
            continue
        row = []
        for k in range(h(92, i) % 4):
            e = 4 * i + k
            row.append(("k" + str(h(93, e) % 50), None if h(94, e) % 5 == 0 else s32(h(95, e))))
        rows.append(row)
    return pa.array(rows, pa.map_(pa.string(), pa.int32()))


def int_string_maps():
    """mi: map<i64, utf8?>? without null rows — h(96,i)%3 entries; entry k of row i is
    (h(97, 3i+k) % 1000 as i64, "v" + str(h(98, 3i+k) % 100))."""
    rows = []
    for i in range(N):
        rows.append([(h(97, 3 * i + k) % 1000, "v" + str(h(98, 3 * i + k) % 100)) for k in range(h(96, i) % 3)])
    return pa.array(rows, pa.map_(pa.int64(), pa.string()))


class VariantType(pa.ExtensionType):
    def __init__(self, storage):
        super().__init__(storage, "arrow.parquet.variant")

    def __arrow_ext_serialize__(self):
        return b""

    @classmethod
    def __arrow_ext_deserialize__(cls, storage_type, serialized):
        return cls(storage_type)


def variants():
    """v: variant? — row i null when i%5==4; metadata 01 00 00 (empty dictionary); value: for even i
    an int8 (header 0x0c, byte i%128), for odd i a short string "s" + str(i%10) (header (2<<2)|1)."""
    n = 200
    meta = b"\x01\x00\x00"
    values, mask = [], []
    for i in range(n):
        mask.append(i % 5 == 4)
        if i % 2 == 0:
            values.append(bytes([0x0C, i % 128]))
        else:
            s = ("s" + str(i % 10)).encode()
            values.append(bytes([(len(s) << 2) | 1]) + s)
    st = pa.struct([pa.field("metadata", pa.binary(), nullable=False), pa.field("value", pa.binary())])
    storage = pa.StructArray.from_arrays([pa.array([meta] * n, pa.binary()), pa.array(values, pa.binary())],
                                         fields=list(st), mask=pa.array(mask))
    return pa.ExtensionArray.from_storage(VariantType(st), storage)


def shredded_variants():
    """v: variant? with a shredded int64 typed_value — rows: typed 7 (value null), value int8 5 (typed
    null), null, typed 9. The 0.91 writer moves typed_value into vortex.variant's shredded child (dtype
    i64?) and keeps metadata + value in vortex.parquet.variant."""
    st = pa.struct([pa.field("metadata", pa.binary(), nullable=False), pa.field("value", pa.binary()),
                    pa.field("typed_value", pa.int64())])
    meta = b"\x01\x00\x00"
    storage = pa.StructArray.from_arrays(
        [pa.array([meta] * 4, pa.binary()), pa.array([None, b"\x0c\x05", None, None], pa.binary()),
         pa.array([7, None, None, 9], pa.int64())], fields=list(st), mask=pa.array([False, False, True, False]))
    return pa.ExtensionArray.from_storage(VariantType(st), storage)


def unknown_extension(path):
    """ext/unknown.vortex: d = date32 with row i null when i%3==0 else day 18262 + i%28 (2020-01-01 +
    i%28), n = i64 i. The Rust writer knows no extension id it cannot resolve, so the file is written
    with vortex.date and the id is then patched in place to the same-length unknown id acme.custom
    (in the dtype segment and wherever else the footer names it); the storage (i32?) and the
    metadata byte stay."""
    import datetime
    n = 2000
    d = pa.array([datetime.date(2020, 1, i % 28 + 1) if i % 3 else None for i in range(n)], pa.date32())
    write(path, pa.table({"d": d, "n": pa.array(range(n), pa.int64())}))
    with open(path, "rb") as f:
        data = f.read()
    assert data.count(b"vortex.date") >= 1
    with open(path, "wb") as f:
        f.write(data.replace(b"vortex.date", b"acme.custom"))


if __name__ == "__main__":
    unknown_extension("ext/unknown.vortex")
    write("map/map.vortex", pa.table({"m": string_int_maps(), "mi": int_string_maps()}))
    write("variant/variant.vortex", pa.table({"v": variants()}))
    write("variant/shredded.vortex", pa.table({"v": shredded_variants()}))
