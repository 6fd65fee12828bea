#!/usr/bin/env python3
"""Benchmark: country names in de_DE read back to ISO 3166-1 alpha-2 codes.

    python3 benchmarks/identifiers.py                 # 1,000,000 names, best of 3
    python3 benchmarks/identifiers.py --count 20000 --repeat 1

fieldcheck (`country --locale de_DE`, the code on stdout) against the natural
alternative in Python: a dict from Babel's German territory names to their
codes, built once, looked up per line (exact names only: no loose matching, no
reason for a miss). The names are Babel's, for the two-letter codes both know,
picked at random (seed 1), with 1 % of them mangled (a letter dropped) so that
both tools also reject. Prints a Markdown table: CPU seconds (user + sys of
the child), names per second, the ratio, and how many lines the two answer
alike. Needs `pip install babel`; $FIELDCHECK is the binary (default
.build/release/fieldcheck).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
OUT = BENCH / "out"

LOOKUP = r"""
import sys
from babel import Locale
names = {name: code for code, name in Locale.parse("de_DE").territories.items()
         if len(code) == 2 and code.isalpha()}
out = sys.stdout
with open(sys.argv[1], encoding="utf-8") as lines:
    for line in lines:
        out.write(names.get(line[:-1], "") + "\n")
"""


def cpu_of(argv: list[str], stdout_path: Path) -> float:
    """Runs argv, stdout to a file; returns the child's CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(stdout_path, "wb") as out:
        status = subprocess.run(argv, stdout=out, stderr=subprocess.DEVNULL).returncode
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if status not in (0, 1):
        sys.exit(f"{argv[0]} failed with status {status}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    try:
        from babel import Locale
    except ImportError:
        print("babel not installed (pip install babel): nothing to compare with", file=sys.stderr)
        return 2
    binary = Path(os.environ.get("FIELDCHECK", BENCH.parent / ".build/release/fieldcheck"))
    if not binary.exists():
        print(f"{binary} not found (make release)", file=sys.stderr)
        return 2
    OUT.mkdir(exist_ok=True)
    territories = {
        code: name for code, name in Locale.parse("de_DE").territories.items() if len(code) == 2 and code.isalpha()
    }
    # Only the codes fieldcheck knows as territories (Babel also lists ZZ, EU, UN, ...).
    probe = "\n".join(sorted(territories)) + "\n"
    known = subprocess.run(
        [str(binary), "country", "--quiet", "--on-invalid", "blank"], input=probe.encode(), capture_output=True
    ).stdout.decode().split("\n")
    codes = [code for code, answer in zip(sorted(territories), known) if answer == code]
    rng = random.Random(1)
    data = OUT / f"countries-de-{args.count}.txt"
    with open(data, "w", encoding="utf-8") as out:
        for _ in range(args.count):
            name = territories[rng.choice(codes)]
            if rng.random() < 0.01 and len(name) > 3:
                cut = rng.randrange(1, len(name) - 1)
                name = name[:cut] + name[cut + 1 :]
            out.write(name + "\n")
    tools = {
        "fieldcheck country --quiet": [str(binary), "country", "--locale", "de_DE", "--quiet", "--on-invalid", "blank", str(data)],
        "fieldcheck country (diagnostics)": [
            str(binary), "country", "--locale", "de_DE", "--on-invalid", "blank", str(data)],
        "Python dict from Babel's names": [sys.executable, "-c", LOOKUP, str(data)],
    }
    best: dict[str, float] = {}
    outputs: dict[str, Path] = {}
    for _ in range(args.repeat):
        for name, argv in tools.items():
            outputs[name] = OUT / f"countries-{len(outputs)}.out" if name not in outputs else outputs[name]
            seconds = cpu_of(argv, outputs[name])
            best[name] = min(best.get(name, seconds), seconds)
    baseline = best["Python dict from Babel's names"]
    answers = {name: path.read_text(encoding="utf-8").split("\n") for name, path in outputs.items()}
    reference = answers["Python dict from Babel's names"]
    print(f"{args.count:,} German country names (1 % mangled), best of {args.repeat}, CPU time\n")
    print("| tool | CPU s | names/s | × Python dict | lines answered as the dict |")
    print("|---|---:|---:|---:|---:|")
    for name in tools:
        same = sum(1 for mine, theirs in zip(answers[name], reference) if mine == theirs)
        rate = args.count / best[name] if best[name] > 0 else float("inf")
        print(f"| {name} | {best[name]:.3f} | {rate / 1e6:.2f} M | {baseline / best[name]:.2f} | {same - 1:,} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
