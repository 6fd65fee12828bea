"""check_series and check_frame on pandas."""

import datetime
from decimal import Decimal

import pytest

import fieldcheck

pd = pytest.importorskip("pandas")


def test_series_findings_and_parsed(binary):
    s = pd.Series(["1.234,56", "1,234.56", None, "3,00", "12a,5"], index=list("abcde"),
                  name="price")
    report = fieldcheck.check_series(s, "number", locale="de_DE")
    assert report.valid.tolist() == [True, False, pd.NA, True, False]
    assert report.parsed.tolist() == [Decimal("1234.56"), None, None, Decimal("3.00"), None]
    assert report.value.tolist() == ["1234.56", None, None, "3.00", None]
    assert report.findings[["label", "position", "code", "offset"]].values.tolist() == [
        ["b", 1, "misplaced_grouping_separator", 5], ["e", 4, "unexpected_character", 2]]
    assert list(report.parsed.index) == list("abcde") and not report.ok
    floats = fieldcheck.check_series(s, "number", locale="de_DE", numbers="float").parsed
    assert floats.dtype == "float64" and floats["a"] == 1234.56 and floats.isna().sum() == 3


def test_series_dates_and_rules(binary):
    s = pd.Series(["13.04.2026", "31.02.2026", pd.NA], dtype="string")
    report = fieldcheck.check_series(s, "date", pattern="dd.MM.yyyy")
    assert report.parsed.tolist() == [datetime.date(2026, 4, 13), None, None]
    assert report.findings["code"].tolist() == ["field_out_of_range"]
    with pytest.raises(fieldcheck.ConfigurationError):
        fieldcheck.check_series(s, "date", locale="xx_XX_bad")


def test_frame_against_a_schema(binary, repo):
    df = pd.read_csv(repo / "Data/orders.csv", dtype=str, keep_default_na=False)
    report = fieldcheck.check_frame(df, repo / "Data/orders.schema.yaml")
    expected = fieldcheck.check_csv(repo / "Data/orders.csv",
                                    schema=repo / "Data/orders.schema.yaml")
    got = report.findings[["row", "column", "code", "offset", "message"]].values.tolist()
    assert [[None if pd.isna(x) else x for x in row] for row in got] == \
        [[f.row, f.column, f.code, f.offset, f.message] for f in expected.findings]
    assert report.findings["label"].tolist() == [f.row - 1 for f in expected.findings]
    assert (report.rows_read, report.rows_accepted, report.rows_rejected) == (12, 5, 7)
    assert report.valid.sum() == 5
    p = report.parsed
    assert p.loc[0, "price"] == Decimal("1234.56") and p.loc[0, "date"] == datetime.date(2026, 4, 13)
    assert p["id"].dtype == "Int64" and p.loc[0, "id"] == 1
    assert p.loc[3, "price"] is None  # 1,234.56 rejected
    assert p.loc[8, "note"] == "a note\nover two lines"


def test_frame_inline_columns(binary):
    df = pd.DataFrame({"price": ["1.234,5", "1,5", "x"], "n": ["1", "2", "3"]},
                      index=[10, 20, 30])
    report = fieldcheck.check_frame(df, columns={"price": "number:de_DE", "n": "integer"},
                                    numbers="float")
    assert report.valid.tolist() == [True, True, False]
    assert report.findings[["row", "label", "column"]].values.tolist() == [[3, 30, "price"]]
    assert report.parsed["price"].tolist()[:2] == [1234.5, 1.5]
