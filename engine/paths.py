"""Where the project's own files are, named once: a module that moves to another folder (a
game's folder, say) still finds them."""

from __future__ import annotations

from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
#: Decks, pictures, UI strings, the name filter and each game's own data (data/<game>/).
DATA = PROJECT / "data"
#: Each game's rules in each language, as the app's rules page shows them.
RULES = PROJECT / "docs" / "rules"
