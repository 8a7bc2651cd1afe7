"""Canvas Layers' rules as pure functions: setup, the market and its tokens, completing a
painting, what a painting shows through its layers, ribbons, the end, scores and ties, the turn
that runs out, and titles.

Nothing here touches the database or the clock: the service feeds these functions what it
stored and stores what they return. Randomness comes in as a `random.Random`, so a seed replays
a game. A player is a seat, numbered from 0 in join order; turns pass in seat order.

Moves follow OpenSpiel's habit: `legal_actions` lists exactly the moves `apply` accepts, so a
page offers only what will be taken, and a bot or a timed-out turn picks from the same list.
Every refusal is a RuleError whose key (error.layers.*) is in both languages' catalogues.

Its phase table (at the end): a game is one long round of turns, each turn a round of one
phase, "turn", that the move of the player whose turn it is ends at once. The game decides its
own end (everyone has three paintings, and a tie's pick is made): the declaration's `finished`
hook, not a round count.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from engine.canvas_layers.cards import (
    DEFAULT_SCORING,
    ELEMENTS,
    SCORING_IDS,
    SLOTS,
    Slots,
    art_by_id,
    bonus_element,
    load_cards,
    scoring_by_id,
)
from engine.declaration import FINISHED, LOBBY, PhaseRule, PhaseTable, one_answer_decides
from engine.errors import RuleError

# ---------------------------------------------------------------- the table

MIN_PLAYERS = 2
MAX_PLAYERS = 5
START_TOKENS = 4
BACKGROUNDS_EACH = 3
MARKET_SIZE = 5
HAND_LIMIT = 5  # with this many in hand, a player must complete a painting
LAYERS = 3  # a painting is exactly three art cards
PAINTINGS_EACH = 3  # the game ends when everyone has this many
SCORING_IN_PLAY = 4


@dataclass(frozen=True)
class MarketCard:
    """A face-up card of the row and the inspiration tokens lying on it."""

    card: str
    tokens: int = 0


@dataclass(frozen=True)
class Painting:
    """A completed painting: its background, its art cards bottom to top, and the ribbons it
    took from each scoring card in play (in the scoring cards' order, zeros included)."""

    background: str
    cards: tuple[str, str, str]
    ribbons: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Painter:
    """One seat's belongings. The hand keeps the order cards were taken, oldest first: a turn
    that runs out paints with the three oldest."""

    hand: tuple[str, ...]
    tokens: int
    backgrounds: tuple[str, ...]  # as dealt; a painting uses one up
    paintings: tuple[Painting, ...] = ()

    @property
    def unused_backgrounds(self) -> tuple[str, ...]:
        used = {painting.background for painting in self.paintings}
        return tuple(background for background in self.backgrounds if background not in used)

    @property
    def done(self) -> bool:
        """Whether this painter has completed every painting (their turns are skipped)."""
        return len(self.paintings) >= PAINTINGS_EACH

    def ribbons(self) -> dict[str, int]:
        """Ribbons collected so far, per scoring card."""
        held: Counter[str] = Counter()
        for painting in self.paintings:
            held.update(dict(painting.ribbons))
        return dict(held)


@dataclass(frozen=True)
class State:
    """A table of Canvas Layers between two moves."""

    scoring: tuple[str, ...]  # the four scoring cards face up
    deck: tuple[str, ...]  # face down, next card first
    market: tuple[MarketCard, ...]  # position 1 first
    painters: tuple[Painter, ...]  # by seat
    first: int  # the seat drawn to start
    turn: int | None  # whose turn it is; None once the game has ended

    @property
    def over(self) -> bool:
        return self.turn is None


@dataclass(frozen=True)
class Take:
    """Take the card at `position` (1 on the left). The move names the card the player saw
    there, so a tap made before the row slid (a second tab, a slow phone) is refused instead
    of taking whichever card now lies at that position."""

    position: int
    card: str


@dataclass(frozen=True)
class Complete:
    """Complete a painting: three cards of the hand, bottom first, over an unused background.
    As a page sent it: `apply` checks there are three, each in the hand."""

    cards: tuple[str, ...]
    background: str


Action = Take | Complete


def check_players(players: int) -> None:
    """Refuse a table of fewer than 2 or more than 5."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise RuleError("error.layers.table_size", fewest=MIN_PLAYERS, most=MAX_PLAYERS)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError("error.layers.table_size", fewest=MIN_PLAYERS, most=MAX_PLAYERS)


def check_scoring(scoring: object) -> tuple[str, ...]:
    """The four scoring cards a facilitator picked, checked: four distinct cards of the twelve.
    Anything but a list or tuple of them (None, a number, one card's id) is a wrong count."""
    if not isinstance(scoring, list | tuple):
        raise RuleError("error.layers.scoring_count", count=SCORING_IN_PLAY)
    picked = tuple(scoring)
    if len(picked) != SCORING_IN_PLAY:
        raise RuleError("error.layers.scoring_count", count=SCORING_IN_PLAY)
    if not all(isinstance(card, str) and card in SCORING_IDS for card in picked):
        raise RuleError("error.layers.scoring_unknown")
    if len(set(picked)) < len(picked):
        raise RuleError("error.layers.scoring_twice")
    return picked


def setup(players: int, rng: random.Random, scoring: Iterable[str] = DEFAULT_SCORING) -> State:
    """A new table: backgrounds dealt three each, four tokens each, the art deck shuffled with
    five face up, and the first player drawn at random (the rulings)."""
    check_players(players)
    picked = check_scoring(scoring)
    cards = load_cards()
    backgrounds = [background.id for background in cards.backgrounds]
    rng.shuffle(backgrounds)
    deck = [card.id for card in cards.art]
    rng.shuffle(deck)
    first = rng.randrange(players)
    painters = tuple(
        Painter((), START_TOKENS, tuple(backgrounds[seat * BACKGROUNDS_EACH :][:BACKGROUNDS_EACH]))
        for seat in range(players)
    )
    market = tuple(MarketCard(card) for card in deck[:MARKET_SIZE])
    return State(picked, tuple(deck[MARKET_SIZE:]), market, painters, first, first)


# ---------------------------------------------------------------- moves


def cost(position: int) -> int:
    """Tokens the card at `position` costs: one on each card to its left."""
    return position - 1


def legal_actions(state: State, player: int) -> tuple[Action, ...]:
    """Every move `player` may make now, and nothing else: none when it is not their turn.

    Takes come first, by position; then completions, every ordered three of the hand over
    every unused background (with five in hand, only those)."""
    if state.turn is None or player != state.turn:
        return ()
    painter = state.painters[player]
    moves: list[Action] = []
    if len(painter.hand) < HAND_LIMIT:
        moves.extend(
            Take(position, slot.card)
            for position, slot in enumerate(state.market, start=1)
            if cost(position) <= painter.tokens
        )
    for cards in itertools.permutations(painter.hand, LAYERS):
        moves.extend(Complete(cards, background) for background in painter.unused_backgrounds)
    return tuple(moves)


def apply(state: State, player: int, action: object) -> State:
    """The table after `player` makes `action`, or a RuleError saying why not (nothing is
    changed: states are immutable)."""
    if state.turn is None:
        raise RuleError("error.layers.game_over")
    if isinstance(player, bool) or not isinstance(player, int):
        raise RuleError("error.layers.not_seated")
    if not 0 <= player < len(state.painters):
        raise RuleError("error.layers.not_seated")
    if player != state.turn:
        raise RuleError("error.layers.not_your_turn")
    if isinstance(action, Take):
        moved = _take(state, player, action)
    elif isinstance(action, Complete):
        moved = _complete(state, player, action)
    else:
        raise RuleError("error.layers.bad_action")
    return replace(moved, turn=next_turn(moved.painters, player))


def _take(state: State, player: int, action: Take) -> State:
    painter = state.painters[player]
    if len(painter.hand) >= HAND_LIMIT:
        raise RuleError("error.layers.must_complete", most=HAND_LIMIT)
    position = action.position
    if isinstance(position, bool) or not isinstance(position, int):
        raise RuleError("error.layers.bad_action")
    if not 1 <= position <= len(state.market):
        raise RuleError("error.layers.no_such_position", most=len(state.market))
    taken = state.market[position - 1]
    if taken.card != action.card:
        raise RuleError("error.layers.market_changed")
    price = cost(position)
    if price > painter.tokens:
        raise RuleError("error.layers.cannot_afford", cost=price, tokens=painter.tokens)
    left = [replace(slot, tokens=slot.tokens + 1) for slot in state.market[: position - 1]]
    market = [*left, *state.market[position:]]
    deck = state.deck
    if deck:  # once the deck runs out, the row is no longer refilled
        market.append(MarketCard(deck[0]))
        deck = deck[1:]
    taker = replace(
        painter, hand=(*painter.hand, taken.card), tokens=painter.tokens - price + taken.tokens
    )
    return replace(state, deck=deck, market=tuple(market), painters=_with(state, player, taker))


def _complete(state: State, player: int, action: Complete) -> State:
    painter = state.painters[player]
    cards = checked_layers(painter, action.cards, whole=True)
    checked_background(painter, action.background)
    bottom, middle, top = cards
    layers = (bottom, middle, top)
    ribbons = painting_ribbons(state.scoring, shown(layers), painter.ribbons())
    painting = Painting(action.background, layers, ribbons)
    painted = replace(
        painter,
        hand=tuple(card for card in painter.hand if card not in cards),
        paintings=(*painter.paintings, painting),
    )
    return replace(state, painters=_with(state, player, painted))


def checked_layers(painter: Painter, cards: object, *, whole: bool) -> tuple[str, ...]:
    """Cards of `painter`'s hand in an order, bottom first, each once: exactly three for a
    painting (`whole`), at most three for one still being arranged (a draft)."""
    if not isinstance(cards, tuple | list) or not all(isinstance(card, str) for card in cards):
        raise RuleError("error.layers.bad_action")
    if len(cards) != LAYERS if whole else len(cards) > LAYERS:
        raise RuleError("error.layers.three_cards", count=LAYERS)
    if len(set(cards)) < len(cards):
        raise RuleError("error.layers.card_twice")
    if not set(cards) <= set(painter.hand):
        raise RuleError("error.layers.not_in_hand")
    return tuple(cards)


def checked_background(painter: Painter, background: object) -> str:
    """One of `painter`'s backgrounds that holds no painting yet."""
    if background not in painter.backgrounds:
        raise RuleError("error.layers.not_your_background")
    if background not in painter.unused_backgrounds:
        raise RuleError("error.layers.background_used")
    return str(background)


def _with(state: State, seat: int, painter: Painter) -> tuple[Painter, ...]:
    return (*state.painters[:seat], painter, *state.painters[seat + 1 :])


def next_turn(painters: Sequence[Painter], current: int) -> int | None:
    """The next seat after `current` that still paints (those done are skipped; the current
    player again if only they are left), or None when everyone has completed three."""
    count = len(painters)
    for step in range(1, count + 1):
        seat = (current + step) % count
        if not painters[seat].done:
            return seat
    return None


def timed_out_action(state: State) -> Action:
    """What a turn that runs out does (the rulings): take the free card at position 1; with
    five in hand, complete a painting from the three oldest cards, in the order taken (oldest
    at the bottom), over the first unused background as dealt."""
    if state.turn is None:
        raise RuleError("error.layers.game_over")
    painter = state.painters[state.turn]
    oldest = Complete(painter.hand[:LAYERS], painter.unused_backgrounds[0])
    if len(painter.hand) >= HAND_LIMIT or not state.market:
        return oldest
    return Take(1, state.market[0].card)


# ---------------------------------------------------------------- what a painting shows


def shown(cards: Sequence[str]) -> Slots:
    """What the art cards `cards` (bottom first) show through each other."""
    by_id = art_by_id()
    return visible([by_id[card].slots for card in cards])


def visible(layers: Sequence[Slots]) -> Slots:
    """Slot by slot, the icons of the topmost layer (layers bottom first) with any icon in
    that slot; everything under it is covered and ignored."""
    return tuple(
        next((layer[slot] for layer in reversed(layers) if layer[slot]), ())
        for slot in range(SLOTS)
    )


# An icon of a painting, as a scoring card counts it: (slot index from 0, icon). A slot holds
# an icon at most once, so this names it, and "each icon counts at most once" is a matter of
# never using a pair twice.
Placed = tuple[int, str]


def _elements(slots: Slots) -> list[Placed]:
    return [(index, icon) for index, slot in enumerate(slots) for icon in slot if icon in ELEMENTS]


def _most_disjoint(groups: Sequence[frozenset[Placed]]) -> int:
    """The most groups that can be counted together without any icon counted twice."""
    if not groups:
        return 0
    first, rest = groups[0], groups[1:]
    without = _most_disjoint(rest)
    with_first = 1 + _most_disjoint([group for group in rest if not group & first])
    return max(without, with_first)


def _pairs(slots: Slots, accept: Callable[[Placed, Placed], bool]) -> int:
    """The most pairs of shown element icons `accept` takes (either way round), no icon in two."""
    icons = _elements(slots)
    groups = [
        frozenset({a, b})
        for a, b in itertools.combinations(icons, 2)
        if accept(a, b) or accept(b, a)
    ]
    return _most_disjoint(groups)


def _composition(slots: Slots) -> int:
    # Every slot shows an icon; bonus icons fill slots too.
    return int(all(slots))


def _hierarchy(slots: Slots) -> int:
    # Texture is the most shown element; a tie for the most does not score.
    counts = Counter(icon for _, icon in _elements(slots))
    texture = counts.pop("texture", 0)
    return int(texture > 0 and all(texture > count for count in counts.values()))


def _movement(slots: Slots) -> int:
    # One element in three neighbouring slots; four or five in a row still score once.
    groups = [
        frozenset((start + step, element) for step in range(3))
        for element in ELEMENTS
        for start in range(SLOTS - 2)
        if all(element in slots[start + step] for step in range(3))
    ]
    return _most_disjoint(groups)


def _proximity(slots: Slots) -> int:
    # Texture in a slot next to one with Tone (the same slot is not next to itself).
    return _pairs(
        slots, lambda a, b: a[1] == "texture" and b[1] == "tone" and abs(a[0] - b[0]) == 1
    )


def _space(slots: Slots) -> int:
    # Hue and Shape with at least one slot between them.
    return _pairs(slots, lambda a, b: a[1] == "hue" and b[1] == "shape" and abs(a[0] - b[0]) >= 2)


def _symmetry(slots: Slots) -> int:
    # One element in both slots of a mirrored pair: 1 and 5, or 2 and 4.
    return _pairs(slots, lambda a, b: a[1] == b[1] and a[0] + b[0] == SLOTS - 1 and a[0] != b[0])


def _variety(slots: Slots) -> int:
    return int({icon for _, icon in _elements(slots)} == set(ELEMENTS))


def _repetition(slots: Slots) -> int:
    # Each pair of one element (two icons of it, wherever they are).
    counts = Counter(icon for _, icon in _elements(slots))
    return sum(count // 2 for count in counts.values())


def _unity(slots: Slots) -> int:
    # At least four element icons, all of two elements or fewer.
    icons = _elements(slots)
    return int(len(icons) >= 4 and len({icon for _, icon in icons}) <= 2)


def _rhythm(slots: Slots) -> int:
    # Three neighbouring slots reading A, B, A: one element, another, the first again.
    groups = [
        frozenset({(start, a), (start + 1, b), (start + 2, a)})
        for start in range(SLOTS - 2)
        for a in slots[start]
        for b in slots[start + 1]
        if a in ELEMENTS and b in ELEMENTS and a != b and a in slots[start + 2]
    ]
    return _most_disjoint(groups)


def _harmony(slots: Slots) -> int:
    # Each slot showing two elements side by side.
    return sum(1 for slot in slots if sum(icon in ELEMENTS for icon in slot) == 2)


def _focus(slots: Slots) -> int:
    # The middle slot shows an element that no other slot shows.
    centre = SLOTS // 2
    elsewhere = {icon for index, icon in _elements(slots) if index != centre}
    return int(any(icon in ELEMENTS and icon not in elsewhere for icon in slots[centre]))


CONDITIONS = {
    "composition": _composition,
    "hierarchy": _hierarchy,
    "movement": _movement,
    "proximity": _proximity,
    "space": _space,
    "symmetry": _symmetry,
    "variety": _variety,
    "repetition": _repetition,
    "unity": _unity,
    "rhythm": _rhythm,
    "harmony": _harmony,
    "focus": _focus,
}


def times_met(scoring: str, slots: Slots) -> int:
    """How many times the painting showing `slots` meets the scoring card's condition, each
    icon counted at most once, before the card's most ribbons per painting."""
    return CONDITIONS[scoring](slots)


def ribbons_met(scoring: str, slots: Slots) -> int:
    """Ribbons one painting showing `slots` earns from a scoring card: the times it meets the
    condition, at most the card's most per painting."""
    return min(times_met(scoring, slots), scoring_by_id()[scoring].most)


def painting_ribbons(
    scoring: Sequence[str], slots: Slots, held: Mapping[str, int]
) -> tuple[tuple[str, int], ...]:
    """The ribbons a painting takes as it is completed, per scoring card in play. A player
    who already holds a card's whole points table takes no more of its ribbons."""
    taken = []
    for card_id in scoring:
        card = scoring_by_id()[card_id]
        room = max(0, len(card.points) - held.get(card_id, 0))
        taken.append((card_id, min(ribbons_met(card_id, slots), room)))
    return tuple(taken)


def bonus_points(slots: Slots) -> int:
    """Each bonus icon shown earns 1 point per element icon it names shown in the painting."""
    counts = Counter(icon for _, icon in _elements(slots))
    return sum(
        counts[element]
        for slot in slots
        for icon in slot
        if (element := bonus_element(icon)) is not None
    )


# ---------------------------------------------------------------- the end


def scores(state: State) -> dict[int, int]:
    """Each seat's points: every scoring card's points for the ribbons taken from it, plus the
    bonus points of every painting."""
    return {
        seat: ribbon_points(painter)
        + sum(bonus_points(shown(painting.cards)) for painting in painter.paintings)
        for seat, painter in enumerate(state.painters)
    }


def ribbon_points(painter: Painter) -> int:
    """Points for the ribbons a painter holds, card by card."""
    return sum(scoring_by_id()[card].points_for(count) for card, count in painter.ribbons().items())


@dataclass(frozen=True)
class Outcome:
    """How a finished game ends.

    `ranking` is every seat, best first: points, then tokens, then turn order from the first
    player. `tied` holds the seats level on points and tokens at the top (one seat when
    nobody ties). When others are outside the tie, `picker` is the best placed of them, who
    picks the winner among `tied` (`pick_winner`), and `winners` is empty until they do;
    otherwise `winners` is the one leader, or everyone tied, who share the victory."""

    scores: tuple[tuple[int, int], ...]  # (seat, points), by seat
    ranking: tuple[int, ...]
    tied: tuple[int, ...]
    picker: int | None
    winners: tuple[int, ...]


def outcome(state: State) -> Outcome:
    """The scores, the ranking and who wins (or who picks) once the game has ended."""
    if state.turn is not None:
        raise RuleError("error.layers.not_over")
    points = scores(state)
    count = len(state.painters)
    order = {seat: (seat - state.first) % count for seat in range(count)}

    def place(seat: int) -> tuple[int, int]:
        return points[seat], state.painters[seat].tokens

    ranking = tuple(
        sorted(range(count), key=lambda seat: (*(-v for v in place(seat)), order[seat]))
    )
    tied = tuple(seat for seat in ranking if place(seat) == place(ranking[0]))
    outside = [seat for seat in ranking if seat not in tied]
    if len(tied) > 1 and outside:
        return Outcome(tuple(points.items()), ranking, tied, outside[0], ())
    return Outcome(tuple(points.items()), ranking, tied, None, tied)


def pick_winner(result: Outcome, picker: int, chosen: object) -> int:
    """The winner the best-placed player outside a tie picked among the tied."""
    if result.picker is None:
        raise RuleError("error.layers.no_pick")
    if picker != result.picker:
        raise RuleError("error.layers.not_picker")
    if isinstance(chosen, bool) or chosen not in result.tied:
        raise RuleError("error.layers.not_tied")
    return chosen


# ---------------------------------------------------------------- titles


def title(cards: Sequence[str], language: str = "en") -> str:
    """A painting's title: the bottom card's bottom fragment, the middle card's middle one and
    the top card's top one, which read as one title in either language."""
    by_id = art_by_id()
    bottom, middle, top = (by_id[card].fragments(language) for card in cards)
    return f"{bottom.bottom} {middle.middle} {top.top}"


# ---------------------------------------------------------------- the phase table

KIND = "canvas_layers"
TURN = "turn"
# Moves: take a card, complete a painting, pick the winner of a tie (the best-placed player
# outside it, once everyone has three paintings).
TAKE, COMPLETE, PICK = "take", "complete", "pick"
# The rulings: a turn lasts the pace's length, 30 s by default (none when untimed).
TURN_SECONDS = 30.0
# More turns than any game can take: each player takes at most 11 cards (9 painted, 2 left
# in a hand of 5) and completes 3 paintings; then one pick. The game ends before by itself.
TURNS_EACH = 14

TABLE = PhaseTable(
    lobby=LOBBY,
    round_phases=(TURN,),
    finished=FINISHED,
    rules={TURN: PhaseRule(TURN_SECONDS, frozenset({TAKE, COMPLETE, PICK}), one_answer_decides)},
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
)


def max_turns(players: int) -> int:
    return players * TURNS_EACH + 1
