"""fieldcheck on Spark (local[2]) against fieldcheck itself: the same bad cells, the same values.

Every expectation comes from running the binary on the same data, never from a stored answer."""

import json
import subprocess

import pytest

from conftest import REPO

SCHEMA = REPO / "benchmarks" / "data" / "schema.yaml"
KEY = ("row", "column", "code", "offset")


def csv_report(binary, schema, path):
    """`fieldcheck csv --schema SCHEMA --json PATH`, one dict per problem, in its order."""
    result = subprocess.run([str(binary), "csv", "--schema", str(schema), "--json", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert result.returncode in (0, 1), result.stderr.decode()
    return [json.loads(line) for line in result.stdout.splitlines()]


def read(spark, path):
    import fieldcheck.spark as fs

    df = spark.read.csv(str(path), header=True, multiLine=True, escape='"')
    return fs.with_row_number(df)


def spark_report(df, schema):
    import fieldcheck.spark as fs

    report = fs.check_schema(df, str(schema))
    rows = [row.asDict() for row in report.collect()]
    report.fieldcheck_parts.unpersist()
    return rows


def project(problems, fields=KEY):
    return [tuple(p[f] for f in fields) for p in problems]


@pytest.mark.parametrize("partitions", [2, 8])
def test_benchmark_table_report_equals_csv(spark, binary, table_dir, partitions):
    table = table_dir / "table.csv"
    expected = csv_report(binary, SCHEMA, table)
    # The table must exercise what is checked here: bad cells of every column, repeated ids.
    assert len(expected) > 40
    assert {p["column"] for p in expected} == {"id", "price", "date", "code", "paid", "at"}
    assert any(p["code"] == "not_unique" for p in expected)
    df = read(spark, table).repartition(partitions)
    assert df.rdd.getNumPartitions() == partitions
    got = spark_report(df, SCHEMA)
    # Row, column, code, offset exactly, in csv's order; and the rest of each object too.
    assert project(got) == project(expected)
    fields = ("row", "column", "field", "input", "severity", "code", "offset", "length",
              "character", "codepoint", "name", "message")
    assert project(got, fields) == project(expected, fields)


def test_split_read_report_equals_csv(spark, binary, table_dir):
    """The splittable path: multiLine=False, the file cut into byte ranges read in parallel,
    numbered by with_row_number, gives csv's report too (the table has no line break in a
    field)."""
    import fieldcheck.spark as fs

    table = table_dir / "table.csv"
    expected = csv_report(binary, SCHEMA, table)
    spark.conf.set("spark.sql.files.maxPartitionBytes", str(16 * 1024))
    try:
        df = fs.with_row_number(spark.read.csv(str(table), header=True, escape='"'))
        assert df.rdd.getNumPartitions() >= 4
        got = spark_report(df, SCHEMA)
    finally:
        spark.conf.unset("spark.sql.files.maxPartitionBytes")
    fields = ("row", "column", "field", "input", "code", "offset", "message")
    assert project(got, fields) == project(expected, fields)


EDGE_CSV = (
    'id,part,price,day,note,extra\n'
    '1,A,"1,50",01.02.2026,"two\nline",x\n'
    '2,A,"1,5",01.02.2026,"say ""hi""",x\n'          # price 1,5 repeats 1,50: no key check
    '3,B,"2,0",31.02.2026,,x\n'                      # a bad day
    '1,A,"9,99",02.02.2026,,x\n'                     # id repeats row 1
    '4,B,"1.234,5",03.02.2026,far too long,x\n'      # a bad note: its key (B, 03.02) not kept
    '5,,"7,00",04.02.2026,,x\n'                      # part missing: required by the key
    '6,B,"3,5",03.02.2026,,x\n'                      # the first good row with key (B, 03.02)
    '4,C,"8,5",06.02.2026,,x\n'                      # id repeats row 5 (a good id, a bad row)
    '7,D,"12,5",07.02.2026,,x\n'
    '8,D,"13,5",07.02.2026,,x\n'                     # key (D, 07.02) repeats row 9
    '8,E,abc,09.02.2026,,x\n'                        # id repeats row 10; a bad price
    '9,E,"1,5 ",10.02.2026,,x\n'
    '10,F,"1.234,500",11.02.2026,,x\n'               # price repeats row 5 (1234.5)
)
EDGE_SCHEMA = """\
fields:
  - {name: id, type: integer, constraints: {unique: true}}
  - {name: part, type: string}
  - name: price
    type: number
    locale: de_DE
    constraints: {unique: true, minimum: 0}
  - {name: day, type: date, format: "%d.%m.%Y"}
  - {name: note, type: string, constraints: {maxLength: 8}}
  - {name: extra, type: string}
primaryKey: [part, day]
"""


@pytest.mark.parametrize("partitions", [1, 3])
def test_unique_primary_key_and_multiline_cells_equal_csv(spark, binary, tmp_path, partitions):
    table = tmp_path / "edge.csv"
    table.write_text(EDGE_CSV)
    schema = tmp_path / "edge.yaml"
    schema.write_text(EDGE_SCHEMA)
    expected = csv_report(binary, schema, table)
    codes = [p["code"] for p in expected]
    assert codes.count("not_unique") >= 5 and "required" in codes
    assert any(p["column"] == "part, day" for p in expected)
    got = spark_report(read(spark, table).repartition(partitions), schema)
    fields = ("row", "column", "field", "code", "offset", "message")
    assert project(got, fields) == project(expected, fields)


def test_header_problems_are_row_0(spark, binary, tmp_path):
    table = tmp_path / "extra.csv"
    table.write_text("id,price,date,code,paid,at,comment\n"
                     "1,\"1,5\",01.01.2020,AB12,true,2020-01-01T00:00:00,c\n"
                     "1,\"1.5\",01.01.2020,AB12,no,2020-01-01T00:00:00,c\n")
    expected = csv_report(binary, SCHEMA, table)
    assert expected[0]["row"] == 0 and expected[0]["code"] == "extra_column"
    got = spark_report(read(spark, table).repartition(2), SCHEMA)
    assert project(got) == project(expected)


def test_a_missing_field_is_a_configuration_error(spark, tmp_path):
    import fieldcheck.spark as fs

    table = tmp_path / "missing.csv"
    table.write_text("id,price,date\n1,2,01.01.2020\n")
    with pytest.raises(fs.FieldcheckError, match="code"):
        fs.check_schema(read(spark, table), str(SCHEMA))


@pytest.mark.parametrize(
    "source,command",
    [
        ("numbers_de.txt", ["number", "--locale", "de_DE"]),
        ("dates.txt", ["date", "--pattern", "dd.MM.yyyy"]),
        ("text.txt", ["text", "--allow", "[a-zA-Z0-9]", "--max-length", "12"]),
    ],
)
def test_check_column_equals_the_line_command(spark, binary, table_dir, tmp_path, source,
                                              command):
    import fieldcheck.spark as fs

    values = (table_dir / source).read_text(encoding="utf-8").split("\n")[:-1]
    # Values holding a newline and a NUL-free oddity: -z carries them whole.
    values += ["1.234,5\n", "12\n34", "", "\u00a0"]
    records = tmp_path / "values.z"
    records.write_bytes(b"".join(v.encode() + b"\0" for v in values))
    result = subprocess.run([str(binary), *command, "-z", "--json", str(records)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert result.returncode in (0, 1), result.stderr.decode()
    expected = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(expected) == len(values)
    assert any(not e["valid"] for e in expected) and any(e["valid"] for e in expected)

    df = spark.createDataFrame([(i + 1, v) for i, v in enumerate(values)] + [(0, None)],
                               "_row long, v string").repartition(4)
    got = {r["_row"]: r for r in fs.check_column(df, "v", *command).collect()}
    assert got[0]["valid"] is None  # a null is not a value
    for row, exp in enumerate(expected, start=1):
        have = got[row]
        assert (have["valid"], have["value"]) == (exp["valid"], exp["value"]), (row, values[row - 1])
        assert [(e["code"], e["offset"], e["character"], e["message"]) for e in have["errors"]] \
            == [(e["code"], e["offset"], e["character"], e["message"]) for e in exp["errors"]]


def test_the_readme_pipe_recipe_names_the_line_of_the_file(spark, binary, table_dir):
    """The RDD.pipe() recipe of integrations/spark/README.md: plain pipe restarts "line" in every
    partition; zipping the output with zipWithIndex names the line of the file, as fieldcheck on
    the whole file."""
    source = table_dir / "numbers_de.txt"
    result = subprocess.run([str(binary), "number", "--locale", "de_DE", "--json", str(source)],
                            stdout=subprocess.PIPE)
    expected = [json.loads(line) for line in result.stdout.splitlines()]

    values = spark.sparkContext.textFile(str(source), minPartitions=3)
    assert values.getNumPartitions() >= 3
    command = f"{binary} number --locale de_DE --json"
    plain = values.pipe(command).map(json.loads).collect()
    assert [o["line"] for o in plain] != [e["line"] for e in expected]  # the caveat

    indexed = values.zipWithIndex().cache()
    checked = indexed.keys().pipe(command)
    by_line = indexed.values().zip(checked).map(lambda p: (p[0] + 1, json.loads(p[1])))
    got = sorted(by_line.collect(), key=lambda p: p[0])
    assert [(line, o["valid"], o["value"], [e["code"] for e in o["errors"]]) for line, o in got] \
        == [(e["line"], e["valid"], e["value"], [x["code"] for x in e["errors"]]) for e in expected]
