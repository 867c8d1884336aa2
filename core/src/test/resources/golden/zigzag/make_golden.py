"""Golden vectors for vortex.zigzag (format: ../alp/_golden_common.py).
Run: /tmp/oracle/venv/bin/python core/src/test/resources/golden/zigzag/make_golden.py  (vortex-data 0.91.0)"""
import os
import random
import sys

import pyarrow as pa

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "alp"))
from _golden_common import Golden  # noqa: E402

N = 2100


def main():
    g = Golden(os.path.dirname(os.path.abspath(__file__)))
    rng = random.Random(20260703)

    def add(name, vals, ptype, nullable=False):
        typ = {"i8": pa.int8(), "i16": pa.int16(), "i32": pa.int32(), "i64": pa.int64()}[ptype]
        kids = lambda meta: [("u" + ptype[1:], nullable, len(vals))]  # noqa: E731
        g.add(name, pa.array(vals, typ), ptype + ("?" if nullable else ""), int(ptype[1:]) // 8, "vortex.zigzag", kids)

    def outliers(lo, hi, small=5, every=50):
        return [rng.randint(-small, small) if i % every else rng.randint(lo, hi) for i in range(N)]

    add("i32_outliers", outliers(-2 ** 30, 2 ** 30), "i32")
    add("i64_outliers", outliers(-2 ** 62, 2 ** 62), "i64")
    add("i64_extremes", [rng.randint(-3, 3) if i % 97 else [-2 ** 63, 2 ** 63 - 1][i % 2] for i in range(N)], "i64")
    add("i16_outliers", outliers(-2 ** 15, 2 ** 15 - 1, 3, 40), "i16")
    add("i32_outliers_nullable", [None if i % 9 == 0 else v for i, v in enumerate(outliers(-2 ** 31, 2 ** 31 - 1))],
        "i32", True)
    add("i8_outliers", outliers(-128, 127, 2, 30), "i8")
    g.write_manifest()


if __name__ == "__main__":
    main()
