"""Golden vectors for vortex.sequence (format: ../alp/_golden_common.py).
Run: /tmp/oracle/venv/bin/python core/src/test/resources/golden/sequence/make_golden.py  (vortex-data 0.91.0)"""
import os
import sys

import pyarrow as pa

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "alp"))
from _golden_common import WIDTH, Golden  # noqa: E402

TYPES = {"u8": pa.uint8(), "u16": pa.uint16(), "u32": pa.uint32(), "u64": pa.uint64(),
         "i8": pa.int8(), "i16": pa.int16(), "i32": pa.int32(), "i64": pa.int64()}


def main():
    g = Golden(os.path.dirname(os.path.abspath(__file__)))

    def add(name, vals, ptype, nullable=False):
        g.add(name, pa.array(vals, TYPES[ptype]), ptype + ("?" if nullable else ""), WIDTH[ptype], "vortex.sequence",
              lambda meta: [])

    add("i64_range", list(range(3000)), "i64")
    add("i64_range_from_5", list(range(5, 3005)), "i64")
    add("i64_negative_step", [10 ** 12 - 7 * i for i in range(2000)], "i64")
    add("i64_near_max", [2 ** 63 - 1 - 1000 * (1999 - i) for i in range(2000)], "i64")
    add("i64_from_min", [-2 ** 63 + 3 * i for i in range(2000)], "i64")
    add("u64_above_i64", [2 ** 63 + 5 * i for i in range(2000)], "u64")
    add("u64_to_max", [2 ** 64 - 1 - (1999 - i) for i in range(2000)], "u64")
    add("u32_step3", [3 * i for i in range(1500)], "u32")
    add("u16_offsets", [3 * i for i in range(1025)], "u16")
    add("u8_small", [100 + i for i in range(120)], "u8")
    add("i32_negative", [-5 - 11 * i for i in range(1024)], "i32")
    add("i16_descending", [32767 - 31 * i for i in range(1023)], "i16")
    add("i8_full_range", [-128 + i for i in range(256)], "i8")
    g.write_manifest()


if __name__ == "__main__":
    main()
