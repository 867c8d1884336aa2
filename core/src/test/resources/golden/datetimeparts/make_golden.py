"""Golden vectors for vortex.datetimeparts (format: ../alp/_golden_common.py).
Run: /tmp/oracle/venv/bin/python core/src/test/resources/golden/datetimeparts/make_golden.py  (vortex-data 0.91.0)"""
import os
import random
import sys

import pyarrow as pa

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "alp"))
from _golden_common import PTYPES, Golden, proto_fields  # noqa: E402

N = 2100


def main():
    g = Golden(os.path.dirname(os.path.abspath(__file__)))
    rng = random.Random(20260704)

    def add(name, vals, unit, tz=None, nullable=False):
        arr = pa.array(vals, pa.timestamp(unit, tz=tz))

        def kids(meta):
            f = proto_fields(meta)
            return [(PTYPES[f.get(1, [0])[0]], nullable, len(vals)), (PTYPES[f.get(2, [0])[0]], False, len(vals)),
                    (PTYPES[f.get(3, [0])[0]], False, len(vals))]
        dtype = f"timestamp({unit},{tz or ''})" + ("?" if nullable else "")
        g.add(name, arr, dtype, 8, "vortex.datetimeparts", kids)

    day_ms = 86_400_000
    add("ms_2023", [1_700_000_000_000 + rng.randint(0, 10 ** 9) * 1000 for _ in range(N)], "ms")
    add("ms_subseconds", [1_700_000_000_000 + rng.randint(0, 10 ** 12) for _ in range(N)], "ms")
    add("us_utc_nullable", [None if i % 6 == 0 else 1_600_000_000_000_000 + rng.randint(0, 10 ** 5) * 1_000_000
                            for i in range(N)], "us", "UTC", True)
    add("s_dates", [rng.randint(0, 20000) * 86_400 for _ in range(N)], "s")
    add("ns_zone", [1_700_000_000_000_000_000 + rng.randint(0, 10 ** 15) for _ in range(N)], "ns", "America/New_York")
    add("ms_pre_1970", [-rng.randint(0, 10 ** 4) * day_ms - rng.randint(0, 86_399) * 1000 for _ in range(N)], "ms")
    add("s_around_epoch", [rng.randint(-30, 30) * 86_400 + rng.randint(-5, 5) for _ in range(N)], "s")
    g.write_manifest()


if __name__ == "__main__":
    main()
