#!/usr/bin/env python3
"""Key-to-redraw latency of `fieldcheck prompt` on a pseudo-terminal, against a floor.

For each field, types a sequence of keys one at a time into the real binary on a pty and
times, per key, from writing the key to the first byte of the redraw. The floor is a raw-mode
echo of the same keys by a Python child on the same kind of pty: the cost of the pty round
trip and process wake-up alone. Prints a Markdown table (median, 95th percentile and
maximum in milliseconds, and the median's ratio to the floor's).

Usage: python3 benchmarks/prompt_latency.py [--repeat N]
$FIELDCHECK is the binary (default .build/release/fieldcheck). The target (issue 17) is a
refusal or an acceptance drawn within 5 ms.
"""
import argparse, os, pty, select, statistics, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.environ.get("FIELDCHECK", os.path.join(ROOT, ".build/release/fieldcheck"))

FIELDS = [
    ("vowels <= 6", ["text", "--allow", "aeiouAEIOU", "--max-length", "6"], "aexiouAE"),
    ("digits <= 3", ["text", "--preset", "number-pad", "--max-length", "3"], "12a34"),
    ("de_DE number <= 7", ["number", "--locale", "de_DE", "--max-length", "7"], "1.2,34,56"),
    ("en_US currency", ["number", "--locale", "en_US", "--style", "currency"], "$1,234.5x6"),
    ("de_DE dd.MM.yyyy", ["date", "--locale", "de_DE", "--pattern", "dd.MM.yyyy"], "32.13.04.2026"),
    ("de_DE date full", ["date", "--locale", "de_DE", "--style", "full"], "Montag, 13. Aprix 2026"),
    ("regex [A-Z]{2}[0-9]{4}", ["text", "--pattern", "[A-Z]{2}[0-9]{4}"], "DE1a234"),
]

ECHO = (
    "import os, sys, tty\n"
    "tty.setraw(0)\n"
    "while True:\n"
    "    b = os.read(0, 64)\n"
    "    if not b or b'\\x03' in b: break\n"
    "    os.write(1, b)\n"
)


def measure(argv, keys):
    pid, master = pty.fork()
    if pid == 0:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1) if argv[0] == BINARY else None
        os.execv(argv[0], argv)
    drain(master, 3.0)  # the first drawing (and, for the prompt, the completion samples)
    latencies = []
    for key in keys:
        sent = time.perf_counter()
        os.write(master, key.encode())
        first = drain(master, 1.0)
        if first is not None:
            latencies.append((first - sent) * 1000)
    os.write(master, b"\x03")
    drain(master, 0.2)
    os.waitpid(pid, 0)
    os.close(master)
    return latencies


def drain(master, timeout):
    """Reads until the output pauses; the time of the first byte, or None."""
    first = None
    deadline = time.perf_counter() + timeout
    while True:
        left = deadline - time.perf_counter()
        if left <= 0:
            return first
        ready, _, _ = select.select([master], [], [], left)
        if not ready:
            return first
        try:
            data = os.read(master, 65536)
        except OSError:
            return first
        if not data:
            return first
        if first is None:
            first = time.perf_counter()
        deadline = min(deadline, time.perf_counter() + 0.03)


def summary(values):
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return statistics.median(ordered), p95, ordered[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each field (default 3)")
    options = parser.parse_args()
    if not os.access(BINARY, os.X_OK):
        sys.exit(f"prompt_latency: no binary at {BINARY}; build it first (swift build -c release)")
    rows = []
    floor = []
    for _ in range(options.repeat):
        floor += measure([sys.executable, "-c", ECHO], list("aexiouAE12a34"))
    floor_median = summary(floor)[0]
    rows.append(("floor: raw-mode echo", *summary(floor), 1.0, len(floor), 0))
    for name, args, typed in FIELDS:
        values = []
        for _ in range(options.repeat):
            values += measure([BINARY, "prompt"] + args, list(typed))
        median, p95, worst = summary(values)
        slow = sum(1 for value in values if value > 5.0)
        rows.append((name, median, p95, worst, median / floor_median, len(values), slow))
    print(f"prompt key-to-redraw latency, ms ({BINARY}, {options.repeat} runs per field)\n")
    print("| field | median | p95 | max | median / floor | keys | keys over 5 ms |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, median, p95, worst, ratio, count, slow in rows:
        print(f"| {name} | {median:.2f} | {p95:.2f} | {worst:.2f} | {ratio:.1f}x | {count} | {slow} |")
    keys = sum(row[5] for row in rows[1:])
    slow = sum(row[6] for row in rows[1:])
    print(f"\ntarget (every key drawn within 5 ms): {keys - slow} of {keys} keys within it"
          + ("" if slow == 0 else "; the floor's own max above shows how much the machine adds"))


if __name__ == "__main__":
    main()
