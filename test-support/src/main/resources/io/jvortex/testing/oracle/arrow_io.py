"""Arrow arrays <-> canonical JSONL values, driven by the schema JSON of io.jvortex.testing.TypeSpec.

build(spec, values)  -> pyarrow.Array of exactly the declared type (the inverse of rendering)
render(array)        -> list of canonical JSON texts, one per element
"""

import struct

import pyarrow as pa

import canonical as C

_INTEGERS = {
    "i8": pa.int8(), "i16": pa.int16(), "i32": pa.int32(), "i64": pa.int64(),
    "u8": pa.uint8(), "u16": pa.uint16(), "u32": pa.uint32(), "u64": pa.uint64(),
}


# ------------------------------------------------------------------------------------------------
# schema -> arrow types


class VariantType(pa.ExtensionType):
    """Arrow's canonical arrow.parquet.variant extension (unshredded: metadata + value binaries);
    the Rust writer stores it as vortex.variant over vortex.parquet.variant."""

    def __init__(self, storage=None):
        if storage is None:
            storage = pa.struct([pa.field("metadata", pa.binary(), nullable=False), pa.field("value", pa.binary())])
        super().__init__(storage, "arrow.parquet.variant")

    def __arrow_ext_serialize__(self):
        return b""

    @classmethod
    def __arrow_ext_deserialize__(cls, storage_type, serialized):
        return cls(storage_type)


try:
    pa.register_extension_type(VariantType())
except pa.ArrowKeyError:
    pass  # already registered in this process


def arrow_type(spec):
    kind = spec["type"]
    if kind == "null":
        return pa.null()
    if kind == "bool":
        return pa.bool_()
    if kind in _INTEGERS:
        return _INTEGERS[kind]
    if kind == "f16":
        return pa.float16()
    if kind == "f32":
        return pa.float32()
    if kind == "f64":
        return pa.float64()
    if kind == "decimal":
        precision, scale = spec["precision"], spec["scale"]
        return pa.decimal128(precision, scale) if precision <= 38 else pa.decimal256(precision, scale)
    if kind == "utf8":
        return pa.string()
    if kind == "binary":
        return pa.binary()
    if kind == "struct":
        return pa.struct([arrow_field(f["name"], f["type"]) for f in spec["fields"]])
    if kind == "list":
        return pa.list_(arrow_field("item", spec["element"]))
    if kind == "fixed_size_list":
        return pa.list_(arrow_field("item", spec["element"]), spec["size"])
    if kind == "map":
        # Arrow map keys are never null; Vortex reads this as Map(key, value) over a list view of
        # non-nullable struct{key, value} entries
        return pa.map_(pa.field("key", arrow_type(spec["key"]), nullable=False), arrow_field("value", spec["value"]))
    if kind == "date":
        return pa.date32() if spec["unit"] == "days" else pa.date64()
    if kind == "time":
        unit = spec["unit"]
        return pa.time32(unit) if unit in ("s", "ms") else pa.time64(unit)
    if kind == "timestamp":
        return pa.timestamp(spec["unit"], tz=spec.get("tz"))
    if kind == "uuid":
        return pa.uuid()
    if kind == "variant":
        return VariantType()
    raise ValueError("unknown type %r" % (kind,))


def arrow_field(name, spec):
    return pa.field(name, arrow_type(spec), nullable=spec["type"] == "null" or spec["nullable"])


def arrow_schema(root):
    if root["type"] != "struct":
        raise ValueError("the root of a table schema must be a struct, got %r" % (root["type"],))
    return pa.schema([arrow_field(f["name"], f["type"]) for f in root["fields"]])


# ------------------------------------------------------------------------------------------------
# canonical values -> arrow


def _placeholder(spec):
    """A valid value of a non-nullable type, stored under a null parent (struct or list slot)."""
    if spec["type"] == "null" or spec["nullable"]:
        return None
    kind = spec["type"]
    if kind == "bool":
        return False
    if kind in _INTEGERS:
        return 0
    if kind in ("f16", "f32", "f64"):
        return "0.0"
    if kind == "decimal":
        return "0"
    if kind in ("utf8", "binary"):
        return ""
    if kind == "struct":
        return {f["name"]: _placeholder(f["type"]) for f in spec["fields"]}
    if kind in ("list", "map"):
        return []
    if kind == "fixed_size_list":
        return [_placeholder(spec["element"])] * spec["size"]
    if kind == "date":
        return "1970-01-01"
    if kind == "time":
        return "00:00:00" + ("" if spec["unit"] == "s" else "." + "0" * C._FRACTION_DIGITS[spec["unit"]])
    if kind == "timestamp":
        return "1970-01-01T00:00:00" + ("" if spec["unit"] == "s" else "." + "0" * C._FRACTION_DIGITS[spec["unit"]])
    if kind == "uuid":
        return "00000000-0000-0000-0000-000000000000"
    if kind == "variant":
        return {"metadata": "010000", "value": "00"}
    raise ValueError("unknown type %r" % (kind,))


def _mask(values):
    return pa.array([v is None for v in values], pa.bool_())


def _validity_buffer(values):
    if all(v is not None for v in values):
        return None
    bitmap = bytearray((len(values) + 7) // 8)
    for i, v in enumerate(values):
        if v is not None:
            bitmap[i // 8] |= 1 << (i % 8)
    return pa.py_buffer(bytes(bitmap))


def _map(values, fn):
    return [None if v is None else fn(v) for v in values]


def build(spec, values):
    """A pyarrow array of the declared type holding the canonical JSON values (as json.loads with
    parse_float=str gives them)."""
    kind = spec["type"]
    atype = arrow_type(spec)
    if kind == "null":
        return pa.nulls(len(values))
    if kind == "bool" or kind in _INTEGERS:
        return pa.array(values, atype)
    if kind == "f64":
        return pa.array(_map(values, C.parse_f64), atype)
    if kind == "f32":
        return pa.array(_map(values, C.f32_bits), pa.uint32()).view(atype)
    if kind == "f16":
        return pa.array(_map(values, C.f16_bits), pa.uint16()).view(atype)
    if kind == "decimal":
        width = atype.byte_width
        scale = spec["scale"]
        data = bytearray(width * len(values))
        for i, v in enumerate(values):
            if v is not None:
                data[i * width:(i + 1) * width] = C.decimal_unscaled(v, scale).to_bytes(width, "little", signed=True)
        nulls = sum(1 for v in values if v is None)
        return pa.Array.from_buffers(atype, len(values), [_validity_buffer(values), pa.py_buffer(bytes(data))], nulls)
    if kind == "utf8":
        return pa.array(values, atype)
    if kind == "binary":
        return pa.array(_map(values, bytes.fromhex), atype)
    if kind == "date":
        if spec["unit"] == "days":
            return pa.array(_map(values, C.date_days), pa.int32()).view(atype)
        return pa.array(_map(values, lambda v: C.date_days(v) * C.MILLIS_PER_DAY), pa.int64()).view(atype)
    if kind == "time":
        unit = spec["unit"]
        storage = pa.int32() if unit in ("s", "ms") else pa.int64()
        return pa.array(_map(values, lambda v: C.time_value(v, unit)), storage).view(atype)
    if kind == "timestamp":
        unit = spec["unit"]
        return pa.array(_map(values, lambda v: C.timestamp_value(v, unit)), pa.int64()).view(atype)
    if kind == "uuid":
        storage = pa.array(_map(values, C.uuid_bytes), pa.binary(16))
        return pa.ExtensionArray.from_storage(atype, storage)
    if kind == "variant":
        storage = atype.storage_type
        metadata = pa.array([bytes.fromhex("010000" if v is None else v["metadata"]) for v in values], pa.binary())
        value = pa.array([bytes.fromhex("00" if v is None else v["value"]) for v in values], pa.binary())
        return pa.ExtensionArray.from_storage(atype, pa.StructArray.from_arrays(
            [metadata, value], fields=list(storage), mask=_mask(values)))
    if kind == "struct":
        children = []
        for f in spec["fields"]:
            filler = _placeholder(f["type"])
            children.append(build(f["type"], [filler if row is None else row[f["name"]] for row in values]))
        return pa.StructArray.from_arrays(children, fields=list(atype), mask=_mask(values))
    if kind in ("list", "fixed_size_list"):
        element = spec["element"]
        flat = []
        offsets = [0]
        for v in values:
            if v is not None:
                flat.extend(v)
            elif kind == "fixed_size_list":
                flat.extend([_placeholder(element)] * spec["size"])
            offsets.append(len(flat))
        child = build(element, flat)
        if kind == "list":
            return pa.ListArray.from_arrays(pa.array(offsets, pa.int32()), child, type=atype, mask=_mask(values))
        return pa.FixedSizeListArray.from_arrays(child, type=atype, mask=_mask(values))
    if kind == "map":
        keys, items = [], []
        offsets = [0]
        for v in values:
            if v is not None:
                for key, item in v:
                    keys.append(key)
                    items.append(item)
            offsets.append(len(keys))
        return pa.MapArray.from_arrays(pa.array(offsets, pa.int32()), build(spec["key"], keys),
                                       build(spec["value"], items), type=atype, mask=_mask(values))
    raise ValueError("unknown type %r" % (kind,))


def lists_as_list_views(table):
    """The table with every top-level list column stored as a list view whose views are not in
    storage order (even rows point into a second copy of the elements), so that the Rust writer keeps
    it a list view instead of turning it back into offsets."""
    columns = []
    for column in table.columns:
        array = column.combine_chunks()
        if pa.types.is_list(array.type):
            offsets = array.offsets.to_pylist()
            values = array.values
            base = len(values)
            starts = [offsets[i] + (base if i % 2 == 0 else 0) for i in range(len(array))]
            sizes = [offsets[i + 1] - offsets[i] for i in range(len(array))]
            array = pa.ListViewArray.from_arrays(pa.array(starts, pa.int32()), pa.array(sizes, pa.int32()),
                                                 pa.concat_arrays([values, values]), mask=array.is_null())
        columns.append(array)
    return pa.Table.from_arrays(columns, names=table.column_names)


def build_table(root, rows):
    """A pyarrow table for the root struct schema and its rows (dicts)."""
    schema = arrow_schema(root)
    columns = [build(f["type"], [row[f["name"]] for row in rows]) for f in root["fields"]]
    return pa.Table.from_arrays(columns, schema=schema)


# ------------------------------------------------------------------------------------------------
# arrow -> canonical values


def _with_nulls(array, texts):
    if array.null_count == 0:
        return texts
    nulls = array.is_null().to_pylist()
    return ["null" if n else t for n, t in zip(nulls, texts)]


def _ints(array, storage):
    return array.view(storage).to_pylist()


def render(array):
    """Canonical JSON text of every element of a pyarrow array (nulls as 'null')."""
    t = array.type
    if isinstance(array, pa.ChunkedArray):
        return [text for chunk in array.chunks for text in render(chunk)]
    if pa.types.is_null(t):
        return ["null"] * len(array)
    if pa.types.is_dictionary(t):
        return render(array.dictionary_decode())
    if isinstance(t, pa.BaseExtensionType):
        if t.extension_name == "arrow.uuid":
            return [("null" if v is None else C.uuid_text(v)) for v in array.storage.to_pylist()]
        if t.extension_name == "arrow.json":
            return render(array.storage)
        if t.extension_name == "arrow.parquet.variant":
            # the storage struct {metadata, value[, typed_value]} as an object, as jvortex renders it
            return render(array.storage)
        raise ValueError("cannot render extension type %s" % (t,))
    if pa.types.is_boolean(t):
        return [("null" if v is None else ("true" if v else "false")) for v in array.to_pylist()]
    if pa.types.is_integer(t):
        return [("null" if v is None else str(v)) for v in array.to_pylist()]
    if pa.types.is_float16(t):
        return [("null" if v is None else C.f16_text_from_bits(v)) for v in _ints(array, pa.uint16())]
    if pa.types.is_float32(t):
        return [("null" if v is None else C.f32_text_from_bits(v)) for v in _ints(array, pa.uint32())]
    if pa.types.is_float64(t):
        return [("null" if v is None else C.f64_text(v)) for v in array.to_pylist()]
    if pa.types.is_decimal(t):
        width = t.byte_width
        data = array.buffers()[1]
        raw = data.to_pybytes() if data is not None else b""
        start = array.offset
        texts = []
        for i in range(len(array)):
            chunk = raw[(start + i) * width:(start + i + 1) * width]
            texts.append(C.decimal_text(int.from_bytes(chunk, "little", signed=True), t.scale))
        return _with_nulls(array, texts)
    if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t):
        return [("null" if v is None else C.string_text(v)) for v in array.to_pylist()]
    if (pa.types.is_binary(t) or pa.types.is_large_binary(t) or pa.types.is_binary_view(t)
            or pa.types.is_fixed_size_binary(t)):
        return [("null" if v is None else C.binary_text(v)) for v in array.to_pylist()]
    if pa.types.is_date32(t):
        return [("null" if v is None else C.date_days_text(v)) for v in _ints(array, pa.int32())]
    if pa.types.is_date64(t):
        return [("null" if v is None else C.date_millis_text(v)) for v in _ints(array, pa.int64())]
    if pa.types.is_time32(t) or pa.types.is_time64(t):
        storage = pa.int32() if pa.types.is_time32(t) else pa.int64()
        return [("null" if v is None else C.time_text(v, t.unit)) for v in _ints(array, storage)]
    if pa.types.is_timestamp(t):
        has_tz = t.tz is not None
        return [("null" if v is None else C.timestamp_text(v, t.unit, has_tz)) for v in _ints(array, pa.int64())]
    if pa.types.is_struct(t):
        keys = [C.string_text(t.field(i).name) + ":" for i in range(t.num_fields)]
        children = [render(child) for child in array.flatten()]
        texts = []
        for i in range(len(array)):
            texts.append("{" + ",".join(key + child[i] for key, child in zip(keys, children)) + "}")
        return _with_nulls(array, texts)
    if pa.types.is_map(t):
        # storage order, each entry as a [key, value] pair
        keys, items = (render(child) for child in array.values.flatten())
        pairs = ["[" + k + "," + v + "]" for k, v in zip(keys, items)]
        offsets = array.offsets.to_pylist()
        texts = ["[" + ",".join(pairs[offsets[i]:offsets[i + 1]]) + "]" for i in range(len(array))]
        return _with_nulls(array, texts)
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        values = render(array.values)
        offsets = array.offsets.to_pylist()
        texts = ["[" + ",".join(values[offsets[i]:offsets[i + 1]]) + "]" for i in range(len(array))]
        return _with_nulls(array, texts)
    if pa.types.is_list_view(t) or pa.types.is_large_list_view(t):
        # element by element through offsets and sizes, never cast to a list: pyarrow 26's list_view ->
        # list cast misplaces values of views that are out of storage order
        values = render(array.values)
        offsets = array.offsets.to_pylist()
        sizes = array.sizes.to_pylist()
        texts = ["[" + ",".join(values[offsets[i]:offsets[i] + sizes[i]]) + "]" for i in range(len(array))]
        return _with_nulls(array, texts)
    if pa.types.is_fixed_size_list(t):
        size = t.list_size
        values = render(array.values)
        start = array.offset * size
        texts = ["[" + ",".join(values[start + i * size:start + (i + 1) * size]) + "]" for i in range(len(array))]
        return _with_nulls(array, texts)
    if pa.types.is_run_end_encoded(t):
        import pyarrow.compute as pc
        return render(pc.run_end_decode(array)) if hasattr(pc, "run_end_decode") else render(array.cast(t.value_type))
    raise ValueError("cannot render arrow type %s" % (t,))
