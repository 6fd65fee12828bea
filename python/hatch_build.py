"""Wheel build hook: bundle the fieldcheck binary and tag the wheel for the platform it runs on.

The binary is the self-contained one `make dist` writes (ICU, libyaml and the C++ runtime linked
in; it loads only glibc's libc, libm and the loader, and needs glibc 2.36 for arc4random), so the
wheel is `py3-none-manylinux_2_36_x86_64`: no CPython ABI (the package is plain Python around an
executable), but one platform. FIELDCHECK_BINARY names the binary to bundle; without it, a
the repository's ../.build/dist/fieldcheck, else a binary already at src/fieldcheck/bin/fieldcheck.
"""

import os
import shutil
import stat
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PLATFORM_TAG = "manylinux_2_36_x86_64"


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version, build_data):
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        target = root / "src" / "fieldcheck" / "bin" / "fieldcheck"
        source = os.environ.get("FIELDCHECK_BINARY")
        if source:
            source = Path(source).resolve()
        else:
            dist = (root / ".." / ".build" / "dist" / "fieldcheck").resolve()
            source = dist if dist.is_file() or not target.exists() else None
        if source is not None and source != target.resolve():
            if not source.is_file():
                raise RuntimeError(
                    f"{source}: no fieldcheck binary to bundle; run `make dist` in the "
                    "repository, or set FIELDCHECK_BINARY to a self-contained binary")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
        if not target.is_file():
            raise RuntimeError(f"{target}: no fieldcheck binary to bundle")
        target.chmod(target.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        build_data["pure_python"] = False
        build_data["tag"] = f"py3-none-{PLATFORM_TAG}"
