"""The rulebook as pure functions: phases, rotations, signatures, options, strokes, scoring.

Nothing here touches the database or the clock; the service feeds these functions and stores
what they return. Randomness comes in as a `random.Random`, so a seed replays a game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.declaration import PhaseRule, PhaseTable, everyone_answered, one_answer_decides
from engine.errors import RuleError
from engine.strokes import Point, checked_stroke
from engine.strokes import SentStrokes as SentStrokes  # the contract names it here

MIN_PLAYERS = 5
MAX_PLAYERS = 12
STROKE_LIMITS = {1: (1, 3), 2: (1, 2)}  # pulse -> (fewest, most) strokes (R4, R5)
MAX_DRAFT_STROKES = 10  # a draft may run past the limit; what is locked never does
POINTS_PER_POINT = 100  # R9, R10: "100 points" per player per outcome


class Phase(StrEnum):
    LOBBY = "lobby"
    ROLES = "roles"
    PULSE1 = "pulse1"
    MERGE = "merge"
    PULSE2 = "pulse2"
    DISCUSSION = "discussion"
    CHOICE = "choice"
    ACCUSATION = "accusation"
    REVEAL = "reveal"
    FINISHED = "finished"


# The moves a player makes (each allowed in the phases that list it below).
DRAW, CHOOSE, ACCUSE = "draw", "choose", "accuse"
# What a phase makes visible: each pulse's fragments to everyone (R5: pulse 1 at the merge),
# the four options to the Curator (R6), and the round's outcome (R11).
PULSE1_SHOWN, PULSE2_SHOWN, OPTIONS_SHOWN, OUTCOME_SHOWN = "pulse1", "pulse2", "options", "outcome"
_DRAWN = frozenset({PULSE1_SHOWN, PULSE2_SHOWN})
_JUDGED = _DRAWN | {OPTIONS_SHOWN}

# One round of the rulebook (R4 to R11), phase by phase.
PHASE_TABLE = PhaseTable(
    lobby=Phase.LOBBY,
    round_phases=(
        Phase.ROLES,
        Phase.PULSE1,
        Phase.MERGE,
        Phase.PULSE2,
        Phase.DISCUSSION,
        Phase.CHOICE,
        Phase.ACCUSATION,
        Phase.REVEAL,
    ),
    finished=Phase.FINISHED,
    rules={
        Phase.ROLES: PhaseRule(12),
        Phase.PULSE1: PhaseRule(40, frozenset({DRAW}), everyone_answered),
        Phase.MERGE: PhaseRule(5, shows=frozenset({PULSE1_SHOWN})),
        Phase.PULSE2: PhaseRule(
            30, frozenset({DRAW}), everyone_answered, shows=frozenset({PULSE1_SHOWN})
        ),
        Phase.DISCUSSION: PhaseRule(25, shows=_DRAWN),
        Phase.CHOICE: PhaseRule(15, frozenset({CHOOSE}), one_answer_decides, shows=_JUDGED),
        Phase.ACCUSATION: PhaseRule(20, frozenset({ACCUSE}), everyone_answered, shows=_JUDGED),
        Phase.REVEAL: PhaseRule(12, shows=_JUDGED | {OUTCOME_SHOWN}),
    },
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
)
ROUND_PHASES: tuple[Phase, ...] = tuple(Phase(phase) for phase in PHASE_TABLE.round_phases)
DEFAULT_DURATIONS: dict[Phase, float] = {
    Phase(phase): seconds for phase, seconds in PHASE_TABLE.default_seconds.items()
}
PULSES: dict[str, int] = {Phase.PULSE1: 1, Phase.PULSE2: 2}


def next_phase(phase: Phase, round_number: int, rounds: int) -> Phase:
    """The phase after `phase`; after the reveal of the last round the game is finished."""
    return Phase(PHASE_TABLE.next_phase(phase, round_number, rounds))


def pulse_of(phase: str) -> int | None:
    """1 or 2 in an ink pulse, else None."""
    return PULSES.get(phase)


def drawing_pulse(phase: str) -> int:
    """1 or 2: the ink pulse of a phase that allows drawing (where the phase table lets a
    fragment in, or the pulse ends)."""
    return PULSES[phase]


def fragment_shown(phase: str, current_round: int, round_number: int, pulse: int) -> bool:
    """Whether a fragment of that round and pulse has appeared on the shared composition."""
    if round_number < current_round:
        return True
    return round_number == current_round and PHASE_TABLE.shows(phase, f"pulse{pulse}")


def rotations(count: int, rng: random.Random) -> tuple[list[int], list[int]]:
    """Curator and Distorter orders over `count` rounds (R1).

    Both are uniformly random permutations of range(count), conditioned on never giving one
    player both roles in a round: rejection sampling keeps that conditional law uniform.
    """
    curators = list(range(count))
    rng.shuffle(curators)
    while True:
        distorters = list(range(count))
        rng.shuffle(distorters)
        if all(c != d for c, d in zip(curators, distorters, strict=True)):
            return curators, distorters


@dataclass(frozen=True)
class Colour:
    id: str
    hex: str
    en: str
    es_masculine: str
    es_feminine: str


@dataclass(frozen=True)
class Shape:
    id: str
    en: str
    es: str
    es_feminine: bool


# Eleven colours for at most eleven artists. Each stands out at 3:1 or more on the white paper
# (WCAG 1.4.11), and every two differ at a glance (CIEDE2000 >= 10) under normal vision and
# simulated protanopia, deuteranopia and tritanopia (tests/engine/test_engine_palette.py; the
# grey is warm so that protanopes tell it from the teal). None names an object in any deck in
# play (R3): the deck loader refuses a deck whose names use these words. Ids are stored in
# games, so a colour is re-tuned under its id, never renamed.
COLOURS = (
    Colour("red", "#c9060a", "red", "rojo", "roja"),
    Colour("blue", "#0a95ff", "blue", "azul", "azul"),
    Colour("green", "#2a7539", "green", "verde", "verde"),
    Colour("gold", "#ba8822", "gold", "dorado", "dorada"),
    Colour("purple", "#9420df", "purple", "morado", "morada"),
    Colour("pink", "#c42f74", "pink", "rosa", "rosa"),
    Colour("teal", "#2a8d8e", "teal", "turquesa", "turquesa"),
    Colour("brown", "#513724", "brown", "marrón", "marrón"),
    Colour("black", "#222222", "black", "negro", "negra"),
    Colour("grey", "#9c9384", "grey", "gris", "gris"),
    Colour("indigo", "#1b1e7b", "indigo", "índigo", "índigo"),
)
SHAPES = (
    Shape("circle", "circle", "círculo", False),
    Shape("square", "square", "cuadrado", False),
    Shape("triangle", "triangle", "triángulo", False),
    Shape("star", "star", "estrella", True),
    Shape("heart", "heart", "corazón", False),
    Shape("diamond", "diamond", "rombo", False),
    Shape("hexagon", "hexagon", "hexágono", False),
    Shape("cross", "cross", "cruz", True),
)
# With more artists than shapes some signatures must share a shape: only these pairs ever do.
# Each is dark against light and differs by far in every colour vision (the palette test), so
# colour alone tells them apart; every other pair differs by shape too.
SHAPE_SHARING_PAIRS = (("blue", "brown"), ("gold", "black"), ("grey", "indigo"))
COLOURS_BY_ID = {colour.id: colour for colour in COLOURS}
SHAPES_BY_ID = {shape.id: shape for shape in SHAPES}
SIGNATURE_ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


def signature_words() -> set[str]:
    """Every word a signature's name can use, in every language, lower case."""
    words: set[str] = {"gray"}
    for colour in COLOURS:
        words |= {colour.id, colour.en, colour.es_masculine, colour.es_feminine}
    for shape in SHAPES:
        words |= {shape.id, shape.en, shape.es}
    return {word.casefold() for word in words}


def signature_name(colour_id: str, shape_id: str, language: str) -> str:
    """ "teal triangle" / "triángulo turquesa": Spanish puts the colour after, in agreement."""
    colour, shape = COLOURS_BY_ID[colour_id], SHAPES_BY_ID[shape_id]
    if language == "es":
        return f"{shape.es} {colour.es_feminine if shape.es_feminine else colour.es_masculine}"
    return f"{colour.en} {shape.en}"


@dataclass(frozen=True)
class Signature:
    id: str
    colour: str
    shape: str


def draw_signatures(count: int, rng: random.Random) -> list[Signature]:
    """`count` signatures with distinct colours, random shapes and random ids (R3).

    Shapes differ too, so colour is never the only way to tell two signatures apart; past
    eight artists, as many SHAPE_SHARING_PAIRS as needed (both colours drawn) share one.
    """
    if count > len(COLOURS):
        raise ValueError(f"at most {len(COLOURS)} artists can have a signature")
    colours = [colour.id for colour in rng.sample(COLOURS, count)]
    drawn = [pair for pair in SHAPE_SHARING_PAIRS if set(pair) <= set(colours)]
    partner: dict[str, str] = {}
    for first, second in rng.sample(drawn, max(0, count - len(SHAPES))):
        partner[second] = first
    leaders = [colour for colour in colours if colour not in partner]
    shapes = rng.sample([shape.id for shape in SHAPES], len(leaders))
    shape_of = dict(zip(leaders, shapes, strict=True))
    ids: set[str] = set()
    while len(ids) < count:
        ids.add("s" + "".join(rng.choice(SIGNATURE_ID_ALPHABET) for _ in range(6)))
    return [
        Signature(sig_id, colour, shape_of[partner.get(colour, colour)])
        for sig_id, colour in zip(sorted(ids), colours, strict=True)
    ]


def draw_options(
    true_id: str, false_id: str, neutrals: Sequence[str], rng: random.Random
) -> list[str]:
    """The Curator's four options, freshly shuffled so no slot marks a target (R6)."""
    options = [true_id, false_id, *rng.sample(sorted(neutrals), 2)]
    rng.shuffle(options)
    return options


def validate_strokes(strokes: object, pulse: int) -> list[list[Point]]:
    """A fragment's strokes, checked (R4): count per pulse, 2..2000 finite points in [0, 1].

    Returns the strokes as lists of (x, y) floats rounded to 1/10000 of the canvas.
    """
    fewest, most = STROKE_LIMITS[pulse]
    if not isinstance(strokes, list | tuple):
        raise RuleError("error.strokes_malformed")
    if not fewest <= len(strokes) <= most:
        raise RuleError("error.stroke_count", fewest=fewest, most=most, count=len(strokes))
    return [checked_stroke(stroke) for stroke in strokes]


def validate_draft(strokes: object) -> list[list[Point]]:
    """An artist's strokes so far (R4): none up to MAX_DRAFT_STROKES, each checked as in a
    fragment (the pulse's limit applies when the draft is locked, in drawing order)."""
    if not isinstance(strokes, list | tuple):
        raise RuleError("error.strokes_malformed")
    if len(strokes) > MAX_DRAFT_STROKES:
        raise RuleError("error.stroke_count", fewest=0, most=MAX_DRAFT_STROKES, count=len(strokes))
    return [checked_stroke(stroke) for stroke in strokes]


def accused_signature(votes: Iterable[str]) -> str | None:
    """The signature with strictly more votes than every other, else None (R7)."""
    ranked = Counter(votes).most_common(2)
    if not ranked:
        return None
    if len(ranked) == 2 and ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0]


def outcome_awards(players: Sequence[int], distorter: int, success: bool) -> dict[int, int]:
    """What one of a round's two outcomes pays (R8, R9): each other player 100 on success,
    else the Distorter 100 for each of them."""
    others = [player for player in players if player != distorter]
    awards = dict.fromkeys(players, 0)
    if success:
        awards.update(dict.fromkeys(others, POINTS_PER_POINT))
    else:
        awards[distorter] = len(others) * POINTS_PER_POINT
    return awards


def round_awards(
    players: Sequence[int], distorter: int, *, target_found: bool, distorter_caught: bool
) -> dict[int, int]:
    """Points each player earns in one round (R8 to R10): two independent outcomes."""
    target = outcome_awards(players, distorter, target_found)
    accusation = outcome_awards(players, distorter, distorter_caught)
    return {player: target[player] + accusation[player] for player in players}


def round_outcome(
    players: Sequence[int],
    distorter: int,
    *,
    chosen: str | None,
    true_id: str,
    votes: Iterable[str],
    authors: Mapping[str, int],
) -> dict[str, Any]:
    """A round's outcome (R7 to R10), decided once when the round is revealed and stored
    (Round.outcome, JSON): whether the Curator found the target, the signature accused (None:
    no majority), whether that caught the Distorter, and what each outcome paid each player
    (ids as text, as JSON keeps them)."""
    accused = accused_signature(votes)
    found = chosen is not None and chosen == true_id
    caught = accused is not None and authors[accused] == distorter
    return {
        "target_found": found,
        "accused": accused,
        "distorter_caught": caught,
        "points": {
            outcome: {str(p): pts for p, pts in outcome_awards(players, distorter, won).items()}
            for outcome, won in (("target", found), ("accusation", caught))
        },
    }
