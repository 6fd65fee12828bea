#!/usr/bin/env python3
"""Run fieldcheck's benchmark suite and print a Markdown table.

    python3 benchmarks/run.py            # 1,000,000 values per workload, best of 3
    python3 benchmarks/run.py --quick    # 20,000 values, one run each (CI)

The binary under test is $FIELDCHECK, by default .build/release/fieldcheck in
the repository root; this script never builds it. It builds the C baselines
in benchmarks/.build/ (cc and ICU's pkg-config), generates the data with
generate.py into benchmarks/out/ (kept, and reused while the count, seed and
generator are the same), runs every tool of every workload with stdout to a
file, and reports throughput, peak RSS, throughput relative to the
ICU-from-C baseline, and false accepts / false rejects against the truth
files. Python stdlib only; the Python anchors (Babel, DuckDB, Frictionless)
run only when importable.

Exit status: 0, or 1 when a tool crashed or fieldcheck disagreed with the
truth (timings never fail the run), or 2 when the run could not be set up.
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import hashlib
import importlib.util
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
BUILD = BENCH / ".build"
BASELINES = ("echo", "icu_number", "icu_date", "icu_text")
SCHEMA = BENCH / "data" / "schema.yaml"
GNU_TIME = "/usr/bin/time"
DASH = "—"

sys.path.insert(0, str(BENCH))
sys.dont_write_bytecode = True  # no __pycache__ beside generate.py
import generate  # noqa: E402  (benchmarks/generate.py, beside this file)


@dataclass
class Tool:
    name: str
    argv: list[str]  # "{input}" is replaced by the data file
    stdin: bool = False  # feed the data file on stdin
    check: str = "lines"  # lines: per-line verdicts; count: grep -c; csv: rows; json: --json records; none
    ok_codes: tuple[int, ...] = (0, 1)  # exit codes that are not a failure
    exit_means_all_accepted: bool = False  # exit 0 iff every value accepted
    env: dict[str, str] = field(default_factory=dict)
    is_fieldcheck: bool = False
    is_baseline: bool = False
    skip: str | None = None  # why the tool does not run
    notes: list[str] = field(default_factory=list)


@dataclass
class Workload:
    name: str
    data: str
    truth: str
    values: int
    tools: list[Tool]
    unit: str = "values"
    kinds: str | None = None  # per line, the kind generate.py drew it as


@dataclass
class Result:
    workload: str
    tool: str
    seconds: float | None = None
    # User + system CPU seconds of the fastest run: what the work cost, whatever the threads.
    cpu_seconds: float | None = None
    rss_kb: int | None = None
    values_per_s: float | None = None
    ratio: float | None = None
    false_accepts: int | None = None
    false_rejects: int | None = None
    status: str = "ok"  # ok, skipped, crashed
    message: str = ""
    notes: list[str] = field(default_factory=list)
    samples: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------
# Setting up: the binary, the baselines, the data.


def fail(message: str) -> None:
    """The run cannot be set up: say why and exit 2."""
    print(f"run.py: {message}", file=sys.stderr)
    sys.exit(2)


def fieldcheck_binary() -> Path:
    """$FIELDCHECK (relative to the working directory), else the release build."""
    configured = os.environ.get("FIELDCHECK")
    path = Path(configured).resolve() if configured else ROOT / ".build" / "release" / "fieldcheck"
    if not (path.is_file() and os.access(path, os.X_OK)):
        fail(
            f"no fieldcheck binary at {path}: build it (swift build -c release --static-swift-stdlib) "
            "or set FIELDCHECK to one; run.py does not build it"
        )
    return path


def fieldcheck_has_csv(binary: Path) -> bool:
    # This snapshot answers `csv --help` with the top-level help and exit 0,
    # so the help must also show the csv subcommand's own usage.
    try:
        result = subprocess.run([str(binary), "csv", "--help"], capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return result.returncode == 0 and b"fieldcheck csv" in result.stdout


def build_baselines() -> None:
    cc = os.environ.get("CC", "cc")
    if shutil.which(cc) is None:
        fail(f"no C compiler ({cc}) to build the baselines")
    try:
        flags = subprocess.run(
            ["pkg-config", "--cflags", "--libs", "icu-i18n"], capture_output=True, text=True, check=True
        ).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        fail("pkg-config finds no icu-i18n (apt-get install libicu-dev pkg-config)")
    BUILD.mkdir(parents=True, exist_ok=True)
    for name in BASELINES:
        source = BENCH / "baselines" / f"{name}.c"
        binary = BUILD / name
        if binary.exists() and binary.stat().st_mtime >= source.stat().st_mtime:
            continue
        command = [cc, "-O2", "-o", str(binary), str(source), *flags]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            fail(f"building {source.name} failed:\n{' '.join(command)}\n{result.stderr}")


def data_dir(out: Path, count: int, seed: int) -> Path:
    """Generate the data unless an identical set is already there."""
    stamp = hashlib.sha256()
    for path in (BENCH / "generate.py", SCHEMA):
        stamp.update(path.read_bytes())
    stamp.update(f"{count}/{seed}".encode())
    directory = out / f"data-{count}-{seed}"
    stamp_file = directory / "stamp"
    if stamp_file.exists() and stamp_file.read_text() == stamp.hexdigest():
        return directory
    print(f"generating {count:,} values per workload into {directory} ...", file=sys.stderr)
    generate.generate(count, directory, seed)
    stamp_file.write_text(stamp.hexdigest())
    return directory


def gnu_time_works() -> bool:
    if not os.access(GNU_TIME, os.X_OK):
        return False
    result = subprocess.run([GNU_TIME, "-f", "%M", "-o", os.devnull, "true"], capture_output=True)
    return result.returncode == 0


# --------------------------------------------------------------------------
# Running one tool.


def expand(tool: Tool, input_path: Path) -> list[str]:
    return [part.replace("{input}", str(input_path)) for part in tool.argv]


def run_once(tool: Tool, input_path: Path, out_path: Path, err_path: Path, use_time: bool):
    """Run the tool once; return (seconds, CPU seconds or None, peak RSS in KB or None, exit code, signal)."""
    command = expand(tool, input_path)
    rss_path = out_path.with_suffix(".rss")
    if use_time:
        # GNU time forks the tool from its own small process and reports the
        # tool's ru_maxrss. (Not os.wait4 on a child of this script: on Linux
        # a child exec'd from a vfork of Python keeps Python's high-water RSS
        # in its ru_maxrss.)
        command = [GNU_TIME, "-f", "%U %S %M", "-o", str(rss_path), *command]
    env = dict(os.environ, **tool.env)
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        stdin = open(input_path, "rb") if tool.stdin else subprocess.DEVNULL
        try:
            start = time.perf_counter()
            process = subprocess.run(command, stdin=stdin, stdout=out, stderr=err, env=env)
            seconds = time.perf_counter() - start
        finally:
            if tool.stdin:
                stdin.close()
    code, signal = process.returncode, None
    rss = cpu = None
    if use_time:
        lines = [line for line in rss_path.read_text(errors="replace").splitlines() if line.strip()]
        for line in lines:
            if "terminated by signal" in line:
                signal = int(line.rsplit(" ", 1)[1])
        fields = lines[-1].split() if lines else []
        if len(fields) == 3 and fields[2].isdigit():
            cpu, rss = float(fields[0]) + float(fields[1]), int(fields[2])
    elif code < 0:
        signal = -code
    return seconds, cpu, rss, code, signal


def read_lines(path: Path) -> list[bytes]:
    data = path.read_bytes()
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return lines


def judge_lines(tool: Tool, workload: Workload, directory: Path, out_path: Path, result: Result):
    """False accepts / rejects from per-line emptiness of stdout."""
    inputs = read_lines(directory / workload.data)
    truth = read_lines(directory / workload.truth)
    outputs = read_lines(out_path)
    if len(outputs) != len(truth):
        result.message = f"stdout has {len(outputs):,} lines for {len(truth):,} input lines"
        return
    kinds = read_kinds(directory, workload, len(truth))
    wrong: Counter[str] = Counter()
    false_accepts = false_rejects = 0
    empty_valid = 0
    for number, (value, verdict, output) in enumerate(zip(inputs, truth, outputs), start=1):
        valid = verdict == b"1"
        if valid and value == b"":
            # An accepted empty value also prints an empty line: judged below.
            empty_valid += 1
            continue
        accepted = output != b""
        if accepted == valid:
            continue
        wrong[kinds[number - 1]] += 1
        if accepted:
            false_accepts += 1
        else:
            false_rejects += 1
        if len(result.samples) < 10:
            said = f"printed {output.decode(errors='replace')!r}" if accepted else "rejected it"
            result.samples.append(
                f"line {number}: {value.decode(errors='replace')!r} is {'valid' if valid else 'invalid'}; {tool.name} {said}"
            )
    if empty_valid:
        # The verdict on an empty line does not depend on the other lines, so
        # run the tool on the empty lines alone and read its exit status.
        if tool.exit_means_all_accepted:
            probe = out_path.with_name(out_path.stem + "-empty.txt")
            probe.write_bytes(b"\n" * empty_valid)
            _, _, _, code, signal = run_once(tool, probe, probe.with_suffix(".out"), probe.with_suffix(".err"), False)
            if signal is None and code == 0:
                pass
            elif signal is None and code == 1:
                false_rejects += empty_valid
                wrong["valid (empty)"] += empty_valid
                if len(result.samples) < 10:
                    result.samples.append(f"{empty_valid:,} empty lines are valid; {tool.name} rejected them")
            else:
                result.message = f"the empty-line probe ended with exit {code}, signal {signal}"
                return
            result.notes.append(
                f"{workload.name}: the {empty_valid:,} valid empty values print an empty line whether accepted or "
                "not; they are judged by rerunning the tool on them alone and reading its exit status"
            )
        else:
            result.notes.append(f"{empty_valid:,} valid empty values cannot be judged from stdout and are not counted")
    result.false_accepts, result.false_rejects = false_accepts, false_rejects
    note_wrong_kinds(result, wrong)


def _same_id(left: str, right: str) -> bool:
    if left == right:
        return True
    try:
        return int(left) == int(right)
    except ValueError:
        return False


def judge_csv(tool: Tool, workload: Workload, directory: Path, out_path: Path, result: Result):
    """Match output rows to input rows in order by their id cell."""
    with open(directory / workload.data, encoding="utf-8", newline="") as handle:
        rows = csv.reader(handle)
        header = next(rows)
        input_ids = [row[0] if row else "" for row in rows]
    truth = read_lines(directory / workload.truth)
    with open(out_path, encoding="utf-8", errors="replace", newline="") as handle:
        output = list(csv.reader(handle))
    if not output or [cell.strip() for cell in output[0]] != header:
        result.message = f"stdout does not start with the header {','.join(header)}"
        return
    output_ids = [row[0] if row else "" for row in output[1:]]
    kinds = read_kinds(directory, workload, len(truth))
    wrong: Counter[str] = Counter()
    false_accepts = false_rejects = 0
    position = 0
    for number, (ident, verdict) in enumerate(zip(input_ids, truth), start=2):
        accepted = position < len(output_ids) and _same_id(output_ids[position], ident)
        if accepted:
            position += 1
        valid = verdict == b"1"
        if accepted == valid:
            continue
        wrong[kinds[number - 2]] += 1
        if accepted:
            false_accepts += 1
        else:
            false_rejects += 1
        if len(result.samples) < 10:
            result.samples.append(
                f"row at line {number} (id {ident!r}) is {'valid' if valid else 'invalid'}; "
                f"{tool.name} {'kept' if accepted else 'dropped'} it"
            )
    if position < len(output_ids):
        false_accepts += len(output_ids) - position
        result.notes.append(f"{len(output_ids) - position:,} output rows match no input row; counted as false accepts")
    result.notes.append(
        f"{len(output_ids):,} rows written for {truth.count(b'1'):,} valid rows; rows matched to input rows by id, in order"
    )
    result.false_accepts, result.false_rejects = false_accepts, false_rejects
    note_wrong_kinds(result, wrong)


def read_kinds(directory: Path, workload: Workload, count: int) -> list[str]:
    path = directory / workload.kinds if workload.kinds else None
    if path is None or not path.exists():
        return ["?"] * count
    kinds = path.read_text(encoding="utf-8").split("\n")
    return kinds[:count] + ["?"] * (count - len(kinds[:count]))


def note_wrong_kinds(result: Result, wrong: Counter[str]) -> None:
    if wrong:
        parts = ", ".join(f"{kind} {n:,}" for kind, n in wrong.most_common())
        result.notes.append(f"{result.tool} on {result.workload}: the wrong verdicts by kind of value: {parts}")


def judge_json(tool: Tool, workload: Workload, directory: Path, out_path: Path, result: Result):
    """False accepts / rejects from `--json` records: one per value with its `valid` (line
    commands), or one per problem with its `row` and `severity` (csv: a row with an error is
    rejected)."""
    truth = read_lines(directory / workload.truth)
    kinds = read_kinds(directory, workload, len(truth))
    accepted = [True] * len(truth)
    try:
        with open(out_path, encoding="utf-8") as handle:
            records = [json.loads(line) for line in handle if line.strip()]
    except (ValueError, UnicodeDecodeError) as error:
        result.message = f"stdout is not JSON Lines: {error}"
        return
    if workload.unit == "rows":
        for record in records:
            if record.get("severity") == "error" and isinstance(record.get("row"), int):
                if 1 <= record["row"] <= len(truth):
                    accepted[record["row"] - 1] = False
    else:
        if len(records) != len(truth):
            result.message = f"stdout has {len(records):,} JSON records for {len(truth):,} input lines"
            return
        accepted = [record.get("valid") is True for record in records]
    wrong: Counter[str] = Counter()
    false_accepts = false_rejects = 0
    for number, (verdict, took) in enumerate(zip(truth, accepted), start=1):
        valid = verdict == b"1"
        if took == valid:
            continue
        wrong[kinds[number - 1]] += 1
        if took:
            false_accepts += 1
        else:
            false_rejects += 1
        if len(result.samples) < 10:
            result.samples.append(f"{workload.unit[:-1]} {number} is {'valid' if valid else 'invalid'}; {tool.name} {'accepted' if took else 'rejected'} it")
    result.false_accepts, result.false_rejects = false_accepts, false_rejects
    note_wrong_kinds(result, wrong)


def run_tool(tool: Tool, workload: Workload, directory: Path, results_dir: Path, repeat: int, use_time: bool) -> Result:
    result = Result(workload.name, tool.name, notes=list(tool.notes))
    if tool.skip:
        result.status, result.message = "skipped", tool.skip
        return result
    slug = f"{workload.name}-{tool.name.split()[0].lower()}"
    out_path, err_path = results_dir / f"{slug}.out", results_dir / f"{slug}.err"
    input_path = directory / workload.data
    best = None
    for _ in range(repeat):
        seconds, cpu, rss, code, signal = run_once(tool, input_path, out_path, err_path, use_time)
        if signal is not None or code not in tool.ok_codes:
            result.status = "crashed"
            how = f"signal {signal}" if signal is not None else f"exit {code}"
            stderr = err_path.read_bytes()[-400:].decode(errors="replace").strip()
            result.message = f"{how}" + (f": {stderr}" if stderr else "")
            return result
        if best is None or seconds < best:
            best, result.cpu_seconds = seconds, cpu
        if rss is not None:
            result.rss_kb = max(result.rss_kb or 0, rss)
    result.seconds = best
    result.values_per_s = workload.values / best if best > 0 else None
    if tool.check == "lines":
        judge_lines(tool, workload, directory, out_path, result)
    elif tool.check == "csv":
        judge_csv(tool, workload, directory, out_path, result)
    elif tool.check == "json":
        judge_json(tool, workload, directory, out_path, result)
    elif tool.check == "count":
        counted = out_path.read_text().strip()
        counted = f"{int(counted):,}" if counted.isdigit() else repr(counted)
        valid = read_lines(directory / workload.truth).count(b"1")
        result.notes.append(f"it counted {counted} lines of only [a-zA-Z0-9], of any length; {valid:,} values are valid")
    return result


# --------------------------------------------------------------------------
# The workloads.


def anchor(module: str, package: str, name: str, argv: list[str], check: str) -> Tool:
    tool = Tool(name, [sys.executable, *argv], check=check, ok_codes=(0,))
    if importlib.util.find_spec(module) is None:
        tool.skip = f"{module} not installed (pip install {package})"
    return tool


def workloads(binary: Path, manifest: dict, directory: Path, has_csv: bool) -> list[Workload]:
    fc = str(binary)
    base = str(BUILD)
    anchors = BENCH / "anchors"
    c_utf8 = {"LC_ALL": "C.UTF-8"}

    def fieldcheck(*args: str) -> Tool:
        return Tool(
            "fieldcheck",
            [fc, *args, "--on-invalid", "blank", "--quiet", "{input}"],
            exit_means_all_accepted=True,
            is_fieldcheck=True,
        )

    def fieldcheck_jobs(*args: str) -> Tool:
        # The same command on both cores: output in input order, the same verdicts.
        tool = fieldcheck(*args, "--jobs", "2")
        tool.name = "fieldcheck --jobs 2"
        return tool

    def fieldcheck_summary(*args: str) -> Tool:
        # With --summary every rejection's codes are counted, so none is decided on the fast
        # path alone: every rejected value goes through the full pipeline.
        tool = fieldcheck(*args, "--summary")
        tool.name = "fieldcheck --summary"
        return tool

    def fieldcheck_default(*args: str) -> Tool:
        # What a user runs first: no --quiet, every rejection explained in words on stderr
        # (written to the run's .err file).
        tool = fieldcheck(*args)
        tool.argv = [arg for arg in tool.argv if arg != "--quiet"]
        tool.name = "fieldcheck (diagnostics)"
        return tool

    def fieldcheck_json(*args: str) -> Tool:
        # JSON Lines on stdout, one record per value with every rejection explained.
        tool = Tool("fieldcheck --json", [fc, *args, "--json", "{input}"], check="json", is_fieldcheck=True)
        tool.exit_means_all_accepted = True
        return tool

    def icu(name: str, *args: str) -> Tool:
        # args: the locale (and pattern) when not the program's default.
        return Tool("ICU-from-C", [f"{base}/{name}", *args], stdin=True, exit_means_all_accepted=True, is_baseline=True)

    def floor() -> Tool:
        return Tool("echo floor", [f"{base}/echo"], stdin=True, check="none", ok_codes=(0,))

    numfmt = Tool(
        "GNU numfmt",
        ["numfmt", "--from=none", "--invalid=ignore"],
        stdin=True,
        check="none",
        ok_codes=(0,),
        env=c_utf8,
        notes=[
            "numfmt reads numbers in the C.UTF-8 locale only: '.' decimal point, no grouping (here no de_DE "
            "locale is needed or used, and grouped input is never read). `--from=none --invalid=ignore` keeps "
            "one output line per input line, but an unreadable value is echoed unchanged, so stdout cannot "
            "tell a rejection from an acceptance: no correctness columns. It also reads '1.234' as 1.234, and "
            "its default --round=from-zero can change a last digit (1234.56 prints as 1234.57). "
            "A throughput reference only."
        ],
    )
    if shutil.which("numfmt") is None:
        numfmt.skip = "numfmt not found (GNU coreutils)"
    grep = Tool(
        "grep -c",
        ["grep", "-c", "-v", "[^a-zA-Z0-9]", "{input}"],
        check="count",
        ok_codes=(0, 1),
        env=c_utf8,
        notes=["`LC_ALL=C.UTF-8 grep -c -v '[^a-zA-Z0-9]'` only counts lines; it checks no length: no correctness columns"],
    )
    csv_fieldcheck = Tool(
        "fieldcheck",
        [fc, "csv", "--schema", str(SCHEMA), "--normalize", "--quiet", "{input}"],
        check="csv",
        is_fieldcheck=True,
    )
    csv_fieldcheck_jobs = Tool(
        "fieldcheck --jobs 2",
        [fc, "csv", "--schema", str(SCHEMA), "--normalize", "--quiet", "--jobs", "2", "{input}"],
        check="csv",
        is_fieldcheck=True,
    )
    csv_fieldcheck_default = Tool(
        "fieldcheck (diagnostics)",
        [fc, "csv", "--schema", str(SCHEMA), "--normalize", "{input}"],
        check="csv",
        is_fieldcheck=True,
    )
    csv_fieldcheck_check = Tool(
        "fieldcheck --check",
        [fc, "csv", "--schema", str(SCHEMA), "--check", "--quiet", "{input}"],
        check="none",
        is_fieldcheck=True,
        notes=[
            "`csv --check --quiet` writes nothing and answers with its exit status alone: no correctness "
            "columns (the --normalize rows judge the same checks cell by cell)"
        ],
    )
    csv_fieldcheck_json = Tool(
        "fieldcheck --json",
        [fc, "csv", "--schema", str(SCHEMA), "--json", "{input}"],
        check="json",
        is_fieldcheck=True,
    )
    csv_tools = (csv_fieldcheck, csv_fieldcheck_jobs, csv_fieldcheck_default, csv_fieldcheck_check, csv_fieldcheck_json)
    if not has_csv:
        for tool in csv_tools:
            tool.skip = "fieldcheck csv not available"

    info = manifest["workloads"]
    result = [
        Workload(
            "numbers",
            info["numbers"]["data"],
            info["numbers"]["truth"],
            info["numbers"]["values"],
            [
                fieldcheck("number", "--locale", "de_DE"),
                fieldcheck_jobs("number", "--locale", "de_DE"),
                fieldcheck_default("number", "--locale", "de_DE"),
                fieldcheck_summary("number", "--locale", "de_DE"),
                icu("icu_number"),
                floor(),
                numfmt,
                anchor("babel", "babel", "Babel parse_decimal", [str(anchors / "babel_number.py"), "{input}"], "lines"),
            ],
        ),
        Workload(
            "dates",
            info["dates"]["data"],
            info["dates"]["truth"],
            info["dates"]["values"],
            [
                fieldcheck("date", "--locale", "de_DE", "--pattern", "dd.MM.yyyy"),
                fieldcheck_jobs("date", "--locale", "de_DE", "--pattern", "dd.MM.yyyy"),
                fieldcheck_default("date", "--locale", "de_DE", "--pattern", "dd.MM.yyyy"),
                fieldcheck_summary("date", "--locale", "de_DE", "--pattern", "dd.MM.yyyy"),
                icu("icu_date"),
                floor(),
            ],
        ),
        Workload(
            "text",
            info["text"]["data"],
            info["text"]["truth"],
            info["text"]["values"],
            [
                fieldcheck("text", "--allow", "[a-zA-Z0-9]", "--max-length", "12"),
                fieldcheck_jobs("text", "--allow", "[a-zA-Z0-9]", "--max-length", "12"),
                fieldcheck_default("text", "--allow", "[a-zA-Z0-9]", "--max-length", "12"),
                fieldcheck_summary("text", "--allow", "[a-zA-Z0-9]", "--max-length", "12"),
                icu("icu_text"),
                floor(),
                grep,
            ],
        ),
        Workload(
            "csv",
            info["csv"]["data"],
            info["csv"]["truth"],
            info["csv"]["values"],
            [
                csv_fieldcheck,
                csv_fieldcheck_check,
                csv_fieldcheck_jobs,
                csv_fieldcheck_default,
                floor(),
                anchor("duckdb", "duckdb", "DuckDB (1 thread)", [str(anchors / "duckdb_csv.py"), "{input}"], "csv"),
                anchor(
                    "frictionless",
                    "frictionless",
                    "Frictionless",
                    [str(anchors / "frictionless_csv.py"), str(directory / "schema.yaml"), "{input}"],
                    "csv",
                ),
            ],
            unit="rows",
        ),
        # Values off fieldcheck's byte fast path, which ICU has to read: month
        # names, and another script's digits and separators.
        Workload(
            "dates-long",
            info["dates-long"]["data"],
            info["dates-long"]["truth"],
            info["dates-long"]["values"],
            [
                fieldcheck("date", "--locale", "de_DE", "--style", "long"),
                fieldcheck_jobs("date", "--locale", "de_DE", "--style", "long"),
                fieldcheck_default("date", "--locale", "de_DE", "--style", "long"),
                icu("icu_date", "de_DE", "d. MMMM y"),
                floor(),
            ],
        ),
        Workload(
            "numbers-arab",
            info["numbers-arab"]["data"],
            info["numbers-arab"]["truth"],
            info["numbers-arab"]["values"],
            [
                fieldcheck("number", "--locale", "ar_EG"),
                fieldcheck_jobs("number", "--locale", "ar_EG"),
                fieldcheck_default("number", "--locale", "ar_EG"),
                icu("icu_number", "ar_EG"),
                floor(),
            ],
        ),
    ]
    # Mostly bad input (issue 35): half the values rejected, every kind alike. What an
    # explained rejection costs, in words on stderr and as JSON Lines on stdout.
    if "numbers-bad" in info:
        bad = [("numbers-bad", ("number", "--locale", "de_DE"), icu("icu_number")),
               ("dates-bad", ("date", "--locale", "de_DE", "--pattern", "dd.MM.yyyy"), icu("icu_date"))]
        for name, args, baseline in bad:
            result.append(Workload(name, info[name]["data"], info[name]["truth"], info[name]["values"], [
                fieldcheck(*args), fieldcheck_default(*args), fieldcheck_json(*args), baseline, floor()]))
        result.append(Workload(
            "csv-bad", info["csv-bad"]["data"], info["csv-bad"]["truth"], info["csv-bad"]["values"],
            [
                dataclasses.replace(csv_fieldcheck),
                dataclasses.replace(csv_fieldcheck_default),
                dataclasses.replace(csv_fieldcheck_json),
                floor(),
                anchor("duckdb", "duckdb", "DuckDB (1 thread)", [str(anchors / "duckdb_csv.py"), "{input}"], "csv"),
            ],
            unit="rows",
        ))
    for workload in result:
        workload.kinds = info[workload.name].get("kinds_file")
    return result


# --------------------------------------------------------------------------
# Reporting.


def cell_number(value: int | None) -> str:
    return DASH if value is None else f"{value:,}"


def table(results: list[Result]) -> tuple[list[str], list[str]]:
    lines = [
        "| workload | tool | values/s | CPU s | peak RSS MB | × ICU-from-C | false accepts | false rejects |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    notes: list[str] = []
    for result in results:
        marks = []
        own = [] if result.status == "skipped" else result.notes + ([result.message] if result.message else [])
        for note in own:
            if note not in notes:
                notes.append(note)
            marks.append(notes.index(note) + 1)
        name = result.tool + (" " + "".join(f"[{n}]" for n in sorted(set(marks))) if marks else "")
        if result.status != "ok":
            what = f"skipped: {result.message}" if result.status == "skipped" else result.status
            lines.append(f"| {result.workload} | {name} | {what} | {DASH} | {DASH} | {DASH} | {DASH} | {DASH} |")
            continue
        speed = DASH if result.values_per_s is None else f"{result.values_per_s:,.0f}"
        rss = DASH if result.rss_kb is None else f"{result.rss_kb / 1024:.1f}"
        cpu = DASH if result.cpu_seconds is None else f"{result.cpu_seconds:.2f}"
        ratio = DASH if result.ratio is None else f"{result.ratio:.2f}"
        lines.append(
            f"| {result.workload} | {name} | {speed} | {cpu} | {rss} | {ratio} | "
            f"{cell_number(result.false_accepts)} | {cell_number(result.false_rejects)} |"
        )
    return lines, [f"[{number}] {note}" for number, note in enumerate(notes, start=1)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="20,000 values and one run per tool (for CI)")
    parser.add_argument("--count", type=int, help="values per workload (default 1,000,000; --quick 20,000)")
    parser.add_argument("--repeat", type=int, help="runs per tool, the best is kept (default 3; --quick 1)")
    parser.add_argument("--seed", type=int, default=generate.DEFAULT_SEED, help="data seed")
    parser.add_argument("--out", type=Path, default=BENCH / "out", help="where data and outputs go (default benchmarks/out)")
    parser.add_argument(
        "--workloads", default="numbers,dates,text,csv,dates-long,numbers-arab", help="comma-separated subset to run"
    )
    args = parser.parse_args(argv)
    count = args.count if args.count is not None else (20_000 if args.quick else 1_000_000)
    repeat = args.repeat if args.repeat is not None else (1 if args.quick else 3)
    if count < 1 or repeat < 1:
        parser.error("--count and --repeat must be at least 1")
    chosen = [name.strip() for name in args.workloads.split(",") if name.strip()]

    started = time.perf_counter()
    binary = fieldcheck_binary()
    build_baselines()
    out = args.out.resolve()
    directory = data_dir(out, count, args.seed)
    manifest = json.loads((directory / "manifest.json").read_text())
    results_dir = out / "results"
    results_dir.mkdir(parents=True, exist_ok=True)
    use_time = gnu_time_works()
    has_csv = fieldcheck_has_csv(binary)

    results: list[Result] = []
    failed = False
    for workload in workloads(binary, manifest, directory, has_csv):
        if workload.name not in chosen:
            continue
        baseline = None
        for tool in workload.tools:
            print(f"{workload.name}: {tool.name} ...", file=sys.stderr)
            result = run_tool(tool, workload, directory, results_dir, repeat, use_time)
            if workload.unit != "values":
                result.notes.append(f"{workload.name}: values are {workload.unit}")
            if not use_time:
                result.notes.append(f"no GNU time at {GNU_TIME}: peak RSS not measured (apt-get install time)")
            results.append(result)
            if tool.is_baseline and result.values_per_s:
                baseline = result.values_per_s
            if result.status == "crashed":
                failed = True
            # A row without verdicts (`csv --check`) is judged by the rows with them.
            if tool.is_fieldcheck and tool.check != "none" and result.status == "ok":
                if result.false_accepts is None or result.false_rejects is None or result.false_accepts or result.false_rejects:
                    failed = True
        for result in results:
            if result.workload == workload.name and baseline and result.values_per_s:
                result.ratio = result.values_per_s / baseline

    version = subprocess.run([str(binary), "--version"], capture_output=True, text=True).stdout.strip()
    icu = subprocess.run(["pkg-config", "--modversion", "icu-i18n"], capture_output=True, text=True).stdout.strip()
    info = manifest["workloads"]
    rows, notes = table(results)
    report = [
        "## fieldcheck benchmarks",
        "",
        f"fieldcheck {version} ({binary}), ICU {icu}; {count:,} values per workload "
        f"(csv: {info['csv']['rows']:,} rows of 6 cells), seed {args.seed}; best of {repeat}; "
        f"{os.cpu_count()} CPUs, {platform.machine()} {platform.system()} {platform.release()}.",
        "",
        *rows,
        "",
        *notes,
    ]
    samples = [(r, s) for r in results if r.samples and (r.tool == "fieldcheck") for s in r.samples]
    if samples:
        report += ["", "fieldcheck disagrees with the truth (first lines):"]
        report += [f"- {r.workload}: {s}" for r, s in samples]
    report += ["", f"Data in {directory}; outputs in {results_dir}; run took {time.perf_counter() - started:.1f} s."]
    text = "\n".join(report) + "\n"
    print(text, end="")
    (out / "results.md").write_text(text)
    (out / "results.json").write_text(
        json.dumps([result.__dict__ for result in results], indent=2, default=str) + "\n"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
