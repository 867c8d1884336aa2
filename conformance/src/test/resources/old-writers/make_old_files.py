"""Writes the same deterministic table with many released versions of the Rust writer (PyPI
vortex-data 0.36 … 0.88), so the reader is checked against files of every era, not just 0.91's.

    python3 make_old_files.py            # creates /tmp/vx-<version> venvs, writes vortex-<version>.vortex here

The files are committed; the conformance test reads each with jvortex and with the pinned 0.91 reader
(which promises to read every file since 0.36) and compares the two renderings.
"""
import os
import subprocess
import sys

VERSIONS = ["0.36.0", "0.40.0", "0.45.0", "0.50.0", "0.54.0", "0.60.0", "0.66.0", "0.72.0", "0.76.0",
            "0.80.0", "0.84.0", "0.88.0"]

WRITE = r'''
import datetime, decimal, random, sys
import pyarrow as pa
import vortex as vx
import vortex.io
rng = random.Random(36)
n = 5000
table = pa.table({
    "id": pa.array(range(n), pa.int64()),
    "small": pa.array([rng.randint(0, 100) for _ in range(n)], pa.int32()),
    "neg": pa.array([rng.randint(-10**9, 10**9) if i % 13 else None for i in range(n)], pa.int64()),
    "u8": pa.array([rng.randint(0, 255) for _ in range(n)], pa.uint8()),
    "price": pa.array([None if i % 7 == 0 else round(rng.uniform(1, 1000), 2) for i in range(n)], pa.float64()),
    "real": pa.array([rng.random() for _ in range(n)], pa.float64()),
    "f32": pa.array([rng.random() * 100 for _ in range(n)], pa.float32()),
    "flag": pa.array([rng.random() < 0.3 if i % 11 else None for i in range(n)], pa.bool_()),
    "mode": pa.array([rng.choice(["AIR", "MAIL", "SHIP", "TRUCK", None]) for _ in range(n)], pa.string()),
    "comment": pa.array(["c%d-%s" % (i, "xy" * rng.randint(0, 20)) for i in range(n)], pa.string()),
    "bin": pa.array([bytes([rng.randint(0, 3)]) * rng.randint(0, 5) for _ in range(n)], pa.binary()),
    "day": pa.array([datetime.date(1992, 1, 1) + datetime.timedelta(days=rng.randint(0, 2500)) for _ in range(n)], pa.date32()),
    "ts": pa.array([rng.randint(0, 2**40) for _ in range(n)], pa.timestamp("us", tz="UTC")),
    "amount": pa.array([decimal.Decimal(rng.randint(-10**6, 10**6)) / 100 for _ in range(n)], pa.decimal128(12, 2)),
    "runs": pa.array([i // 50 for i in range(n)], pa.int16()),
    "tags": pa.array([[rng.randint(0, 9) for _ in range(rng.randint(0, 3))] for _ in range(n)], pa.list_(pa.int16())),
    "point": pa.array([{"x": float(i), "y": None if i % 5 == 0 else -float(i)} for i in range(n)],
                      pa.struct([("x", pa.float64()), ("y", pa.float64())])),
})
out = sys.argv[1]


def write(t):
    try:
        vx.io.write(t, out)
    except BaseException:
        vx.io.write(vx.array(t), out)


try:
    write(table)
except BaseException:
    # Early writers cannot write every type (0.36: no decimals, no zoned timestamps): keep the rest.
    keep = []
    for name in table.column_names:
        try:
            write(pa.table({name: table.column(name)}))
            keep.append(name)
        except BaseException:
            pass
    write(table.select(keep))
print(out)
'''


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for version in VERSIONS:
        venv = "/tmp/vx-" + version
        python = os.path.join(venv, "bin", "python")
        if not os.path.exists(python):
            subprocess.run([sys.executable, "-m", "venv", venv], check=True)
            subprocess.run([python, "-m", "pip", "install", "-q", "vortex-data==" + version, "pyarrow"], check=True)
        out = os.path.join(here, "vortex-%s.vortex" % version)
        result = subprocess.run([python, "-c", WRITE, out], capture_output=True, text=True)
        print(version, "ok" if result.returncode == 0 else "FAILED: " + result.stderr.strip().splitlines()[-1])


if __name__ == "__main__":
    main()
