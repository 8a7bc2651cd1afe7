"""What an install holds: every package of engine/ and ui/ (a game's folder too), the pages'
scripts for the browser, the database's migrations, and the app's own files (app.py, pages/,
data/, the rules and the privacy notice the app shows, its Streamlit settings), which setup.py
copies into crossed_canvas_site/. A package listed by hand once left Canvas Critters out of a
non-editable install. tests/browser/test_installed.py installs and serves the whole wheel."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from engine.paths import INSTALLED_NAME

ROOT = Path(__file__).resolve().parents[2]
SITE = ["app.py", "pages", "data", "docs/rules", "docs/privacy.md", "docs/privacy.es.md"]


def test_a_built_wheel_holds_every_package_and_the_apps_files(tmp_path):
    # Built from a copy: setuptools would reuse a build/ folder left in the checkout.
    source = tmp_path / "source"
    ignore = shutil.ignore_patterns("__pycache__")
    for name in ["engine", "ui", "pages", "data", "docs/rules"]:
        shutil.copytree(ROOT / name, source / name, ignore=ignore)
    for name in ["pyproject.toml", "setup.py", "app.py", "docs/privacy.md", "docs/privacy.es.md"]:
        shutil.copy(ROOT / name, source / name)
    (source / ".streamlit").mkdir()
    shutil.copy(ROOT / ".streamlit" / "config.toml", source / ".streamlit")
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
    site = {
        f"{INSTALLED_NAME}/{path.relative_to(ROOT).as_posix()}"
        for name in [*SITE, ".streamlit/config.toml"]
        for path in ([ROOT / name] if (ROOT / name).is_file() else (ROOT / name).rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }
    assert len(site) > 300
    assert wanted | site <= held, sorted((wanted | site) - held)
