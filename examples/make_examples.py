"""Regenerates examples/lineitem.vortex: the first 10 000 rows of TPC-H lineitem (scale factor 0.01,
from the PyPI package tpchgen-cli), written by the Rust reference writer (PyPI vortex-data 0.91.0).

    python -m venv /tmp/ex && /tmp/ex/bin/pip install vortex-data==0.91.0 pyarrow tpchgen-cli
    /tmp/ex/bin/python examples/make_examples.py
"""
import os
import subprocess
import sys
import tempfile

import pyarrow.parquet as pq
import vortex as vx

here = os.path.dirname(os.path.abspath(__file__))
with tempfile.TemporaryDirectory() as tmp:
    subprocess.run([os.path.join(os.path.dirname(sys.executable), "tpchgen-cli"), "parquet", "-s", "0.01",
                    "--tables", "lineitem", "--output-dir", tmp], check=True)
    table = pq.read_table(os.path.join(tmp, "lineitem.parquet")).slice(0, 10_000)
    vx.io.write(table, os.path.join(here, "lineitem.vortex"))
