#!/usr/bin/env python3
"""Anchor for the numbers workload: Babel's parse_decimal(strict=True), de_DE.

    python3 babel_number.py FILE > OUT

Writes, per input line, the parsed decimal as a plain ASCII decimal, or an
empty line when Babel rejects the value (fieldcheck's --on-invalid blank
convention). Needs `pip install babel`.
"""

import decimal
import sys

from babel import Locale
from babel.numbers import NumberFormatError, parse_decimal


def main(path: str) -> int:
    locale = Locale.parse("de_DE")
    out = sys.stdout
    with open(path, encoding="utf-8", errors="surrogateescape") as lines:
        for line in lines:
            value = line[:-1] if line.endswith("\n") else line
            try:
                number = parse_decimal(value, locale=locale, strict=True)
            except (NumberFormatError, ValueError, ArithmeticError):
                out.write("\n")
                continue
            out.write(format(number, "f") + "\n" if number.is_finite() else "\n")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: babel_number.py FILE")
    sys.exit(main(sys.argv[1]))
