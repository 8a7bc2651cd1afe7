"""What an install holds: every package of engine/ and ui/ (a game's folder too), the pages'
scripts for the browser, and the database's migrations. A package listed by hand once left
Canvas Critters out of a non-editable install."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_built_wheel_holds_every_package_and_its_files(tmp_path):
    # Built from a copy: setuptools would reuse a build/ folder left in the checkout.
    source = tmp_path / "source"
    shutil.copytree(
        ROOT / "engine", source / "engine", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copytree(ROOT / "ui", source / "ui", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", source)
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(source)],
        check=True,
        capture_output=True,
    )
    [wheel] = wheels.glob("*.whl")
    held = set(zipfile.ZipFile(wheel).namelist())
    wanted = {
        path.relative_to(ROOT).as_posix()
        for folder in ("engine", "ui")
        for pattern in ("**/*.py", "**/*.js", "**/*.mako")
        for path in (ROOT / folder).glob(pattern)
        if "__pycache__" not in path.parts
    }
    assert wanted and wanted <= held, sorted(wanted - held)
