"""The `fieldcheck` console script of the installed wheel: the bundled binary, exit status kept."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import fieldcheck


def script():
    path = Path(sys.executable).parent / "fieldcheck"
    if not path.exists():
        pytest.skip("the package is not installed (no console script beside this Python)")
    return str(path)


def test_console_script_runs_the_bundled_binary():
    command = script()
    result = subprocess.run([command, "number", "--locale", "de_DE"],
                            input=b"1.234,56\n1,234.56\n", stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert result.returncode == 1
    assert result.stdout == b"1234.56\n"
    assert b"[misplaced_grouping_separator]" in result.stderr
    assert subprocess.run([command, "locale", "de_XX"], stderr=subprocess.PIPE).returncode == 2
    version = subprocess.run([command, "--version"], stdout=subprocess.PIPE).stdout
    assert b"(static)" in version  # the self-contained binary, not a system build
    assert subprocess.run([sys.executable, "-m", "fieldcheck", "--version"],
                          stdout=subprocess.PIPE).stdout == version


def test_the_bundled_binary_is_the_one_used():
    script()
    if os.environ.get("FIELDCHECK_BINARY"):
        pytest.skip("FIELDCHECK_BINARY overrides the bundled binary")
    path = Path(fieldcheck.binary_path())
    assert path.parent.name == "bin" and path.parent.parent == Path(fieldcheck.__file__).parent
    assert os.access(path, os.X_OK)


def test_no_swift_toolchain_needed():
    if not os.environ.get("FIELDCHECK_EXPECT_NO_SWIFT"):
        pytest.skip("only where CI removed Swift from PATH")
    assert shutil.which("swift") is None
    assert fieldcheck.check(["1.234,5", "1,234.5"], locale="de_DE")[0].value == "1234.5"
