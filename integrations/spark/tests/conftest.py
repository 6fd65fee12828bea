"""Shared fixtures: the fieldcheck binary, a local[2] Spark session, the benchmark table."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
try:  # the installed package (CI runs these tests from the wheel), else the source tree's
    import fieldcheck.spark  # noqa: F401
except ImportError:
    sys.path.insert(0, str(REPO / "python" / "src"))


def fieldcheck_binary() -> Path:
    """$FIELDCHECK_BIN, else the release build (what CI builds before this step), else debug."""
    if os.environ.get("FIELDCHECK_BIN"):
        return Path(os.environ["FIELDCHECK_BIN"]).resolve()
    for kind in ("release", "debug"):
        path = REPO / ".build" / kind / "fieldcheck"
        if path.exists():
            return path
    pytest.exit("no fieldcheck binary: run `swift build -c release` or set FIELDCHECK_BIN", 2)


@pytest.fixture(scope="session")
def binary() -> Path:
    return fieldcheck_binary()


@pytest.fixture(scope="session")
def spark(binary):
    pyspark = pytest.importorskip("pyspark")  # noqa: F841
    from pyspark.sql import SparkSession

    import fieldcheck.spark

    session = (
        SparkSession.builder.master("local[2]")
        .appName("fieldcheck-spark-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.driver.memory", "1g")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    fieldcheck.spark.add_binary(session, str(binary))
    yield session
    session.stop()


@pytest.fixture(scope="session")
def table_dir(tmp_path_factory) -> Path:
    """benchmarks/generate.py --count 2000: table.csv is the benchmark table."""
    out = tmp_path_factory.mktemp("data")
    subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "generate.py"), "--count", "2000", "--out",
         str(out)],
        check=True, stdout=subprocess.DEVNULL,
    )
    return out
