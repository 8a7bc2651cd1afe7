"""Canvas Critters' rulebook as pure functions: the pile, placing pieces, the round's timer,
titles, ribbons, scoring, tie-breaks, the two-player guessing game (the duel), and the two
phase tables (the judged game's and the duel's). A game is created as KIND and becomes
DUEL_KIND at its start when two play.

Nothing here touches the database or the clock: the service feeds these functions what it
stored and stores what they return. Randomness comes in as a `random.Random`, so a seed
replays a game. A player is an int (the player's id); "clockwise" is the order of seats,
numbered from 0. Every refusal is a RuleError whose key is in both languages' catalogues.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from engine import name_filter
from engine.declaration import (
    PhaseRule,
    PhaseTable,
    everyone_answered,
    nobody_answered,
    one_answer_decides,
)
from engine.errors import RuleError
from engine.names import typed_text
from engine.standings import winners

# ---------------------------------------------------------------- players and rounds

MIN_PLAYERS = 2  # two play the duel (the rulebook's 2-player rules)
JUDGED_MIN_PLAYERS = 3  # three or more judge each other's mosaics with ribbons
MAX_PLAYERS = 6
TWO_PLAYER_ROUNDS = 5


def is_duel(players: int) -> bool:
    """Whether `players` play the 2-player rules: secret themes guessed, no titles, no judging."""
    return players == MIN_PLAYERS


def _check_count(players: int, fewest: int = MIN_PLAYERS) -> None:
    if not fewest <= players <= MAX_PLAYERS:
        raise ValueError(f"Canvas Critters is for {fewest} to {MAX_PLAYERS} players, not {players}")


def rounds_for(players: int) -> int:
    """Rounds before final scoring: everyone is the active player once, twice with three
    (Break Down, step 4); the duel plays five (2-player rule 8). Tie-breaks come after."""
    _check_count(players)
    if is_duel(players):
        return TWO_PLAYER_ROUNDS
    return 2 * players if players == JUDGED_MIN_PLAYERS else players


def first_active(players: int, rng: random.Random) -> int:
    """The starting player's seat, drawn at random.

    The rulebook's "last person who looked at a painting" is a lottery nobody can plan for.
    The first to join would be the same student in every game of a class that joins in the
    same order, and always the quickest typist; a draw is fair, and the seed replays it.
    """
    _check_count(players, JUDGED_MIN_PLAYERS)
    return rng.randrange(players)


def active_seat(first: int, round_number: int, players: int) -> int:
    """The seat of the active player in round `round_number` (from 1): the card passes
    clockwise each round, tie-break rounds included, so nobody picks twice in a row."""
    return (first + round_number - 1) % players


def judging_order(active: int, players: int) -> list[int]:
    """Seats from the active player clockwise: the order titles are read out and shown in
    (Community Judging, step 2)."""
    return [(active + offset) % players for offset in range(players)]


# ---------------------------------------------------------------- the pile

# One shared pile per table (Components), in the rulebook's order.
PILE: Mapping[str, int] = MappingProxyType(
    {
        "giraffe": 12,
        "turtle": 12,
        "penguin": 12,
        "shark": 12,
        "fox": 12,
        "crab": 12,
        "elephant": 5,
        "flamingo": 5,
        "octopus": 5,
        "whale": 5,
        "snake": 5,
        "rhino": 5,
    }
)
PILE_SIZE = sum(PILE.values())
MIN_PIECES = 7  # Step 2, rule 3


def piece_id(kind: str, number: int) -> str:
    """A piece's stable id: "fox-07" is the seventh fox (numbered from 1)."""
    return f"{kind}-{number:02d}"


def initial_pile() -> tuple[str, ...]:
    """Every piece's id, kind by kind in PILE's order."""
    return tuple(piece_id(kind, n) for kind, count in PILE.items() for n in range(1, count + 1))


PIECE_IDS = frozenset(initial_pile())


def piece_kind(piece: object) -> str:
    """The kind of a piece ("fox" for "fox-07"); anything else is not a piece of the pile."""
    if not isinstance(piece, str) or piece not in PIECE_IDS:
        raise RuleError("error.critters.unknown_piece")
    return piece.rsplit("-", 1)[0]


# ---------------------------------------------------------------- placing pieces

# A piece's footprint is a square of this side, as a fraction of the (square) canvas's side,
# centred on its position: 1/8 of a 340 px phone canvas is 42 px, about a finger's touch
# target, and 64 pieces fit side by side. "Entirely within the frame" (rule 4) is then exact.
PIECE_SIZE = 0.125
CANVAS_SIDES = ("white", "black")  # the double-sided canvas; flip it any time (Art Tip)
POSITION_DIGITS = 4  # positions kept to 1/10000 of the canvas, like strokes


@dataclass(frozen=True)
class Placement:
    """Where a piece lies: its centre (x right, y down, fractions of the canvas side), turned
    clockwise by `rotation` whole degrees, then `mirrored` left to right if asked.

    A phone stands in for laying a piece flat, on its side or upright (rule 2) with a turn
    and a flip: a giraffe lying down, two penguins facing each other.
    """

    x: float
    y: float
    rotation: int = 0
    mirrored: bool = False


def reach(rotation: int) -> float:
    """How far a piece turned by `rotation` degrees reaches from its centre, left-right and
    up-down alike: half the side of the square's bounding box. Rounded to 1e-9 so a quarter
    turn reaches exactly as far as none."""
    radians = math.radians(rotation)
    return round(PIECE_SIZE / 2 * (abs(math.cos(radians)) + abs(math.sin(radians))), 9)


def inside_frame(placement: Placement) -> bool:
    """Whether the whole footprint lies within the canvas (rule 4)."""
    margin = reach(placement.rotation)
    return all(margin <= value <= 1 - margin for value in (placement.x, placement.y))


def _finite(value: object) -> int | float:
    """A number of a placement as a page sent it, refused unless it is one (True is not)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise RuleError("error.critters.bad_placement")
    # Only a float can be infinite or NaN; an int is compared as it is, since float() of a
    # huge one raises OverflowError.
    if isinstance(value, float) and not math.isfinite(value):
        raise RuleError("error.critters.bad_placement")
    return value


def validate_placement(
    x: object, y: object, rotation: object = 0, mirrored: object = False
) -> Placement:
    """A placement as sent by a page, checked: finite numbers, the footprint inside the frame.

    Rotation may be any finite number of degrees; it is kept as a whole number from 0 to 359.
    """
    left, top, turn = (_finite(value) for value in (x, y, rotation))
    if not isinstance(mirrored, bool):
        raise RuleError("error.critters.bad_placement")
    if not (0 <= left <= 1 and 0 <= top <= 1):
        raise RuleError("error.critters.piece_outside")
    placement = Placement(
        round(float(left), POSITION_DIGITS),
        round(float(top), POSITION_DIGITS),
        round(turn) % 360,
        mirrored,
    )
    if not inside_frame(placement):
        raise RuleError("error.critters.piece_outside")
    return placement


def validate_side(side: object) -> str:
    """The side of the canvas a player builds on: white or black."""
    if side not in CANVAS_SIDES:
        raise RuleError("error.critters.bad_side")
    return side


@dataclass(frozen=True)
class Held:
    """A piece out of the pile: who holds it, and where it lies on their canvas."""

    player: int
    placement: Placement


# The pieces out of the pile, piece id -> Held, in drawing order: a piece taken or moved goes
# on top (pieces may be stacked, rule 2). Every other piece is in the pile. One mapping for
# the whole table is what makes "two players never hold the same piece" a fact, not a check.
Table = Mapping[str, Held]


def most_pieces(table: Table, player: int, builders: Iterable[int]) -> int:
    """The most pieces `player`'s canvas may hold now: theirs and the pile's, less what every
    other builder still needs to reach seven (the ruling). The rulebook has no cap, but a tap
    takes a piece faster than a hand does. Any piece counts toward seven (rule 3 names no
    kind), so only how many the pile holds matters; in a tie-break only the tied build."""
    held = Counter(holding.player for holding in table.values())
    short = sum(max(0, MIN_PIECES - held[other]) for other in builders if other != player)
    return held[player] + PILE_SIZE - len(table) - short


def take_piece(
    table: Table, player: int, piece: str, placement: Placement, *, builders: Iterable[int]
) -> dict[str, Held]:
    """`player` takes `piece` from the pile and lays it on their canvas (rule 1: one at a
    time), unless that would leave one of the other `builders` unable to reach seven.
    Taking a piece one already holds changes nothing, so a retried tap is harmless."""
    piece_kind(piece)
    held = table.get(piece)
    if held is not None and held.player == player:
        return dict(table)
    if held is None:
        most = most_pieces(table, player, builders)
        if len(mosaic_of(table, player)) >= most:
            raise RuleError("error.critters.too_many_pieces", most=most, fewest=MIN_PIECES)
    return _lay(table, player, piece, placement)


def _lay(table: Table, player: int, piece: str, placement: Placement) -> dict[str, Held]:
    """`piece`, from the pile, on `player`'s canvas at `placement`, on top of the others."""
    piece_kind(piece)
    if piece in table:
        raise RuleError("error.critters.piece_taken")
    return {**table, piece: Held(player, placement)}


def move_piece(table: Table, player: int, piece: str, placement: Placement) -> dict[str, Held]:
    """`player` moves one of their pieces, which goes on top of the others."""
    _check_holds(table, player, piece)
    rest = {other: held for other, held in table.items() if other != piece}
    return {**rest, piece: Held(player, placement)}


def return_piece(table: Table, player: int, piece: str) -> dict[str, Held]:
    """`player` puts one of their pieces back in the pile (rule 5)."""
    _check_holds(table, player, piece)
    return {other: held for other, held in table.items() if other != piece}


def exchange_piece(table: Table, player: int, give: str, take: str) -> dict[str, Held]:
    """`player` swaps one of their pieces for one from the pile (rule 5): the new piece lies
    where the old one lay, and the canvas holds as many as before, so no limit applies.
    All or nothing: if `take` is gone, `give` stays on the canvas."""
    placement = _check_holds(table, player, give).placement
    return _lay(return_piece(table, player, give), player, take, placement)


def clear_mosaic(table: Table, player: int) -> dict[str, Held]:
    """`player` starts again: every piece of theirs goes back in the pile (Art Tip)."""
    return {piece: held for piece, held in table.items() if held.player != player}


def mosaic_of(table: Table, player: int) -> dict[str, Placement]:
    """One player's mosaic, piece id -> placement, bottom piece first."""
    return {piece: held.placement for piece, held in table.items() if held.player == player}


def _check_holds(table: Table, player: int, piece: str) -> Held:
    piece_kind(piece)
    held = table.get(piece)
    if held is None or held.player != player:
        raise RuleError("error.critters.not_your_piece")
    return held


def check_mosaic(mosaic: Mapping[str, Placement]) -> None:
    """Refuse to finish a mosaic that breaks rule 3 (at least seven pieces) or rule 4 (all
    inside the frame; placements are checked as they are made, so this is a second look)."""
    if len(mosaic) < MIN_PIECES:
        raise RuleError("error.critters.too_few_pieces", fewest=MIN_PIECES, count=len(mosaic))
    if not all(inside_frame(placement) for placement in mosaic.values()):
        raise RuleError("error.critters.piece_outside")


# ---------------------------------------------------------------- the round's timer

FINISH_TIMER_SECONDS = 60  # the one-minute sand timer: the "last_minute" phase (game.py)


# ---------------------------------------------------------------- titles

TITLE_MAX_CHARS = 40


def clean_title(title: object, *, filter_words: bool) -> str:
    """A mosaic's title as shown (Community Judging, step 2): NFKC, spaces trimmed and
    collapsed, 1 to 40 characters, no invisible or direction-changing characters (as names).

    `filter_words` is the game's name filter: on, a title with a word a school would refuse
    is refused. The duel has no titles (2-player rule 5).
    """
    cleaned = typed_text(
        title, empty="error.critters.title_empty", bad="error.critters.title_bad_characters"
    )
    if len(cleaned) > TITLE_MAX_CHARS:
        raise RuleError("error.critters.title_too_long", most=TITLE_MAX_CHARS)
    if filter_words and name_filter.refuses(cleaned):
        raise RuleError("error.critters.title_refused")
    return cleaned


# ---------------------------------------------------------------- ribbons

GOLDEN = 5
UNUSED_GOLDEN_PENALTY = 5


def ribbons_for(players: int) -> tuple[int, ...]:
    """Each player's ribbon values, highest first: +3, +2, +1; +3 and +1 with three players
    (Setup, step 3) and in the duel, where they are guesses (2-player rule 1)."""
    _check_count(players)
    return (3, 1) if players <= JUDGED_MIN_PLAYERS else (3, 2, 1)


@dataclass(frozen=True)
class Judging:
    """Who awards ribbons in a round, whose mosaics may receive them, the ribbons each giver
    places (all of them: "each player will award all of their ribbon tokens"), and whether a
    golden ribbon may be given."""

    givers: frozenset[int]
    receivers: frozenset[int]
    ribbons: tuple[int, ...]
    golden: bool


def judging(players: Sequence[int], tied: Collection[int] = ()) -> Judging:
    """The judging of a round among `players`; of a tie-break round if `tied` is given.

    "The tied players play another round, and the other players award ribbons": in a
    tie-break only the tied make mosaics and only the others award, each placing as many of
    their ribbons as there are tied players, highest first (+3 and +2 between two), so every
    ribbon can be placed under the one-per-player rule. Everybody tied leaves nobody to
    judge: they share the victory (`tie_break_players`), with no tie-break round. Golden
    ribbons were settled at final scoring (kept ones already cost 5 points), so none is
    given in a tie-break.
    """
    _check_count(len(players), JUDGED_MIN_PLAYERS)
    everyone = frozenset(players)
    values = ribbons_for(len(players))
    if not tied:
        return Judging(everyone, everyone, values, golden=True)
    receivers = frozenset(tied)
    if not receivers < everyone or len(receivers) < 2:
        raise ValueError("a tie-break is between two or more of the players, not all")
    return Judging(everyone - receivers, receivers, values[: len(receivers)], golden=False)


@dataclass(frozen=True)
class Award:
    """What one giver placed in a round: (value, receiver) pairs, highest value first, and
    the receiver of their golden ribbon, if they gave it."""

    giver: int
    ribbons: tuple[tuple[int, int], ...]
    golden: int | None = None


def ribbon_list(values: Iterable[int]) -> str:
    """ "+3, +2, +1": ribbon values as a message shows them, in any language."""
    return ", ".join(f"+{value}" for value in values)


def validate_awards(
    panel: Judging, giver: int, ribbons: object, golden: object = None, *, golden_available: bool
) -> Award:
    """One giver's ribbons, as sent by a page ({value: receiver}, and the golden ribbon's
    receiver or None), checked against Community Judging, step 3 and The Golden Ribbon.

    Every ribbon must be placed, never on one's own mosaic, never two on the same mosaic;
    the golden ribbon may go to someone who also gets one of the giver's ribbons, once a game.
    """
    picks = validate_picks(panel, giver, ribbons, golden, golden_available=golden_available)
    if set(picks.ribbons) != set(panel.ribbons):
        raise RuleError("error.critters.ribbons_missing", ribbons=ribbon_list(panel.ribbons))
    pairs = tuple((value, picks.ribbons[value]) for value in panel.ribbons)
    return Award(giver, pairs, picks.golden)


@dataclass(frozen=True)
class Picks:
    """Ribbons picked so far ({value: receiver}, some may be missing) and the golden one."""

    ribbons: dict[int, int]
    golden: int | None


def validate_picks(
    panel: Judging, giver: int, ribbons: object, golden: object = None, *, golden_available: bool
) -> Picks:
    """Ribbons picked on a phone, complete or not (a draft, or what `validate_awards` gives),
    held to every rule but "all placed": a pick the rules refuse is refused as it is made."""
    if giver not in panel.givers:
        raise RuleError("error.critters.not_judging")
    if not isinstance(ribbons, Mapping):
        raise RuleError("error.critters.awards_malformed")
    placed: dict[int, int] = {}
    for value, receiver in ribbons.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleError("error.critters.awards_malformed")
        if value not in panel.ribbons:
            raise RuleError("error.critters.no_such_ribbon", value=value)
        placed[value] = _check_receiver(panel, giver, receiver)
    if len(set(placed.values())) < len(placed):
        raise RuleError("error.critters.same_player_twice")
    if golden is not None:
        if not panel.golden:
            raise RuleError("error.critters.golden_not_now")
        if not golden_available:
            raise RuleError("error.critters.golden_used")
        golden = _check_receiver(panel, giver, golden)
    return Picks(placed, golden)


def _check_receiver(panel: Judging, giver: int, receiver: object) -> int:
    if isinstance(receiver, bool) or not isinstance(receiver, int):
        raise RuleError("error.critters.awards_malformed")
    if receiver == giver:
        raise RuleError("error.critters.own_mosaic")
    if receiver not in panel.receivers:
        raise RuleError("error.critters.cannot_receive")
    return receiver


def round_scores(awards: Iterable[Award], players: Iterable[int]) -> dict[int, int]:
    """Points each player receives in a round (Scoring): the values of the ribbons placed
    beside their mosaic, 5 for a golden one."""
    scores = dict.fromkeys(players, 0)
    for award in awards:
        for value, receiver in award.ribbons:
            scores[receiver] += value
        if award.golden is not None:
            scores[award.golden] += GOLDEN
    return scores


def golden_given(awards: Iterable[Award]) -> frozenset[int]:
    """The givers whose golden ribbon left play this round (Break Down, step 2)."""
    return frozenset(award.giver for award in awards if award.golden is not None)


def less_kept_golden(points: Mapping[int, int], golden_kept: Collection[int]) -> dict[int, int]:
    """The last regular round's points, less 5 for each golden ribbon never given (Don't Be
    So Judgmental): the totals then hold the penalty. Everyone's total starts at 0: the
    track's start changes no ranking."""
    return {
        player: earned - (UNUSED_GOLDEN_PENALTY if player in golden_kept else 0)
        for player, earned in points.items()
    }


# ---------------------------------------------------------------- the end of the game


class TieRule(StrEnum):
    """What a tie for the most points leads to, chosen by the facilitator.

    PLAY_OFF is the judged game's (Final Scoring): more rounds until one player leads.
    SHARE is the duel's ("simply share the victory", 2-player rule 9), also offered to the
    judged game for a class out of time; a duel may be played off instead.
    """

    PLAY_OFF = "play_off"
    SHARE = "share"


def tie_break_players(totals: Mapping[int, int], *, duel: bool = False) -> list[int]:
    """The players of a tie-break round: those tied for the most points, or none.

    Tie-break points add to the totals, and only tied players receive them, so after each
    tie-break round this same question says whether another is needed, and between whom.
    When every player of the judged game is tied nobody is left to judge: none, they share
    the victory. The duel's two judge each other by guessing, so they can play a tie off.
    """
    leaders = winners(totals)
    if len(leaders) < 2 or (not duel and len(leaders) == len(totals)):
        return []
    return leaders


def default_tie_rule(duel: bool) -> TieRule:
    """The tie rule a game starts with: the duel shares a tie, the judged game plays it off."""
    return TieRule.SHARE if duel else TieRule.PLAY_OFF


def game_over(
    *, rounds_played: int, players: int, totals: Mapping[int, int], tie_rule: TieRule
) -> bool:
    """Whether the game has ended: every round played, and no tie left to play off.

    `totals` are the final scores (golden ribbons kept already deducted) plus the points of
    any tie-break round since; in the duel, the sums of its rounds.
    """
    if rounds_played < rounds_for(players):
        return False
    return tie_rule is TieRule.SHARE or not tie_break_players(totals, duel=is_duel(players))


# ---------------------------------------------------------------- theme cards

THEMES_PER_CARD = 4


def shuffled_deck(cards: Sequence[str], rng: random.Random) -> list[str]:
    """The theme deck, shuffled once for a game (Setup, step 6)."""
    deck = list(cards)
    rng.shuffle(deck)
    return deck


def draw(
    deck: Sequence[str],
    count: int,
    cards: Sequence[str],
    rng: random.Random,
    in_play: Collection[str] = (),
) -> tuple[list[str], list[str]]:
    """The top `count` cards and the deck left.

    A deck that runs short (long tie-breaks) is topped up with a fresh shuffle of every card
    neither still in it nor `in_play` (on the table): the game never runs out, and no card is
    ever in two places at once.
    """
    pile = list(deck)
    if len(pile) < count:
        away = {*pile, *in_play}
        pile += [card for card in shuffled_deck(cards, rng) if card not in away]
    if len(pile) < count:
        raise ValueError(f"cannot draw {count} cards: the deck has {len(pile)} to give")
    return pile[:count], pile[count:]


# ---------------------------------------------------------------- the duel (2-player rules)

# No golden ribbons in the duel: giving one (+5 to the opponent) and keeping it (-5 to
# oneself) move the difference between the two players alike, so it could decide nothing.
# Each player draws a secret card (rule 2: `draw(deck, 2, ...)`), picks one of its themes
# and builds; then the two cards are shown among decoys and each guesses the other's theme.
DECOY_CARDS = 2  # 2-player rule 5: two random cards from the top of the deck


@dataclass(frozen=True)
class Guess:
    """One duel guess (2-player rule 7): the +1 ribbon under a card (`theme` None), or the +3
    ribbon on one theme of a card."""

    ribbon: int
    card: str
    theme: str | None = None


def guess_cards(
    secret_cards: Sequence[str], deck: Sequence[str], cards: Sequence[str], rng: random.Random
) -> tuple[list[str], list[str]]:
    """The four cards turned face up (2-player rules 5 and 6): both secret cards shuffled
    with two from the top of the deck; and the deck left."""
    decoys, rest = draw(deck, DECOY_CARDS, cards, rng, in_play=secret_cards)
    face_up = [*secret_cards, *decoys]
    rng.shuffle(face_up)
    return face_up, rest


def validate_guess(
    ribbon: object, card: object, theme: object, *, face_up: Mapping[str, Collection[str]]
) -> Guess:
    """A duel guess as sent by a page, checked against the face-up cards (card id -> the ids
    of its themes): the +1 under a whole card, the +3 on one of a card's themes."""
    if ribbon not in (1, 3) or isinstance(ribbon, bool):
        raise RuleError("error.critters.guess_ribbon")
    if not isinstance(card, str) or card not in face_up:
        raise RuleError("error.critters.guess_card_unknown")
    if ribbon == 1:
        if theme is not None:
            raise RuleError("error.critters.guess_ribbon")
        return Guess(1, card)
    if not isinstance(theme, str) or theme not in face_up[card]:
        raise RuleError("error.critters.guess_theme_unknown")
    return Guess(3, card, theme)


@dataclass(frozen=True)
class GuessPoints:
    """What one guess earns: the guesser's points, and the mosaic's creator's."""

    guesser: int
    creator: int


def guess_points(guess: Guess, chosen_card: str, chosen_theme: str) -> GuessPoints:
    """2-player rule 7: +1 under the opponent's card, +3 on the opponent's theme, nothing
    otherwise. The creator gains 1 when the opponent "guesses the theme correctly", which
    only the +3 ribbon names: a right card alone does not count (it names four themes)."""
    if guess.ribbon == 1:
        return GuessPoints(1 if guess.card == chosen_card else 0, 0)
    right = guess.card == chosen_card and guess.theme == chosen_theme
    return GuessPoints(3, 1) if right else GuessPoints(0, 0)


def duel_round_scores(
    guesses: Mapping[int, Guess], secrets: Mapping[int, tuple[str, str]]
) -> dict[int, int]:
    """Points of a duel round: each player guesses the other's (card, theme) in `secrets`.
    A player who sent no guess scores nothing for it (their opponent may still score)."""
    if len(secrets) != MIN_PLAYERS:
        raise ValueError("a duel round has two players")
    scores = dict.fromkeys(secrets, 0)
    first, second = secrets
    for guesser, creator in ((first, second), (second, first)):
        if guesser in guesses:
            points = guess_points(guesses[guesser], *secrets[creator])
            scores[guesser] += points.guesser
            scores[creator] += points.creator
    return scores


# ---------------------------------------------------------------- the phase tables

KIND = "canvas_critters"
DUEL_KIND = "critters_duel"
# The phase whose entry scores a round (both variants end their rounds with it).
SCORES = "scores"

# Moves (each allowed in the phases that list it; engine/critters/moves.py has them by name).
PICK_THEME, FINISH, TITLE, AWARD, GUESS = "pick_theme", "finish", "title", "award", "guess"
# The moves of building a mosaic; a phone is offered them together, as one action (BUILD).
TAKE_PIECE, MOVE_PIECE, RETURN_PIECE = "take_piece", "move_piece", "return_piece"
EXCHANGE_PIECE, CLEAR_MOSAIC, FLIP_CANVAS = "exchange_piece", "clear_mosaic", "flip_canvas"
PIECE_MOVES = (TAKE_PIECE, MOVE_PIECE, RETURN_PIECE, EXCHANGE_PIECE, CLEAR_MOSAIC, FLIP_CANVAS)
BUILD = "build"
# What a phase shows: every mosaic, their titles, the chosen themes (the duel's secrets), the
# ribbons and the round's scores.
MOSAICS_SHOWN, TITLES_SHOWN, THEMES_SHOWN, RIBBONS_SHOWN = "mosaics", "titles", "themes", "ribbons"
_BUILDING = frozenset({*PIECE_MOVES, FINISH})
# A choice's mark when the time-out picked its theme (CritterRound.choices).
TIMED_OUT = "timed_out"

# The judged game (3 to 6): the active player picks a theme, everyone builds until the first
# to finish flips the one-minute timer; a build that ends with nobody finished (its overall
# limit, or the teacher) goes straight to the titles: nobody flipped the timer (the ruling).
# Then ribbons in secret, then ribbons and scores turned over. Two in the lobby play the duel.
JUDGED = PhaseTable(
    lobby="lobby",
    round_phases=("theme", "build", "last_minute", "titles", "judging", "scores"),
    finished="finished",
    rules={
        "theme": PhaseRule(30, frozenset({PICK_THEME}), one_answer_decides),
        "build": PhaseRule(300, _BUILDING, one_answer_decides, skips_next=nobody_answered),
        "last_minute": PhaseRule(FINISH_TIMER_SECONDS, _BUILDING, everyone_answered),
        "titles": PhaseRule(45, frozenset({TITLE}), everyone_answered, frozenset({MOSAICS_SHOWN})),
        "judging": PhaseRule(
            60, frozenset({AWARD}), everyone_answered, frozenset({MOSAICS_SHOWN, TITLES_SHOWN})
        ),
        "scores": PhaseRule(20, shows=frozenset({MOSAICS_SHOWN, TITLES_SHOWN, RIBBONS_SHOWN})),
    },
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
)
# The duel (2-player rules): each picks a secret theme, both build against the one-minute
# timer, then each guesses the other's theme among four cards turned face up. The sand timer
# is flipped once both are ready (rule 4), so the duel's building is timed as the judged
# game's last minute: the same setting, paced alike, never the judged game's longer build.
DUEL = PhaseTable(
    lobby="lobby",
    round_phases=("theme", "build", "guess", "scores"),
    finished="finished",
    rules={
        "theme": PhaseRule(30, frozenset({PICK_THEME}), everyone_answered),
        "build": PhaseRule(
            FINISH_TIMER_SECONDS, _BUILDING, everyone_answered, timed_as="last_minute"
        ),
        "guess": PhaseRule(45, frozenset({GUESS}), everyone_answered, frozenset({MOSAICS_SHOWN})),
        "scores": PhaseRule(20, shows=frozenset({MOSAICS_SHOWN, THEMES_SHOWN, RIBBONS_SHOWN})),
    },
    min_players=MIN_PLAYERS,
    max_players=MIN_PLAYERS,
)


def default_seconds() -> dict[str, float]:
    """Every phase length either variant may use (a game's pace is set before anyone knows
    how many will play): one setting per phase name, so the variants must agree on each,
    and a phase timed as another needs that setting."""
    merged = dict(JUDGED.default_seconds)
    for phase, seconds in DUEL.default_seconds.items():
        if merged.setdefault(phase, seconds) != seconds:
            raise ValueError(f"the two variants time {phase!r} differently")
    for phases in (JUDGED, DUEL):
        for phase in phases.round_phases:
            if merged.get(phases.timer_of(phase)) != phases.rules[phase].seconds:
                raise ValueError(f"{phase!r} is timed by a setting of another length")
    return merged
