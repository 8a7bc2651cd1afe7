"""How bench/measure/load.py's students play each game, once the facilitator has started it:
every move is one the game's bot lists for the student's view (engine/<game>/bots.py), made as
a page's button makes it, at a moment of the rules' time for the phase, through the `Game`
that measures it (bench/measure/load.py: `student`, `command`, `wait`...).

What differs per game is only its pace: how many join one game, and when each phase asks
whom to move. The moments are random (seeded), so a run replays the same game at the same pace.
"""

from __future__ import annotations

import asyncio
import random
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine import Engine
from engine.canvas_layers.rules import COMPLETE, PICK, TAKE
from engine.critters import rules as critter_rules
from engine.critters.rules import AWARD, BUILD, FINISH, PICK_THEME, TITLE
from engine.crossed_canvas.rules import ACCUSE, CHOOSE, DRAW
from engine.declaration import Play
from engine.games import DECLARATIONS

if TYPE_CHECKING:
    from bench.measure.load import Game

CLASS = 12  # a class: the students one game seats, where its table allows
EXTRA_PIECES = 3  # a mosaic has seven pieces or up to this many more
#: Each move by the name bench/measure/load.py's figures give it (its ROUTES), by its name.
LABELS = {
    "draw": "submit",
    "choose": "choice",
    "accuse": "vote",
    "pick_theme": "theme",
    "take_piece": "take piece",
    "finish": "finish",
    "title": "title",
    "award": "award",
    "take": "take card",
    "complete": "complete",
    "pick": "pick",
}


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
    random moments of each pulse, the Curator chooses, everyone votes. Robot seats (the
    server plays them) are in no `tokens`: a robot Curator chooses on its own, and a phase a
    robot let run out is ended once the students have answered (`end_if_still`)."""
    while True:
        await _crossed_canvas_round(game, tokens)


async def _crossed_canvas_round(game: Game, tokens: list[str]) -> None:
    engine = game.engine
    views = await asyncio.to_thread(lambda: [engine.player_view(t) for t in tokens])
    artists = [t for t, v in zip(tokens, views, strict=True) if v["role"] != "curator"]
    curator = next((t for t, v in zip(tokens, views, strict=True) if v["role"] == "curator"), None)
    await game.phase_then_advance("roles")
    await game.clock_commands()
    for pulse in ("pulse1", "pulse2"):
        for token, wait in game.spread(artists, pulse):
            await game.wait(wait)
            await make(game, token, await legal(game, token, DRAW))
        await game.end_if_still(pulse)
        await game.phase_then_advance("merge" if pulse == "pulse1" else "discussion")
    await game.wait(moment(game, "choice"))
    if curator is not None:
        await make(game, curator, await legal(game, curator, CHOOSE))
    await game.end_if_still("choice")
    for token, wait in game.spread(tokens, "accusation"):
        await game.wait(wait)
        await make(game, token, await legal(game, token, ACCUSE))
    await game.end_if_still("accusation")
    await game.phase_then_advance("reveal")


async def critters(game: Game, tokens: list[str]) -> None:
    """The judged game, phase by phase as the public view names it, until it is over: the
    active player picks a theme; everyone lays pieces and finishes (the first to finish
    flips the one-minute timer); everyone titles, every giver awards; the facilitator ends
    the scores."""
    engine = game.engine
    token_of = await asyncio.to_thread(lambda: {engine.player_view(t)["name"]: t for t in tokens})
    while True:
        view = await asyncio.to_thread(engine.public_view, game.code)
        phase = view["phase"]
        if phase == "finished":
            return
        if phase == "theme":
            await game.clock_commands()
            active = token_of[view["active"]]
            await game.wait(moment(game, phase))
            await make(game, active, await legal(game, active, PICK_THEME))
        elif phase == "build":
            await _build(game, [token_of[name] for name in view["builders"]])
        elif phase == "titles":
            for token, wait in game.spread([token_of[n] for n in view["builders"]], phase):
                await game.wait(wait)
                await make(game, token, await legal(game, token, TITLE))
        elif phase == "judging":
            await _judge(game, tokens)
        elif phase == "scores":
            await game.phase_then_advance(phase)
        else:
            raise RuntimeError(f"the bench does not play Canvas Critters' {phase!r}")


async def _build(game: Game, builders: list[str]) -> None:
    """Each builder lays seven pieces or a few more, then finishes, at random moments of the
    build; the first finish ends it, and the others' pieces left and finishes come within the
    last minute (which everyone's finish ends)."""
    wanted = {t: critter_rules.MIN_PIECES + random.randint(0, EXTRA_PIECES) for t in builders}
    laid = dict.fromkeys(builders, 0)
    for phase in ("build", "last_minute"):
        for token, wait in _steps(game, phase, {t: wanted[t] - n for t, n in laid.items()}):
            await game.wait(wait)
            if laid[token] < wanted[token]:
                laid[token] += 1
                await make(game, token, await legal(game, token, BUILD))
                continue
            del laid[token]
            await make(game, token, await legal(game, token, FINISH))
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
    moments (as the bot does: the golden ribbon kept, which costs points, not moves)."""
    views = await asyncio.to_thread(lambda: [game.engine.player_view(t) for t in tokens])
    awards = {t: moves_of(game, v, AWARD) for t, v in zip(tokens, views, strict=True)}
    givers = [token for token, plays in awards.items() if plays]
    for token, wait in game.spread(givers, "judging"):
        await game.wait(wait)
        await make(game, token, awards[token])


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
        mine = await asyncio.to_thread(engine.player_view, token)
        await game.wait(moment(game, view["phase"]))
        for action in (COMPLETE, TAKE, PICK):
            plays = moves_of(game, mine, action)
            if plays:
                await make(game, token, plays)
                break


async def legal(game: Game, token: str, action: str) -> list[Play]:
    """The moves of `action` the game's bot lists for the student's view as it is now."""
    view = await asyncio.to_thread(game.engine.player_view, token)
    return moves_of(game, view, action)


def moves_of(game: Game, view: dict[str, Any], action: str) -> list[Play]:
    """The moves of `action` the game's bot lists for `view` (its free choices drawn from the
    bench's seeded dice, so a run replays)."""
    bot = DECLARATIONS[game.kind.name].bot
    dice = random.Random(random.random())
    return [play for play in bot.legal_moves(view, dice) if play.action == action]


async def make(game: Game, token: str, plays: list[Play]) -> None:
    """One of `plays`, as the student's button makes it (none: the view offers no such move,
    and the student does nothing)."""
    if not plays:
        return
    play = random.choice(plays)
    await game.student(LABELS[play.move], token, lambda t: play.on(game.engine, t, _rid()))


def _rid() -> str:
    """A move's request id, as a page sends one (a retry answers the first result)."""
    return uuid.uuid4().hex


#: The games by the bench's --game.
KINDS = {
    "crossed-canvas": Kind("crossed_canvas", crossed_canvas),
    "critters": Kind("canvas_critters", critters),
    "layers": Kind("canvas_layers", layers),
}
