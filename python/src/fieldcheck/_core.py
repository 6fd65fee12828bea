"""check() and check_csv(): the line commands and csv through one process each, as data."""

from __future__ import annotations

import datetime
import json
import os
import re
import tempfile
from dataclasses import dataclass
from dataclasses import field as _field
from decimal import Decimal, InvalidOperation
from typing import Any, Iterable, Iterator, Mapping, Sequence, Union

from ._process import binary_path, run, stream

__all__ = [
    "Finding", "Result", "CsvFinding", "CsvReport", "check", "iter_check", "check_csv",
    "options", "parse_value", "LINE_TYPES", "AS_TYPES",
]

LINE_TYPES = ("number", "date", "text", "country", "currency", "language", "timezone")
# The Table Schema types with no command of their own, checked by `fieldcheck as TYPE` (its
# locale and length options only).
AS_TYPES = ("integer", "boolean", "year", "yearmonth", "time", "datetime", "duration", "string")
# Options the wrappers set themselves: the protocol they read depends on them.
_RESERVED = {"json", "z", "null", "zero_terminated", "color", "format_", "check", "value",
             "input"}
_CHUNK = 1 << 20


@dataclass(slots=True)
class Finding:
    """One diagnostic of a value: what (code), where (offset: 0-based, in Unicode scalars of
    the input; length), which character (character, codepoint U+XXXX, its Unicode name) and
    why (message). severity is "error" (it rejected the value), "warning" (accepted, but
    changed or doubtful) or "removed" (a character --strip took out)."""

    code: str
    message: str | None
    offset: int | None = None
    length: int | None = None
    character: str | None = None
    codepoint: str | None = None
    name: str | None = None
    severity: str = "error"

    @classmethod
    def _from(cls, d: Mapping[str, Any], severity: str) -> "Finding":
        return cls(d.get("code"), d.get("message"), d.get("offset"), d.get("length"),
                   d.get("character"), d.get("codepoint"), d.get("name"), severity)


@dataclass(slots=True)
class Result:
    """One value's verdict, as `fieldcheck TYPE --json` writes it.

    valid is None for a None value (not a value: never sent). value is the canonical value
    (a string: 1234.56, 2026-04-13), output the formatted one when --to... asked for it,
    findings the errors, then warnings, then removed characters. record is the JSON object as
    fieldcheck wrote it (with keys such as currency)."""

    input: str | None
    valid: bool | None
    value: str | None
    output: str | None
    findings: tuple[Finding, ...]
    type: str = "text"
    record: Mapping[str, Any] = _field(default_factory=dict, repr=False, compare=False)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "warning"]

    @property
    def parsed(self):
        """The accepted value as Python reads it: Decimal for a number (exact), int for an
        integer, datetime.date for a date, datetime.datetime and datetime.time for a datetime
        and a time (with their UTC offset when written), bool for a boolean, str for text and
        the rest; None when rejected."""
        return parse_value(self.value, self.type)

    def __bool__(self) -> bool:
        return bool(self.valid)


def parse_value(value: str | None, kind: str, numbers: str = "decimal"):
    """A canonical value as Python reads it (None stays None). kind is the type as check
    takes it (`time:de_DE` is a time)."""
    if value is None:
        return None
    kind = kind.split(":")[0]
    if kind in ("number", "integer"):
        if numbers == "float":
            return float(value)
        try:
            return int(value) if kind == "integer" else Decimal(value)
        except (ValueError, InvalidOperation):
            return value
    if kind == "date":
        try:
            return datetime.date.fromisoformat(value)
        except ValueError:
            return value
    if kind == "boolean":
        return {"true": True, "false": False}.get(value, value)
    if kind in ("datetime", "time"):
        # ISO 8601 as fieldcheck writes it; Python before 3.11 reads neither `Z` nor a fraction
        # of other than 3 or 6 digits: such a value stays text there.
        iso = value[:-1] + "+00:00" if value.endswith("Z") else value
        try:
            return (datetime.datetime if kind == "datetime" else datetime.time).fromisoformat(iso)
        except ValueError:
            return value
    return value


def options(rules: Mapping[str, Any]) -> list[str]:
    """Keyword rules as command-line options: max_length=3 is --max-length 3, a True flag is
    --flag, False and None are left out, a list or tuple repeats the option."""
    argv: list[str] = []
    for key, value in rules.items():
        if key in _RESERVED:
            raise ValueError(f"{key}= is set by the fieldcheck wrapper itself")
        flag = "--" + key.rstrip("_").replace("_", "-")
        if value is None or value is False:
            continue
        if value is True:
            argv.append(flag)
        elif isinstance(value, (list, tuple)):
            for item in value:
                argv += [flag, str(item)]
        else:
            argv += [flag, os.fspath(value) if isinstance(value, os.PathLike) else str(value)]
    return argv


def _line_argv(type: str, locale: str | None, rules: Mapping[str, Any],
               binary: str | None) -> list[str]:
    if type in LINE_TYPES:
        argv = [binary or binary_path(), type]
    elif type.split(":")[0] in AS_TYPES:
        # TYPE[:LOCALE[:FORMAT]], as `fieldcheck as` reads it: `time:de_DE` is the locale's
        # short style, where locale="de_DE" leaves a time in ISO 8601.
        argv = [binary or binary_path(), "as", type]
    else:
        raise ValueError(f"type must be one of {', '.join(LINE_TYPES + AS_TYPES)}, not {type!r}")
    if locale is not None:
        argv += ["--locale", locale]
    return argv + options(rules) + ["-z", "--json", "--color", "never"]


_NULL = {"input": None, "valid": None, "value": None, "output": None, "errors": [],
         "warnings": [], "removed": []}


def _nul_record(text: str) -> dict:
    offset = text.index("\0")
    return {"input": text, "valid": False, "value": None, "output": None, "warnings": [],
            "removed": [], "errors": [{
                "code": "nul_in_value", "offset": offset, "length": 1, "character": "\0",
                "codepoint": "U+0000", "name": "NULL",
                "message": f"a NUL character at column {offset + 1} cannot be sent to "
                "fieldcheck as a -z record"}]}


# A clean accepted value's JSON Lines object, the common case, read without the JSON parser
# (several times faster): the keys in fieldcheck's order and strings without escapes, so that
# their bytes are the text. Anything else (an escape, a warning, another key) goes to json.loads.
_CLEAN = re.compile(
    rb'\{"formatVersion":1,"(?:record|line)":\d+,"input":"([^"\\]*)","valid":true,"value":"([^"\\]*)",'
    rb'"output":null,"errors":\[\],"warnings":\[\],"removed":\[\]\}\n?')


def _value_bytes(value) -> bytes:
    """A value as the bytes fieldcheck reads: a str in UTF-8 (lone surrogates kept), bytes as
    they are; anything else is a TypeError."""
    if isinstance(value, str):
        return value.encode("utf-8", "surrogateescape")
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    raise TypeError(f"fieldcheck checks text: {value!r} is a {type_name(value)}, not str, bytes or None")


def records(values: Iterable[Any], argv: Sequence[str]) -> Iterator[dict]:
    """One JSON object per value, in order, from ONE process of argv (a line command with
    -z --json). None is not a value: it is not sent, and its object has valid None; a value
    holding a NUL byte cannot be a -z record and gets the code nul_in_value (not one of
    fieldcheck's: it never reaches it)."""
    plan: list = []  # per value, in order: None (sent: fieldcheck answers it) or its dict

    def chunks():
        parts, size = [], 0
        for value in values:
            if value is None:
                plan.append(_NULL)
                continue
            data = _value_bytes(value)
            if b"\0" in data:
                plan.append(_nul_record(data.decode("utf-8", "replace")))
                continue
            plan.append(None)
            parts.append(data)
            parts.append(b"\0")
            size += len(data) + 1
            if size >= _CHUNK:
                yield b"".join(parts)
                parts, size = [], 0
        if parts:
            yield b"".join(parts)

    # The writer thread appends to plan before it writes a value; an answer read here therefore
    # always finds its entry (list.append and indexing are atomic under the GIL).
    i = 0
    loads, clean = json.loads, _CLEAN.fullmatch
    for line in stream(argv, chunks()):
        while plan[i] is not None:
            yield plan[i]
            i += 1
        i += 1
        m = clean(line)
        if m:
            yield {"input": m[1].decode(), "valid": True, "value": m[2].decode(),
                   "output": None, "errors": (), "warnings": (), "removed": ()}
        else:
            yield loads(line)
    for entry in plan[i:]:
        if entry is None:
            raise RuntimeError("fieldcheck answered for fewer values than it was sent")
        yield entry


# Rules under which stdout is not the canonical value, or the JSON object carries more than the
# fast path can rebuild: these go through --json for every value.
_FORMATTING = {"output", "fraction_digits", "strip", "on_invalid"}
_WARNED = re.compile(r", (\d+) accepted with warnings")


def _fast_path_applies(rules: Mapping[str, Any]) -> bool:
    for key, value in rules.items():
        if value is None or value is False:
            continue
        if key in _FORMATTING or key.startswith("to_") or key == "to":
            return False
        if key == "style" and value == "currency":
            return False
    return True


def fast_records(values: Sequence[Any], type: str, locale: str | None,
                 rules: Mapping[str, Any], binary: str | None):
    """check() of a sequence in two passes, or None where it does not apply.

    Writing JSON costs fieldcheck several microseconds a value (1 M de_DE prices took 4.7 s of
    CPU with --json, 0.5 s without), and reading it back costs this process more. Most values
    are accepted, and an accepted value without warnings is all in its canonical output. So the
    first pass runs `-z --on-invalid blank --quiet --summary` (one output record per value,
    empty for a rejected one), and the second `-z --json` on the values whose record came back
    empty only (the rejected ones; for text an accepted empty value too). If the summary counts
    any value accepted with warnings, every value goes through --json instead.

    Returns (valid, value, records): per value its verdict and canonical value, and the JSON
    object of each value the second pass answered, by position."""
    if not _fast_path_applies(rules):
        return None
    base = _line_argv(type, locale, rules, binary)[:-4]  # without -z --json --color never
    n = len(values)
    valid: list = [None] * n
    records_by_position: dict[int, dict] = {}
    try:  # the common case, done in C: every value a str without NUL
        joined = "\0".join(values)
        if joined.count("\0") != n - 1:
            raise TypeError
        sent = None  # all of them
        payload = joined.encode("utf-8", "surrogateescape") + b"\0" if n else b""
    except TypeError:
        sent, parts = [], []
        for i, v in enumerate(values):
            if v is None:
                continue
            try:
                data = _value_bytes(v)
            except TypeError as error:
                raise error from None  # not "during handling of" the join's TypeError
            if b"\0" in data:
                valid[i] = False
                records_by_position[i] = _nul_record(data.decode("utf-8", "replace"))
                continue
            sent.append(i)
            parts.append(data + b"\0")
        payload = b"".join(parts)
    value: list = [None] * n
    if payload:
        _, out, err = run(base + ["-z", "--on-invalid", "blank", "--quiet", "--summary",
                                  "--color", "never"], payload)
        warned = _WARNED.search(err.decode("utf-8", "replace"))
        outputs = out.decode("utf-8", "surrogateescape").split("\0")
        outputs.pop()  # after the last NUL
        expected = n if sent is None else len(sent)
        if (warned and int(warned[1]) > 0) or len(outputs) != expected:
            return None
        if sent is None:
            value = [text or None for text in outputs]
            valid = [bool(text) for text in outputs]
            again = [i for i, text in enumerate(outputs) if not text]
        else:
            again = []
            for i, text in zip(sent, outputs):
                if text:
                    valid[i] = True
                    value[i] = text
                else:
                    again.append(i)
        if again:
            # Streamed: fieldcheck explains the next values while this thread reads the JSON
            # of the last ones (explaining is most of the cost of a rejected value).
            json_argv = base + ["-z", "--json", "--color", "never"]
            for i, record in zip(again, records([values[i] for i in again], json_argv)):
                valid[i] = record["valid"]
                value[i] = record["value"]
                records_by_position[i] = record
    return valid, value, records_by_position


def type_name(value) -> str:
    return type(value).__name__


def _result(record: Mapping[str, Any], kind: str) -> Result:
    if record["valid"] and not record["warnings"] and not record["removed"]:
        return Result(record["input"], True, record["value"], record["output"], (), kind, record)
    findings = tuple(
        [Finding._from(e, "error") for e in record.get("errors") or ()]
        + [Finding._from(e, "warning") for e in record.get("warnings") or ()]
        + [Finding._from(e, "removed") for e in record.get("removed") or ()])
    return Result(record.get("input"), record.get("valid"), record.get("value"),
                  record.get("output"), findings, kind, record)


def iter_check(values: Iterable[str | bytes | None], type: str = "number",
               locale: str | None = None, *, binary: str | None = None,
               **rules: Any) -> Iterator[Result]:
    """check(), one Result at a time, as fieldcheck answers: for values that do not fit in
    memory. Stopping early stops the process."""
    argv = _line_argv(type, locale, rules, binary)
    for record in records(values, argv):
        yield _result(record, type)


def check(values: Iterable[str | bytes | None] | str, type: str = "number",
          locale: str | None = None, *, binary: str | None = None,
          **rules: Any) -> list[Result]:
    """Check values with `fieldcheck TYPE -z --json` (ONE process for all of them): one
    Result per value, in order.

    type is a line command (number, date, text, country, currency, language, timezone) or a
    Table Schema type without one (integer, boolean, year, yearmonth, time, datetime, duration,
    string), checked by `fieldcheck as TYPE` (written TYPE[:LOCALE[:FORMAT]] as there, with the
    locale, length and preparation options only); locale an ICU id or BCP 47 tag (None: fieldcheck's default,
    from LC_ALL/LANG); rules are the command's options as keywords (max_length=7 is
    --max-length 7, integer=True is --integer, pattern="dd.MM.yyyy", to="en_US").

        >>> [r.value for r in check(["1.234,5", "1,234.5"], locale="de_DE")]
        ['1234.5', None]

    Raises ConfigurationError (exit status 2) with fieldcheck's message for an unknown
    locale or a bad option."""
    if isinstance(values, (str, bytes)):
        values = [values]
    if isinstance(values, Sequence):
        fast = fast_records(values, type, locale, rules, binary)
        if fast is not None:
            valid, value, answered = fast
            return [_result(answered[i], type) if i in answered else
                    Result(v, valid[i], value[i], None, (), type,
                           {"input": v, "valid": valid[i], "value": value[i], "output": None,
                            "errors": [], "warnings": [], "removed": []})
                    for i, v in enumerate(values)]
    return list(iter_check(values, type, locale, binary=binary, **rules))


# ---------------------------------------------------------------------------------------------
# csv


@dataclass(slots=True)
class CsvFinding:
    """One problem of `fieldcheck csv --json`: row is the 1-based data row (0 for the header),
    line the physical line it starts on, column/field the column's name and 1-based position
    (None for a problem of the whole row), then the diagnostic's keys."""

    row: int
    column: str | None
    code: str
    message: str | None
    input: str | None = None
    field: int | None = None
    line: int | None = None
    file: str | None = None
    severity: str = "error"
    offset: int | None = None
    length: int | None = None
    character: str | None = None
    codepoint: str | None = None
    name: str | None = None
    record: Mapping[str, Any] = _field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def _from(cls, d: Mapping[str, Any]) -> "CsvFinding":
        return cls(d.get("row"), d.get("column"), d.get("code"), d.get("message"),
                   d.get("input"), d.get("field"), d.get("line"), d.get("file"),
                   d.get("severity", "error"), d.get("offset"), d.get("length"),
                   d.get("character"), d.get("codepoint"), d.get("name"), d)


@dataclass
class CsvReport:
    """What `fieldcheck csv --json --summary` reports: the problems, and the counts of the
    summary (rows read, accepted and rejected, rejected cells per column and code). For a Data
    Package the counts add up its resources. status is the exit status (0 or 1)."""

    findings: list[CsvFinding]
    rows_read: int | None
    rows_accepted: int | None
    rows_rejected: int | None
    bad_cells: dict[str, dict[str, int]]
    header_problems: int
    summary: list[str]  # the summary records, as JSON
    status: int

    @property
    def ok(self) -> bool:
        return self.status == 0

    def __len__(self) -> int:
        return len(self.findings)


def _parse_summary(stdout: bytes):
    """`csv --json --summary`'s stdout: the findings, and the summary records (the last record
    of each file or Data Package resource, `"kind":"summary"`) added up."""
    findings: list[dict] = []
    summaries: list[str] = []
    read = accepted = rejected = None
    header = 0
    cells: dict[str, dict[str, int]] = {}
    for line in stdout.splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        if record.get("kind") != "summary":
            findings.append(record)
            continue
        summaries.append(line.decode("utf-8", "replace"))
        read = (read or 0) + record["read"]
        accepted = (accepted or 0) + record["accepted"]
        rejected = (rejected or 0) + record["rejected"]
        header += record.get("headerProblems", 0)
        for column, codes in record.get("columns", {}).items():
            mine = cells.setdefault(column, {})
            for code, count in codes.items():
                mine[code] = mine.get(code, 0) + count
    return findings, summaries, read, accepted, rejected, header, cells


def _schema_file(schema, workdir: str) -> str:
    """A schema given as a path stays one; a dict (a Table Schema as Python data) is written as
    JSON into workdir."""
    if isinstance(schema, Mapping):
        path = os.path.join(workdir, "schema.json")
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(schema, handle)
        return path
    return os.fspath(schema)


CsvSource = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, Any]


def csv_argv(schema=None, columns: Mapping[str, str] | Sequence[str] | None = None,
             package=None, workdir: str | None = None, binary: str | None = None,
             rules: Mapping[str, Any] | None = None) -> list[str]:
    argv = [binary or binary_path(), "csv"]
    if schema is not None:
        argv += ["--schema", _schema_file(schema, workdir or tempfile.gettempdir())]
    if package is not None:
        argv += ["--package", os.fspath(package)]
    if columns:
        specs = (columns.items() if isinstance(columns, Mapping)
                 else (c.split("=", 1) for c in columns))
        for name, spec in specs:
            argv += ["--column", f"{name}={spec}"]
    return argv + options(rules or {}) + ["--color", "never", "--no-progress"]


def check_csv(source: CsvSource | None = None, schema=None, *,
              columns: Mapping[str, str] | Sequence[str] | None = None, package=None,
              binary: str | None = None, **rules: Any) -> CsvReport:
    """Check a CSV with `fieldcheck csv --json --summary` (one process): its findings, and the
    row counts of --summary.

    source is a path, the CSV's bytes (or str), or a binary file object; schema a Table
    Schema file (JSON or YAML) or a dict; columns inline columns ({"price": "number:de_DE"},
    as --column price=number:de_DE); package a Data Package file (then no source); rules are
    csv's other options as keywords (delimiter=";", trim=True, encoding="windows-1252").

    Raises ConfigurationError (exit 2) for a bad schema, InputOutputError (exit 3) for a file
    that cannot be read."""
    with tempfile.TemporaryDirectory(prefix="fieldcheck-") as workdir:
        argv = csv_argv(schema, columns, package, workdir, binary, rules)
        argv += ["--json", "--summary"]
        data = stdin_file = None
        if package is None:
            if source is None:
                raise TypeError("check_csv needs a source (a path, bytes or a file) or package=")
            if isinstance(source, (bytes, bytearray, memoryview)):
                data = bytes(source)
                argv.append("-")
            elif isinstance(source, str) and "\n" in source:
                data = source.encode("utf-8")
                argv.append("-")
            elif hasattr(source, "read"):
                if hasattr(source, "fileno"):
                    stdin_file = source
                else:
                    data = source.read()
                    data = data.encode("utf-8") if isinstance(data, str) else data
                argv.append("-")
            else:
                argv.append(os.fspath(source))
        status, out, err = run(argv, data, stdin_file)
    records, lines, read, accepted, rejected, header, cells = _parse_summary(out)
    findings = [CsvFinding._from(record) for record in records]
    return CsvReport(findings, read, accepted, rejected, cells, header, lines, status)
