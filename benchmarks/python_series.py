#!/usr/bin/env python3
"""fieldcheck.check_series against the naive pandas parse of de_DE prices, in one run.

    python3 benchmarks/python_series.py --count 1000000

Draws COUNT de_DE prices with benchmarks/generate.py's number workload (the same values as its
numbers_de.txt, with the truth of its independent rule: about 6 % invalid, in six kinds, among
them `1.23` with a misplaced grouping point and `1,234.56` in en_US form), puts them in a pandas
Series of str, and times, one after the other (best of --repeat):

  fieldcheck.check_series(s, "number", locale="de_DE")       parsed column + findings DataFrame
  pd.to_numeric(s.str.replace(".", "").str.replace(",", "."), errors="coerce")   the naive parse

and, for scale, the binary alone on the same values (`fieldcheck number --locale de_DE -z --json`
into a pipe that is thrown away). A value is accepted by check_series when `valid` is true, by
the naive parse when its result is not NaN. False accepts are accepted values the truth calls
invalid; false rejects the other way round. Needs pandas and the fieldcheck package (installed,
or python/src on the path with FIELDCHECK_BINARY naming a binary).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))
try:
    import fieldcheck
except ImportError:
    sys.path.insert(0, str(REPO / "python" / "src"))
    import fieldcheck

import generate  # noqa: E402  (benchmarks/generate.py)


def prices(count: int, seed: int):
    """numbers_de.txt's values and truth (1 valid, 0 invalid) and kinds."""
    rng = random.Random(f"{seed}/numbers")
    values, truths, kinds, _ = generate.draw_lines(
        rng, count, generate.valid_number, generate.NUMBER_KINDS, generate.number_is_valid,
        "numbers")
    return values, [t == "1" for t in truths], kinds


def best(repeat, run):
    times, result = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - t0)
    return min(times), result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=generate.DEFAULT_SEED)
    parser.add_argument("--repeat", type=int, default=1, help="runs of each; the best is kept")
    args = parser.parse_args()

    import numpy as np
    import pandas as pd

    values, truth, kinds = prices(args.count, args.seed)
    truth = np.array(truth)
    series = pd.Series(values, dtype=object, name="price")

    def with_fieldcheck():
        report = fieldcheck.check_series(series, "number", locale="de_DE")
        return report.valid.fillna(False).to_numpy(dtype=bool), report

    def naive():
        parsed = pd.to_numeric(series.str.replace(".", "", regex=False)
                               .str.replace(",", ".", regex=False), errors="coerce")
        return parsed.notna().to_numpy(), parsed

    records = tempfile.NamedTemporaryFile(suffix=".z", delete=False)
    records.write(b"".join(v.encode() + b"\0" for v in values))
    records.close()

    def binary_alone():
        with open(records.name, "rb") as source:
            out = subprocess.run([fieldcheck.binary_path(), "number", "--locale", "de_DE", "-z",
                                  "--json", "--color", "never"], stdin=source,
                                 stdout=subprocess.PIPE)
        return out.stdout.count(b"\n")

    rows = []
    seconds, (accepted, report) = best(args.repeat, with_fieldcheck)
    rows.append(("fieldcheck.check_series (Decimal column + findings)", seconds, accepted))
    seconds, (accepted_naive, parsed) = best(args.repeat, naive)
    rows.append(("naive pandas: str.replace + to_numeric", seconds, accepted_naive))
    alone, answered = best(args.repeat, binary_alone)
    os.unlink(records.name)
    assert answered == len(values)

    print(f"{len(values):,} de_DE prices, {int((~truth).sum()):,} invalid by the generator's "
          f"rule; {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"pandas {pd.__version__}, load average {os.getloadavg()[0]:.1f} at the end")
    print()
    print("| method | seconds | values/s | accepted | false accepts | false rejects |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, seconds, ok in rows:
        fa = int((ok & ~truth).sum())
        fr = int((~ok & truth).sum())
        print(f"| {name} | {seconds:.2f} | {len(values) / seconds:,.0f} | {int(ok.sum()):,} "
              f"| {fa:,} | {fr:,} |")
    print(f"| the binary alone: fieldcheck number -z --json, output read and dropped "
          f"| {alone:.2f} | {len(values) / alone:,.0f} | | | |")
    print()
    kinds = np.array(kinds)
    wrong = accepted_naive & ~truth
    by_kind = {k: int((wrong & (kinds == k)).sum()) for k in sorted(set(kinds[wrong]))}
    print("naive false accepts by kind:", ", ".join(f"{k} {n:,}" for k, n in by_kind.items()))
    codes = report.findings["code"].value_counts()
    print("check_series findings by code:", ", ".join(f"{c} {n:,}" for c, n in codes.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
