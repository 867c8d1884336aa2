#!/usr/bin/env python3
"""Writes the golden files of the string encodings with the Rust reference (pip package vortex-data).

Usage:  /tmp/oracle/venv/bin/python core/src/test/resources/golden/varbin/make_golden.py

Every case is written as golden/<encoding>/<name>.vortex (one column "s", written by vx.io.write
with the default strategy, so the Rust compressor chooses the encodings). The default writer puts
vortex.varbinview in files only in special places (e.g. the patch values of vortex.sparse; plain
uncompressed strings become vortex.varbin), so varbinview is also covered by <name>.segment files:
the bytes of Array.serialize(ArrayContext) concatenated, i.e. one flat segment ([buffers][Array
flatbuffer][u32 length]), with its encoding ids (interned in pre-order by the context) one per line
in <name>.ids.

Next to each file, <name>.expected holds the values written, one row per line: "N" for null, else
"=" followed by the value's bytes in hex. The Java tests decode the file and compare value-exactly;
each test also names the encoding it expects the Rust writer to have chosen, so a change of the
writer's choices shows up as a test failure rather than as silently lost coverage.

Inputs are seeded, so rerunning reproduces the same values (file bytes may differ between vortex
versions). Generated with vortex-data 0.91.0 and pyarrow 26.0.1.
"""
import base64
import os
import random
import sys

import pyarrow as pa
import vortex as vx

# The golden root: this script lives in golden/varbin/ and writes golden/{varbin,varbinview,fsst,onpair}/.
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def write_expected(path, values):
    with open(path, "w") as f:
        for v in values:
            if v is None:
                f.write("N\n")
            else:
                b = v.encode("utf-8") if isinstance(v, str) else v
                f.write("=" + b.hex() + "\n")


def write_file(encoding, name, values, arrow_type):
    os.makedirs(os.path.join(HERE, encoding), exist_ok=True)
    path = os.path.join(HERE, encoding, name + ".vortex")
    vx.io.write(pa.table({"s": pa.array(values, type=arrow_type)}), path)
    write_expected(os.path.join(HERE, encoding, name + ".expected"), values)
    print(path, os.path.getsize(path))


def write_serialized(encoding, name, values, arrow_type):
    os.makedirs(os.path.join(HERE, encoding), exist_ok=True)
    array = vx.array(pa.array(values, type=arrow_type))
    ids = []
    # display_tree lists the nodes in pre-order, one "name: encoding(...)" line per node.
    for line in array.display_tree().splitlines():
        token = line.strip().split(" ")
        if len(token) >= 2 and token[0].endswith(":") and "(" in token[1]:
            enc = token[1].split("(")[0]
            if enc not in ids:
                ids.append(enc)
    parts = array.serialize(vx.ArrayContext())
    path = os.path.join(HERE, encoding, name + ".segment")
    with open(path, "wb") as f:
        for p in parts:
            f.write(bytes(p))
    with open(os.path.join(HERE, encoding, name + ".ids"), "w") as f:
        f.write("\n".join(ids) + "\n")
    write_expected(os.path.join(HERE, encoding, name + ".expected"), values)
    print(path, os.path.getsize(path), ids)


def words(rng, n, nulls):
    vocab = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "theta", "kappa", "lambda", "omicron"]
    out = []
    for _ in range(n):
        if rng.random() < nulls:
            out.append(None)
        else:
            out.append(" ".join(rng.choice(vocab) for _ in range(rng.randint(0, 12))))
    return out


def unicode_words(rng, n):
    vocab = ["straße", "čaj", "日本語", "中文", "😀", "𝄞", "naïve", "Ελληνικά", "русский", "ok", "€"]
    return [" ".join(rng.choice(vocab) for _ in range(rng.randint(0, 8))) for _ in range(n)]


def urls(rng, n, nulls):
    parts = ["https://www.example.com/", "products/", "category/", "item?id=", "&ref=home", "search?q=",
             "user/", "profile"]
    out = []
    for _ in range(n):
        if rng.random() < nulls:
            out.append(None)
        else:
            out.append("".join(rng.choice(parts) for _ in range(rng.randint(1, 5))) + str(rng.randint(0, 99999)))
    return out


def main():
    rng = random.Random(20260701)
    # vortex.varbin: incompressible binary (varbin with primitive offsets and a validity child) ...
    write_file("varbin", "random_binary", [None if rng.random() < 0.1 else rng.randbytes(rng.randint(0, 40))
                                           for _ in range(200)], pa.binary())
    # ... and dictionary values of a low-cardinality binary column (vortex.dict layout).
    write_file("varbin", "dict_values", [rng.choice([b"\x00\x01", b"\xff\xfe\xfd", b"", b"abc", None])
                                         for _ in range(500)], pa.binary())
    # vortex.fsst with primitive children, without and with nulls, and with multi-byte characters.
    write_file("fsst", "words", words(rng, 300, 0), pa.string())
    write_file("fsst", "words_nullable", words(rng, 300, 0.2), pa.string())
    write_file("fsst", "unicode", unicode_words(rng, 300), pa.string())
    # vortex.fsst whose children the compressor encodes further (constant, sequence, ...).
    write_file("fsst", "words_compressed_children", ["hello world %d" % (i % 7) for i in range(50)], pa.string())
    # vortex.onpair with primitive children, without and with nulls.
    write_file("onpair", "urls", urls(rng, 300, 0), pa.string())
    write_file("onpair", "urls_nullable", urls(rng, 300, 0.15), pa.string())
    # vortex.onpair whose codes are FoR + bit-packed and lengths run-end encoded.
    write_file("onpair", "sentences_compressed_children",
               ["the quick brown fox jumps over the lazy dog number %d" % i for i in range(2000)], pa.string())
    # vortex.varbinview in a file: the patch values of a vortex.sparse column (mostly null URLs).
    write_file("varbinview", "sparse_patch_values", [None if rng.random() < 0.97 else u for u in urls(rng, 3000, 0)],
               pa.string())
    # vortex.varbinview: serialized arrays (inline and outlined values, nulls, unicode).
    write_serialized("varbinview", "views_nullable",
                     [None if rng.random() < 0.2 else "".join(rng.choice("abcé中😀") for _ in range(rng.randint(0, 30)))
                      for _ in range(100)], pa.string_view())
    write_serialized("varbinview", "views_binary",
                     [rng.randbytes(rng.randint(0, 40)) for _ in range(100)], pa.binary_view())
    return 0


if __name__ == "__main__":
    sys.exit(main())
