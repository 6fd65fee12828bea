#!/usr/bin/env python3
"""Throughput on hostile input: the fuzz corpora and random Unicode, per command and mode.

    make release
    python3 benchmarks/worst_case.py            # or FIELDCHECK=/path/to/fieldcheck

Each input class is repeated to about 2 MB (the random-Unicode file is 30,000 lines of 1 to 40
characters drawn from all of Unicode, seed 1) and run through each command in three modes
(csv against the table the FuzzCSV target checks, without a header):
--quiet, explained (the default: every rejection in words on stderr) and --json; infer, which
has no quiet mode, reads random Unicode, the FuzzCSV corpus and a table 2,000 columns wide, in
its report, --json and --schema. Prints MB/s
of CPU time (user + system, lowest of 3 runs: this machine is noisy) and, per command, the slowest class and mode.
Issue 35 asks that no class fall below 5 MB/s in any mode. Standard library only.
"""

from __future__ import annotations

import os
import random
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINARY = os.path.abspath(os.environ.get("FIELDCHECK", str(ROOT / ".build" / "release" / "fieldcheck")))
TARGET = 2_000_000


def corpus(name: str) -> bytes:
    files = sorted((ROOT / "Fuzz" / "corpus" / name).glob("*"))
    return b"".join(path.read_bytes() + b"\n" for path in files)


def random_unicode() -> bytes:
    rng = random.Random(1)
    lines = []
    for _ in range(30_000):
        ranges = [(0x20, 0x7E), (0xA0, 0x2FFF), (0x3000, 0xD7FF), (0x10000, 0x1F9FF)]
        text = "".join(chr(rng.randint(*rng.choice(ranges))) for _ in range(rng.randint(1, 40)))
        lines.append(text.replace("\n", " "))
    return ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")


NUMBER = ["number", "--locale", "de_DE"]
LENIENT = ["number", "--lenient", "--no-exponent", "--to", "en_IN"]
LONG_DATE = ["date", "--locale", "de_DE", "--style", "long"]
PATTERN_DATE = ["date", "--locale", "de_DE", "--pattern", "dd.MM.yyyy"]
TEXT = ["text", "--allow", "[[:L:]]", "--max-length", "12"]
# The table FuzzCSV checks (Fuzz/Sources/FuzzCSV): a unique de_DE number of at least 0, a code
# of a pattern and an enum, and a de_DE short date, matched by position (no header).
CSV_SCHEMA = """fields:
  - {name: id, type: number, locale: de_DE, constraints: {minimum: 0, unique: true}}
  - {name: code, type: string, constraints: {pattern: "[A-Z]{2}[0-9]{2}", enum: [DE01, FR12]}}
  - {name: day, type: date, locale: de_DE, style: short}
"""
CSV = ["csv", "--no-header", "--no-progress", "--schema", "FuzzCSV.yaml"]
INFER = ["infer"]
# The measured file is input.txt, which infer reads as values, one a line, unless told.
INFER_CSV = ["infer", "--csv"]


def wide_table() -> bytes:
    """A table of 2,000 columns to about 2 MB (some 150 rows): text, whole numbers, de_DE
    decimals and dates in turn. Infer tries about a hundred conventions on each column's
    first values; a wide table has few rows over which to rule them out."""
    columns = 2_000
    rng = random.Random(1)
    lines = [",".join(f"c{index}" for index in range(columns))]
    size = len(lines[0])
    row = 0
    while size < TARGET:
        cells = []
        for index in range(columns):
            kind = index % 4
            if kind == 0:
                cells.append(f"x{row}")
            elif kind == 1:
                cells.append(str(rng.randint(0, 9999)))
            elif kind == 2:
                cells.append(f'"{rng.randint(0, 999)},{rng.randint(0, 99):02d}"')
            else:
                cells.append(f"{rng.randint(1, 28):02d}.{rng.randint(1, 12):02d}.{rng.randint(1950, 2030)}")
        lines.append(",".join(cells))
        size += len(lines[-1]) + 1
        row += 1
    return ("\n".join(lines) + "\n").encode()


def cpu_seconds(argv: list[str], directory: Path) -> float:
    best = float("inf")
    for _ in range(3):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(argv, cwd=directory, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return best


def main() -> int:
    if not os.access(BINARY, os.X_OK):
        print(f"worst_case.py: no fieldcheck at {BINARY} (make release, or set FIELDCHECK)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        # The commands run in the scratch folder, where csv finds its schema by the name shown.
        (Path(scratch) / "FuzzCSV.yaml").write_text(CSV_SCHEMA)
        return measure(
            [
                ("FuzzNumber corpus", corpus("FuzzNumber"), [NUMBER, LENIENT]),
                ("FuzzDate corpus", corpus("FuzzDate"), [LONG_DATE, PATTERN_DATE]),
                ("FuzzText corpus", corpus("FuzzText"), [TEXT + ["--normalize", "nfkc"]]),
                ("FuzzCSV corpus", corpus("FuzzCSV"), [CSV]),
                ("random Unicode", random_unicode(), [LENIENT, LONG_DATE, TEXT, CSV, INFER]),
                ("FuzzCSV corpus", corpus("FuzzCSV"), [INFER_CSV]),
                ("wide table", wide_table(), [INFER_CSV]),
            ],
            Path(scratch),
        )


def measure(classes: list[tuple[str, bytes, list[list[str]]]], scratch: Path) -> int:
    """Runs every command of every class in the three modes, in `scratch`, and prints the table."""
    path = scratch / "input.txt"
    print("| input | command | mode | MB | CPU s | MB/s |")
    print("|---|---|---|---:|---:|---:|")
    slowest: dict[str, tuple[float, str]] = {}
    for name, data, commands in classes:
        blob = data * max(1, TARGET // max(1, len(data)))
        path.write_bytes(blob)
        megabytes = len(blob) / 1e6
        for command in commands:
            shown = " ".join(command)
            # infer has no quiet mode: its report, JSON Lines and the Table Schema it writes.
            modes = ([], ["--json"], ["--schema"]) if command[0] == "infer" else (["--quiet"], [], ["--json"])
            for mode in modes:
                seconds = cpu_seconds([BINARY, *command, *mode, str(path)], scratch)
                rate = megabytes / seconds if seconds > 0 else float("inf")
                label = " ".join(mode) or ("report" if command[0] == "infer" else "explained")
                print(f"| {name} | `{shown}` | {label} | {megabytes:.2f} | {seconds:.2f} | {rate:.1f} |")
                key = command[0]
                if key not in slowest or rate < slowest[key][0]:
                    slowest[key] = (rate, f"{name}, `{shown}`, {label}")
    print()
    for command, (rate, where) in slowest.items():
        print(f"- slowest {command}: {rate:.1f} MB/s ({where})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
