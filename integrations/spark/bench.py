#!/usr/bin/env python3
"""Rows/s of the benchmark table's checks: fieldcheck csv, fieldcheck on Spark, a Python UDF.

    python3 integrations/spark/bench.py --count 1000000

generates the table (benchmarks/generate.py) unless --data names one, then runs, one at a time,
each in its own process (a Spark session per master):

  fieldcheck csv --jobs 1|2   fieldcheck csv --schema benchmarks/data/schema.yaml --json table.csv
  spark-floor local[N]        Spark reads the CSV, numbers the rows, counts them (Spark alone)
  fieldcheck-spark local[N]   the same, then fieldcheck.spark.check_schema, report collected
  fieldcheck-spark-multiline  the file read with multiLine=True (one partition: Spark cannot
                local[N]      split it), numbered, repartitioned to 4, then check_schema
  arrow-floor local[1]        the same read, every row sent to Python by mapInArrow, nothing done
  fieldcheck-spark-no-unique  check_schema with `unique` taken out of the schema (no key pass)
  python-udf local[N]         the same read, then a plain Python UDF (regex and float/date parse
                              of id, the de_DE price, the dd.MM.yyyy date and the code) and a
                              groupBy for the unique id; the bad cells collected

Times are wall clock from the first read of the file to the collected report (Spark's start-up
is printed apart). Read with multiLine=False (the default, every kind but -multiline), Spark
splits the file into 4 partitions (spark.sql.files.maxPartitionBytes).

    python3 integrations/spark/bench.py --count 1000000 --kinds fieldcheck-spark,fieldcheck-spark-multiline

runs only those kinds, on local[1] and local[2] (--masters), and no fieldcheck csv rows.
"""

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCHEMA = REPO / "benchmarks" / "data" / "schema.yaml"
try:  # the installed fieldcheck package, else the source tree's
    import fieldcheck.spark  # noqa: F401
except ImportError:
    sys.path.insert(0, str(REPO / "python" / "src"))


def session(master, table):
    from pyspark.sql import SparkSession

    split = max(1 << 20, os.path.getsize(table) // 4 + 1)
    spark = (SparkSession.builder.master(master).appName("fieldcheck-bench")
             .config("spark.ui.enabled", "false")
             .config("spark.sql.shuffle.partitions", "4")
             .config("spark.sql.files.maxPartitionBytes", str(split))
             .config("spark.driver.memory", "2g")
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def python_udf_check(df):
    import datetime
    import re

    from pyspark.sql import functions as F
    from pyspark.sql.types import ArrayType, StringType

    integer = re.compile(r"-?[0-9]+")
    price = re.compile(r"-?(?:[0-9]{1,3}(?:\.[0-9]{3})+|[0-9]+)(?:,[0-9]+)?")
    date = re.compile(r"([0-9]{2})\.([0-9]{2})\.([0-9]{4})")
    code = re.compile(r"[A-Z]{2}[0-9]{2}")
    booleans = {"true", "True", "TRUE", "1", "false", "False", "FALSE", "0"}
    stamp = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}")
    earliest, latest = datetime.datetime(1950, 1, 1), datetime.datetime(2049, 12, 31, 23, 59, 59)

    def check(id_, price_, date_, code_, paid_, at_):
        bad = []
        if not id_ or not integer.fullmatch(id_):
            bad.append("id")
        if price_:
            if price.fullmatch(price_):
                float(price_.replace(".", "").replace(",", "."))
            else:
                bad.append("price")
        if date_:
            m = date.fullmatch(date_)
            try:
                if not m:
                    raise ValueError
                datetime.date(int(m[3]), int(m[2]), int(m[1]))
            except ValueError:
                bad.append("date")
        if code_ and not code.fullmatch(code_):
            bad.append("code")
        if paid_ and paid_ not in booleans:
            bad.append("paid")
        if at_:
            try:
                if not stamp.fullmatch(at_) or not earliest <= datetime.datetime.fromisoformat(at_) <= latest:
                    raise ValueError
            except ValueError:
                bad.append("at")
        return bad

    udf = F.udf(check, ArrayType(StringType()))
    cells = df.select("_row", "id", F.explode(udf("id", "price", "date", "code", "paid", "at")).alias("column"))
    good = df.filter(F.col("id").rlike("^-?[0-9]+$")).select("_row", F.col("id").cast("long").alias("k"))
    first = good.groupBy("k").agg(F.min("_row").alias("first"))
    repeats = good.join(first, "k").filter(F.col("_row") > F.col("first")).select(
        "_row", F.lit("id").alias("column"))
    return cells.select("_row", "column").unionByName(repeats)


def run_one(kind, master, table, binary):
    import fieldcheck.spark as fs

    t0 = time.perf_counter()
    spark = session(master, table)
    fs.add_binary(spark, binary)
    started = time.perf_counter() - t0
    t1 = time.perf_counter()
    if kind == "fieldcheck-spark-multiline":
        df = spark.read.csv(str(table), header=True, multiLine=True, escape='"')
        df = fs.with_row_number(df).repartition(4)
    else:
        df = spark.read.csv(str(table), header=True, escape='"')
        df = fs.with_row_number(df)
    partitions = df.rdd.getNumPartitions()
    if kind == "spark-floor":
        found = df.count()
    elif kind == "arrow-floor":
        def consume(batches):
            for _ in batches:
                pass
            return iter(())
        found = df.mapInArrow(consume, "n long").count()
    elif kind == "fieldcheck-spark-no-unique":
        import tempfile
        schema = Path(tempfile.mkdtemp()) / "schema.yaml"
        schema.write_text(SCHEMA.read_text().replace(", unique: true", ""))
        report = fs.check_schema(df, str(schema))
        found = len(report.collect())
    elif kind in ("fieldcheck-spark", "fieldcheck-spark-multiline"):
        report = fs.check_schema(df, str(SCHEMA))
        found = len(report.collect())
    else:
        found = len(python_udf_check(df).collect())
    seconds = time.perf_counter() - t1
    spark.stop()
    return {"startup_s": round(started, 2), "seconds": seconds, "found": found,
            "partitions": partitions}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--data", type=Path)
    parser.add_argument("--binary", default=str(REPO / ".build" / "release" / "fieldcheck"))
    parser.add_argument("--kinds", help="comma-separated kinds to run (default: the full table)")
    parser.add_argument("--masters", default="local[1],local[2]")
    parser.add_argument("--one", nargs=2, metavar=("KIND", "MASTER"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    data = args.data or Path(f"/tmp/fieldcheck-bench-{args.count}")
    table = data / "table.csv"
    if args.one:
        print(json.dumps(run_one(args.one[0], args.one[1], table, args.binary)))
        return
    # Made again when the generator or the schema changed since (a cached table of an older
    # generator lacks the columns the schema now names).
    sources = [REPO / "benchmarks" / "generate.py", REPO / "benchmarks" / "data" / "schema.yaml"]
    if not table.exists() or (not args.data and any(
            source.stat().st_mtime > table.stat().st_mtime for source in sources)):
        subprocess.run([sys.executable, str(REPO / "benchmarks" / "generate.py"), "--count",
                        str(args.count), "--out", str(data)], check=True,
                       stdout=subprocess.DEVNULL)
    rows = sum(1 for _ in open(table, "rb")) - 1
    print(f"{rows:,} rows, {table.stat().st_size / 1e6:.1f} MB, {os.cpu_count()} cores")
    print("| tool | rows/s | seconds | bad cells reported | µs per row | notes |")
    print("|---|---:|---:|---:|---:|---|")
    results = []
    chosen = args.kinds.split(",") if args.kinds else None
    for jobs in (1, 2) if chosen is None else ():
        t0 = time.perf_counter()
        out = subprocess.run([args.binary, "csv", "--schema", str(SCHEMA), "--json", "--jobs",
                              str(jobs), str(table)], stdout=subprocess.PIPE)
        seconds = time.perf_counter() - t0
        results.append((f"fieldcheck csv --jobs {jobs}", seconds, out.stdout.count(b"\n"), ""))
    for master in args.masters.split(","):
        kinds = ("spark-floor", "fieldcheck-spark", "python-udf")
        if master == "local[1]":
            kinds = ("spark-floor", "arrow-floor", "fieldcheck-spark-no-unique") + kinds[1:]
        if chosen is not None:
            kinds = chosen
        for kind in kinds:
            out = subprocess.run([sys.executable, __file__, "--data", str(data), "--binary",
                                  args.binary, "--one", kind, master],
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
            r = json.loads(out.stdout.decode().strip().splitlines()[-1])
            note = f"start-up {r['startup_s']} s, {r['partitions']} partitions"
            results.append((f"{kind} {master}", r["seconds"], r["found"], note))
    for name, seconds, found, note in results:
        label = "rows counted" if "floor" in name else found
        print(f"| {name} | {rows / seconds:,.0f} | {seconds:.2f} | {label if isinstance(label, str) else f'{label:,}'} "
              f"| {seconds / rows * 1e6:.2f} | {note} |")


if __name__ == "__main__":
    main()
