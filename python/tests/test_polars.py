"""check_series and check_frame on polars."""

import datetime
from decimal import Decimal

import pytest

import fieldcheck

pl = pytest.importorskip("polars")


def test_series(binary):
    s = pl.Series("price", ["1.234,56", "1,234.56", None, "3,00"])
    report = fieldcheck.check_series(s, "number", locale="de_DE")
    assert report.valid.to_list() == [True, False, None, True]
    assert report.parsed.dtype == pl.Decimal(38, 2)
    assert report.parsed.to_list() == [Decimal("1234.56"), None, None, Decimal("3.00")]
    assert report.findings.select("position", "code").rows() == [
        (1, "misplaced_grouping_separator")]
    floats = fieldcheck.check_series(s, "number", locale="de_DE", numbers="float").parsed
    assert floats.dtype == pl.Float64 and floats.to_list()[0] == 1234.56
    dates = fieldcheck.check_series(pl.Series(["13.04.2026", "x"]), "date",
                                    pattern="dd.MM.yyyy")
    assert dates.parsed.dtype == pl.Date
    assert dates.parsed.to_list() == [datetime.date(2026, 4, 13), None]


def test_frame(binary, repo):
    df = pl.read_csv(repo / "Data/orders.csv", infer_schema_length=0)
    report = fieldcheck.check_frame(df, repo / "Data/orders.schema.yaml")
    expected = fieldcheck.check_csv(repo / "Data/orders.csv",
                                    schema=repo / "Data/orders.schema.yaml")
    assert report.findings.select("row", "column", "code", "offset").rows() == \
        [(f.row, f.column, f.code, f.offset) for f in expected.findings]
    assert report.valid.sum() == 5 and report.rows_read == 12
    assert report.parsed.schema["date"] == pl.Date
    assert report.parsed.schema["id"] == pl.Int64
    assert report.parsed["price"][0] == Decimal("1234.56")
    assert report.parsed["price"][3] is None
