#!/usr/bin/env python3
"""Validate fieldcheck's --json records against schema/fieldcheck-output.schema.json.

    scripts/validate_json_output.py [--schema FILE] [--require-all-kinds] PATH...

Each PATH is a file of JSON Lines, a directory (every *.jsonl file in it, as the CLI tests
write them under FIELDCHECK_JSON_CORPUS, with the command that wrote each in a .cmd file
beside it) or - for stdin. Every line must be one JSON object that the schema accepts.
Prints one line per invalid record (where, which record kind it looks like, what is wrong)
and a count of the records by kind; exits 0 when all are valid, 1 when one is not, 2 when
the schema or jsonschema cannot be loaded. --require-all-kinds also fails when a kind of
record of the schema was never seen (a corpus that misses one proves nothing about it).
Needs the Python package jsonschema (draft 2020-12).
"""

import argparse
import json
import pathlib
import sys

SCHEMA = pathlib.Path(__file__).resolve().parent.parent / "schema" / "fieldcheck-output.schema.json"


def kind_of(record):
    """The $defs entry a record means to be, from the keys that set the kinds apart."""
    if not isinstance(record, dict):
        return None
    kind = record.get("kind")
    if kind == "summary":
        return "rowsSummary" if "headerProblems" in record or "columns" in record else "valuesSummary"
    if kind == "file":
        return "inferFile"
    if kind == "column":
        return "inferColumn"
    if "severity" in record or "row" in record:
        return "csvFinding"
    if "readings" in record:
        return "comparison"
    if "icuLinkage" in record:
        return "version"
    if "dataLocale" in record:
        return "locale"
    if "valid" in record or "line" in record or "record" in record:
        return "value"
    if "locale" in record:
        return "localeListEntry"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--schema", default=str(SCHEMA))
    parser.add_argument("--require-all-kinds", action="store_true")
    args = parser.parse_args()
    try:
        from jsonschema import Draft202012Validator
    except ImportError:
        print("validate_json_output: needs jsonschema (python3 -m pip install jsonschema)", file=sys.stderr)
        return 2
    try:
        schema = json.loads(pathlib.Path(args.schema).read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(schema)
    except Exception as error:  # noqa: BLE001 - any reason the schema is unusable
        print(f"validate_json_output: {args.schema}: {error}", file=sys.stderr)
        return 2
    whole = Draft202012Validator(schema)
    # One validator per record kind, for a message that names the key at fault rather than
    # "not valid under any of the given schemas".
    base = {key: value for key, value in schema.items() if key != "oneOf"}
    kinds = [entry["$ref"].rsplit("/", 1)[1] for entry in schema["oneOf"]]
    by_kind = {name: Draft202012Validator({**base, "$ref": f"#/$defs/{name}"}) for name in kinds}

    sources = []
    for path in args.paths:
        if path == "-":
            sources.append(("stdin", sys.stdin.read(), None))
            continue
        p = pathlib.Path(path)
        files = sorted(p.glob("*.jsonl")) if p.is_dir() else [p]
        for file in files:
            command = file.with_suffix(".cmd")
            sources.append((str(file), file.read_text(encoding="utf-8"), command if command.exists() else None))

    counts = {name: 0 for name in kinds}
    invalid = 0
    for name, text, command in sources:
        lines = text.split("\n")
        if lines[-1] == "":
            lines.pop()
        for number, line in enumerate(lines, 1):
            problems = []
            kind = None
            try:
                record = json.loads(line)
            except ValueError as error:
                problems = [f"not JSON: {error}"]
            else:
                kind = kind_of(record)
                # The kinds are disjoint (each requires a key the others do not allow), so a
                # record its own kind accepts is one the whole schema's oneOf accepts: one
                # validation instead of ten, which made a large corpus take minutes.
                if kind in by_kind and by_kind[kind].is_valid(record):
                    pass
                elif whole.is_valid(record):
                    kind = next(name for name in kinds if by_kind[name].is_valid(record))
                else:
                    validator = by_kind.get(kind)
                    errors = list(validator.iter_errors(record)) if validator else []
                    if not errors:
                        errors = list(whole.iter_errors(record))
                    problems = [
                        f"{'/'.join(str(p) for p in error.absolute_path) or '(record)'}: {error.message}"
                        for error in errors
                    ]
            if problems:
                invalid += 1
                where = f"{name}:{number}"
                if command is not None:
                    where += f" ({command.read_text(encoding='utf-8').strip()})"
                print(f"{where}: invalid {kind or 'record'}: {'; '.join(problems)}")
                print(f"  {line[:300]}")
            elif kind in counts:
                counts[kind] += 1
    total = sum(counts.values())
    seen = ", ".join(f"{name} {count}" for name, count in counts.items() if count)
    print(f"validate_json_output: {total} valid record{'s' if total != 1 else ''} ({seen or 'none'}), {invalid} invalid")
    missing = [name for name, count in counts.items() if count == 0]
    if args.require_all_kinds and missing:
        print(f"validate_json_output: no record of these kinds: {', '.join(missing)}")
        return 1
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main())
