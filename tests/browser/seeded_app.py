"""app.py as a test that measures games made on the home page serves it (`gamekit.
seeded_server`): the same pages, but its engine deals from the seed in `SEED_VARIABLE`, so
those games deal the same every run and a layout's verdict does not change with the draw.
The seed stays in the tests: the product has no way to make a school's games predictable.

`streamlit run` finds `app` here (as in app.py) and runs app.py and its pages as usual.
"""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402
from streamlit import config  # noqa: E402

from ui import runtime  # noqa: E402
from ui.routes import app_routes  # noqa: E402

#: The environment variable `gamekit.seeded_server` sets to the seed.
SEED_VARIABLE = "CC_TEST_SEED"

runtime.Engine = functools.partial(runtime.Engine, seed=int(os.environ[SEED_VARIABLE]))

app = st.App(str(ROOT / "app.py"), routes=app_routes(config.get_option("server.baseUrlPath")))
