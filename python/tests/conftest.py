"""The package's tests run against the installed package (CI: the wheel in a fresh venv) or,
from a source checkout, python/src with FIELDCHECK_BINARY naming a binary."""

import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]

try:
    import fieldcheck  # noqa: F401
except ImportError:
    sys.path.insert(0, str(REPO_ROOT / "python" / "src"))
    import fieldcheck  # noqa: F401


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO_ROOT


@pytest.fixture(scope="session")
def binary() -> str:
    try:
        return fieldcheck.binary_path()
    except fieldcheck.FieldcheckError as error:
        pytest.exit(f"no fieldcheck binary: {error}", 2)
