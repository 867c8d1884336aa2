"""Writes the CLI test samples with the Rust reference (the `vortex` PyPI package) and their expected
canonical JSONL. Run from this folder:  /tmp/oracle/venv/bin/python make_samples.py
The expected JSONL is rendered from `vx.open(path).to_arrow()` by the small formatter below, which
follows io.jvortex.internal.jsonl.JsonValues for the types used here."""
import datetime, decimal, json, math, random, struct, uuid

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


EPOCH = datetime.date(1970, 1, 1)
PER_SECOND = {"s": 1, "ms": 1000, "us": 1_000_000, "ns": 1_000_000_000}
DIGITS = {"s": 0, "ms": 3, "us": 6, "ns": 9}


def fmt_date(days):
    return '"' + (EPOCH + datetime.timedelta(days=days)).isoformat() + '"'


def fmt_clock(seconds_of_day, frac, unit):
    h, rem = divmod(seconds_of_day, 3600)
    text = "%02d:%02d:%02d" % (h, rem // 60, rem % 60)
    return text + ("." + str(frac).zfill(DIGITS[unit]) if DIGITS[unit] else "")


def fmt_time(ticks, unit):
    seconds, frac = divmod(ticks, PER_SECOND[unit])
    return '"' + fmt_clock(seconds, frac, unit) + '"'


def fmt_timestamp(ticks, unit, tz):
    seconds, frac = divmod(ticks, PER_SECOND[unit])
    days, sod = divmod(seconds, 86400)
    return ('"' + (EPOCH + datetime.timedelta(days=days)).isoformat() + "T" + fmt_clock(sod, frac, unit)
            + ("Z" if tz else "") + '"')


def fmt_uuid(b):
    h = b.hex()
    return '"%s-%s-%s-%s-%s"' % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def render_column(col):
    """The canonical JSON text of every row of a (chunked) Arrow column."""
    t = col.type
    if isinstance(t, pa.BaseExtensionType) or pa.types.is_fixed_size_binary(t):
        storage = pa.chunked_array([c.storage for c in col.chunks]) if isinstance(t, pa.BaseExtensionType) else col
        return ["null" if b is None else fmt_uuid(b) for b in storage.to_pylist()]
    if pa.types.is_timestamp(t) or pa.types.is_time(t) or pa.types.is_date32(t):
        ints = col.cast(pa.int64() if t.bit_width == 64 else pa.int32()).to_pylist()
        if pa.types.is_timestamp(t):
            return ["null" if v is None else fmt_timestamp(v, t.unit, t.tz) for v in ints]
        if pa.types.is_time(t):
            return ["null" if v is None else fmt_time(v, t.unit) for v in ints]
        return ["null" if v is None else fmt_date(v) for v in ints]
    return [value(v, t) for v in col.to_pylist()]


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
    if pa.types.is_binary(t) or pa.types.is_large_binary(t) or pa.types.is_binary_view(t):
        return '"' + v.hex() + '"'
    if pa.types.is_decimal(t):
        return '"' + format(v, "f") + '"'
    if pa.types.is_list(t) or pa.types.is_large_list(t) or pa.types.is_list_view(t) or pa.types.is_fixed_size_list(t):
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
    columns = [(json.dumps(f.name, ensure_ascii=False), render_column(back.column(f.name))) for f in back.schema]
    with open(name + ".jsonl", "w", encoding="utf-8", newline="\n") as out:
        for row in range(back.num_rows):
            out.write("{" + ",".join(key + ":" + rendered[row] for key, rendered in columns) + "}\n")


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

# Temporal, list, fixed-size list, binary, uuid and nested columns that the reference stores with the
# generic encodings (ext, list, fixed_size_list, varbin, varbinview, masked, alp, ...).
random.seed(5)
k = 64


def maybe(v, i, every=7):
    return None if i % every == 3 else v


write("nested", pa.table({
    "ts_ms": pa.array([maybe(random.getrandbits(40) - (1 << 39), i) for i in range(k)], pa.timestamp("ms")),
    "ts_ns_tz": pa.array([random.getrandbits(62) - (1 << 61) for _ in range(k)], pa.timestamp("ns", tz="Europe/Paris")),
    "t_us": pa.array([maybe(random.randrange(86_400_000_000), i) for i in range(k)], pa.time64("us")),
    "t_s": pa.array([random.randrange(86_400) for _ in range(k)], pa.time32("s")),
    "day": pa.array([maybe(random.randrange(-719_000, 2_900_000), i) for i in range(k)], pa.date32()),
    "ints": pa.array([maybe([random.getrandbits(31) for _ in range(random.randrange(0, 5))], i, 5) for i in range(k)],
                     pa.list_(pa.int32())),
    "pairs": pa.array([[random.random(), random.random()] for _ in range(k)], pa.list_(pa.float64(), 2)),
    "bin": pa.array([maybe(random.randbytes(random.randrange(0, 20)), i) for i in range(k)], pa.binary()),
    "u": pa.array([uuid.UUID(int=random.getrandbits(128)).bytes for _ in range(k)], pa.uuid()),
    "f64": pa.array([maybe(random.random() * 10 ** random.randrange(-30, 30), i) for i in range(k)], pa.float64()),
    "u8": pa.array([random.getrandbits(8) for _ in range(k)], pa.uint8()),
    "i16": pa.array([maybe(random.getrandbits(16) - 32768, i) for i in range(k)], pa.int16()),
    "nested": pa.array([maybe({"k": random.getrandbits(20),
                               "v": [maybe("s%d" % random.getrandbits(30), j, 2) for j in range(random.randrange(3))]},
                              i, 6) for i in range(k)],
                       pa.struct([("k", pa.int64()), ("v", pa.list_(pa.string()))])),
}))

# Low-cardinality columns: the reference writes vortex.dict layouts (values + bit-packed codes).
random.seed(3)
write("dict", pa.table({
    "cat": pa.array([random.choice(["alpha", "beta", "gamma"]) for _ in range(5000)]),
    "code": pa.array([random.choice([10, 2000, 30000]) for _ in range(5000)], pa.int32()),
}), jsonl=False)
