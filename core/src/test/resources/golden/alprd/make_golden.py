"""Golden vectors for vortex.alprd (format: ../alp/_golden_common.py).
Run: /tmp/oracle/venv/bin/python core/src/test/resources/golden/alprd/make_golden.py  (vortex-data 0.91.0)"""
import os
import random
import struct
import sys

import pyarrow as pa

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "alp"))
from _golden_common import PTYPES, Golden, patch_children, proto_fields  # noqa: E402

N = 4100  # the compressor only tries ALP-RD on larger arrays
M = 5000


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def alprd_children(float_ptype, nullable, rows):
    right = "u32" if float_ptype == "f32" else "u64"

    def kids(meta):
        f = proto_fields(meta)
        left = PTYPES[f.get(4, [0])[0]]
        out = [(left, nullable, rows), (right, False, rows)]
        if 5 in f:
            out += patch_children(f[5][0], left, False, False)
        return out
    return kids


def main():
    g = Golden(os.path.dirname(os.path.abspath(__file__)))
    rng = random.Random(20260702)

    def add(name, vals, ptype, nullable=False):
        arr = pa.array(vals, pa.float32() if ptype == "f32" else pa.float64())
        g.add(name, arr, ptype + ("?" if nullable else ""), 4 if ptype == "f32" else 8, "vortex.alprd",
              alprd_children(ptype, nullable, len(vals)))

    add("f64_thirds", [i / 3.0 for i in range(M)], "f64")
    add("f64_gauss", [rng.gauss(150, 10) for _ in range(N)], "f64")
    add("f64_gauss_nullable", [None if i % 5 == 0 else rng.gauss(-150, 10) for i in range(N)], "f64", True)
    add("f64_mixed_binades", [rng.choice([1, 2, 4, 8, 16, 64, 256, 1024, 1 / 8, 1e-300, 1e300]) * (1 + rng.random())
                              for _ in range(M)], "f64")
    add("f32_thirds", [f32(i / 3.0) for i in range(M)], "f32")
    add("f32_offset_million", [f32(1e6 + round(rng.uniform(0, 1e3), 1)) for _ in range(N)], "f32")
    add("f32_mixed_binades_nullable", [None if i % 3 == 0 else f32(rng.choice([1, 2, 4, 8, 16, 64, 256, 1024, -1, -2,
                                       1 / 8, 1e-30, 1e30]) * (1 + rng.random())) for i in range(M)], "f32", True)
    g.write_manifest()


if __name__ == "__main__":
    main()
