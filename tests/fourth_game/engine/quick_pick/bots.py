"""Quick Pick's robot player: any colour, while its view offers the pick."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.declaration import Bot, Play
from tests.fourth_game.engine.quick_pick import rules


def _pick(listed: Mapping[str, Any], view: object, rng: random.Random) -> list[Play]:
    return [
        Play(rules.PICK_MOVE, rules.PICK_MOVE, {"colour": colour}) for colour in listed["colours"]
    ]


BOT = Bot(plays={rules.PICK_MOVE: _pick})
