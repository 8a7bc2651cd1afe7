"""What a page shows that changes within a phase, as HTML: a phone's list of who joined or is
ready, and the projector's roster or readiness.

Built from the public view alone, so it is the same for every device of a game: the page's
live part draws it (ui/live.py), and the push stream (ui/push.py) sends it with each new
version, so that a join, a submit or a vote shows on every phone and on the projector
without rerunning any page. A new phase still reruns every page.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine import LOBBY
from ui.faces import named_html
from ui.games import parts_of
from ui.text import Translator, literal, mark_robots

#: The id of the element a page's part is drawn in (one per page).
PART_ID = "cc-live-part"


def in_round(view: Mapping[str, Any]) -> bool:
    """A phase of a round in which what changes is only who is ready (the game's parts say):
    the page follows it through its live part, and runs again only for a new stage."""
    return parts_of(view).parts.in_round(view)


def phone_part(view: Mapping[str, Any], t: Translator) -> str:
    """A phone's list: who joined (the lobby, and what the game says of them), or who is
    ready."""
    mark_robots(view.get("robots", ()), t)  # drawn by the push stream too, outside any page
    game = parts_of(view).parts.phone_html(view, t)
    if view["phase"] == LOBBY:
        names = "".join(f"<li>{named_html(n, view['avatars'])}</li>" for n in view["players"])
        return f"<ol>{names}</ol>{game}"
    return game


def screen_part(view: Mapping[str, Any], t: Translator) -> str:
    """The projector's roster under the join code (and what the game says of it), or a
    round's readiness by signature; two names a line: twelve 24-character names fit in six
    lines under the code."""
    mark_robots(view.get("robots", ()), t)  # drawn by the push stream too, outside any page
    game = parts_of(view).parts.screen_html(view, t)
    if view["phase"] == LOBBY:
        joined = t("ui.players_joined", count=len(view["players"]))
        names = "".join(
            f"<span>{named_html(name, view.get('avatars', {}))}</span>" for name in view["players"]
        )
        # The count and the version it was drawn at: the projector's join cue (ui/sound.js).
        # A class's lobby, drawn from the class's view, has no game version (and no sound).
        version = view.get("version", "")
        counted = f'data-joined="{len(view["players"])}" data-version="{version}"'
        return (
            f'<div class="cc-big" {counted}><b>{literal(joined)}</b>'
            f'<div class="cc-roster-big">{names or "—"}</div>{game}</div>'
        )
    return game


PARTS: dict[str, Callable[[Mapping[str, Any], Translator], str]] = {
    "phone": phone_part,
    "screen": screen_part,
}


def part_html(kind: str, view: Mapping[str, Any], t: Translator) -> str:
    """The part of page `kind` in the element the push stream fills again."""
    return f'<div id="{PART_ID}">{PARTS[kind](view, t)}</div>'
