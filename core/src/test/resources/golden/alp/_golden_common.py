"""Shared helpers of the make_golden.py scripts of the numeric encodings (alp, alprd, zigzag, sequence,
datetimeparts, decimalbyteparts). Run with the oracle venv (vortex-data 0.91.0 + pyarrow), e.g.
    /tmp/oracle/venv/bin/python core/src/test/resources/golden/alp/make_golden.py

For each case the Rust reference compresses a pyarrow array (vortex.compress, the BtrBlocks cascade the
file writer uses) and serializes it exactly as a flat segment is stored. The case file
<case>.golden.gz is a gzip of named sections, each [u16 LE name length][name][u32 LE length][bytes]:
  ids             the array-context encoding ids, newline-separated (index = node encoding index)
  segment         the serialized array: [buffers][Array flatbuffer][u32 LE flatbuffer length]
  expected        the input values, little-endian at the dtype's width (null rows hold 0)
  validity        one byte per row, 1 = valid (only for nullable inputs)
  child<k>        the Rust reference's own decoding of the root's child k, little-endian
  child<k>.validity  one byte per row (only when that child is nullable)
Each directory also holds files_<rows>.vortex: the same input columns (named by case, grouped by row
count) written with vortex.io.write, the default file writer, so the file reader path (layouts, zone
maps, the writer's own compression choices) is exercised on the same values.
cases.tsv lists, per case: name, dtype, row count, root encoding id, and the child dtypes
(ptype[?]:rows, comma-separated) that child<k> was decoded with. Java tests decode the whole segment
(when every encoding of the tree is registered) and, always, the root node re-assembled over
vortex.primitive children holding child<k> - the outer decode on Rust-written metadata and Rust-decoded
children.
"""
from __future__ import annotations

import gzip
import os
import struct

import pyarrow as pa
import vortex as vx
from vortex._lib.serde import ReadContext

PTYPES = ["u8", "u16", "u32", "u64", "i8", "i16", "i32", "i64", "f16", "f32", "f64"]
WIDTH = {"u8": 1, "u16": 2, "u32": 4, "u64": 8, "i8": 1, "i16": 2, "i32": 4, "i64": 8,
         "f16": 2, "f32": 4, "f64": 8}


def vx_dtype(ptype: str, nullable: bool):
    kind, bits = ptype[0], int(ptype[1:])
    if kind == "u":
        return vx.uint(bits, nullable=nullable)
    if kind == "i":
        return vx.int_(bits, nullable=nullable)
    return vx.float_(bits, nullable=nullable)


def proto_fields(buf: bytes) -> dict[int, list]:
    """Minimal protobuf decoder: field number -> list of raw values (ints or bytes)."""
    out: dict[int, list] = {}
    pos = 0

    def varint():
        nonlocal pos
        result, shift = 0, 0
        while True:
            b = buf[pos]
            pos += 1
            result |= (b & 0x7F) << shift
            shift += 7
            if b < 0x80:
                return result

    while pos < len(buf):
        key = varint()
        field, wt = key >> 3, key & 7
        if wt == 0:
            val = varint()
        elif wt == 1:
            val = buf[pos:pos + 8]
            pos += 8
        elif wt == 2:
            n = varint()
            val = buf[pos:pos + n]
            pos += n
        elif wt == 5:
            val = buf[pos:pos + 4]
            pos += 4
        else:
            raise ValueError(f"wire type {wt}")
        out.setdefault(field, []).append(val)
    return out


def patch_children(meta: bytes, values_ptype: str, values_nullable: bool, with_chunk_offsets: bool):
    """Child dtypes contributed by a PatchesMetadata message."""
    f = proto_fields(meta)
    n = f.get(1, [0])[0]
    kids = [(PTYPES[f.get(3, [0])[0]], False, n), (values_ptype, values_nullable, n)]
    if with_chunk_offsets and 5 in f:
        kids.append((PTYPES[f[5][0]], False, f.get(4, [0])[0]))
    return kids


def raw_values(arr: pa.Array, width: int) -> bytes:
    """The little-endian value bytes of a primitive arrow array (null rows zeroed)."""
    data = arr.buffers()[1]
    raw = bytearray(data.to_pybytes()[arr.offset * width:(arr.offset + len(arr)) * width])
    if arr.null_count:
        for i, v in enumerate(arr.is_valid().to_pylist()):
            if not v:
                raw[i * width:(i + 1) * width] = bytes(width)
    return bytes(raw)


def validity_bytes(arr: pa.Array) -> bytes:
    return bytes(1 if v else 0 for v in arr.is_valid().to_pylist())


def section(name: str, data: bytes) -> bytes:
    nb = name.encode()
    return struct.pack("<H", len(nb)) + nb + struct.pack("<I", len(data)) + data


class Golden:
    def __init__(self, out_dir: str):
        self.out_dir = out_dir
        self.rows: list[str] = []
        self.columns: dict[int, dict[str, pa.Array]] = {}

    def add(self, name: str, values: pa.Array, dtype_str: str, width: int, expect_root: str,
            child_dtypes, expected_bytes: bytes | None = None):
        """child_dtypes(root_metadata: bytes) -> [(ptype, nullable, rows)] for the root's children."""
        compressed = vx.compress(vx.array(values))
        ctx = vx.ArrayContext()
        segment = b"".join(compressed.serialize(ctx))
        ids = str(ctx).split(", ")
        sa = vx.SerializedArray.parse(segment)
        root = ids[0] if ids else "?"
        tree = compressed.display_tree()
        chosen = tree.split(":", 1)[1].strip().split("(", 1)[0]
        if chosen not in (expect_root, expect_root + ".v2"):  # in-memory .v2 ids serialize as the plain id
            print(f"SKIPPED {name}: Rust chose {tree.splitlines()[0].strip()}, not {expect_root}")
            return False
        if compressed.dtype.is_nullable() != dtype_str.endswith("?"):
            raise SystemExit(f"{name}: Rust dtype {compressed.dtype!r} does not match {dtype_str}")
        meta = bytes(sa.metadata) if sa.metadata is not None else b""
        kids = child_dtypes(meta)
        if len(kids) != sa.nchildren:
            raise SystemExit(f"{name}: derived {len(kids)} children, segment has {sa.nchildren}")
        parts = [section("ids", "\n".join(ids).encode()), section("segment", segment)]
        parts.append(section("expected", expected_bytes if expected_bytes is not None
                             else raw_values(values, width)))
        if values.null_count or dtype_str.endswith("?"):
            parts.append(section("validity", validity_bytes(values)))
        rctx = ReadContext(ids)
        for k, (ptype, nullable, rows) in enumerate(kids):
            child = sa.children[k].decode(rctx, vx_dtype(ptype, nullable), rows).to_arrow_array()
            parts.append(section(f"child{k}", raw_values(child, WIDTH[ptype])))
            if nullable:
                parts.append(section(f"child{k}.validity", validity_bytes(child)))
        with gzip.GzipFile(os.path.join(self.out_dir, name + ".golden.gz"), "wb", mtime=0) as f:
            f.write(b"".join(parts))
        spec = ",".join(f"{p}{'?' if nl else ''}:{rows}" for p, nl, rows in kids)
        self.columns.setdefault(len(values), {})[name] = values
        self.rows.append(f"{name}\t{dtype_str}\t{len(values)}\t{expect_root}\t{spec}")
        print(f"{name}: {tree.splitlines()[0].strip()}  meta={meta.hex()}  ids={ids}")
        return True

    def write_manifest(self):
        for rows, cols in sorted(self.columns.items()):
            vx.io.write(pa.table(cols), os.path.join(self.out_dir, f"files_{rows}.vortex"))
        with open(os.path.join(self.out_dir, "cases.tsv"), "w") as f:
            f.write("# case\tdtype\trows\troot\tchildren (ptype[?]:rows, as decoded into child<k>)\n")
            for r in self.rows:
                f.write(r + "\n")
