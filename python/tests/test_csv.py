"""check_csv(): `fieldcheck csv --json --summary` as findings and counts."""

import json
import subprocess

import pytest

import fieldcheck


def test_orders_findings_and_summary(binary, repo):
    report = fieldcheck.check_csv(repo / "Data/orders.csv",
                                  schema=repo / "Data/orders.schema.yaml")
    out = subprocess.run([binary, "csv", "--schema", str(repo / "Data/orders.schema.yaml"),
                          "--json", str(repo / "Data/orders.csv")], stdout=subprocess.PIPE)
    expected = [json.loads(line) for line in out.stdout.splitlines()]
    assert [(f.row, f.line, f.column, f.field, f.code, f.offset, f.message)
            for f in report.findings] == \
        [(e["row"], e["line"], e["column"], e["field"], e["code"], e["offset"], e["message"])
         for e in expected]
    assert (report.rows_read, report.rows_accepted, report.rows_rejected) == (12, 5, 7)
    assert report.bad_cells["price"] == {"misplaced_grouping_separator": 2, "required": 1}
    assert report.status == 1 and not report.ok


def test_bytes_inline_columns_dict_schema(binary):
    data = b"price,day\n\"1.234,5\",13.04.2026\n\"1,5.0\",31.02.2026\n,01.01.2020\n"
    report = fieldcheck.check_csv(data, columns={"price": "number:de_DE",
                                                 "day": "date:de_DE:dd.MM.yyyy"})
    assert [(f.row, f.column, f.code) for f in report.findings] == [
        (2, "price", "misplaced_grouping_separator"), (2, "day", "field_out_of_range")]
    assert (report.rows_read, report.rows_accepted, report.rows_rejected) == (3, 2, 1)
    schema = {"fields": [{"name": "price", "type": "number", "locale": "de_DE",
                          "constraints": {"required": True}},
                         {"name": "day", "type": "date", "format": "%d.%m.%Y"}]}
    report = fieldcheck.check_csv(data, schema=schema)
    assert [f.code for f in report.findings] == [
        "misplaced_grouping_separator", "field_out_of_range", "required"]
    clean = fieldcheck.check_csv(b"price\n1\n", columns=["price=number"])
    assert clean.ok and clean.findings == [] and clean.rows_read == 1


def test_errors(binary, tmp_path):
    bad = tmp_path / "typo.yaml"
    bad.write_text("fields:\n  - name: price\n    type: number\n"
                   "    constraints: {requried: true}\n")
    with pytest.raises(fieldcheck.ConfigurationError, match="did you mean 'required'"):
        fieldcheck.check_csv(b"price\n1\n", schema=bad)
    with pytest.raises(fieldcheck.InputOutputError) as caught:
        fieldcheck.check_csv(tmp_path / "missing.csv", columns={"a": "number"})
    assert caught.value.status == 3 and "missing.csv" in str(caught.value)
    assert "summary" not in str(caught.value)
