"""Every game a teacher may create, played to its end from its views' own listed actions
(OpenSpiel's random-play tests, boardgame.io's two local clients): for each registered game at
its smallest table and one larger, seeded games end, a retried move changes nothing anyone
can see, every move a view offers is accepted, and each player's total is the sum
of their points round by round.

The games come from the registry (Engine.offered_games), so a new game is played here as soon
as it is registered: its moves need a player below (MOVES), and the test fails until they have
one. Moves are made through the Engine's public methods only, as the pages make them.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

import pytest
from cc_support import fingerprint, strokes
from critters_kit import spot

from engine import Engine, FakeClock

_ids = itertools.count()
#: Far more steps than any game here takes: a game that does not end fails, never hangs.
MOST_STEPS = 2000


def rid() -> str:
    return f"conformance-{next(_ids)}"


class Game:
    """One game at one table: its tokens, in join order, and the engine behind it."""

    def __init__(self, engine: Engine, clock: FakeClock, kind: str, players: int) -> None:
        self.engine, self.clock = engine, clock
        new = engine.create_game(game=kind)
        self.code, self.key = new.code, new.facilitator_token
        self.tokens = {f"P{i}": engine.join(self.code, f"P{i}") for i in range(players)}
        engine.start(self.key)

    # What `fingerprint` (cc_support) reads of a game.
    def public(self) -> dict[str, Any]:
        return self.engine.public_view(self.code)

    def facilitator(self) -> dict[str, Any]:
        return self.engine.facilitator_view(self.key)

    def view(self, name: str) -> dict[str, Any]:
        return self.engine.player_view(self.tokens[name])


Move = Callable[[Engine, str, dict[str, Any], dict[str, Any], random.Random, str], object]


def _draw(engine, token, args, view, rng, request):  # type: ignore[no-untyped-def]
    return engine.submit_fragment(token, strokes(args["fewest"]), request)


def _choose(engine, token, args, view, rng, request):  # type: ignore[no-untyped-def]
    return engine.choose(token, rng.choice(view["options"])["id"], request)


def _accuse(engine, token, args, view, rng, request):  # type: ignore[no-untyped-def]
    others = [sig for sig in view["signatures"] if sig != view["signature"]]
    return engine.accuse(token, rng.choice(others), request)


def _pick_theme(engine, token, args, view, rng, request):  # type: ignore[no-untyped-def]
    return engine.pick_theme(token, rng.choice(args["themes"]))


def _build(engine, token, args, view, rng, request):  # type: ignore[no-untyped-def]
    if args["pieces"] >= min(7, args["most"]):
        return engine.finish_mosaic(token)
    kind = rng.choice([kind for kind, left in view["pile"].items() if left])
    x, y = spot(args["pieces"])
    return engine.take_piece(token, kind, x, y, request)


def _finish(engine, token, args, view, rng, request):  # type: ignore[no-untyped-def]
    if not args["ready"]:  # short of the pieces a finished mosaic needs: build on
        return _build(engine, token, view["actions"]["build"], view, rng, request)
    return engine.finish_mosaic(token)


def _title(engine, token, args, view, rng, request):  # type: ignore[no-untyped-def]
    return engine.title_mosaic(token, f"Zoo {rng.randrange(100)}")


def _award(engine, token, args, view, rng, request):  # type: ignore[no-untyped-def]
    receivers = rng.sample(args["receivers"], len(args["receivers"]))
    return engine.award_ribbons(token, dict(zip(args["ribbons"], receivers, strict=False)), request)


def _guess(engine, token, args, view, rng, request):  # type: ignore[no-untyped-def]
    ribbon, card = rng.choice(args["ribbons"]), rng.choice(args["cards"])
    if ribbon == 1:  # under the whole card
        return engine.guess_theme(token, 1, card, request)
    themes = next(shown["themes"] for shown in view["face_up"] if shown["id"] == card)
    return engine.guess_theme(token, 3, card, request, theme=rng.choice(themes)["id"])


def _take(engine, token, args, view, rng, request):  # type: ignore[no-untyped-def]
    return engine.take_card(token, args["position"], args["card"], request)


def _complete(engine, token, args, view, rng, request):  # type: ignore[no-untyped-def]
    return engine.complete_painting(token, args["cards"], args["background"], request)


def _pick(engine, token, args, view, rng, request):  # type: ignore[no-untyped-def]
    return engine.pick_winner(token, rng.choice(args), request)


#: A player for every move a registered game lists in its views, by the move's name.
MOVES: dict[str, Move] = {
    "draw": _draw,
    "choose": _choose,
    "accuse": _accuse,
    "pick_theme": _pick_theme,
    "build": _build,
    "finish": _finish,
    "title": _title,
    "award": _award,
    "guess": _guess,
    "take": _take,
    "complete": _complete,
    "pick": _pick,
}
#: Moves that carry a request id: a retry of one answers the first result.
RETRIED = {"draw", "choose", "accuse", "award", "guess", "take", "complete", "pick"}


def offered(listed: Any, rng: random.Random) -> Any:
    """What a move is made with: one of its listed choices when a view lists several (each
    card one may take, each painting one may complete), else the move's one entry."""
    if isinstance(listed, list) and listed and isinstance(listed[0], dict):
        return rng.choice(listed)
    return listed


def tables() -> list[tuple[str, int]]:
    """Each registered game at its smallest table and at one more player."""
    return [
        (kind, players)
        for kind, game in Engine.offered_games().items()
        for players in (game["fewest"], game["fewest"] + 1)
    ]


def points_by_round(history: list[dict[str, Any]]) -> dict[str, int]:
    """Each player's points summed over the rounds the facilitator's history lists (a
    game's rounds say them as "awards" or as "scores")."""
    summed: dict[str, int] = {}
    for entry in history:
        for name, points in (entry.get("awards") or entry.get("scores") or {}).items():
            summed[name] = summed.get(name, 0) + points
    return summed


@pytest.mark.parametrize(("kind", "players"), tables())
def test_a_registered_game_plays_to_its_end_from_its_listed_actions(kind, players, tmp_path):
    clock = FakeClock(1_000.0)
    engine = Engine(f"sqlite:///{tmp_path / 'game.db'}", clock=clock, seed=players)
    game = Game(engine, clock, kind, players)
    rng = random.Random(f"{kind}:{players}")
    retried = 0
    for _ in range(MOST_STEPS):
        if game.public()["phase"] == "finished":
            break
        views = {name: game.view(name) for name in game.tokens}
        for view in views.values():
            # Every move a view offers has a player here.
            assert set(view["actions"]) <= set(MOVES), f"{kind}: no player for {view['actions']}"
        movers = [name for name, view in views.items() if view["actions"]]
        if not movers:
            # Nobody has a move: the phase waits for its clock, as in class.
            left = game.public()["seconds_left"]
            clock.advance((left or 0) + 0.5)
            engine.tick(game.code)
            continue
        name = rng.choice(movers)
        view = views[name]
        move = rng.choice(sorted(view["actions"]))
        request = rid()
        token = game.tokens[name]
        args = offered(view["actions"][move], rng)
        drawn = rng.getstate()  # a retry sends what the first try sent
        first = MOVES[move](engine, token, args, view, rng, request)
        if move in RETRIED and retried < 12:
            # The same request again (a double tap, a lost answer): the first result, and
            # nothing anyone can see changes.
            retried += 1
            before = fingerprint(game, rows=False)
            rng.setstate(drawn)
            again = MOVES[move](engine, token, args, view, rng, request)
            assert again == first, f"{kind}: a retried {move} answered differently"
            assert fingerprint(game, rows=False) == before, f"{kind}: a retried {move} changed"
    public = game.public()
    assert public["phase"] == "finished", f"{kind} with {players} did not end"
    best = max(public["totals"].values())
    leaders = {n for n, p in public["totals"].items() if p == best}
    history = game.facilitator()["history"]
    assert history, f"{kind}: a finished game with no rounds (or paintings)"
    if not any("awards" in entry or "scores" in entry for entry in history):
        # A game of turns keeps no points per round (Canvas Layers lists its paintings): a
        # tie for the most points is broken (by tokens, then a pick), so the winners are
        # some of the leaders.
        assert public["winners"] and set(public["winners"]) <= leaders
        return
    assert points_by_round(history) == public["totals"], f"{kind}: totals are not the rounds'"
    assert set(public["winners"]) == leaders
