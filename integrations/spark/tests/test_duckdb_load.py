"""The DuckDB recipe of integrations/spark/README.md: `fieldcheck csv --normalize` output loaded
with COPY ... FROM into columns of the types the schema implies, with no second parse of locale
formats. Each loaded value must equal the normalized cell read exactly (Decimal, ISO date), and
every row must load."""

import csv
import datetime
import io
import subprocess
from decimal import Decimal

import pytest

from conftest import REPO

duckdb = pytest.importorskip("duckdb")

# That recipe, for the two sample schemas: Table Schema type -> DuckDB column type.
ORDERS_DDL = """CREATE TABLE orders (
    id    BIGINT NOT NULL UNIQUE,     -- integer, required, unique
    price DECIMAL(38, 10) NOT NULL,   -- number (exact; at most 10 fraction digits here)
    date  DATE,                       -- date: --normalize writes ISO 8601
    code  VARCHAR,                    -- string
    note  VARCHAR
)"""
BENCH_DDL = """CREATE TABLE orders (
    id BIGINT NOT NULL UNIQUE, price DECIMAL(38, 10), date DATE, code VARCHAR,
    paid BOOLEAN,                     -- boolean: --normalize writes true or false
    "at" TIMESTAMP                    -- datetime: --normalize writes ISO 8601 (AT is a keyword)
)"""
COPY = "COPY orders FROM '{path}' (FORMAT csv, HEADER true, QUOTE '\"', ESCAPE '\"')"


def normalize(binary, schema, source, out):
    with open(out, "wb") as handle:
        result = subprocess.run([str(binary), "csv", "--schema", str(schema), "--normalize",
                                 "--quiet", str(source)], stdout=handle)
    assert result.returncode in (0, 1)
    with open(out, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def exact(kind, text):
    if text == "":
        return None
    return {"int": int, "dec": Decimal, "date": datetime.date.fromisoformat, "str": str,
            "bool": {"true": True, "false": False}.__getitem__,
            "timestamp": datetime.datetime.fromisoformat}[kind](text)


@pytest.mark.parametrize(
    "schema,source,ddl,kinds",
    [
        (REPO / "Data" / "orders.schema.yaml", REPO / "Data" / "orders.csv", ORDERS_DDL,
         {"id": "int", "price": "dec", "date": "date", "code": "str", "note": "str"}),
        (REPO / "benchmarks" / "data" / "schema.yaml", None, BENCH_DDL,
         {"id": "int", "price": "dec", "date": "date", "code": "str", "paid": "bool",
          "at": "timestamp"}),
    ],
)
def test_normalized_csv_loads_into_duckdb_exactly(binary, table_dir, tmp_path, schema, source,
                                                   ddl, kinds):
    source = source or table_dir / "table.csv"
    clean = tmp_path / "clean.csv"
    rows = normalize(binary, schema, source, clean)
    assert len(rows) > 4
    con = duckdb.connect()
    con.execute(ddl)
    con.execute(COPY.format(path=clean))
    names = list(kinds)
    columns = ", ".join('"' + name + '"' for name in names)
    loaded = con.execute(f"SELECT {columns} FROM orders").fetchall()
    assert len(loaded) == len(rows)
    expected = [tuple(exact(kinds[n], row[n]) for n in names) for row in rows]
    # DuckDB keeps CSV order for a single-threaded COPY; compare as sorted lists to be safe.
    key = lambda t: t[0]  # noqa: E731
    assert sorted(loaded, key=key) == sorted(expected, key=key)
