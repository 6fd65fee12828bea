"""What check_series and check_frame share between pandas and polars: the runs of fieldcheck
and the results as plain Python lists, which each library's module turns into its own types."""

from __future__ import annotations

import json
import tempfile
import threading
from typing import Any, Iterable, Mapping, Sequence

from ._core import _line_argv, _parse_summary, csv_argv, fast_records, records
from ._process import run

FINDING_COLUMNS = ["severity", "code", "offset", "length", "character", "codepoint", "name",
                   "message"]
FRAME_FINDING_COLUMNS = ["row", "label", "column", "field", "input"] + FINDING_COLUMNS
SERIES_FINDING_COLUMNS = ["label", "position", "input"] + FINDING_COLUMNS


class SeriesRun:
    """One column through fieldcheck (two passes where they apply: see fast_records; else one
    `fieldcheck TYPE -z --json`): per value its verdict (None for a null) and canonical value,
    and one finding row per error, warning and removed character."""

    def __init__(self, values: Iterable[Any], labels: Sequence[Any], type: str,
                 locale: str | None, binary: str | None, rules: Mapping[str, Any]):
        self.findings = {name: [] for name in SERIES_FINDING_COLUMNS}
        f = self.findings
        values = values if isinstance(values, list) else list(values)
        fast = fast_records(values, type, locale, rules, binary)
        if fast is not None:
            self.valid, self.value, answered = fast
            pairs = sorted(answered.items())
        else:
            argv = _line_argv(type, locale, rules, binary)
            self.valid, self.value, pairs = [], [], []
            for position, record in enumerate(records(values, argv)):
                self.valid.append(record["valid"])
                self.value.append(record["value"])
                if record["valid"] and not record["warnings"] and not record["removed"]:
                    continue
                pairs.append((position, record))
        for position, record in pairs:
            for severity in ("errors", "warnings", "removed"):
                for d in record.get(severity) or ():
                    f["label"].append(labels[position])
                    f["position"].append(position)
                    f["input"].append(record["input"])
                    f["severity"].append(severity.rstrip("s") if severity != "removed"
                                         else "removed")
                    for key in FINDING_COLUMNS[1:]:
                        f[key].append(d.get(key))


def schema_types(schema=None, columns=None) -> dict[str, str]:
    """Each column's Table Schema type, from a schema (a dict, or a JSON or YAML file: YAML
    needs PyYAML, without it the types stay unknown and the parsed columns text) and inline
    columns (name -> "type:locale:format")."""
    tree = None
    if isinstance(schema, Mapping):
        tree = schema
    elif schema is not None:
        with open(schema, "rb") as handle:
            text = handle.read()
        try:
            tree = json.loads(text)
        except ValueError:
            try:
                import yaml
            except ImportError:
                tree = None
            else:
                tree = yaml.safe_load(text)
    types = {}
    if isinstance(tree, Mapping):
        for f in tree.get("fields") or ():
            if isinstance(f, Mapping) and "name" in f:
                types[str(f["name"])] = str(f.get("type", "string"))
    if columns:
        specs = columns.items() if isinstance(columns, Mapping) else (
            c.split("=", 1) for c in columns)
        for name, spec in specs:
            types[name] = spec.split(":", 1)[0]
    return types


class FrameRun:
    """A table (as CSV bytes) through two `fieldcheck csv` processes at once: `--json
    --summary` for the findings and counts, and `--normalize --on-invalid blank --quiet` for
    the canonical cells (a rejected cell blank)."""

    def __init__(self, csv_bytes: bytes, schema, columns, binary, rules):
        with tempfile.TemporaryDirectory(prefix="fieldcheck-") as workdir:
            base = csv_argv(schema, columns, None, workdir, binary, rules)
            results: dict = {}

            def go(name, argv):
                try:
                    results[name] = run(argv, csv_bytes)
                except BaseException as error:  # re-raised below, on the caller's thread
                    results[name] = error

            report = threading.Thread(
                target=go, args=("report", base + ["--json", "--summary", "-"]))
            report.start()
            go("normalized", base + ["--normalize", "--on-invalid", "blank", "--quiet", "-"])
            report.join()
        for name in ("report", "normalized"):
            if isinstance(results[name], BaseException):
                raise results[name]
        self.status, out, err = results["report"]
        (self.findings, self.summary, self.rows_read, self.rows_accepted, self.rows_rejected,
         self.header_problems, self.bad_cells) = _parse_summary(out)
        self.normalized = results["normalized"][1]
        self.types = schema_types(schema, columns)

    def finding_lists(self, labels: Sequence[Any]) -> dict[str, list]:
        out = {name: [] for name in FRAME_FINDING_COLUMNS}
        for p in self.findings:
            row = p.get("row")
            out["label"].append(labels[row - 1] if row and 0 < row <= len(labels) else None)
            for key in FRAME_FINDING_COLUMNS:
                if key != "label":
                    out[key].append(p.get(key))
        return out

    def rejected_rows(self) -> set[int]:
        return {p["row"] for p in self.findings
                if p.get("severity", "error") == "error" and p.get("row")}

