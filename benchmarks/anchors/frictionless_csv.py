#!/usr/bin/env python3
"""Anchor for the csv workload: Frictionless' row checks with the same schema.

    python3 frictionless_csv.py SCHEMA.yaml TABLE.csv > OUT.csv

Reads the schema (Frictionless Table Schema YAML), turns fieldcheck's own key
`locale` into what Frictionless understands (de_DE: decimalChar ',' and
groupChar '.'), streams the rows and writes the valid ones, normalized (the
values as Frictionless reads them: price a plain decimal, date ISO), with the
header; rows with errors, including unique-constraint errors, are dropped.
Frictionless only removes group characters wherever they stand, so it does
not check where grouping separators are. Needs `pip install frictionless`.
"""

import csv
import sys

import yaml
from frictionless import Resource, Schema

# What Frictionless needs for the locales the benchmark uses.
LOCALE_CHARS = {"de_DE": {"decimalChar": ",", "groupChar": "."}}


def frictionless_schema(path: str) -> Schema:
    with open(path, encoding="utf-8") as handle:
        descriptor = yaml.safe_load(handle)
    for field in descriptor["fields"]:
        locale = field.pop("locale", None)
        if locale is not None:
            if locale not in LOCALE_CHARS:
                sys.exit(f"frictionless_csv.py: no decimalChar/groupChar known for locale {locale}")
            field.update(LOCALE_CHARS[locale])
    return Schema.from_descriptor(descriptor)


def text(value) -> str:
    if value is None:
        return ""
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return format(value, "f") if hasattr(value, "is_finite") else str(value)


def main(schema_path: str, table_path: str) -> int:
    schema = frictionless_schema(schema_path)
    names = schema.field_names
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(names)
    with Resource(path=table_path, schema=schema) as resource:
        for row in resource.row_stream:
            if row.valid:
                writer.writerow([text(row[name]) for name in names])
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: frictionless_csv.py SCHEMA.yaml TABLE.csv")
    sys.exit(main(sys.argv[1], sys.argv[2]))
