#!/usr/bin/env python3
"""Compares the CPU time of two or more fieldcheck builds on the benchmark data, in one run.

    python3 benchmarks/generate.py --count 1000000 --out /tmp/bench1m
    python3 benchmarks/compare_builds.py --data /tmp/bench1m before=/tmp/a/fieldcheck after=.build/release/fieldcheck
    python3 benchmarks/compare_builds.py --startup dynamic=.build/release/fieldcheck static=.build/dist/fieldcheck

Runs every workload with every binary, interleaved, `--repeat` times (default 5), and prints a
Markdown table of the lowest user+system time of each, with the first binary's time divided by
the second's. Verdicts are not checked here: `run.py` does that.

`--startup` instead times start-up: the wall time of `number < /dev/null` and of `csv --schema`
with a small YAML schema on a one-row file, median and lowest of 200 runs each, interleaved.
"""

import argparse
import resource
import subprocess
from pathlib import Path


def workloads(data: Path) -> dict[str, list[str]]:
    schema, table = str(data / "schema.yaml"), str(data / "table.csv")
    return {
        "csv --normalize --quiet": ["csv", "--schema", schema, "--normalize", "--quiet", table],
        "csv --normalize (explained)": ["csv", "--schema", schema, "--normalize", table],
        "csv --quiet --jobs 2": ["csv", "--schema", schema, "--normalize", "--quiet", "--jobs", "2", table],
        "number de_DE --quiet": ["number", "--locale", "de_DE", "--on-invalid", "blank", "--quiet",
                                 str(data / "numbers_de.txt")],
        "number de_DE (explained)": ["number", "--locale", "de_DE", "--on-invalid", "blank",
                                     str(data / "numbers_de.txt")],
        "date de_DE --quiet": ["date", "--locale", "de_DE", "--on-invalid", "blank", "--quiet",
                               str(data / "dates.txt")],
    }


def cpu_seconds(command: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def startup(builds: dict[str, str], runs: int) -> None:
    import statistics
    import tempfile
    import time

    folder = Path(tempfile.mkdtemp())
    schema = folder / "schema.yaml"
    schema.write_text("fields:\n  - {name: price, type: number, locale: de_DE}\n  - {name: day, type: date}\n")
    table = folder / "t.csv"
    table.write_text('price,day\n"1,5",2026-04-13\n')
    loads = {
        "number < /dev/null": ["number", "--locale", "de_DE"],
        "csv --schema (YAML), one row": ["csv", "--schema", str(schema), str(table)],
    }
    times: dict[tuple[str, str], list[float]] = {}
    for _ in range(runs):
        for label, binary in builds.items():
            for name, command in loads.items():
                start = time.perf_counter()
                subprocess.run([binary] + command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, check=False)
                times.setdefault((name, label), []).append(time.perf_counter() - start)
    labels = list(builds)
    print("| start-up (wall, ms: median / lowest) | " + " | ".join(labels) + " |")
    print("|---|" + "---:|" * len(labels))
    for name in loads:
        cells = [f"{statistics.median(times[(name, l)]) * 1000:.1f} / {min(times[(name, l)]) * 1000:.1f}"
                 for l in labels]
        print(f"| {name} | " + " | ".join(cells) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, help="a directory generate.py wrote")
    parser.add_argument("--startup", action="store_true", help="time start-up instead")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("builds", nargs="+", help="LABEL=PATH of a fieldcheck binary")
    args = parser.parse_args()
    builds = dict(build.split("=", 1) for build in args.builds)
    if args.startup:
        startup(builds, 200)
        return
    if args.data is None:
        parser.error("--data is needed (or --startup)")
    loads = workloads(args.data)
    best: dict[tuple[str, str], float] = {}
    for _ in range(args.repeat):
        for label, binary in builds.items():
            for name, command in loads.items():
                seconds = cpu_seconds([binary] + command)
                best[(name, label)] = min(best.get((name, label), float("inf")), seconds)
    labels = list(builds)
    print("| workload | " + " | ".join(labels) + (" | first / second |" if len(labels) > 1 else " |"))
    print("|---|" + "---:|" * (len(labels) + (1 if len(labels) > 1 else 0)))
    for name in loads:
        times = [best[(name, label)] for label in labels]
        ratio = f" | {times[0] / times[1]:.3f}" if len(times) > 1 and times[1] > 0 else ""
        print(f"| {name} | " + " | ".join(f"{t:.3f} s" for t in times) + ratio + " |")


if __name__ == "__main__":
    main()
