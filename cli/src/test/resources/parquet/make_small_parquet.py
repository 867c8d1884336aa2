"""Writes small.parquet for ConvertCommandTest with pyarrow (deterministic). Run from this folder:
/tmp/oracle/venv/bin/python make_small_parquet.py
Rows i = 0..99: id = i (int64), name = "n<i>" or null when i % 10 == 0, price = i / 4 (decimal(10,2)),
tags = ["a"] * (i % 3) (list<string>); row groups of 40 rows, Snappy pages."""
import decimal

import pyarrow as pa
import pyarrow.parquet as pq

rows = range(100)
table = pa.table({
    "id": pa.array(rows, pa.int64()),
    "name": pa.array([None if i % 10 == 0 else "n%d" % i for i in rows]),
    "price": pa.array([decimal.Decimal(i) / 4 for i in rows], pa.decimal128(10, 2)),
    "tags": pa.array([["a"] * (i % 3) for i in rows], pa.list_(pa.string())),
})
pq.write_table(table, "small.parquet", row_group_size=40, compression="snappy")
