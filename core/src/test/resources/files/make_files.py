"""Regenerates the small Rust-written files used by core's container and corruption tests.

Run with a Python that has vortex-data==0.91.0 and pyarrow (e.g. target/oracle-venv/bin/python):
    python make_files.py
The data is deterministic; the files are committed so core's tests need no Python.
"""
import datetime
import decimal
import random

import pyarrow as pa
import vortex as vx

rng = random.Random(20261121)
n = 3000
table = pa.table({
    "id": pa.array(range(n), pa.int64()),
    "qty": pa.array([rng.randint(1, 50) for _ in range(n)], pa.int32()),
    "price": pa.array([None if i % 7 == 0 else round(rng.uniform(1, 1000), 2) for i in range(n)], pa.float64()),
    "ratio": pa.array([rng.random() for _ in range(n)], pa.float32()),
    "flag": pa.array([rng.random() < 0.3 for _ in range(n)], pa.bool_()),
    "mode": pa.array([rng.choice(["AIR", "MAIL", "SHIP", "TRUCK", None]) for _ in range(n)], pa.string()),
    "comment": pa.array(["c%d-%s" % (i, "x" * rng.randint(0, 30)) for i in range(n)], pa.string()),
    "day": pa.array([datetime.date(1992, 1, 1) + datetime.timedelta(days=rng.randint(0, 2500)) for _ in range(n)], pa.date32()),
    "ts": pa.array([rng.randint(0, 2**40) for _ in range(n)], pa.timestamp("us", tz="UTC")),
    "amount": pa.array([decimal.Decimal(rng.randint(-10**6, 10**6)) / 100 for _ in range(n)], pa.decimal128(12, 2)),
    "tags": pa.array([[rng.randint(0, 9) for _ in range(rng.randint(0, 3))] for _ in range(n)], pa.list_(pa.int16())),
    "point": pa.array([{"x": float(i), "y": None if i % 5 == 0 else -float(i)} for i in range(n)],
                      pa.struct([("x", pa.float64()), ("y", pa.float64())])),
})
vx.io.write(table, "mixed_default.vortex")
vx.io.write(table, "mixed_core2025.05.0.vortex", edition="core2025.05.0")
vx.io.write(pa.table({"v": pa.array([1.5, 2.5, None], pa.float64())}), "tiny.vortex")
vx.io.write(pa.table({"a": pa.array([], pa.int32())}), "empty.vortex")
