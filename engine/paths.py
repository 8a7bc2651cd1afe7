"""Where the project's own files are, named once: a module that moves to another folder (a
game's folder, say) still finds them.

The app (app.py, pages/, data/, docs/rules, .streamlit/config.toml) is read from the checkout
when it runs from one, and from the installed copy of those files when it runs from a wheel:
setup.py copies them into the wheel as `crossed_canvas_site`, a folder beside engine/ and ui/.
"""

from __future__ import annotations

from pathlib import Path

_SOURCE = Path(__file__).resolve().parent.parent
#: What the wheel calls the folder of the app's files (setup.py writes it).
INSTALLED_NAME = "crossed_canvas_site"
#: The folder holding app.py, pages/, data/, docs/rules and .streamlit/.
PROJECT = _SOURCE / INSTALLED_NAME if (_SOURCE / INSTALLED_NAME / "app.py").is_file() else _SOURCE
#: Decks, pictures, UI strings, the name filter and each game's own data (data/<game>/).
DATA = PROJECT / "data"
#: Each game's rules in each language, as the app's rules page shows them.
RULES = PROJECT / "docs" / "rules"
