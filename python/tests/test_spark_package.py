"""fieldcheck.spark from the package: add_binary ships the package's own binary as `fieldcheck`.

The full Spark suite (reports equal to `fieldcheck csv`, uniqueness, the pipe recipe) is
integrations/spark/tests, which imports fieldcheck.spark from the installed package."""

import os
import zipfile

import pytest

import fieldcheck
import fieldcheck.spark as fs


class FakeContext:
    def __init__(self):
        self.files, self.py_files = [], []

    def addFile(self, path):
        self.files.append(path)

    def addPyFile(self, path):
        self.py_files.append(path)


class FakeSpark:
    def __init__(self):
        self.sparkContext = FakeContext()


def test_add_binary_ships_the_binary_as_fieldcheck_whatever_its_name(binary, tmp_path):
    renamed = tmp_path / "fieldcheck-0.1.0-x86_64"
    renamed.write_bytes(b"#!/bin/sh\necho stand-in\n")
    renamed.chmod(0o755)
    spark = FakeSpark()
    fs.add_binary(spark, str(renamed))
    [shipped] = spark.sparkContext.files
    assert os.path.basename(shipped) == "fieldcheck"
    assert open(shipped, "rb").read() == renamed.read_bytes()
    [archive] = spark.sparkContext.py_files
    names = zipfile.ZipFile(archive).namelist()
    assert "fieldcheck/spark.py" in names and "fieldcheck/__init__.py" in names
    assert not any("bin/" in name for name in names)  # the binary goes by addFile only

    spark = FakeSpark()
    fs.add_binary(spark, ship_package=False)  # no path: the package's own binary
    assert spark.sparkContext.files == [os.path.abspath(binary)] or \
        os.path.basename(spark.sparkContext.files[0]) == "fieldcheck"
    assert spark.sparkContext.py_files == []


@pytest.fixture(scope="module")
def spark():
    pytest.importorskip("pyspark")
    pytest.importorskip("pyarrow")
    from pyspark.sql import SparkSession

    session = (SparkSession.builder.master("local[2]").appName("fieldcheck-package-tests")
               .config("spark.ui.enabled", "false")
               .config("spark.sql.shuffle.partitions", "2").getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    fs.add_binary(session)  # the package's binary
    yield session


def test_check_column_with_the_package_binary(spark):
    # check_schema against `fieldcheck csv` is integrations/spark/tests' subject, on this session.
    df = spark.createDataFrame([(1, "1.234,5"), (2, "1,234.5"), (3, None)],
                               "_row long, price string").repartition(2)
    got = {r["_row"]: r for r in fs.check_column(df, "price", "number", "--locale",
                                                  "de_DE").collect()}
    assert (got[1]["valid"], got[1]["value"]) == (True, "1234.5")
    assert got[2]["errors"][0]["code"] == "misplaced_grouping_separator"
    assert got[3]["valid"] is None


def test_configuration_error_from_an_executor(spark):
    # Raised on an executor, it reaches the driver as Spark's PythonException, whose text
    # carries the exception's name and fieldcheck's message.
    df = spark.createDataFrame([(1, "1")], "_row long, v string")
    with pytest.raises(Exception, match=r"ConfigurationError[\s\S]*unknown locale 'de_XX'"):
        fs.check_column(df, "v", "number", "--locale", "de_XX").collect()
