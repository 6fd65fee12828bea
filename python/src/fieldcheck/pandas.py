"""fieldcheck on pandas: check_series and check_frame (needs pandas).

    import pandas as pd, fieldcheck
    df = pd.read_csv("orders.csv", dtype=str, keep_default_na=False)   # the cells as text
    prices = fieldcheck.check_series(df["price"], "number", locale="de_DE")
    prices.parsed        # Decimal('1234.56') for accepted values, None for rejected ones
    prices.findings      # one row per problem: label, position, input, code, offset, ..., message
    report = fieldcheck.check_frame(df, "orders.schema.yaml")

Read the data as text (dtype=str): fieldcheck checks how a value is written, which a float has
already forgotten. A missing value (None, NaN, pd.NA) is not sent: its `valid` is <NA>.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Mapping, Sequence

import pandas as pd

from ._core import parse_value
from ._tabular import (FRAME_FINDING_COLUMNS, SERIES_FINDING_COLUMNS, FrameRun, SeriesRun)

__all__ = ["check_series", "check_frame", "SeriesReport", "FrameReport"]


@dataclass
class SeriesReport:
    """check_series' answer, every Series indexed like the input.

    valid: nullable boolean (<NA> for a missing value); value: the canonical text (1234.56,
    2026-04-13) of accepted values, None otherwise; parsed: the accepted values as Python
    reads them (Decimal objects, or float64 with numbers="float"; datetime.date; str), None or
    NaN for the rest; findings: a DataFrame, one row per error, warning or removed character,
    with the input's index label and position."""

    valid: pd.Series
    value: pd.Series
    parsed: pd.Series
    findings: pd.DataFrame

    @property
    def ok(self) -> bool:
        return not (self.valid == False).any()  # noqa: E712 (a nullable boolean)


@dataclass
class FrameReport:
    """check_frame's answer: findings (one row per problem, as `fieldcheck csv --json`:
    row is the 1-based data row, 0 for the header; label the DataFrame's index label),
    parsed (the DataFrame's columns, accepted cells parsed by their schema type, rejected and
    missing cells None/NaN), valid (per row: no error), and the counts of --summary."""

    findings: pd.DataFrame
    parsed: pd.DataFrame
    valid: pd.Series
    rows_read: int | None
    rows_accepted: int | None
    rows_rejected: int | None
    bad_cells: dict
    summary: list

    @property
    def ok(self) -> bool:
        return len(self.findings) == 0 or not (self.findings["severity"] == "error").any()


def _parsed(values: list, kind: str, numbers: str, index, name) -> pd.Series:
    if kind in ("number",) and numbers == "float":
        return pd.to_numeric(pd.Series(values, index=index, name=name, dtype=object),
                             errors="coerce")
    if kind == "integer":
        return pd.Series([None if v is None else int(v) for v in values], index=index,
                         name=name, dtype="Int64")
    if kind == "boolean":
        return pd.Series([None if v is None else v == "true" for v in values], index=index,
                         name=name, dtype="boolean")
    if kind == "number":
        return pd.Series([None if v is None else Decimal(v) for v in values], index=index,
                         name=name, dtype=object)
    if kind == "date":
        iso = datetime.date.fromisoformat
        return pd.Series([None if v is None else iso(v) for v in values], index=index,
                         name=name, dtype=object)
    return pd.Series([parse_value(v, kind) for v in values], index=index, name=name,
                     dtype=object)


def check_series(series: pd.Series, type: str = "number", locale: str | None = None, *,
                 numbers: str = "decimal", binary: str | None = None,
                 **rules: Any) -> SeriesReport:
    """Check a Series of text with ONE `fieldcheck TYPE -z --json` process.

    type is number, date or text; locale an ICU id or BCP 47 tag; rules the line command's
    options as keywords (max_fraction_digits=2, pattern="dd.MM.yyyy", no_negative=True).
    numbers="decimal" (the default) parses accepted numbers as exact Decimal objects,
    "float" as float64."""
    if numbers not in ("decimal", "float"):
        raise ValueError('numbers must be "decimal" or "float"')
    missing = series.isna().to_numpy()
    values = series.astype(object).tolist()
    if missing.any():
        values = [None if m else v for v, m in zip(values, missing)]
    labels = series.index.tolist()
    run = SeriesRun(values, labels, type, locale, binary, rules)
    index = series.index
    valid = pd.Series(run.valid, index=index, name=series.name, dtype="boolean")
    value = pd.Series(run.value, index=index, name=series.name, dtype=object)
    parsed = _parsed(run.value, type, numbers, index, series.name)
    findings = pd.DataFrame(run.findings, columns=SERIES_FINDING_COLUMNS)
    for column in ("offset", "length"):
        findings[column] = findings[column].astype("Int64")
    return SeriesReport(valid, value, parsed, findings)


def _csv_bytes(df: pd.DataFrame) -> bytes:
    return df.to_csv(index=False, lineterminator="\n").encode("utf-8")


def check_frame(df: pd.DataFrame, schema=None, *,
                columns: Mapping[str, str] | Sequence[str] | None = None,
                numbers: str = "decimal", binary: str | None = None,
                **rules: Any) -> FrameReport:
    """Check a DataFrame of text against a Table Schema (a JSON or YAML file, or a dict) and/or
    inline columns ({"price": "number:de_DE"}), as `fieldcheck csv` checks the same table
    written as CSV: every column of df, in its order, with a header of its names. rules are
    csv's options as keywords (trim=True, locale="de_DE").

    Two csv processes run side by side: `--json --summary` for the findings and counts,
    `--normalize --on-invalid blank` for the canonical cells that `parsed` is made of."""
    if numbers not in ("decimal", "float"):
        raise ValueError('numbers must be "decimal" or "float"')
    run = FrameRun(_csv_bytes(df), schema, columns, binary, rules)
    labels = df.index.tolist()
    findings = pd.DataFrame(run.finding_lists(labels), columns=FRAME_FINDING_COLUMNS)
    for column in ("row", "field", "offset", "length"):
        findings[column] = findings[column].astype("Int64")
    import io

    normalized = pd.read_csv(io.BytesIO(run.normalized), dtype=str, keep_default_na=False,
                             na_values=[""])
    if len(normalized) != len(df):
        raise RuntimeError(f"fieldcheck csv --normalize wrote {len(normalized)} rows "
                           f"for {len(df)}")
    parsed = pd.DataFrame(index=df.index)
    for position, name in enumerate(df.columns):
        cells = normalized.iloc[:, position]
        values = [None if isinstance(v, float) else v for v in cells.tolist()]
        kind = run.types.get(str(name), "string")
        parsed[name] = _parsed(values, kind, numbers, df.index, name)
    rejected = run.rejected_rows()
    valid = pd.Series([row not in rejected for row in range(1, len(df) + 1)], index=df.index,
                      dtype=bool)
    return FrameReport(findings, parsed, valid, run.rows_read, run.rows_accepted,
                       run.rows_rejected, run.bad_cells, run.summary)
