"""Canvas Critters' robot player, both variants' (engine/declaration.py's `Bot`): it picks any
theme, lays pieces of any kind the pile still holds in a shape inside the frame (a ring or a
snake, its own), finishes once it has enough, titles from words of the theme, awards its
ribbons in any order and guesses any theme of any card."""

from __future__ import annotations

import math
import random
import re
from collections.abc import Mapping
from typing import Any

from engine.critters.rules import AWARD, BUILD, FINISH, GUESS, PICK_THEME, TAKE_PIECE, TITLE
from engine.declaration import Bot, Play


def spot(i: int) -> tuple[float, float]:
    """A free spot on a canvas for the i-th piece (inside the frame, whatever it is turned)."""
    return 0.15 + 0.1 * (i % 8), 0.15 + 0.1 * (i // 8)


def _pick_theme(
    listed: Mapping[str, Any], view: Mapping[str, Any], rng: random.Random
) -> list[Play]:
    return [Play(PICK_THEME, PICK_THEME, {"theme": theme}) for theme in listed["themes"]]


#: Pieces a shape lays on its outer line; more go on an inner one.
OUTER = 7
#: A theme's words a title is made from: at least this many letters ("A", "the" say little).
TITLE_WORD = re.compile(r"[^\W\d_]{4,}")


def shaped_spot(i: int, name: str) -> tuple[float, float]:
    """Where a builder lays the i-th piece of a shape of its own (drawn from its name, so the
    same each round): a ring, or a snake across the canvas; inside the frame, whatever it is
    turned."""
    line, place = divmod(i, OUTER)
    if sum(map(ord, name)) % 2 == 0:
        angle = 2 * math.pi * place / OUTER + line * math.pi / OUTER
        radius = 0.28 / (line + 1)
        x, y = 0.5 + radius * math.cos(angle), 0.5 + radius * math.sin(angle)
    else:
        x = 0.2 + 0.6 * place / (OUTER - 1)
        y = 0.35 + 0.3 * line / 2 + 0.12 * math.sin(place * math.pi / 3)
    return round(x, 3), round(min(y, 0.8), 3)


def _build(listed: Mapping[str, Any], view: Mapping[str, Any], rng: random.Random) -> list[Play]:
    if listed["pieces"] >= listed["most"]:
        return []  # the others still need the pile's pieces to reach seven
    x, y = shaped_spot(listed["pieces"], view["name"])
    kinds = [kind for kind, left in view["pile"].items() if left]
    return [Play(BUILD, TAKE_PIECE, {"kind": kind, "x": x, "y": y}) for kind in kinds]


def _finish(listed: Mapping[str, Any], view: Mapping[str, Any], rng: random.Random) -> list[Play]:
    return [Play(FINISH, FINISH, {})] if listed["ready"] else []


def _title(listed: object, view: Mapping[str, Any], rng: random.Random) -> list[Play]:
    """A title of one or two words of the round's theme ("Something that flies": "Flies
    something"), as a class titles; "Zoo" and a number when the view shows no theme."""
    theme = view.get("theme")
    words = TITLE_WORD.findall(theme["text"]) if theme else []
    if not words:
        return [Play(TITLE, TITLE, {"title": f"Zoo {rng.randrange(100)}"})]
    title = " ".join(rng.sample(words, min(2, len(words)))).capitalize()
    return [Play(TITLE, TITLE, {"title": title})]


def _award(listed: Mapping[str, Any], view: Mapping[str, Any], rng: random.Random) -> list[Play]:
    """One order of the many (the golden ribbon kept: that costs points, not moves)."""
    receivers = rng.sample(listed["receivers"], len(listed["receivers"]))
    ribbons = dict(zip(listed["ribbons"], receivers, strict=False))
    return [Play(AWARD, AWARD, {"ribbons": ribbons})]


def _guess(listed: Mapping[str, Any], view: Mapping[str, Any], rng: random.Random) -> list[Play]:
    """One ribbon under a whole card, or three under one of its themes."""
    themes = {shown["id"]: shown["themes"] for shown in view["face_up"]}
    plays = []
    for card in listed["cards"]:
        if 1 in listed["ribbons"]:
            plays.append(Play(GUESS, GUESS, {"ribbon": 1, "card": card}))
        if 3 in listed["ribbons"]:
            plays += [
                Play(GUESS, GUESS, {"ribbon": 3, "card": card, "theme": theme["id"]})
                for theme in themes[card]
            ]
    return plays


BOT = Bot(
    {
        PICK_THEME: _pick_theme,
        BUILD: _build,
        FINISH: _finish,
        TITLE: _title,
        AWARD: _award,
        GUESS: _guess,
    }
)
