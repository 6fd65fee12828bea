"""fieldcheck for Python: the fieldcheck binary (bundled in the wheel) behind a small typed API.

    import fieldcheck
    fieldcheck.check(["1.234,5", "1,234.5"], type="number", locale="de_DE")
    fieldcheck.check_csv("orders.csv", schema="orders.schema.yaml")
    report = fieldcheck.check_series(df["price"], "number", locale="de_DE")   # pandas or polars
    report = fieldcheck.check_frame(df, "orders.schema.yaml")

Every call runs ONE fieldcheck process and streams the values through pipes (NUL-terminated
records, JSON Lines back), never one process per value. pandas, polars and pyspark are optional:
`fieldcheck.pandas`, `fieldcheck.polars` and `fieldcheck.spark` import them when used.
"""

from ._core import (CsvFinding, CsvReport, Finding, Result, check, check_csv, iter_check,
                    parse_value)
from ._process import ConfigurationError, FieldcheckError, InputOutputError, binary_path

__version__ = "0.1.0"

__all__ = [
    "check", "iter_check", "check_csv", "check_series", "check_frame",
    "Result", "Finding", "CsvReport", "CsvFinding", "parse_value",
    "FieldcheckError", "ConfigurationError", "InputOutputError", "binary_path",
]


def _frame_module(obj):
    """fieldcheck.polars for a polars object, else fieldcheck.pandas."""
    if type(obj).__module__.split(".")[0] == "polars":
        from . import polars as module
    else:
        from . import pandas as module
    return module


def check_series(series, type: str = "number", locale=None, **rules):
    """Check a pandas or polars Series of text: see fieldcheck.pandas.check_series and
    fieldcheck.polars.check_series (chosen by the series' library)."""
    return _frame_module(series).check_series(series, type, locale, **rules)


def check_frame(df, schema=None, **kwargs):
    """Check a pandas or polars DataFrame against a Table Schema: see
    fieldcheck.pandas.check_frame and fieldcheck.polars.check_frame."""
    return _frame_module(df).check_frame(df, schema, **kwargs)
