#!/usr/bin/env python3
"""Generate the benchmark data sets of fieldcheck, with their truth files.

    python3 benchmarks/generate.py --count 1000000 --out benchmarks/out/data

writes, for COUNT values (the csv workload gets COUNT rows of 6 cells):

    numbers_de.txt  numbers_de.truth   de_DE decimals        (fieldcheck number --locale de_DE)
    dates.txt       dates.truth        dd.MM.yyyy dates      (fieldcheck date --pattern dd.MM.yyyy)
    text.txt        text.truth         [a-zA-Z0-9]{0,12}     (fieldcheck text --allow '[a-zA-Z0-9]' --max-length 12)
    table.csv       table.truth        id,price,date,code,paid,at  (fieldcheck csv --schema schema.yaml)
    dates_long.txt  dates_long.truth   d. MMMM y dates       (fieldcheck date --locale de_DE --style long)
    numbers_ar.txt  numbers_ar.truth   ar_EG decimals        (fieldcheck number --locale ar_EG)
    schema.yaml                        a copy of benchmarks/data/schema.yaml
    *.kinds                            per line (per row), the kind it was drawn as
    manifest.json                      count, seed, and how many values of each kind

A truth file has one line per data line (per data row for table.csv): 1 when
the value is valid under fieldcheck's rules, 0 when it is not. Every value is
drawn as one kind (valid, or one kind of invalid, about 1 % of each), and is
then checked again by small independent rule functions below (`*_is_valid`);
the truth file is what those say, and generation stops with an error if a
value's kind and its rules verdict ever disagree.

Deterministic: each workload draws from its own random.Random seeded with
"SEED/workload", so the same --seed and --count give byte-identical files,
and a workload added later (dates-long, numbers-arab) changes nothing in the
files of the others.
Pure Python 3.11 standard library.
"""

from __future__ import annotations

import argparse
import calendar
import csv
import datetime
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

DEFAULT_SEED = 20260413
DEFAULT_COUNT = 1_000_000
SCHEMA = Path(__file__).resolve().parent / "data" / "schema.yaml"

DIGITS = "0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ALNUM = DIGITS + UPPER + UPPER.lower()
# Letters put inside numbers. Not e or E: fieldcheck reads 1e3 as scientific
# notation (1000), so a letter e would not make a number invalid.
NUMBER_LETTERS = "abcdfghijklmnopqrstuvwxyzABCDFGHIJKLMNOPQRSTUVWXYZ"
# Letters outside ASCII, all precomposed (one code point, one grapheme).
NON_ASCII_LETTERS = "éèêëàâäöüßñçøåæœÉÖÜÑÅıłżšžčřğαβγδλπΩжяшЖЯ"
PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

FIRST_DAY = datetime.date(1950, 1, 1).toordinal()
LAST_DAY = datetime.date(2049, 12, 31).toordinal()
# What trailing_text appends to a complete date ("0" makes a five-digit year).
TRAILING_TEXTS = ("x", "Z", " ", ".", "abc", " 12:00", "T00:00", "0")

# de_DE month names as ICU 72 writes them in `d. MMMM y` (the long style).
DE_MONTHS = (
    "Januar", "Februar", "März", "April", "Mai", "Juni",
    "Juli", "August", "September", "Oktober", "November", "Dezember",
)
# ICU 72's abbreviated de month names, in-date ("Apr.") and stand-alone
# ("Apr"). fieldcheck reads month names of every width and context, so these
# are valid months too, and a misspelled month must never turn into one.
DE_MONTH_ABBREVIATIONS = (
    ("Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."),
    ("Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"),
)

# ar_EG in its default numbering system (arab): Arabic-Indic digits, U+066B
# ARABIC DECIMAL SEPARATOR, U+066C ARABIC THOUSANDS SEPARATOR, and as minus
# U+061C ARABIC LETTER MARK before '-', as ICU 72 formats -1234.5.
ARAB_DIGITS = "\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669"
AR_DECIMAL = "\u066b"
AR_GROUP = "\u066c"
AR_MINUS = "\u061c-"


# --------------------------------------------------------------------------
# The rules, written independently of the generators: they decide the truth.

# de_DE, strict: '-' in front only; integer digits either ungrouped or grouped
# by '.' exactly every 3 digits counted from the decimal comma; at most one
# decimal comma, followed by at least one digit; nothing else.
_DE_NUMBER = re.compile(r"-?(?:[0-9]+|[0-9]{1,3}(?:\.[0-9]{3})+)(?:,[0-9]+)?")
# dd.MM.yyyy as fieldcheck reads it: day and month one or two digits, year
# exactly four digits (1-9999), and the date must exist.
_DMY = re.compile(r"([0-9]{1,2})\.([0-9]{1,2})\.([0-9]{4})")
_TEXT = re.compile(r"[a-zA-Z0-9]{0,12}")
_INTEGER = re.compile(r"[0-9]+")
_CODE = re.compile(r"[A-Z]{2}[0-9]{2}")
# Table Schema's default boolean words, compared exactly.
BOOLEAN_WORDS = ("true", "True", "TRUE", "1", "false", "False", "FALSE", "0")
# ISO 8601 datetime without an offset, within the schema's minimum and maximum.
_DATETIME = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})")
FIRST_DATETIME = datetime.datetime(1950, 1, 1)
LAST_DATETIME = datetime.datetime(2049, 12, 31, 23, 59, 59)
# d. MMMM y as fieldcheck reads it in de_DE: day one or two digits, ". ", a
# month name, " ", a year of four digits (1-9999; two digits would be read
# through a century window that moves with today, so the data has none).
_DE_LONG_DATE = re.compile(r"([0-9]{1,2})\. ([^ ]+) ([0-9]{4})")
# Month names are read case-insensitively, wide and abbreviated, in-date and
# stand-alone (as fieldcheck's man page lists them; not the one-letter narrow
# names, which fieldcheck does not take).
_DE_MONTH_NUMBERS = {
    name.casefold(): number
    for names in (DE_MONTHS, *DE_MONTH_ABBREVIATIONS)
    for number, name in enumerate(names, start=1)
}
# ar_EG, strict: as _DE_NUMBER, with Arabic-Indic digits only (a value that
# mixes in ASCII digits is mixed_digits), U+066C grouping, U+066B decimal
# separator, and the minus sign with or without its U+061C mark.
_AR_NUMBER = re.compile(
    "(?:\u061c?-)?(?:[\u0660-\u0669]+|[\u0660-\u0669]{1,3}(?:\u066c[\u0660-\u0669]{3})+)(?:\u066b[\u0660-\u0669]+)?"
)


def number_is_valid(value: str) -> bool:
    return _DE_NUMBER.fullmatch(value) is not None


def date_is_valid(value: str) -> bool:
    match = _DMY.fullmatch(value)
    if match is None:
        return False
    day, month, year = (int(group) for group in match.groups())
    if not (1 <= year <= 9999 and 1 <= month <= 12):
        return False
    return 1 <= day <= calendar.monthrange(year, month)[1]


def long_date_is_valid(value: str) -> bool:
    match = _DE_LONG_DATE.fullmatch(value)
    if match is None:
        return False
    month = _DE_MONTH_NUMBERS.get(match.group(2).casefold())
    day, year = int(match.group(1)), int(match.group(3))
    if month is None or not 1 <= year <= 9999:
        return False
    return 1 <= day <= calendar.monthrange(year, month)[1]


def arab_number_is_valid(value: str) -> bool:
    return _AR_NUMBER.fullmatch(value) is not None


def text_is_valid(value: str) -> bool:
    return _TEXT.fullmatch(value) is not None


def datetime_is_valid(value: str) -> bool:
    match = _DATETIME.fullmatch(value)
    if match is None:
        return False
    year, month, day, hour, minute, second = (int(group) for group in match.groups())
    if not (1 <= month <= 12 and 1 <= day <= calendar.monthrange(year, month)[1]):
        return False
    if hour > 23 or minute > 59 or second > 59:
        return False
    return FIRST_DATETIME <= datetime.datetime(year, month, day, hour, minute, second) <= LAST_DATETIME


def row_cells_are_valid(row: list[str]) -> bool:
    """Every cell of one table.csv row, each on its own (uniqueness aside)."""
    ident, price, date, code, paid, at = row
    return (
        _INTEGER.fullmatch(ident) is not None
        and number_is_valid(price)
        and date_is_valid(date)
        and _CODE.fullmatch(code) is not None
        and paid in BOOLEAN_WORDS
        and datetime_is_valid(at)
    )


# --------------------------------------------------------------------------
# Generators of values of one kind.


def _digits(rng: random.Random, count: int) -> str:
    """A run of `count` digits without a leading zero (unless it is '0')."""
    if count == 1:
        return rng.choice(DIGITS)
    return rng.choice(DIGITS[1:]) + "".join(rng.choices(DIGITS, k=count - 1))


def _group(digits: str, separator: str) -> str:
    """'1234567' -> '1.234.567': a separator every 3 digits from the right."""
    head = len(digits) % 3 or 3
    groups = [digits[:head]] + [digits[i : i + 3] for i in range(head, len(digits), 3)]
    return separator.join(groups)


def _int_digit_count(rng: random.Random, low: int, high: int) -> int:
    # Short numbers more often than long ones.
    counts = list(range(low, high + 1))
    return rng.choices(counts, weights=[high + 2 - c for c in counts])[0]


def _fraction(rng: random.Random, low: int = 1, high: int = 4) -> str:
    return "".join(rng.choices(DIGITS, k=rng.randint(low, high)))


def valid_number(rng: random.Random, max_int_digits: int = 10) -> str:
    digits = _digits(rng, _int_digit_count(rng, 1, max_int_digits))
    text = _group(digits, ".") if len(digits) > 3 and rng.random() < 0.5 else digits
    if rng.random() < 0.6:
        text += "," + _fraction(rng)
    if rng.random() < 0.15:
        text = "-" + text
    return text


def _maybe_sign_and_fraction(rng: random.Random, text: str) -> str:
    if rng.random() < 0.5:
        text += "," + _fraction(rng)
    if rng.random() < 0.15:
        text = "-" + text
    return text


def misplaced_grouping(rng: random.Random) -> str:
    if rng.random() < 0.5:
        # One '.' where no group boundary is: 12.34, 1.23, 12345.67
        digits = _digits(rng, rng.randint(2, 9))
        places = [p for p in range(1, len(digits)) if (len(digits) - p) % 3 != 0]
        place = rng.choice(places)
        text = digits[:place] + "." + digits[place:]
    else:
        # Grouped, but one group after the first has 2 or 4 digits: 1.23.456
        groups = [_digits(rng, rng.randint(1, 3))]
        groups += [_fraction(rng, 3, 3) for _ in range(rng.randint(1, 3))]
        wrong = rng.randrange(1, len(groups))
        groups[wrong] = _fraction(rng, 2, 2) if rng.random() < 0.5 else _fraction(rng, 4, 4)
        text = ".".join(groups)
    return _maybe_sign_and_fraction(rng, text)


def two_decimal_commas(rng: random.Random) -> str:
    whole = _digits(rng, _int_digit_count(rng, 1, 7))
    if len(whole) > 3 and rng.random() < 0.5:
        whole = _group(whole, ".")
    text = f"{whole},{_fraction(rng)},{_fraction(rng)}"
    return "-" + text if rng.random() < 0.15 else text


def letter_inside(rng: random.Random, max_int_digits: int = 10) -> str:
    value = valid_number(rng, max_int_digits)
    while len(value) < 2 or value == "-0":
        value = valid_number(rng, max_int_digits)
    place = rng.randint(1, len(value) - 1)
    return value[:place] + rng.choice(NUMBER_LETTERS) + value[place:]


def en_us_number(rng: random.Random, max_int_digits: int = 10) -> str:
    # 1,234.56: en_US grouping and decimal point (needs 4+ integer digits and
    # a fraction; '1,234' alone would be a valid de_DE 1.234).
    digits = _digits(rng, rng.randint(4, max(4, max_int_digits)))
    text = _group(digits, ",") + "." + _fraction(rng, 1, 3)
    return "-" + text if rng.random() < 0.15 else text


def _random_date(rng: random.Random) -> datetime.date:
    return datetime.date.fromordinal(rng.randint(FIRST_DAY, LAST_DAY))


def _dmy(date: datetime.date) -> str:
    return f"{date.day:02d}.{date.month:02d}.{date.year:04d}"


def valid_date(rng: random.Random, unpadded_share: float = 0.02) -> tuple[str, str]:
    date = _random_date(rng)
    if rng.random() < unpadded_share:
        # fieldcheck reads d and M with one or two digits: 5.4.2026
        day = str(date.day) if rng.random() < 0.7 else f"{date.day:02d}"
        month = str(date.month) if rng.random() < 0.7 else f"{date.month:02d}"
        if len(day) == 1 or len(month) == 1:
            return f"{day}.{month}.{date.year:04d}", "valid_one_digit_day_or_month"
    return _dmy(date), "valid"


def impossible_date(rng: random.Random) -> str:
    # 31.02.2026 style: a day after the end of a month shorter than 31 days.
    year = rng.randint(1950, 2049)
    month = rng.choice((2, 4, 6, 9, 11))
    last = calendar.monthrange(year, month)[1]
    return f"{rng.randint(last + 1, 31):02d}.{month:02d}.{year:04d}"


def month_13(rng: random.Random) -> str:
    return f"{rng.randint(1, 28):02d}.13.{rng.randint(1950, 2049):04d}"


def two_digit_year(rng: random.Random) -> str:
    date = _random_date(rng)
    return f"{date.day:02d}.{date.month:02d}.{date.year % 100:02d}"


def trailing_text(rng: random.Random) -> str:
    return _dmy(_random_date(rng)) + rng.choice(TRAILING_TEXTS)


def wrong_separator(rng: random.Random) -> str:
    date = _random_date(rng)
    first, second = rng.choice((("/", "/"), ("-", "-"), (" ", " "), (",", ","), (".", "/"), ("/", ".")))
    return f"{date.day:02d}{first}{date.month:02d}{second}{date.year:04d}"


# dates-long: de_DE `d. MMMM y`, the pattern of `--style long`.


def _long(date: datetime.date, day: str | None = None, month: str | None = None) -> str:
    """13. April 2026, as ICU formats `d. MMMM y` in de_DE."""
    day = str(date.day) if day is None else day
    month = DE_MONTHS[date.month - 1] if month is None else month
    return f"{day}. {month} {date.year:04d}"


def valid_long_date(rng: random.Random, padded_share: float = 0.05) -> tuple[str, str]:
    date = _random_date(rng)
    if date.day < 10 and rng.random() < padded_share:
        # d reads one or two digits: 05. März 2026 is as valid as 5. März 2026.
        return _long(date, day=f"{date.day:02d}"), "valid_zero_padded_day"
    return _long(date), "valid"


def impossible_long_date(rng: random.Random) -> str:
    # 31. Februar 2026, 31. April 2026, 29. Februar 2025.
    year = rng.randint(1950, 2049)
    month = rng.choice((2, 4, 6, 9, 11))
    last = calendar.monthrange(year, month)[1]
    return f"{rng.randint(last + 1, 31)}. {DE_MONTHS[month - 1]} {year:04d}"


_MONTH_FORMS = {name.casefold() for names in (DE_MONTHS, *DE_MONTH_ABBREVIATIONS) for name in names}


def misspelled_month(rng: random.Random) -> str:
    """A real date with one slip in its month name: Aprl, Apirl, Maii, Marz.

    The first letter is kept, and a slip that happens to spell another name
    or an abbreviation (Juli -> Jul) is drawn again."""
    date = _random_date(rng)
    name = DE_MONTHS[date.month - 1]
    while True:
        slip = rng.choice(("drop", "double", "swap", "umlaut") if "ä" in name else ("drop", "double", "swap"))
        if slip == "drop":
            at = rng.randrange(1, len(name))
            wrong = name[:at] + name[at + 1 :]
        elif slip == "double":
            at = rng.randrange(1, len(name))
            wrong = name[:at] + name[at] + name[at:]
        elif slip == "swap":
            at = rng.randrange(1, len(name) - 1)
            wrong = name[:at] + name[at + 1] + name[at] + name[at + 2 :]
        else:
            wrong = name.replace("ä", rng.choice(("a", "ae")))
        if wrong.casefold() not in _MONTH_FORMS:
            return _long(date, month=wrong)


def trailing_text_long(rng: random.Random) -> str:
    return _long(_random_date(rng)) + rng.choice(TRAILING_TEXTS)


def wrong_separator_long(rng: random.Random) -> str:
    # Never a space variant fieldcheck reads as a space (U+00A0, U+202F, U+2009).
    date = _random_date(rng)
    shape = rng.choice(("{d} {m} {y}", "{d}.{m} {y}", "{d}. {m}, {y}", "{d}.{m}.{y}", "{d}/{m}/{y}", "{d}-{m}-{y}"))
    return shape.format(d=date.day, m=DE_MONTHS[date.month - 1], y=f"{date.year:04d}")


# numbers-arab: the shapes of the numbers workload, written the ar_EG way.

_TO_ARAB = str.maketrans({**dict(zip(DIGITS, ARAB_DIGITS)), ".": AR_GROUP, ",": AR_DECIMAL, "-": AR_MINUS})


def arab(de_value: str) -> str:
    """'-1.234,5' -> '\u061c-١٬٢٣٤٫٥': a de_DE-shaped value in ar_EG's digits,
    separators and minus (letters and spaces stay), so each kind of the
    numbers workload keeps its meaning and its generator is reused."""
    return de_value.translate(_TO_ARAB)


def mixed_digits(rng: random.Random) -> str:
    # ١٢3٫٥: one Arabic-Indic digit written as its ASCII twin; ar_EG reads
    # only its own numbering system. Needs two digits, so both systems show.
    value = arab(valid_number(rng))
    places = [i for i, char in enumerate(value) if char in ARAB_DIGITS]
    while len(places) < 2:
        value = arab(valid_number(rng))
        places = [i for i, char in enumerate(value) if char in ARAB_DIGITS]
    at = rng.choice(places)
    return value[:at] + DIGITS[ARAB_DIGITS.index(value[at])] + value[at + 1 :]


def _alnum(rng: random.Random, length: int) -> str:
    return "".join(rng.choices(ALNUM, k=length))


def _insert(rng: random.Random, text: str, char: str) -> str:
    place = rng.randint(0, len(text))
    return text[:place] + char + text[place:]


def valid_text(rng: random.Random) -> str:
    return _alnum(rng, rng.randint(0, 12))


def too_long(rng: random.Random) -> str:
    return _alnum(rng, rng.randint(13, 24))


def with_space(rng: random.Random) -> str:
    return _insert(rng, _alnum(rng, rng.randint(0, 11)), " ")


def with_non_ascii_letter(rng: random.Random) -> str:
    return _insert(rng, _alnum(rng, rng.randint(0, 11)), rng.choice(NON_ASCII_LETTERS))


def with_punctuation(rng: random.Random) -> str:
    return _insert(rng, _alnum(rng, rng.randint(0, 11)), rng.choice(PUNCTUATION))


# --------------------------------------------------------------------------
# Workloads: kinds with their shares, then one drawing loop.

INVALID_SHARE = 0.01

NUMBER_KINDS = {
    "misplaced_grouping": misplaced_grouping,
    "two_decimal_commas": two_decimal_commas,
    "letter_inside": letter_inside,
    "en_US_form": en_us_number,
    "trailing_space": lambda rng: valid_number(rng) + " ",
    "empty": lambda rng: "",
}
DATE_KINDS = {
    "impossible_date": impossible_date,
    "month_13": month_13,
    "two_digit_year": two_digit_year,
    "trailing_text": trailing_text,
    "wrong_separator": wrong_separator,
}
TEXT_KINDS = {
    "too_long": too_long,
    "space": with_space,
    "non_ascii_letter": with_non_ascii_letter,
    "punctuation": with_punctuation,
}
# No two_digit_year here: under `y` fieldcheck (and ICU) read 13. April 26 as
# 2026 through the century window, so it is valid, and which century a
# two-digit year lands in depends on today.
LONG_DATE_KINDS = {
    "impossible_date": impossible_long_date,
    "misspelled_month": misspelled_month,
    "trailing_text": trailing_text_long,
    "wrong_separator": wrong_separator_long,
}
ARAB_NUMBER_KINDS = {
    "misplaced_grouping": lambda rng: arab(misplaced_grouping(rng)),
    "two_decimal_separators": lambda rng: arab(two_decimal_commas(rng)),
    "letter_inside": lambda rng: arab(letter_inside(rng)),
    "mixed_digits": mixed_digits,
    "trailing_space": lambda rng: arab(valid_number(rng)) + " ",
    "empty": lambda rng: "",
}


def draw_lines(rng, count, valid, invalid_kinds, rule, name, share=INVALID_SHARE):
    """Draw `count` values, each kind of invalid one with probability `share`; return
    (values, truths, kinds, kind counts)."""
    kinds = list(invalid_kinds.items())
    values: list[str] = []
    truths: list[str] = []
    labels: list[str] = []
    counts: Counter[str] = Counter()
    for _ in range(count):
        pick = int(rng.random() / share)
        if pick < len(kinds):
            kind, make = kinds[pick]
            value = make(rng)
        else:
            made = valid(rng)
            # A valid value may come with a finer kind: (value, "valid_…").
            value, kind = made if isinstance(made, tuple) else (made, "valid")
        is_valid = rule(value)
        if is_valid != kind.startswith("valid"):
            raise SystemExit(f"generate.py: bug: {name} value {value!r} of kind {kind} is judged {is_valid}")
        values.append(value)
        truths.append("1" if is_valid else "0")
        labels.append(kind)
        counts[kind] += 1
    return values, truths, labels, counts


ID_KINDS = ("duplicate_id", "not_an_integer_id")
PRICE_KINDS = ("misplaced_grouping", "two_decimal_commas", "letter_inside", "en_US_form")
DATE_CELL_KINDS = tuple(DATE_KINDS)
CODE_KINDS = ("lowercase", "three_letters", "three_digits", "too_short", "digits_first", "punctuation")
PAID_KINDS = ("yes_no", "other_case", "digit_two", "padded")
AT_KINDS = ("impossible_day", "hour_24", "space_for_t", "no_seconds", "trailing_text", "before_minimum")


def valid_datetime(rng: random.Random) -> str:
    day = datetime.date.fromordinal(rng.randint(FIRST_DAY, LAST_DAY))
    return f"{day.isoformat()}T{rng.randrange(24):02}:{rng.randrange(60):02}:{rng.randrange(60):02}"


def bad_paid(rng: random.Random, kind: str) -> str:
    if kind == "yes_no":
        return rng.choice(("yes", "no", "Yes", "No"))
    if kind == "other_case":
        return rng.choice(("tRUE", "fAlse", "TRue"))
    if kind == "digit_two":
        return rng.choice(("2", "-1", "10"))
    return rng.choice((" true", "false ", " 1"))


def bad_at(rng: random.Random, kind: str) -> str:
    value = valid_datetime(rng)
    if kind == "impossible_day":
        return f"{rng.randint(1950, 2049)}-02-30" + value[10:]
    if kind == "hour_24":
        return value[:11] + "24" + value[13:]
    if kind == "space_for_t":
        return value[:10] + " " + value[11:]
    if kind == "no_seconds":
        return value[:16]
    if kind == "trailing_text":
        return value + rng.choice(("x", " Uhr", "Z!"))
    return f"1949-12-{rng.randint(1, 31):02}" + value[10:]


def bad_code(rng: random.Random, kind: str) -> str:
    letters = "".join(rng.choices(UPPER, k=2))
    digits = "".join(rng.choices(DIGITS, k=2))
    if kind == "lowercase":
        return letters.lower() + digits if rng.random() < 0.5 else letters[0] + letters[1].lower() + digits
    if kind == "three_letters":
        return letters + rng.choice(UPPER) + digits
    if kind == "three_digits":
        return letters + digits + rng.choice(DIGITS)
    if kind == "too_short":
        return letters + digits[0]
    if kind == "digits_first":
        return digits + letters
    return letters + rng.choice("-_ ./") + digits


def draw_table(rng: random.Random, rows: int, extra: random.Random, share: float = INVALID_SHARE, late_share: float = INVALID_SHARE):
    """Rows of id,price,date,code,paid,at; about 1 % of each column's cells are bad.

    A bad row has exactly one bad cell. A duplicate id repeats the id of an
    earlier valid row, so the first occurrence is valid and the later one is
    not (as Frictionless' unique constraint reports it; an earlier row that only
    paid or at makes bad still holds its id). The boolean paid and
    the datetime at were added later: they are drawn from their own
    random.Random, so the first four columns are the same as before, and a
    row the first four leave valid gets a bad paid or at about 1 % of the
    time each. `share` and `late_share` change those 1 %s (the mostly-bad table)."""
    plan = (
        [("id", k, 0.5) for k in ID_KINDS]
        + [("price", k, 1 / len(PRICE_KINDS)) for k in PRICE_KINDS]
        + [("date", k, 1 / len(DATE_CELL_KINDS)) for k in DATE_CELL_KINDS]
        + [("code", k, 1 / len(CODE_KINDS)) for k in CODE_KINDS]
    )
    # Cumulative thresholds: each column's kinds share that column's 1 %.
    thresholds = []
    total = 0.0
    for column, kind, kind_share in plan:
        total += kind_share * share
        thresholds.append((total, column, kind))
    price_makers = {
        "misplaced_grouping": misplaced_grouping,
        "two_decimal_commas": two_decimal_commas,
        "letter_inside": lambda r: letter_inside(r, 7),
        "en_US_form": lambda r: en_us_number(r, 7),
    }
    table: list[list[str]] = []
    truths: list[str] = []
    labels: list[str] = []
    counts: Counter[str] = Counter()
    seen: set[str] = set()
    valid_ids: list[str] = []
    next_id = rng.randint(1, 1000)
    for _ in range(rows):
        next_id += rng.randint(1, 5)
        row = [str(next_id), valid_number(rng, 7), _dmy(_random_date(rng)), "".join(rng.choices(UPPER, k=2)) + _fraction(rng, 2, 2)]
        pick = rng.random()
        kind = "valid"
        for threshold, column, bad_kind in thresholds:
            if pick < threshold:
                kind = f"{column}:{bad_kind}"
                break
        if kind == "id:duplicate_id" and not valid_ids:
            kind = "valid"
        if kind == "id:duplicate_id":
            row[0] = rng.choice(valid_ids)
        elif kind == "id:not_an_integer_id":
            row[0] = rng.choice((f"{next_id}a", f"{next_id}.5", "", f"x{next_id}", f"--{next_id}"))
        elif kind.startswith("price:"):
            row[1] = price_makers[kind[6:]](rng)
        elif kind.startswith("date:"):
            row[2] = DATE_KINDS[kind[5:]](rng)
        elif kind.startswith("code:"):
            row[3] = bad_code(rng, kind[5:])
        # Ids to repeat are drawn from the rows the first four columns leave valid,
        # so that those columns are drawn exactly as before paid and at existed.
        first_four_valid = kind == "valid"
        paid = extra.choice(BOOLEAN_WORDS)
        at = valid_datetime(extra)
        pick = extra.random()
        if kind == "valid" and pick < 2 * late_share:
            column = "paid" if pick < late_share else "at"
            bad_kinds = PAID_KINDS if column == "paid" else AT_KINDS
            bad_kind = bad_kinds[min(int((pick % late_share) / late_share * len(bad_kinds)), len(bad_kinds) - 1)]
            kind = f"{column}:{bad_kind}"
            if column == "paid":
                paid = bad_paid(extra, bad_kind)
            else:
                at = bad_at(extra, bad_kind)
        row += [paid, at]
        is_valid = row_cells_are_valid(row) and row[0] not in seen
        if is_valid != (kind == "valid"):
            raise SystemExit(f"generate.py: bug: table row {row!r} of kind {kind} is judged {is_valid}")
        if row[0]:
            seen.add(row[0])
        if first_four_valid:
            valid_ids.append(row[0])
        table.append(row)
        truths.append("1" if is_valid else "0")
        labels.append(kind)
        counts[kind] += 1
    return table, truths, labels, counts


def _write_lines(path: Path, lines: list[str]) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write("\n".join(lines))
        if lines:
            out.write("\n")


def _line_workload(
    manifest: dict, out: Path, count: int, seed: int, name: str, stem: str, valid, kinds, rule, share=INVALID_SHARE
) -> None:
    """Draw one line workload from random.Random("SEED/name"), write its data,
    truth and kinds files, and enter it in the manifest."""
    rng = random.Random(f"{seed}/{name}")
    values, truths, labels, counts = draw_lines(rng, count, valid, kinds, rule, name, share)
    _write_lines(out / f"{stem}.txt", values)
    _enter(manifest, out, name, stem, f"{stem}.txt", count, truths, labels, counts)


def _enter(
    manifest: dict, out: Path, name: str, stem: str, data: str, count: int, truths, labels, counts, **extra
) -> None:
    """Write a workload's truth and kinds files beside its data, and enter it in the manifest
    (`extra` keys after the file names: a table's schema and rows)."""
    _write_lines(out / f"{stem}.truth", truths)
    _write_lines(out / f"{stem}.kinds", labels)
    manifest["workloads"][name] = {
        "data": data,
        "truth": f"{stem}.truth",
        "kinds_file": f"{stem}.kinds",
        **extra,
        "values": count,
        "valid": truths.count("1"),
        "kinds": dict(sorted(counts.items())),
    }


def _table_workload(
    manifest: dict, out: Path, rows: int, seed: int, name: str, stem: str,
    share: float = INVALID_SHARE, late_share: float = INVALID_SHARE,
) -> None:
    """Draw one table from random.Random("SEED/name") (paid and at from "SEED/name-paid-at"),
    write it with its truth and kinds files, and enter it in the manifest."""
    rng = random.Random(f"{seed}/{name}")
    table, truths, labels, counts = draw_table(rng, rows, random.Random(f"{seed}/{name}-paid-at"), share, late_share)
    with open(out / f"{stem}.csv", "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["id", "price", "date", "code", "paid", "at"])
        writer.writerows(table)
    _enter(manifest, out, name, stem, f"{stem}.csv", rows, truths, labels, counts, schema="schema.yaml", rows=rows)


def generate(count: int, out: Path, seed: int) -> dict:
    out.mkdir(parents=True, exist_ok=True)
    manifest: dict = {"seed": seed, "count": count, "invalid_share_per_kind": INVALID_SHARE, "workloads": {}}
    line_workloads = (
        ("numbers", "numbers_de", valid_number, NUMBER_KINDS, number_is_valid),
        ("dates", "dates", valid_date, DATE_KINDS, date_is_valid),
        ("text", "text", valid_text, TEXT_KINDS, text_is_valid),
    )
    for name, stem, valid, kinds, rule in line_workloads:
        _line_workload(manifest, out, count, seed, name, stem, valid, kinds, rule)
    rows = max(1, count)
    _table_workload(manifest, out, rows, seed, "csv", "table")
    (out / "schema.yaml").write_text(SCHEMA.read_text(encoding="utf-8"), encoding="utf-8")
    # Added later; each has its own random.Random like the others, so the
    # files above are the same as before they existed.
    later_workloads = (
        ("dates-long", "dates_long", valid_long_date, LONG_DATE_KINDS, long_date_is_valid),
        ("numbers-arab", "numbers_ar", lambda rng: arab(valid_number(rng)), ARAB_NUMBER_KINDS, arab_number_is_valid),
    )
    for name, stem, valid, kinds, rule in later_workloads:
        _line_workload(manifest, out, count, seed, name, stem, valid, kinds, rule)
    # Mostly bad input (issue 35): half the values rejected, every kind alike, where each
    # rejection is explained (or written as JSON) and the fast paths decide little.
    bad_workloads = (
        ("numbers-bad", "numbers_de_bad", valid_number, NUMBER_KINDS, number_is_valid),
        ("dates-bad", "dates_bad", valid_date, DATE_KINDS, date_is_valid),
    )
    for name, stem, valid, kinds, rule in bad_workloads:
        _line_workload(manifest, out, count, seed, name, stem, valid, kinds, rule, share=0.5 / len(kinds))
    # 11 % of rows bad in each of the first four columns, 6 % of the rest in paid or at each:
    # about half the rows rejected.
    _table_workload(manifest, out, rows, seed, "csv-bad", "table_bad", 0.11, 0.06)
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT, help=f"values per workload (default {DEFAULT_COUNT:,}); the csv gets COUNT rows of 6 cells")
    parser.add_argument("--out", type=Path, required=True, help="directory to write the data, truth files and manifest.json to")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"random seed (default {DEFAULT_SEED})")
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error("--count must be at least 1")
    manifest = generate(args.count, args.out, args.seed)
    for name, info in manifest["workloads"].items():
        print(f"{name}: {info['values']:,} values, {info['valid']:,} valid -> {args.out / info['data']}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
