#!/usr/bin/env python3
"""Compares the CPU time of two or more fieldcheck builds on the benchmark data, in one run.

    python3 benchmarks/generate.py --count 1000000 --out /tmp/bench1m
    python3 benchmarks/compare_builds.py --data /tmp/bench1m before=/tmp/a/fieldcheck after=.build/release/fieldcheck

Runs every workload with every binary, interleaved, `--repeat` times (default 5), and prints a
Markdown table of the lowest user+system time of each, with the first binary's time divided by
the second's. Verdicts are not checked here: `run.py` does that.
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, required=True, help="a directory generate.py wrote")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("builds", nargs="+", help="LABEL=PATH of a fieldcheck binary")
    args = parser.parse_args()
    builds = dict(build.split("=", 1) for build in args.builds)
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
