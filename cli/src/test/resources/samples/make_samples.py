"""Writes the CLI test samples with the Rust reference (the `vortex` PyPI package) and their expected
canonical JSONL. Run from this folder:  /tmp/oracle/venv/bin/python make_samples.py
The expected JSONL is rendered from `vx.open(path).to_arrow()` by the small formatter below, which
follows io.jvortex.jsonl.JsonValues for the types used here."""
import datetime, decimal, json, math, random, struct

import pyarrow as pa
import vortex as vx


def f64(x):
    if math.isnan(x):
        return '"NaN"'
    if math.isinf(x):
        return '"Infinity"' if x > 0 else '"-Infinity"'
    return repr(x)  # Python's repr is the canonical f64 form


def f32(x):
    if math.isnan(x) or math.isinf(x):
        return f64(x)
    bits = struct.pack("<f", x)
    if x == 0:
        return "-0.0" if bits[3] & 0x80 else "0.0"
    for p in range(1, 10):  # shortest half-even rounding that reads back to the same f32
        s = "%.*e" % (p - 1, x)
        if struct.pack("<f", float(s)) == bits:
            break
    mant, exp = s.split("e")
    digits = mant.replace("-", "").replace(".", "").rstrip("0") or "0"
    e = int(exp)
    sign = "-" if x < 0 else ""
    if -4 <= e < 16:
        if e >= 0:
            ip = digits[: e + 1].ljust(e + 1, "0")
            fp = digits[e + 1 :] or "0"
            return f"{sign}{ip}.{fp}"
        return f"{sign}0.{'0' * (-e - 1)}{digits}"
    m = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    return f"{sign}{m}e{'-' if e < 0 else '+'}{abs(e):02d}"


def value(v, t):
    if v is None:
        return "null"
    if pa.types.is_boolean(t):
        return "true" if v else "false"
    if pa.types.is_integer(t):
        return str(v)
    if pa.types.is_float32(t):
        return f32(v)
    if pa.types.is_floating(t):
        return f64(v)
    if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t):
        return json.dumps(v, ensure_ascii=False)
    if pa.types.is_decimal(t):
        return '"' + format(v, "f") + '"'
    if pa.types.is_timestamp(t):
        assert t.unit == "us"
        s = v.astimezone(datetime.timezone.utc).replace(tzinfo=None).isoformat(timespec="microseconds")
        return '"' + s + ("Z" if t.tz else "") + '"'
    if pa.types.is_date32(t):
        return '"' + v.isoformat() + '"'
    if pa.types.is_list(t) or pa.types.is_large_list(t) or pa.types.is_list_view(t):
        return "[" + ",".join(value(x, t.value_type) for x in v) + "]"
    if pa.types.is_struct(t):
        return "{" + ",".join(json.dumps(f.name, ensure_ascii=False) + ":" + value(v[f.name], f.type) for f in t) + "}"
    raise TypeError(t)


def write(name, table, jsonl=True):
    path = name + ".vortex"
    vx.io.write(table, path)
    if not jsonl:
        return
    back = vx.open(path).to_arrow().read_all()
    fields = list(back.schema)
    with open(name + ".jsonl", "w", encoding="utf-8", newline="\n") as out:
        for row in back.to_pylist():
            out.write("{" + ",".join(json.dumps(f.name, ensure_ascii=False) + ":" + value(row[f.name], f.type)
                                     for f in fields) + "}\n")


random.seed(20261121)
n = 300


def r_i64():
    return random.getrandbits(63) * (1 if random.random() < 0.5 else -1)


def r_f32():
    return struct.unpack("<f", struct.pack("<I", random.getrandbits(30) | (1 << 29)))[0] * (
        1 if random.random() < 0.5 else -1)


# Columns the reference stores as vortex.primitive / vortex.bool (random bits do not compress).
write("primitives", pa.table({
    "id": pa.array([r_i64() for _ in range(n)], pa.int64()),
    "i32": pa.array([None if i % 6 == 2 else random.getrandbits(31) * (1 if random.random() < 0.5 else -1)
                     for i in range(n)], pa.int32()),
    "u64": pa.array([random.getrandbits(64) for _ in range(n)], pa.uint64()),
    "flag": pa.array([None if i % 5 == 1 else random.random() < 0.5 for i in range(n)], pa.bool_()),
    "f32": pa.array([r_f32() for _ in range(n)], pa.float32()),
}))

# Every kind of column; most use compressed encodings (fsst, alp, sequence, ...).
write("mixed", pa.table({
    "a": pa.array([1, 2, None], pa.int32()),
    "s": pa.array(["x", "y\"\n", None]),
    "ts": pa.array([1, 2, 3], pa.timestamp("us", tz="UTC")),
    "d": pa.array([decimal.Decimal("1.23"), None, decimal.Decimal("-4.56")], pa.decimal128(10, 2)),
    "l": pa.array([[1], [2, 3], None], pa.list_(pa.int16())),
    "day": pa.array([datetime.date(2024, 2, 29), None, datetime.date(1969, 12, 31)], pa.date32()),
    "st": pa.array([{"x": 1.5, "y": "p"}, {"x": None, "y": "q"}, None],
                   pa.struct([("x", pa.float64()), ("y", pa.string())])),
}))

# Enough rows for the reference to chunk (131072 rows per chunk); sequence + constant, so it stays tiny.
m = 200_000
write("chunked", pa.table({"seq": pa.array(range(m), pa.int64()), "c": pa.array([7] * m, pa.int32())}),
      jsonl=False)  # the test computes its rows

# A file whose root is not a struct: one i64 array (random bits: vortex.primitive).
vals = [r_i64() for _ in range(5)]
vx.io.write(vx.array(pa.array(vals, pa.int64())), "scalar_root.vortex")
with open("scalar_root.jsonl", "w", newline="\n") as out:
    out.writelines(f"{v}\n" for v in vals)
