"""Canvas Layers' robot player (engine/declaration.py's `Bot`): on its turn it may take any
card of the row it can pay for or complete any painting its hand allows, and the tie's picker
may pick any of the tied."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.canvas_layers.turns import COMPLETE, PICK, TAKE
from engine.declaration import Bot, Play


def _take(listed: Sequence[Mapping[str, Any]], view: object, rng: random.Random) -> list[Play]:
    return [
        Play(TAKE, "take_card", {"position": card["position"], "card": card["card"]})
        for card in listed
    ]


def _complete(listed: Sequence[Mapping[str, Any]], view: object, rng: random.Random) -> list[Play]:
    return [
        Play(
            COMPLETE,
            "complete_painting",
            {"cards": done["cards"], "background": done["background"]},
        )
        for done in listed
    ]


def _pick(listed: Sequence[str], view: object, rng: random.Random) -> list[Play]:
    return [Play(PICK, "pick_winner", {"name": name}) for name in listed]


BOT = Bot({TAKE: _take, COMPLETE: _complete, PICK: _pick})
