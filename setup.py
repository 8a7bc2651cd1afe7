"""The wheel holds the app's files as well as its packages: app.py, pages/, data/, docs/rules
and .streamlit/config.toml are copied into `crossed_canvas_site/` beside engine/ and ui/, where
engine/paths.py finds them when the app does not run from a checkout. Everything else is in
pyproject.toml."""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
#: The app's files, as the checkout holds them (MANIFEST.in puts the same in the sdist).
SITE = [
    "app.py",
    "pages",
    "data",
    "docs/rules",
    "docs/privacy.md",
    "docs/privacy.es.md",
    ".streamlit/config.toml",
]
INSTALLED_NAME = "crossed_canvas_site"  # engine/paths.py's


class BuildWithSite(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return  # an editable install runs from the checkout itself
        target = Path(self.build_lib) / INSTALLED_NAME
        for name in SITE:
            source, copy = HERE / name, target / name
            copy.parent.mkdir(parents=True, exist_ok=True)
            if source.is_dir():
                ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
                shutil.copytree(source, copy, dirs_exist_ok=True, ignore=ignore)
            else:
                shutil.copy2(source, copy)


setup(cmdclass={"build_py": BuildWithSite})
