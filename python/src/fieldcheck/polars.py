"""fieldcheck on polars: check_series and check_frame (needs polars), as fieldcheck.pandas.

    import polars as pl, fieldcheck
    df = pl.read_csv("orders.csv", infer_schema_length=0)         # every column as text
    prices = fieldcheck.check_series(df["price"], "number", locale="de_DE")
    prices.parsed        # pl.Decimal (or Float64 with numbers="float"), null where rejected
    report = fieldcheck.check_frame(df, "orders.schema.yaml")
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Mapping, Sequence

import polars as pl

from ._tabular import FRAME_FINDING_COLUMNS, SERIES_FINDING_COLUMNS, FrameRun, SeriesRun

__all__ = ["check_series", "check_frame", "SeriesReport", "FrameReport"]

_FINDING_TYPES = {
    "label": pl.Object, "position": pl.Int64, "row": pl.Int64, "column": pl.String,
    "field": pl.Int64, "input": pl.String, "severity": pl.String, "code": pl.String,
    "offset": pl.Int64, "length": pl.Int64, "character": pl.String, "codepoint": pl.String,
    "name": pl.String, "message": pl.String,
}


@dataclass
class SeriesReport:
    """check_series' answer: valid (Boolean, null for a null value), value (the canonical
    text), parsed (Decimal or Float64 for numbers, Date for dates, String for text; null where
    rejected) and findings (a DataFrame, one row per problem, with the value's position)."""

    valid: pl.Series
    value: pl.Series
    parsed: pl.Series
    findings: pl.DataFrame

    @property
    def ok(self) -> bool:
        return not (self.valid == False).any()  # noqa: E712


@dataclass
class FrameReport:
    """check_frame's answer: findings (as `fieldcheck csv --json`; row is the 1-based data
    row, 0 for the header), parsed (the columns parsed by their schema type, null where
    rejected or missing), valid (per row) and the counts of --summary."""

    findings: pl.DataFrame
    parsed: pl.DataFrame
    valid: pl.Series
    rows_read: int | None
    rows_accepted: int | None
    rows_rejected: int | None
    bad_cells: dict
    summary: list

    @property
    def ok(self) -> bool:
        return self.findings.filter(pl.col("severity") == "error").height == 0


def _parsed(values: list, kind: str, numbers: str, name: str) -> pl.Series:
    if kind == "number":
        if numbers == "float":
            return pl.Series(name, values, dtype=pl.String).cast(pl.Float64)
        decimals = [None if v is None else Decimal(v) for v in values]
        scale = max((-d.as_tuple().exponent for d in decimals
                     if d is not None and d.is_finite()), default=0)
        scale = max(0, min(scale, 38))
        try:
            return pl.Series(name, decimals, dtype=pl.Decimal(38, scale))
        except Exception:  # digits past what Decimal(38) holds: exact text instead
            return pl.Series(name, values, dtype=pl.String)
    if kind == "integer":
        return pl.Series(name, [None if v is None else int(v) for v in values], dtype=pl.Int64)
    if kind == "boolean":
        return pl.Series(name, [None if v is None else v == "true" for v in values],
                         dtype=pl.Boolean)
    if kind == "date":
        iso = datetime.date.fromisoformat
        return pl.Series(name, [None if v is None else iso(v) for v in values], dtype=pl.Date)
    return pl.Series(name, values, dtype=pl.String)


def _findings(lists: dict, columns: list) -> pl.DataFrame:
    return pl.DataFrame({c: pl.Series(c, lists[c], dtype=_FINDING_TYPES[c])
                         for c in columns if c != "label"})


def check_series(series: pl.Series, type: str = "number", locale: str | None = None, *,
                 numbers: str = "decimal", binary: str | None = None,
                 **rules: Any) -> SeriesReport:
    """Check a String Series with ONE `fieldcheck TYPE -z --json` process; as
    fieldcheck.pandas.check_series (findings carry `position`, polars having no index)."""
    if numbers not in ("decimal", "float"):
        raise ValueError('numbers must be "decimal" or "float"')
    values = series.cast(pl.String).to_list()
    run = SeriesRun(values, range(len(values)), type, locale, binary, rules)
    name = series.name
    return SeriesReport(
        pl.Series(name, run.valid, dtype=pl.Boolean),
        pl.Series(name, run.value, dtype=pl.String),
        _parsed(run.value, type, numbers, name),
        _findings(run.findings, SERIES_FINDING_COLUMNS))


def check_frame(df: pl.DataFrame, schema=None, *,
                columns: Mapping[str, str] | Sequence[str] | None = None,
                numbers: str = "decimal", binary: str | None = None,
                **rules: Any) -> FrameReport:
    """Check a DataFrame of String columns against a Table Schema and/or inline columns, as
    `fieldcheck csv` checks it written as CSV; as fieldcheck.pandas.check_frame."""
    if numbers not in ("decimal", "float"):
        raise ValueError('numbers must be "decimal" or "float"')
    text = df.select(pl.all().cast(pl.String))
    run = FrameRun(text.write_csv().encode("utf-8"), schema, columns, binary, rules)
    findings = _findings(run.finding_lists(range(1, df.height + 1)), FRAME_FINDING_COLUMNS)
    normalized = pl.read_csv(run.normalized, infer_schema_length=0) \
        if df.width else pl.DataFrame()
    if normalized.height != df.height:
        raise RuntimeError(f"fieldcheck csv --normalize wrote {normalized.height} rows "
                           f"for {df.height}")
    parsed = pl.DataFrame([
        _parsed(normalized.to_series(i).to_list(), run.types.get(name, "string"), numbers, name)
        for i, name in enumerate(df.columns)])
    rejected = run.rejected_rows()
    valid = pl.Series("valid", [row not in rejected for row in range(1, df.height + 1)],
                      dtype=pl.Boolean)
    return FrameReport(findings, parsed, valid, run.rows_read, run.rows_accepted,
                       run.rows_rejected, run.bad_cells, run.summary)
