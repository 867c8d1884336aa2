"""Golden vectors for vortex.alp (see _golden_common.py for the format).
Run: /tmp/oracle/venv/bin/python core/src/test/resources/golden/alp/make_golden.py  (vortex-data 0.91.0)"""
import math
import os
import random
import struct
import sys

import pyarrow as pa

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _golden_common import Golden, patch_children  # noqa: E402

N = 2100  # three 1024-row chunks, the last one partial


def alp_children(float_ptype, nullable):
    int_ptype = "i32" if float_ptype == "f32" else "i64"

    def kids(meta):
        from _golden_common import proto_fields
        f = proto_fields(meta)
        out = [(int_ptype, nullable, N_CUR[0])]
        if 3 in f:
            out += patch_children(f[3][0], float_ptype, nullable, True)
        return out
    return kids


N_CUR = [N]


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def main():
    g = Golden(os.path.dirname(os.path.abspath(__file__)))
    rng = random.Random(20260701)

    def add(name, vals, ptype, nullable=False):
        N_CUR[0] = len(vals)
        typ = pa.float32() if ptype == "f32" else pa.float64()
        arr = pa.array(vals, typ)
        dtype = ptype + ("?" if nullable else "")
        g.add(name, arr, dtype, 4 if ptype == "f32" else 8, "vortex.alp", alp_children(ptype, nullable))

    for ptype in ("f64", "f32"):
        add(f"{ptype}_one_decimal", [round(rng.uniform(0, 100), 1) for _ in range(N)], ptype)
        add(f"{ptype}_quarters", [rng.randint(-4000, 4000) * 0.25 for _ in range(N)], ptype)
        add(f"{ptype}_tenths", [i * 0.1 for i in range(N)], ptype)
        specials = [math.nan, math.inf, -math.inf, -0.0, 5e-324 if ptype == "f64" else 1e-45,
                    1.7976931348623157e308 if ptype == "f64" else 3.4028234663852886e38,
                    2.2250738585072014e-308 if ptype == "f64" else 1.1754943508222875e-38, 1 / 3]
        vals = [round(rng.uniform(0, 100), 2) for _ in range(N)]
        for i in range(0, N, 37):
            vals[i] = specials[(i // 37) % len(specials)]
        add(f"{ptype}_specials", vals, ptype)
        add(f"{ptype}_nullable", [None if i % 7 == 0 else round(rng.uniform(0, 50), 1) for i in range(N)],
            ptype, nullable=True)
        add(f"{ptype}_len1025", [round(rng.uniform(10, 20), 2) for _ in range(1025)], ptype)
    add("f64_prices", [round(rng.uniform(0, 1000), 2) for _ in range(N)], "f64")
    add("f64_negative", [-(i * 0.37) for i in range(N)], "f64")
    add("f64_mixed_sign", [round(rng.uniform(-500, 500), 3) for _ in range(N)], "f64")
    add("f64_small", [round(rng.uniform(0, 1), 6) * 1e-3 for _ in range(N)], "f64")
    add("f64_large", [1e12 + round(rng.uniform(0, 1e6), 1) for _ in range(N)], "f64")
    add("f64_sixteen_digits", [round(rng.uniform(0, 1), 12) for _ in range(N)], "f64")
    add("f64_many_decimals", [rng.randint(0, 10 ** 8) / 10 ** 8 for _ in range(N)], "f64")
    add("f32_negative_one_decimal", [round(rng.uniform(-100, 0), 1) for _ in range(N)], "f32")
    add("f32_mixed_sign_halves", [rng.randint(-20000, 20000) * 0.5 for _ in range(N)], "f32")
    add("f32_two_decimals", [round(rng.uniform(0, 10), 2) for _ in range(N)], "f32")
    add("f32_nulls_and_specials", [None if i % 11 == 0 else (math.nan if i % 13 == 0 else -0.0 if i % 17 == 0
                                    else round(rng.uniform(-99, 99), 2)) for i in range(N)], "f32", nullable=True)
    g.write_manifest()


if __name__ == "__main__":
    main()
