"""fieldcheck on Apache Spark: validate DataFrame columns with the fieldcheck binary.

Part of the `fieldcheck` Python package (`pip install` the wheel on the driver; the executors
get the binary, and this package, from add_binary):

    from fieldcheck.spark import add_binary, with_row_number, check_column, check_schema

    add_binary(spark)                                 # the wheel's binary, SparkContext.addFile
    df = spark.read.csv("table.csv", header=True, multiLine=True, escape='"')
    df = with_row_number(df)                          # _row = the data row of the file, 1-based
    prices = check_column(df, "price", "number", "--locale", "de_DE")
    report = check_schema(df, "schema.yaml")          # the bad cells, as `fieldcheck csv --json`

Two entry points:

`check_column(df, column, command, *options)` sends the column's values, per partition, to ONE
`fieldcheck number|date|text OPTIONS -z --json` process (NUL-terminated records, so a value may
hold newlines) and reads its JSON Lines back, one object per value in order. The result has one
row per non-null value: the row id, `valid`, the canonical `value`, the formatted `output` (when
--to... asked for one) and `errors`, an array of structs (code, offset, length, character,
codepoint, name, message) exactly as the line command wrote them. A null is not sent (it is not a
value; `valid` is null); a value holding a NUL byte cannot be a `-z` record and is reported as
invalid with the code `nul_in_value` (not one of fieldcheck's codes: it never reaches it).

`check_schema(df, schema)` reports the bad cells of a table against a Table Schema (the YAML or
JSON file `fieldcheck csv --schema` reads), with the same rows, columns, codes, offsets and
messages as `fieldcheck csv --schema SCHEMA --json` on the file the DataFrame was read from.

Why `fieldcheck csv` per partition, and not each field mapped to a line command: a schema column
is more than a line command's options. Table Schema's `decimalChar`/`groupChar`, `bareNumber`,
strptime formats, `missingValues` (an empty cell is missing, and then `required` or nothing,
where `fieldcheck number` would say `empty`), `enum`, `boolean` with its words, `year`, `time`,
`duration`, `trim`, `fieldsMatch` — `csv` implements them, and a second implementation here would
drift from it. So each partition's rows are written as CSV (all the DataFrame's columns, in its
order, so that `field` numbers are the file's) to one `fieldcheck csv --schema SCHEMA --json -`,
and its report is taken as is; only its `row` (counted from 1 in each partition) is replaced by
the global row id. The header is checked once, on the driver, by the same command on a CSV of the
column names alone (row 0 problems: `extra_column`, `misplaced_column`; a configuration error such
as a missing field raises `ConfigurationError`, a `FieldcheckError`).

Checks that need the whole table are done by Spark: each partition's `not_unique` (a repeat seen
inside one partition only) is dropped, and

- `unique`: a second `fieldcheck csv --normalize --on-invalid blank` per partition, over the
  unique and primary key columns only (with `unique` and `primaryKey` taken out of the schema and
  `fieldsMatch: partial`), gives each good cell's canonical value, the key csv's unique set
  compares (a number without trailing fractional zeros: `1,50` and `1,5` repeat each other). Spark
  groups by (column, key): the first row of each key is kept, every later row is `not_unique`
  with csv's message ("... already appeared in row N", the value quoted as csv quotes it). A cell that is bad or missing has no key,
  as in csv. (A window min over (column, key): one shuffle of the key records.)
- `primaryKey`: the key is the canonical values joined by U+001F, taken only from rows with no
  error at all (csv checks the key of a row only when its cells are all good, a unique repeat
  included); a later row with the key of an earlier one is `not_unique` on the key's columns
  ("the primary key (a, b) repeats row N").

The DataFrame must be read as text (no schema inference) and, for `multiLine` CSV, with
`escape='"'` (Spark's default escape is a backslash, not RFC 4180's doubled quote). What Spark's
reader has already decided cannot be checked again: `malformed_csv`, `ragged_row` and
`missing_column` (Spark pads or cuts a row to the header's width) and physical `line` numbers
are not reported; run `fieldcheck csv` on the file itself for those.

The binary: `add_binary(spark)` calls `SparkContext.addFile` on the binary this package carries
(or the `path` given), always under the name `fieldcheck`, which executors look up with
`SparkFiles.get("fieldcheck")` (a file of another name is linked or copied to that name first);
a copy that lost its mode bits is made executable. The wheel's binary is self-contained (ICU
linked in; glibc 2.36 or later), so executors need nothing else. A `binary=` argument with an
absolute path uses a binary installed on every node instead; an executor with no shipped copy
falls back to the binary of the fieldcheck package installed there, if any.
"""

from __future__ import annotations

import csv
import io
import json
import os
import selectors
import shutil
import stat
import subprocess
import tempfile
from collections import deque

from ._core import LINE_TYPES
from ._process import ConfigurationError, FieldcheckError, binary_path, raise_for_status

__all__ = [
    "FieldcheckError",
    "ConfigurationError",
    "add_binary",
    "with_row_number",
    "check_column",
    "check_schema",
    "ERRORS_TYPE",
    "PROBLEM_COLUMNS",
]

BINARY_NAME = "fieldcheck"
ERRORS_TYPE = (
    "array<struct<code:string,offset:int,length:int,character:string,"
    "codepoint:string,name:string,message:string>>"
)
# The columns of a check_schema report, as `fieldcheck csv --json` names them (no file, no line).
PROBLEM_COLUMNS = [
    "row", "column", "field", "input", "severity", "code", "offset", "length",
    "character", "codepoint", "name", "message",
]
_BATCH_ROWS = 8192


# ---------------------------------------------------------------------------------------------
# The binary on the executors


_driver_binary = {}  # file name -> the path add_binary was given, for checks on the driver


def add_binary(spark, path: str | None = None, ship_package: bool = True) -> None:
    """Ship the fieldcheck binary to every executor (SparkContext.addFile), under the name the
    executors look up, `fieldcheck`, whatever the local file is called. Without a path, the
    binary bundled in this package ($FIELDCHECK_BINARY when set).

    With ship_package (the default) the package's Python modules go along too
    (SparkContext.addPyFile of a zip of them, without the binary), so that executors can import
    the functions mapInArrow runs; leave it off when the package is installed on the executors
    (pip install of the wheel, spark-submit --py-files)."""
    path = os.path.abspath(path or binary_path())
    if os.path.basename(path) != BINARY_NAME:
        staged = os.path.join(tempfile.mkdtemp(prefix="fieldcheck-spark-"), BINARY_NAME)
        try:
            os.link(path, staged)
        except OSError:
            shutil.copy2(path, staged)
        path = staged
    _driver_binary[BINARY_NAME] = path
    spark.sparkContext.addFile(path)
    if ship_package:
        import zipfile

        here = os.path.dirname(os.path.abspath(__file__))
        archive = os.path.join(tempfile.mkdtemp(prefix="fieldcheck-spark-"), "fieldcheck.zip")
        with zipfile.ZipFile(archive, "w") as bundle:
            for name in sorted(os.listdir(here)):
                if name.endswith(".py"):
                    bundle.write(os.path.join(here, name), f"fieldcheck/{name}")
        spark.sparkContext.addPyFile(archive)


def _binary(binary: str | None) -> str:
    """The binary's path on this executor."""
    if binary and os.path.isabs(binary):
        return binary
    from pyspark import SparkFiles

    path = SparkFiles.get(binary or BINARY_NAME)
    if not os.path.exists(path) and not binary:
        try:
            return binary_path()  # the package installed on this executor, with its binary
        except FieldcheckError:
            pass
    if not os.path.exists(path):
        raise FieldcheckError(
            f"{path}: no fieldcheck binary on this executor; call add_binary(spark, PATH) "
            "or spark-submit --files PATH"
        )
    if not os.access(path, os.X_OK):
        try:
            os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        except OSError:
            # A read-only copy: make an executable one of our own.
            private = os.path.join(tempfile.mkdtemp(prefix="fieldcheck-"), BINARY_NAME)
            shutil.copyfile(path, private)
            os.chmod(private, 0o755)
            path = private
    return path


# ---------------------------------------------------------------------------------------------
# Row ids


def with_row_number(df, name: str = "_row"):
    """Add `name`: the 1-based number of each row in the DataFrame's current order.

    Call it right after reading, before any shuffle: on a CSV read with header=True it is the
    data row number `fieldcheck csv` reports. It runs in the JVM (monotonically_increasing_id
    plus a per-partition offset from one counting job), so no row passes through Python."""
    from pyspark.sql import functions as F

    mid = "__fieldcheck_mid"
    tagged = df.withColumn(mid, F.monotonically_increasing_id())
    counts = dict(
        tagged.select((F.col(mid).bitwiseAND(F.lit(~((1 << 33) - 1)))).alias("p"))
        .groupBy("p")
        .count()
        .collect()
    )
    offsets, total = {}, 0
    for partition in sorted(counts):
        offsets[partition] = total
        total += counts[partition]
    if not offsets:
        return df.withColumn(name, F.lit(None).cast("long"))
    pairs = []
    for partition, offset in offsets.items():
        pairs += [F.lit(partition), F.lit(offset)]
    offset_of = F.create_map(*pairs)
    base = F.col(mid).bitwiseAND(F.lit(~((1 << 33) - 1)))
    return tagged.withColumn(
        name, (F.element_at(offset_of, base) + (F.col(mid) - base) + F.lit(1)).cast("long")
    ).drop(mid)


# ---------------------------------------------------------------------------------------------
# Driving one fieldcheck process: write chunks to stdin, read stdout lines, without deadlock


def _pump(argv, chunks):
    """Run argv; feed it the byte chunks (an iterator); yield its stdout line by line (bytes,
    with the newline). Raises FieldcheckError on an exit status other than 0 or 1."""
    stderr = tempfile.TemporaryFile()
    proc = subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, bufsize=0
    )
    sel = selectors.DefaultSelector()
    out_fd, in_fd = proc.stdout.fileno(), proc.stdin.fileno()
    os.set_blocking(out_fd, False)
    os.set_blocking(in_fd, False)
    sel.register(out_fd, selectors.EVENT_READ)
    sel.register(in_fd, selectors.EVENT_WRITE)
    pending, exhausted, stdin_open = memoryview(b""), False, True
    buffer = bytearray()
    try:
        while True:
            if stdin_open and not pending and not exhausted:
                chunk = next(chunks, None)
                if chunk is None:
                    exhausted = True
                else:
                    pending = memoryview(chunk)
            if stdin_open and exhausted and not pending:
                sel.unregister(in_fd)
                proc.stdin.close()
                stdin_open = False
            events = sel.select()
            done = False
            for key, _ in events:
                if key.fd == in_fd:
                    try:
                        written = os.write(in_fd, pending[: 1 << 16])
                    except BrokenPipeError:
                        # It stopped reading (an error it will report); drain what it wrote.
                        sel.unregister(in_fd)
                        proc.stdin.close()
                        stdin_open, pending, exhausted = False, memoryview(b""), True
                        continue
                    pending = pending[written:]
                else:
                    try:
                        data = os.read(out_fd, 1 << 16)
                    except BlockingIOError:
                        continue
                    if not data:
                        done = True
                        continue
                    buffer += data
                    start = 0
                    while True:
                        end = buffer.find(b"\n", start)
                        if end < 0:
                            break
                        yield bytes(buffer[start : end + 1])
                        start = end + 1
                    del buffer[:start]
            if done:
                break
        if buffer:
            yield bytes(buffer)
        status = proc.wait()
        stderr.seek(0)
        raise_for_status(status, stderr.read(), argv)
    finally:
        sel.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        stderr.close()


# ---------------------------------------------------------------------------------------------
# check_column: line commands, one value per NUL-terminated record


def _column_arrow_schema(row_id):
    import pyarrow as pa

    error = pa.struct(
        [
            ("code", pa.string()), ("offset", pa.int32()), ("length", pa.int32()),
            ("character", pa.string()), ("codepoint", pa.string()), ("name", pa.string()),
            ("message", pa.string()),
        ]
    )
    return pa.schema(
        [
            (row_id, pa.int64()), ("valid", pa.bool_()), ("value", pa.string()),
            ("output", pa.string()), ("errors", pa.list_(error)),
        ]
    )


def _column_partition(argv, row_id, column, binary):
    def run(batches):
        import pyarrow as pa

        schema = _column_arrow_schema(row_id)
        ids = deque()
        direct = []  # results decided here: nulls and values with a NUL byte
        out = {name: [] for name in schema.names}

        def flush():
            batch = pa.RecordBatch.from_pydict(out, schema=schema)
            for values in out.values():
                values.clear()
            return batch

        def add(rid, valid, value, output, errors):
            out[row_id].append(rid)
            out["valid"].append(valid)
            out["value"].append(value)
            out["output"].append(output)
            out["errors"].append(errors)

        def chunks():
            for batch in batches:
                rids = batch.column(row_id).to_pylist()
                values = batch.column(column).to_pylist()
                parts = []
                for rid, value in zip(rids, values):
                    if value is None:
                        direct.append((rid, None, None, None, []))
                        continue
                    data = value.encode("utf-8", "surrogateescape")
                    if b"\0" in data:
                        offset = value.index("\0")
                        direct.append((rid, False, None, None, [{
                            "code": "nul_in_value", "offset": offset, "length": 1,
                            "character": "\0", "codepoint": "U+0000", "name": "NULL",
                            "message": "a NUL character at column "
                            f"{offset + 1} cannot be sent to fieldcheck as a -z record",
                        }]))
                        continue
                    ids.append(rid)
                    parts.append(data)
                if parts:
                    parts.append(b"")
                    yield b"\0".join(parts)

        full = [_binary(binary)] + argv
        for line in _pump(full, chunks()):
            record = json.loads(line)
            errors = [
                {
                    "code": e.get("code"), "offset": e.get("offset"), "length": e.get("length"),
                    "character": e.get("character"), "codepoint": e.get("codepoint"),
                    "name": e.get("name"), "message": e.get("message"),
                }
                for e in record.get("errors", [])
            ]
            add(ids.popleft(), record["valid"], record.get("value"), record.get("output"), errors)
            while direct:
                add(*direct.pop())
            if len(out[row_id]) >= _BATCH_ROWS:
                yield flush()
        while direct:
            add(*direct.pop())
        if ids:
            raise FieldcheckError(f"fieldcheck answered for {len(ids)} fewer values than it was sent")
        if out[row_id]:
            yield flush()

    return run


def check_column(df, column: str, command: str, *options: str, row_id: str = "_row",
                 binary: str | None = None):
    """Validate one column with `fieldcheck COMMAND OPTIONS -z --json`, one process per partition.

    COMMAND is a line command (number, date, text, country, currency, language, timezone); OPTIONS are the line command's (`--locale de_DE`,
    `--pattern dd.MM.yyyy`, `--max-length 7`, `--to en_US`...). Returns a DataFrame with
    ROW_ID, valid, value, output and errors (ERRORS_TYPE), one row per row of df; join it back on
    ROW_ID. Without a ROW_ID column one is added by with_row_number (the current row order)."""
    from pyspark.sql import functions as F

    if command not in LINE_TYPES:
        raise ValueError(f"command must be one of {', '.join(LINE_TYPES)}, not {command!r}")
    if row_id not in df.columns:
        df = with_row_number(df, row_id)
    argv = [command, *options, "-z", "--json", "--color", "never"]
    source = df.select(F.col(row_id).cast("long").alias(row_id),
                       F.col(column).cast("string").alias(column))
    spark_schema = (f"`{row_id}` long, valid boolean, value string, output string, "
                    f"errors {ERRORS_TYPE}")
    return source.mapInArrow(_column_partition(argv, row_id, column, binary), spark_schema)


# ---------------------------------------------------------------------------------------------
# check_schema: `fieldcheck csv --schema` per partition, uniqueness in Spark


def _load_schema(path):
    """The schema's text, and the (format, tree) it parses to: json or yaml."""
    with open(path, "rb") as handle:
        text = handle.read()
    try:
        return text, "json", json.loads(text)
    except ValueError:
        pass
    import yaml  # PyYAML: only for YAML schemas

    return text, "yaml", yaml.safe_load(text)


def _keys_schema(text, kind, key_fields):
    """The schema for the key pass: no `unique`, no `primaryKey`, `fieldsMatch: partial`, so
    that `csv --normalize --on-invalid blank` gives the canonical value of every good key cell
    of the columns it is given. YAML is edited as a node graph (compose/serialize), so that every
    other scalar keeps its style and reads as before."""
    if kind == "json":
        tree = json.loads(text)
        tree.pop("primaryKey", None)
        tree["fieldsMatch"] = "partial"
        for field in tree.get("fields", []):
            if isinstance(field.get("constraints"), dict):
                field["constraints"].pop("unique", None)
        return json.dumps(tree).encode(), ".json"
    import yaml

    root = yaml.compose(text)

    def drop(mapping, key):
        mapping.value = [(k, v) for k, v in mapping.value if k.value != key]

    drop(root, "primaryKey")
    drop(root, "fieldsMatch")
    root.value.append((yaml.ScalarNode("tag:yaml.org,2002:str", "fieldsMatch"),
                       yaml.ScalarNode("tag:yaml.org,2002:str", "partial")))
    for key, value in root.value:
        if key.value == "fields" and isinstance(value, yaml.SequenceNode):
            for field in value.value:
                if isinstance(field, yaml.MappingNode):
                    for fkey, fvalue in field.value:
                        if fkey.value == "constraints" and isinstance(fvalue, yaml.MappingNode):
                            drop(fvalue, "unique")
    return yaml.serialize(root).encode(), ".yaml"


_PART_SCHEMA = (
    "row long, kind string, column string, field int, input string, severity string, "
    "code string, offset int, length int, character string, codepoint string, name string, "
    "message string, key string, seq long"
)


def _csv_line(cells):
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow(cells)
    return buffer.getvalue().encode("utf-8")


def _schema_partition(row_id, columns, schema_text, schema_suffix, keys_text, keys_suffix,
                      unique_fields, number_fields, primary_key, missing, binary):
    def run(batches):
        import pyarrow as pa
        import pyarrow.csv as pacsv

        types = {"long": pa.int64(), "int": pa.int32(), "string": pa.string()}
        pairs = [column.split(" ") for column in _PART_SCHEMA.split(", ")]
        arrow_schema = pa.schema([(name, types[kind]) for name, kind in pairs])
        out = {name: [] for name, _ in pairs}

        def flush():
            batch = pa.RecordBatch.from_pydict(out, schema=arrow_schema)
            for values in out.values():
                values.clear()
            return batch

        workdir = tempfile.mkdtemp(prefix="fieldcheck-spark-")
        try:
            schema_path = os.path.join(workdir, "schema" + schema_suffix)
            with open(schema_path, "wb") as handle:
                handle.write(schema_text)
            key_columns = sorted(set(unique_fields) | set(primary_key), key=columns.index)
            key_csv = None
            if key_columns:
                key_csv = open(os.path.join(workdir, "keys.csv"), "w+b")
                key_csv.write(_csv_line(key_columns))
            row_chunks = []  # the global row ids, one numpy array per batch
            raw_keys = {name: [] for name in key_columns}  # raw cells, to tell missing ones

            def chunks():
                yield _csv_line(columns)
                options = pacsv.WriteOptions(include_header=False)
                for batch in batches:
                    row_chunks.append(batch.column(row_id).to_numpy(zero_copy_only=False))
                    table = pa.Table.from_batches([batch]).select(columns)
                    sink = io.BytesIO()
                    pacsv.write_csv(table, sink, options)
                    yield sink.getvalue()
                    if key_csv is not None:
                        keys = table.select(key_columns)
                        sink = io.BytesIO()
                        pacsv.write_csv(keys, sink, options)
                        key_csv.write(sink.getvalue())
                        for name in key_columns:
                            raw_keys[name].extend(keys.column(name).chunks)

            argv = [_binary(binary), "csv", "--schema", schema_path, "--json", "--color",
                    "never", "--no-progress", "-"]
            bad_cells = set()  # (local row, column) with an error, not_unique aside
            bad_rows = set()
            order = {}
            rows = None
            for line in _pump(argv, chunks()):
                problem = json.loads(line)
                local = problem["row"]
                if rows is None or local > len(rows):
                    rows = _concatenate(row_chunks)
                if local == 0 or problem["code"] == "not_unique":
                    continue  # the header is checked on the driver; repeats by Spark
                if problem["severity"] == "error":
                    bad_cells.add((local, problem["column"]))
                    bad_rows.add(local)
                k = order.get(local, 0)
                order[local] = k + 1
                out["row"].append(int(rows[local - 1]))
                out["kind"].append("problem")
                for name in ("column", "field", "input", "severity", "code", "offset",
                             "length", "character", "codepoint", "name", "message"):
                    out[name].append(problem.get(name))
                out["key"].append(None)
                out["seq"].append(k)
                if len(out["row"]) >= _BATCH_ROWS:
                    yield flush()

            if out["row"]:
                yield flush()
            if key_csv is not None:
                yield from _key_batches(
                    binary, workdir, key_csv, keys_text, keys_suffix, key_columns, columns,
                    unique_fields, number_fields, primary_key, missing, row_chunks, raw_keys,
                    bad_cells, bad_rows, arrow_schema)
            if out["row"]:
                yield flush()
        finally:
            shutil.rmtree(workdir, ignore_errors=True)

    return run


def _concatenate(chunks):
    import numpy as np

    return np.concatenate(chunks) if chunks else np.zeros(0, dtype=np.int64)


def _key_batches(binary, workdir, key_csv, keys_text, keys_suffix, key_columns, columns,
                 unique_fields, number_fields, primary_key, missing, row_chunks, raw_keys,
                 bad_cells, bad_rows, arrow_schema):
    """The key pass of one partition: `csv --normalize --on-invalid blank` over the key columns,
    then, column-wise in Arrow, one `unique` record per good unique cell and one `pkey` record
    per row without errors."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.csv as pacsv

    key_csv.flush()
    key_csv.seek(0)
    keys_path = os.path.join(workdir, "keys" + keys_suffix)
    with open(keys_path, "wb") as handle:
        handle.write(keys_text)
    normalized_path = os.path.join(workdir, "normalized.csv")
    with open(normalized_path, "wb") as normalized:
        result = subprocess.run(
            [_binary(binary), "csv", "--schema", keys_path, "--normalize", "--on-invalid",
             "blank", "--quiet", "--color", "never", "--no-progress", "-"],
            stdin=key_csv, stdout=normalized, stderr=subprocess.PIPE,
        )
    raise_for_status(result.returncode, result.stderr, result.args)
    table = pacsv.read_csv(
        normalized_path,
        parse_options=pacsv.ParseOptions(newlines_in_values=True),
        convert_options=pacsv.ConvertOptions(
            column_types={name: pa.string() for name in key_columns},
            strings_can_be_null=False, quoted_strings_can_be_null=False),
    )
    rows = _concatenate(row_chunks)
    count = len(rows)
    if table.column_names != key_columns or table.num_rows != count:
        raise FieldcheckError(f"the key pass wrote {table.num_rows} rows of {table.column_names}"
                              f" for {count} rows of {key_columns}")
    row_array = pa.array(rows, type=pa.int64())

    def batch(mask, kind, values):
        selected = pc.filter(row_array, mask)
        n = len(selected)
        arrays = []
        for field in arrow_schema:
            if field.name == "row":
                arrays.append(selected)
            elif field.name in values:
                value = values[field.name]
                arrays.append(pc.filter(value, mask) if isinstance(value, (pa.Array, pa.ChunkedArray))
                              else pa.array([value] * n, type=field.type))
            elif field.name == "kind":
                arrays.append(pa.array([kind] * n, type=pa.string()))
            else:
                arrays.append(pa.nulls(n, type=field.type))
        arrays = [a.combine_chunks() if isinstance(a, pa.ChunkedArray) else a for a in arrays]
        return pa.RecordBatch.from_arrays(arrays, schema=arrow_schema)

    missing_set = pa.array(sorted(missing), type=pa.string())
    for name in unique_fields:
        raw = pa.chunked_array(raw_keys[name], type=pa.string()) if raw_keys[name] \
            else pa.chunked_array([], type=pa.string())
        bad = np.zeros(count, dtype=bool)
        bad_index = [local - 1 for local, column in bad_cells if column == name]
        bad[bad_index] = True
        good = pc.and_(pc.invert(pa.array(bad)),
                       pc.invert(pc.fill_null(pc.is_in(raw, value_set=missing_set), True)))
        key = table.column(name)
        if name in number_fields:
            # csv's unique set compares a number without trailing fractional zeros.
            key = pc.replace_substring_regex(key, r"^([^E.]*\.[0-9]*?)0+$", r"\1")
            key = pc.replace_substring_regex(key, r"^([^E]*)\.$", r"\1")
        yield batch(good, "unique", {"column": name, "field": columns.index(name) + 1,
                                     "input": raw, "key": key})
    if primary_key:
        clean = np.ones(count, dtype=bool)
        clean[[local - 1 for local in bad_rows]] = False
        joined = pc.binary_join_element_wise(*[table.column(n) for n in primary_key], "\x1f")
        yield batch(pa.array(clean), "pkey", {"key": joined})


def _check_header(columns, schema_path, binary):
    """Row 0 problems of a file with these columns, from `fieldcheck csv` on the driver."""
    path = binary if binary and os.path.isabs(binary) else _driver_binary.get(binary or BINARY_NAME)
    if path is None:
        path = _binary(binary)
    result = subprocess.run(
        [path, "csv", "--schema", schema_path, "--json", "--color", "never", "--no-progress",
         "-"],
        input=_csv_line(columns), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    raise_for_status(result.returncode, result.stderr, result.args)
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def check_schema(df, schema_path: str, row_id: str = "_row", binary: str | None = None):
    """The bad cells of df against a Table Schema, as `fieldcheck csv --schema SCHEMA --json`
    reports them on the file df was read from: a DataFrame with PROBLEM_COLUMNS (`row` is the
    ROW_ID), ordered by row and by csv's order within a row. Without a ROW_ID column one is
    added by with_row_number (the current row order).

    The per-partition results are persisted (they feed the report and the uniqueness checks);
    call .unpersist() on `result.fieldcheck_parts` when done with the report."""
    from pyspark.sql import functions as F
    from pyspark.sql.window import Window

    if row_id not in df.columns:
        df = with_row_number(df, row_id)
    columns = [c for c in df.columns if c != row_id]
    text, kind, tree = _load_schema(schema_path)
    fields = [f.get("name") for f in tree.get("fields", [])]
    types = {f.get("name"): f.get("type", "string") for f in tree.get("fields", [])}
    unique_fields = [
        f.get("name") for f in tree.get("fields", [])
        if isinstance(f.get("constraints"), dict) and f["constraints"].get("unique") is True
        and f.get("name") in columns
    ]
    primary_key = tree.get("primaryKey") or []
    if isinstance(primary_key, str):
        primary_key = [primary_key]
    primary_key = [name for name in primary_key if name in columns]
    missing = set(tree.get("missingValues", [""]))
    number_fields = {name for name, t in types.items() if t in ("number", "integer")}
    suffix = ".json" if kind == "json" else ".yaml"
    keys_text, keys_suffix = (_keys_schema(text, kind, fields)
                              if unique_fields or primary_key else (b"", suffix))

    header = _check_header(columns, schema_path, binary)
    spark = df.sparkSession
    source = df.select(F.col(row_id).cast("long").alias(row_id),
                       *[F.col(f"`{c}`").cast("string").alias(c) for c in columns])
    parts = source.mapInArrow(
        _schema_partition(row_id, columns, text, suffix, keys_text, keys_suffix, unique_fields,
                          number_fields, primary_key, missing, binary),
        _PART_SCHEMA,
    ).persist()

    problems = parts.filter(F.col("kind") == "problem").select(
        *PROBLEM_COLUMNS, (F.col("field") * 1000 + F.col("seq")).alias("_order"))

    repeats = None
    if unique_fields:
        cells = parts.filter(F.col("kind") == "unique")
        first = F.min("row").over(Window.partitionBy("column", "key"))
        repeats = (
            cells.withColumn("first", first).filter(F.col("row") > F.col("first"))
            .select(
                "row", "column", "field", "input", F.lit("error").alias("severity"),
                F.lit("not_unique").alias("code"), F.lit(None).cast("int").alias("offset"),
                F.lit(0).alias("length"), F.lit(None).cast("string").alias("character"),
                F.lit(None).cast("string").alias("codepoint"),
                F.lit(None).cast("string").alias("name"),
                F.concat(F.lit("the value "), _quoted_column("key"),
                         F.lit(" of the unique column '"), F.col("column"),
                         F.lit("' already appeared in row "), F.col("first").cast("string"))
                .alias("message"),
                (F.col("field") * 1000).cast("long").alias("_order"),
            )
        )
        problems = problems.unionByName(repeats)
    if primary_key:
        keys = parts.filter(F.col("kind") == "pkey").select("row", "key")
        if repeats is not None:
            keys = keys.join(repeats.select("row").distinct(), "row", "left_anti")
        first = F.min("row").over(Window.partitionBy("key"))
        names = ", ".join(primary_key)
        pk = (
            keys.withColumn("first", first).filter(F.col("row") > F.col("first"))
            .select(
                "row", F.lit(names).alias("column"),
                F.lit(columns.index(primary_key[0]) + 1).alias("field"),
                F.lit("").alias("input"), F.lit("error").alias("severity"),
                F.lit("not_unique").alias("code"), F.lit(None).cast("int").alias("offset"),
                F.lit(0).alias("length"), F.lit(None).cast("string").alias("character"),
                F.lit(None).cast("string").alias("codepoint"),
                F.lit(None).cast("string").alias("name"),
                F.concat(F.lit(f"the primary key ({names}) repeats row "),
                         F.col("first").cast("string")).alias("message"),
                F.lit(1 << 40).cast("long").alias("_order"),
            )
        )
        problems = problems.unionByName(pk)
    if header:
        rows = [tuple(h.get(c) for c in PROBLEM_COLUMNS) + (-1,) for h in header]
        head = spark.createDataFrame(rows, problems.schema)
        problems = head.unionByName(problems)
    report = problems.orderBy("row", "_order").drop("_order")
    report.fieldcheck_parts = parts
    return report


def _quoted_column(name):
    from pyspark.sql import functions as F

    value = F.col(name)
    return (
        F.when(F.length(value) > 200,
               F.concat(F.lit("'"), F.substring(value, 1, 200), F.lit("…' ("),
                        F.length(value).cast("string"), F.lit(" characters)")))
        .otherwise(F.concat(F.lit("'"), value, F.lit("'")))
    )
