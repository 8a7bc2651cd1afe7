"""How bench/load.py's students play each game, once the facilitator has started it: every
move is the service call a page's button makes, at a moment of the rules' time for the phase,
through the `Game` that measures it (bench/load.py: `student`, `command`, `wait`...).

What differs per game is only its play: how many join one game, and what each phase asks of
whom. The moments are random (seeded), so a run replays the same game at the same pace.
"""

from __future__ import annotations

import asyncio
import random
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from critters_kit import spot

from engine import Engine
from engine.critters import rules as critter_rules

if TYPE_CHECKING:
    from load import Game

CLASS = 12  # a class: the students one game seats, where its table allows
STROKES = [[(0.1 + i / 50, 0.2 + (i % 7) / 20) for i in range(30)]]
EXTRA_PIECES = 3  # a mosaic has seven pieces or up to this many more


@dataclass(frozen=True)
class Kind:
    """One game the bench plays: the engine's name for it and how its students play it."""

    name: str  # create_game's `game`
    play: Callable[[Game, list[str]], Awaitable[None]]  # from the start, until it is over

    @property
    def students(self) -> int:
        """The seats of one game closest to a class of 12 (its declaration's table sizes)."""
        offered = Engine.offered_games()[self.name]
        return max(offered["fewest"], min(CLASS, offered["most"]))

    @property
    def most(self) -> int:
        return Engine.offered_games()[self.name]["most"]


def moment(game: Game, phase: str) -> float:
    """When one student acts alone in a phase: somewhere in its middle."""
    return random.uniform(0.3, 0.9) * game.seconds(phase)


async def crossed_canvas(game: Game, tokens: list[str]) -> None:
    """Rounds until cancelled: the facilitator ends the untimed phases, artists submit at
    random moments of each pulse, the Curator chooses, everyone votes."""
    while True:
        await _crossed_canvas_round(game, tokens)


async def _crossed_canvas_round(game: Game, tokens: list[str]) -> None:
    engine = game.engine
    views = await asyncio.to_thread(lambda: [engine.player_view(t) for t in tokens])
    artists = [t for t, v in zip(tokens, views, strict=True) if v["role"] != "curator"]
    curator = next(t for t, v in zip(tokens, views, strict=True) if v["role"] == "curator")
    signatures = {t: v["signature"] for t, v in zip(tokens, views, strict=True)}
    await game.phase_then_advance("roles")
    await game.clock_commands()
    for pulse in ("pulse1", "pulse2"):
        for token, wait in game.spread(artists, pulse):
            await game.wait(wait)
            await game.student("submit", token, engine.submit_fragment, STROKES, _rid())
        await game.phase_then_advance("merge" if pulse == "pulse1" else "discussion")
    options = (await asyncio.to_thread(engine.player_view, curator))["options"]
    await game.wait(moment(game, "choice"))
    choice = random.choice(options)["id"]
    await game.student("choice", curator, engine.choose, choice, _rid())
    for token, wait in game.spread(tokens, "accusation"):
        others = [signatures[a] for a in artists if a != token]
        await game.wait(wait)
        vote = random.choice(others)
        await game.student("vote", token, engine.accuse, vote, _rid())
    await game.phase_then_advance("reveal")


async def critters(game: Game, tokens: list[str]) -> None:
    """The judged game, phase by phase as the public view names it, until it is over: the
    active player picks a theme; everyone lays pieces and finishes (the first to finish
    flips the one-minute timer); everyone titles, every giver awards; the facilitator ends
    the scores."""
    engine = game.engine
    name_of = await asyncio.to_thread(lambda: {t: engine.player_view(t)["name"] for t in tokens})
    token_of = {name: token for token, name in name_of.items()}
    while True:
        view = await asyncio.to_thread(engine.public_view, game.code)
        phase = view["phase"]
        if phase == "finished":
            return
        if phase == "theme":
            await game.clock_commands()
            active = token_of[view["active"]]
            offer = (await asyncio.to_thread(engine.player_view, active))["actions"]
            await game.wait(moment(game, phase))
            theme = random.choice(offer["pick_theme"]["themes"])
            await game.student("theme", active, engine.pick_theme, theme)
        elif phase == "build":
            await _build(game, [token_of[name] for name in view["builders"]])
        elif phase == "titles":
            for token, wait in game.spread([token_of[n] for n in view["builders"]], phase):
                await game.wait(wait)
                title = f"{name_of[token]}'s zoo"
                await game.student("title", token, engine.title_mosaic, title)
        elif phase == "judging":
            await _judge(game, tokens)
        elif phase == "scores":
            await game.phase_then_advance(phase)
        else:
            raise RuntimeError(f"the bench does not play Canvas Critters' {phase!r}")


async def _build(game: Game, builders: list[str]) -> None:
    """Each builder lays seven pieces or a few more, of kinds still in the pile, then
    finishes, at random moments of the build; the first finish ends it, and the others'
    pieces left and finishes come within the last minute (which everyone's finish ends)."""
    engine = game.engine
    pile = Counter(critter_rules.PILE)
    wanted = {t: critter_rules.MIN_PIECES + random.randint(0, EXTRA_PIECES) for t in builders}
    laid = dict.fromkeys(builders, 0)
    for phase in ("build", "last_minute"):
        for token, wait in _steps(game, phase, {t: wanted[t] - n for t, n in laid.items()}):
            await game.wait(wait)
            if laid[token] < wanted[token]:
                kind = random.choice([k for k, left in pile.items() if left])
                pile[kind] -= 1
                x, y = spot(laid[token])
                laid[token] += 1
                await game.student("take piece", token, engine.take_piece, kind, x, y, _rid())
                continue
            del laid[token]
            await game.student("finish", token, engine.finish_mosaic)
            if phase == "build":
                break  # the first finish flips the timer: the build is over


def _steps(game: Game, phase: str, pieces: dict[str, int]) -> list[tuple[str, float]]:
    """Each builder's pieces then finish, as (token, wait): the finish at a random moment of
    the phase's middle, the pieces at random moments before it."""
    steps = []
    for token, count in pieces.items():
        finish = moment(game, phase)
        steps += [(random.uniform(0, finish), token) for _ in range(count)]
        steps.append((finish, token))
    steps.sort()
    moments = [at for at, _ in steps]
    waits = [b - a for a, b in zip([0.0, *moments], moments, strict=False)]
    return [(token, wait) for (_, token), wait in zip(steps, waits, strict=True)]


async def _judge(game: Game, tokens: list[str]) -> None:
    """Every giver places their ribbons on others, in an order of their own, at random
    moments (no golden ribbon: it is kept to the end, which costs points, not moves)."""
    engine = game.engine
    views = await asyncio.to_thread(lambda: [engine.player_view(t) for t in tokens])
    offers = {
        t: v["actions"]["award"]
        for t, v in zip(tokens, views, strict=True)
        if "award" in v["actions"]
    }
    for token, wait in game.spread(list(offers), "judging"):
        offer = offers[token]
        receivers = random.sample(offer["receivers"], len(offer["receivers"]))
        ribbons = dict(zip(offer["ribbons"], receivers, strict=False))
        await game.wait(wait)
        await game.student("award", token, engine.award_ribbons, ribbons, _rid())


async def layers(game: Game, tokens: list[str]) -> None:
    """Turn by turn until the game ends itself: the acting player completes a painting when
    their hand allows one, else takes a card of the row they can pay for, else (a tie at
    the end) picks its winner; each move ends its turn. Early in the first turn of each time
    around the table, the teacher pauses, resumes and gives "+30 s"."""
    engine = game.engine
    token_of = await asyncio.to_thread(lambda: {engine.player_view(t)["name"]: t for t in tokens})
    while True:
        view = await asyncio.to_thread(engine.public_view, game.code)
        if view["phase"] == "finished":
            return
        if view["round"] % len(tokens) == 1:
            await game.clock_commands()
        token = token_of[view["turn"] or view["picker"]]
        actions = (await asyncio.to_thread(engine.player_view, token))["actions"]
        await game.wait(moment(game, view["phase"]))
        if "complete" in actions:
            painting = random.choice(actions["complete"])
            cards, background = painting["cards"], painting["background"]
            await game.student(
                "complete", token, engine.complete_painting, cards, background, _rid()
            )
        elif "take" in actions:
            card = random.choice(actions["take"])
            position = card["position"]
            await game.student("take card", token, engine.take_card, position, card["card"], _rid())
        else:
            await game.student(
                "pick", token, engine.pick_winner, random.choice(actions["pick"]), _rid()
            )


def _rid() -> str:
    """A move's request id, as a page sends one (a retry answers the first result)."""
    return uuid.uuid4().hex


#: The games by the bench's --game.
KINDS = {
    "crossed-canvas": Kind("crossed_canvas", crossed_canvas),
    "critters": Kind("canvas_critters", critters),
    "layers": Kind("canvas_layers", layers),
}
