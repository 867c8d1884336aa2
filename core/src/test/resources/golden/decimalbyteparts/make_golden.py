"""Golden vectors for vortex.decimal_byte_parts (format: ../alp/_golden_common.py; `expected` holds the
unscaled values as 16-byte little-endian two's complement, the Arrow decimal128 layout).
Run: /tmp/oracle/venv/bin/python core/src/test/resources/golden/decimalbyteparts/make_golden.py  (vortex-data 0.91.0)"""
import decimal
import os
import random
import sys

import pyarrow as pa

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "alp"))
from _golden_common import PTYPES, Golden, proto_fields  # noqa: E402

N = 2100
D = decimal.Decimal


def main():
    g = Golden(os.path.dirname(os.path.abspath(__file__)))
    rng = random.Random(20260705)

    def add(name, unscaled, precision, scale, nullable=False):
        vals = [None if u is None else D(u).scaleb(-scale) for u in unscaled]
        arr = pa.array(vals, pa.decimal128(precision, scale))

        def kids(meta):
            return [(PTYPES[proto_fields(meta).get(1, [0])[0]], nullable, len(vals))]
        dtype = f"decimal({precision},{scale})" + ("?" if nullable else "")
        g.add(name, arr, dtype, 16, "vortex.decimal_byte_parts", kids)

    add("d10_2", [rng.randint(0, 99_999) for _ in range(N)], 10, 2)
    add("d5_0_negative", [rng.randint(-99_999, 99_999) for _ in range(N)], 5, 0)
    add("d18_4_large", [rng.randint(-10 ** 12, 10 ** 12) for _ in range(N)], 18, 4)
    add("d12_3_nullable", [None if i % 4 == 0 else rng.randint(-10 ** 6, 10 ** 6) for i in range(N)], 12, 3, True)
    add("d38_2_small", [rng.randint(-1000, 1000) for _ in range(N)], 38, 2)
    add("d3_1_tiny", [rng.randint(-20, 20) for _ in range(N)], 3, 1)
    add("d9_9_fraction", [rng.randint(0, 10 ** 6) for _ in range(N)], 9, 9)
    g.write_manifest()


if __name__ == "__main__":
    main()
