"""Canvas Layers' robot player (engine/declaration.py's `Bot`): on its turn it may take any
card of the row it can pay for or complete any painting its hand allows, and the tie's picker
may pick any of the tied. A robot seat plays greedily (`prefer`): the painting worth most as
soon as it has one, else the card that pays most in tokens for least."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.canvas_layers import rules
from engine.canvas_layers.rules import COMPLETE, PICK, TAKE
from engine.declaration import Bot, Play


def _take(listed: Sequence[Mapping[str, Any]], view: object, rng: random.Random) -> list[Play]:
    return [
        Play(TAKE, TAKE, {"position": card["position"], "card": card["card"]}) for card in listed
    ]


def _complete(listed: Sequence[Mapping[str, Any]], view: object, rng: random.Random) -> list[Play]:
    return [
        Play(COMPLETE, COMPLETE, {"cards": done["cards"], "background": done["background"]})
        for done in listed
    ]


def _pick(listed: Sequence[str], view: object, rng: random.Random) -> list[Play]:
    return [Play(PICK, PICK, {"name": name}) for name in listed]


def _prefer(legal: Sequence[Play], view: Mapping[str, Any]) -> Play:
    """A simple greedy painter: complete the painting worth the most now (its ribbons and
    bonus; the first listed of equals), else take the card whose tokens on it less its cost
    gain the most (the leftmost of equals), else the first it may (a tie's pick)."""
    worth = {
        _painting(done): sum(done["ribbons"].values()) + done["bonus"]
        for done in view["actions"].get(COMPLETE, [])
    }
    paintings = [play for play in legal if play.action == COMPLETE]
    if paintings:
        return max(paintings, key=lambda play: worth[_painting(play.args)])
    tokens = {slot["position"]: slot["tokens"] for slot in view["market"]}
    cards = [play for play in legal if play.action == TAKE]
    if cards:
        return max(cards, key=lambda play: _gain(tokens, play.args["position"]))
    return legal[0]


def _painting(completion: Mapping[str, Any]) -> tuple[str, ...]:
    """A completion's cards and background, which name it."""
    return (*completion["cards"], completion["background"])


def _gain(tokens: Mapping[int, int], position: int) -> tuple[int, int]:
    """Taking the card at `position`: the tokens it brings less those it costs, then its
    cheapness (the leftmost of equal gains)."""
    return tokens[position] - rules.cost(position), -rules.cost(position)


BOT = Bot({TAKE: _take, COMPLETE: _complete, PICK: _pick}, prefer=_prefer)
