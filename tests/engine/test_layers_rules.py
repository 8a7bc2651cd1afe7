"""Canvas Layers' rules as pure functions (engine/canvas_layers/rules.py), with hypothesis: setup,
the market and its tokens, completing a painting, covering, every scoring card, ribbons, the
end, scores and ties, the turn that runs out, the moves offered and accepted, and the messages
of every refusal."""

from __future__ import annotations

import ast
import itertools
import json
import random
import string
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.canvas_layers import rules
from engine.canvas_layers.cards import (
    BONUSES,
    DEFAULT_SCORING,
    ELEMENTS,
    ICONS,
    SCORING_IDS,
    art_by_id,
    load_cards,
    scoring_by_id,
)
from engine.canvas_layers.rules import Complete, MarketCard, Painter, Painting, State, Take
from engine.errors import RuleError
from tests.kit import refused

ROOT = Path(__file__).resolve().parents[2]
ART = [card.id for card in load_cards().art]
BACKGROUNDS = [card.id for card in load_cards().backgrounds]
seeds = st.integers(min_value=0, max_value=2**32)
table_sizes = st.integers(min_value=rules.MIN_PLAYERS, max_value=rules.MAX_PLAYERS)


def table(
    hands=((), ()),
    tokens=(4, 4),
    market=None,
    deck=None,
    turn=0,
    scoring=DEFAULT_SCORING,
    paintings=None,
) -> State:
    """A table set by hand: hands and tokens by seat, the row as (card, tokens) pairs; the rest
    of the deck, unless given, is every card nobody holds."""
    held = {card for hand in hands for card in hand}
    for seat_paintings in paintings or ():
        held |= {card for painting in seat_paintings for card in painting.cards}
    free = [card for card in ART if card not in held]
    if market is None:
        market = [(card, 0) for card in free[:5]]
    row = tuple(MarketCard(card, count) for card, count in market)
    if deck is None:
        deck = [card for card in free if card not in {c for c, _ in market}]
    painters = tuple(
        Painter(
            tuple(hand),
            count,
            tuple(BACKGROUNDS[3 * seat : 3 * seat + 3]),
            tuple((paintings or [()] * len(hands))[seat]),
        )
        for seat, (hand, count) in enumerate(zip(hands, tokens, strict=True))
    )
    return State(tuple(scoring), tuple(deck), row, painters, 0, turn)


def done(seat: int) -> tuple[Painting, ...]:
    """Three paintings on seat's three backgrounds (from cards nobody else uses here)."""
    cards = ART[-9 * (seat + 1) :][:9]
    return tuple(
        Painting(BACKGROUNDS[3 * seat + n], tuple(cards[3 * n : 3 * n + 3]), ()) for n in range(3)
    )


def tokens_in_play(state: State) -> int:
    return sum(p.tokens for p in state.painters) + sum(s.tokens for s in state.market)


def every_card(state: State) -> list[str]:
    held = [card for painter in state.painters for card in painter.hand]
    painted = [card for p in state.painters for painting in p.paintings for card in painting.cards]
    return [*state.deck, *(slot.card for slot in state.market), *held, *painted]


def play_randomly(state: State, rng: random.Random, check=None) -> State:
    while not state.over:
        moves = rules.legal_actions(state, state.turn)
        assert moves, "the player whose turn it is always has a move"
        state = rules.apply(state, state.turn, rng.choice(moves))
        if check:
            check(state)
    return state


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_three_backgrounds_and_four_tokens_each_and_a_row_of_five(players):
    state = rules.setup(players, random.Random(players))
    assert len(state.painters) == players
    dealt = [bg for painter in state.painters for bg in painter.backgrounds]
    assert len(dealt) == len(set(dealt)) == 3 * players and set(dealt) <= set(BACKGROUNDS)
    assert all(p.tokens == 4 and p.hand == () and p.paintings == () for p in state.painters)
    assert len(state.market) == 5 and all(slot.tokens == 0 for slot in state.market)
    assert len(state.deck) == 55
    assert sorted(every_card(state)) == sorted(ART)
    assert state.turn == state.first and 0 <= state.first < players
    assert state.scoring == DEFAULT_SCORING


def test_setup_shuffles_and_draws_the_first_player_from_the_seed():
    first = {rules.setup(4, random.Random(seed)).first for seed in range(40)}
    assert first == {0, 1, 2, 3}
    rows = {rules.setup(4, random.Random(seed)).market for seed in range(10)}
    assert len(rows) == 10
    assert rules.setup(3, random.Random(9)) == rules.setup(3, random.Random(9))


@pytest.mark.parametrize("players", [0, 1, 6, 12, True, "3"])
def test_a_table_has_two_to_five_players(players):
    error = refused("error.layers.table_size", rules.setup, players, random.Random(1))
    assert error.params == {"fewest": 2, "most": 5}


def test_the_facilitator_may_pick_any_four_of_the_twelve_scoring_cards():
    picked = ("symmetry", "focus", "space", "rhythm")
    assert rules.setup(2, random.Random(1), picked).scoring == picked
    refused("error.layers.scoring_count", rules.setup, 2, random.Random(1), picked[:3])
    refused("error.layers.scoring_count", rules.setup, 2, random.Random(1), SCORING_IDS[:5])
    refused("error.layers.scoring_unknown", rules.setup, 2, random.Random(1), (*picked[:3], "x"))
    refused("error.layers.scoring_twice", rules.setup, 2, random.Random(1), ("focus",) * 4)


# ---------------------------------------------------------------- taking a card


def test_the_card_at_position_one_is_free_and_the_row_slides_and_refills():
    state = table()
    row = [slot.card for slot in state.market]
    after = rules.apply(state, 0, Take(1, row[0]))
    assert after.painters[0].hand == (row[0],)
    assert after.painters[0].tokens == 4
    assert [slot.card for slot in after.market] == [*row[1:], state.deck[0]]
    assert after.deck == state.deck[1:]
    assert after.turn == 1


def test_position_p_costs_one_token_on_each_card_to_its_left():
    state = table()
    row = [slot.card for slot in state.market]
    after = rules.apply(state, 0, Take(3, row[2]))
    assert after.painters[0].tokens == 2
    assert [(s.card, s.tokens) for s in after.market[:2]] == [(row[0], 1), (row[1], 1)]
    assert [s.tokens for s in after.market[2:]] == [0, 0, 0]
    assert [s.card for s in after.market] == [row[0], row[1], row[3], row[4], state.deck[0]]


def test_the_taker_gains_the_tokens_lying_on_the_card_taken():
    # The reference's example: Abby takes the 3rd card, then Charlotte the 2nd with its token.
    state = table()
    row = [slot.card for slot in state.market]
    abby = rules.apply(state, 0, Take(3, row[2]))
    charlotte = rules.apply(abby, 1, Take(2, row[1]))
    assert charlotte.painters[1].tokens == 4 - 1 + 1
    assert [(s.card, s.tokens) for s in charlotte.market[:1]] == [(row[0], 2)]
    assert tokens_in_play(charlotte) == 8


def test_a_card_costing_more_than_the_player_holds_cannot_be_taken_nor_is_it_offered():
    state = table(tokens=(2, 4))
    row = [slot.card for slot in state.market]
    error = refused("error.layers.cannot_afford", rules.apply, state, 0, Take(4, row[3]))
    assert error.params == {"cost": 3, "tokens": 2}
    offered = {move.position for move in rules.legal_actions(state, 0)}
    assert offered == {1, 2, 3}
    assert rules.apply(state, 0, Take(3, row[2])).painters[0].tokens == 0


def test_a_tap_on_a_card_that_has_moved_on_is_refused_not_turned_into_another_card():
    # Two tabs of one player race for the card at position 2: the second tap finds the row
    # slid, so it is refused rather than taking whatever card now lies there.
    state = table(hands=((), ()), turn=0)
    seen = state.market[1].card
    first_tab = rules.apply(state, 0, Take(2, seen))
    refused("error.layers.not_your_turn", rules.apply, first_tab, 0, Take(2, seen))
    back_to_zero = replace(first_tab, turn=0)
    refused("error.layers.market_changed", rules.apply, back_to_zero, 0, Take(2, seen))


def test_positions_outside_the_row_are_refused():
    state = table()
    for position in (0, 6, -1):
        error = refused("error.layers.no_such_position", rules.apply, state, 0, Take(position, "x"))
        assert error.params == {"most": 5}
    refused("error.layers.bad_action", rules.apply, state, 0, Take(True, state.market[0].card))
    refused("error.layers.bad_action", rules.apply, state, 0, Take("1", state.market[0].card))


def test_with_five_in_hand_a_player_must_complete_a_painting():
    state = table(hands=(ART[:5], ()))
    error = refused(
        "error.layers.must_complete", rules.apply, state, 0, Take(1, state.market[0].card)
    )
    assert error.params == {"most": 5}
    moves = rules.legal_actions(state, 0)
    assert moves and all(isinstance(move, Complete) for move in moves)
    assert len(moves) == 5 * 4 * 3 * 3  # every ordered three, on each of three backgrounds


def test_when_the_deck_runs_out_the_row_is_no_longer_refilled():
    state = table(deck=())
    row = [slot.card for slot in state.market]
    after = rules.apply(state, 0, Take(2, row[1]))
    assert [s.card for s in after.market] == [row[0], *row[2:]]
    assert after.deck == ()
    after = rules.apply(after, 1, Take(4, row[4]))
    assert len(after.market) == 3
    refused("error.layers.no_such_position", rules.apply, after, 0, Take(4, row[3]))


def test_only_the_player_whose_turn_it_is_may_move():
    state = table()
    card = state.market[0].card
    refused("error.layers.not_your_turn", rules.apply, state, 1, Take(1, card))
    refused("error.layers.not_seated", rules.apply, state, 2, Take(1, card))
    refused("error.layers.not_seated", rules.apply, state, -1, Take(1, card))
    refused("error.layers.bad_action", rules.apply, state, 0, "take 1")
    assert rules.legal_actions(state, 1) == ()


# ---------------------------------------------------------------- completing a painting


def test_a_painting_is_three_cards_of_the_hand_in_order_on_an_unused_background():
    hand = ART[:4]
    state = table(hands=(hand, ()))
    layers = (hand[2], hand[0], hand[3])
    after = rules.apply(state, 0, Complete(layers, BACKGROUNDS[1]))
    painter = after.painters[0]
    assert painter.hand == (hand[1],)  # the other card stays in hand
    assert [(p.background, p.cards) for p in painter.paintings] == [(BACKGROUNDS[1], layers)]
    assert painter.unused_backgrounds == (BACKGROUNDS[0], BACKGROUNDS[2])
    assert after.market == state.market and after.turn == 1


def test_a_painting_that_is_not_three_different_cards_of_ones_hand_is_refused():
    hand = ART[:5]
    state = table(hands=(hand, ART[5:7]))
    bg = BACKGROUNDS[0]
    error = refused("error.layers.three_cards", rules.apply, state, 0, Complete(hand[:2], bg))
    assert error.params == {"count": 3}
    refused("error.layers.three_cards", rules.apply, state, 0, Complete(hand[:4], bg))
    refused("error.layers.card_twice", rules.apply, state, 0, Complete((hand[0],) * 3, bg))
    refused("error.layers.not_in_hand", rules.apply, state, 0, Complete((*hand[:2], ART[5]), bg))
    refused("error.layers.bad_action", rules.apply, state, 0, Complete("abc", bg))
    refused("error.layers.bad_action", rules.apply, state, 0, Complete((1, 2, 3), bg))


def test_a_painting_needs_one_of_ones_own_unused_backgrounds():
    hand = ART[:5]
    state = table(hands=(hand, ()))
    mine = BACKGROUNDS[0]
    refused("error.layers.not_your_background", rules.apply, state, 0, Complete(hand[:3], "bg-15"))
    painted = [(Painting(mine, tuple(ART[50:53]), ()),), ()]
    once = table(hands=(hand, ()), paintings=painted)
    refused("error.layers.background_used", rules.apply, once, 0, Complete(hand[:3], mine))
    assert rules.apply(once, 0, Complete(hand[:3], BACKGROUNDS[2])).painters[
        0
    ].unused_backgrounds == (BACKGROUNDS[1],)


def test_a_retried_completion_counts_once():
    # Seat 1 is done, so the turn comes straight back to seat 0: the same request again finds
    # the cards gone from the hand and the background used, and changes nothing.
    hand = ART[:4]
    state = table(hands=(hand, ()), paintings=[(), done(1)])
    move = Complete(tuple(hand[:3]), BACKGROUNDS[0])
    once = rules.apply(state, 0, move)
    assert once.turn == 0
    refused("error.layers.not_in_hand", rules.apply, once, 0, move)
    assert len(once.painters[0].paintings) == 1 and move not in rules.legal_actions(once, 0)


def test_fewer_than_three_in_hand_offers_no_painting():
    state = table(hands=(ART[:2], ()))
    assert all(isinstance(move, Take) for move in rules.legal_actions(state, 0))
    refused("error.layers.three_cards", rules.apply, state, 0, Complete(ART[:2], BACKGROUNDS[0]))


def test_a_completed_painting_takes_its_ribbons_at_once():
    scoring = ("composition", "repetition", "variety", "harmony")
    for seed in range(30):
        cards = random.Random(seed).sample(ART, 3)
        state = table(hands=(cards, ()), scoring=scoring)
        painting = rules.apply(state, 0, Complete(tuple(cards), BACKGROUNDS[0])).painters[0]
        shown = rules.shown(cards)
        expected = tuple((card, rules.ribbons_met(card, shown)) for card in scoring)
        assert painting.paintings[0].ribbons == expected
        assert painting.ribbons() == {card: count for card, count in expected}


def test_a_player_holding_a_whole_points_table_takes_no_more_of_its_ribbons():
    # Three full paintings hold three Composition ribbons: a fourth would be past its table.
    full = next(
        cards
        for cards in (random.Random(s).sample(ART, 3) for s in range(500))
        if rules.ribbons_met("composition", rules.shown(cards))
    )
    state = table(hands=(full, ()), scoring=("composition", "focus", "space", "unity"))
    held = Painter(
        (), 4, (), tuple(Painting(bg, ("a", "b", "c"), (("composition", 1),)) for bg in "xyz")
    )
    assert held.ribbons() == {"composition": 3}
    assert rules.painting_ribbons(state.scoring, rules.shown(full), held.ribbons())[0] == (
        "composition",
        0,
    )
    assert rules.painting_ribbons(state.scoring, rules.shown(full), {})[0] == ("composition", 1)


# ---------------------------------------------------------------- covering

H, S, X, T = "hue", "shape", "texture", "tone"
E = ()


def slots(*columns) -> tuple:
    return tuple(tuple(column) for column in columns)


def test_a_slot_shows_the_topmost_card_with_icons_in_it():
    bottom = slots([H], [S], [X], [T], [H])
    middle = slots(E, [T, X], E, E, [S])
    top = slots(E, E, E, E, ["bonus-hue"])
    assert rules.visible([bottom, middle, top]) == slots([H], [T, X], [X], [T], ["bonus-hue"])
    assert rules.visible([top, middle, bottom]) == bottom
    assert rules.visible([bottom]) == bottom
    assert rules.visible([]) == slots(E, E, E, E, E)


icon_sets = st.sampled_from([(), *((icon,) for icon in sorted(ICONS))]) | st.lists(
    st.sampled_from(sorted(ICONS)), min_size=2, max_size=2, unique=True
).map(tuple)
card_slots = st.tuples(*[icon_sets] * 5)
paintings = st.lists(card_slots, min_size=3, max_size=3)


@given(paintings)
def test_covering_shows_each_slot_from_one_card_only_the_topmost_with_icons(layers):
    shown = rules.visible(layers)
    for slot in range(5):
        owners = [layer[slot] for layer in layers if layer[slot]]
        assert shown[slot] == (owners[-1] if owners else ())
    # A card with no icons on top hides nothing; a card with every slot filled hides all.
    assert rules.visible([*layers, slots(E, E, E, E, E)]) == shown
    full = slots([H], [S], [X], [T], [H])
    assert rules.visible([*layers, full]) == full
    # Icons covered by the top card's never count for anything.
    top = layers[-1]
    changed_below = [slots(*([T] for _ in range(5))), layers[1], top]
    for slot in range(5):
        if top[slot]:
            assert rules.visible(changed_below)[slot] == top[slot]


# ---------------------------------------------------------------- the scoring cards


def met(card, *columns):
    return rules.times_met(card, slots(*columns))


def test_composition_needs_every_slot_filled_and_bonus_icons_fill_slots():
    assert met("composition", [H], [S], [X], [T], [H]) == 1
    assert met("composition", [H], [S], ["bonus-tone"], [T], [H]) == 1
    assert met("composition", [H], [S], E, [T], [H, S]) == 0


def test_hierarchy_needs_texture_strictly_the_most_used_element():
    assert met("hierarchy", [X], [S], [X], E, E) == 1
    assert met("hierarchy", [X], [S], [X], [S], E) == 0  # tied for the most: no
    assert met("hierarchy", [H], [S], [T], E, E) == 0
    assert met("hierarchy", ["bonus-texture"], ["bonus-texture"], [S], E, E) == 0  # not elements
    assert met("hierarchy", [X], E, E, E, E) == 1


def test_movement_needs_one_element_in_three_neighbouring_slots_and_four_score_once():
    assert met("movement", [H], [H, S], [H], E, E) == 1
    assert met("movement", E, [T], [T], [T, X], [T]) == 1  # four in a row: once
    assert met("movement", [H], [H], E, [H], [H]) == 0
    assert met("movement", [H], ["bonus-hue"], [H], E, E) == 0
    assert rules.ribbons_met("movement", slots([H, S], [H, S], [H, S], E, E)) == 1


def test_proximity_needs_texture_next_to_tone_and_one_slot_is_not_its_own_neighbour():
    assert met("proximity", [X], [T], E, E, E) == 1
    assert met("proximity", [X, T], E, E, E, E) == 0
    assert met("proximity", [X], E, [T], E, E) == 0
    assert met("proximity", [T], [X], [T], E, E) == 1  # one Texture counts once
    assert met("proximity", [T], [X], [T], [X], E) == 2


def test_space_needs_hue_and_shape_apart_and_adjacent_ones_may_also_be_there():
    assert met("space", [H], E, [S], E, E) == 1
    assert met("space", [H], [S], E, E, E) == 0
    assert met("space", [H, S], E, E, E, E) == 0
    assert met("space", [H], [S], E, [S], E) == 1  # adjacent, and also one apart
    assert met("space", [H], [S], E, [H], [S]) == 2


def test_symmetry_needs_one_element_in_mirrored_slots_on_any_card():
    assert met("symmetry", [H], E, E, E, [H]) == 1
    assert met("symmetry", E, [S], E, [S, T], E) == 1  # one icon mirrors a slot of two
    assert met("symmetry", [H], [S], [H], [T], [S]) == 0
    assert met("symmetry", [H, S], [T], E, [T], [S, H]) == 3
    assert met("symmetry", E, E, [H, S], E, E) == 0  # the middle has no mirror
    assert rules.ribbons_met("symmetry", slots([H, S], [T], E, [T], [S, H])) == 2  # most 2


def test_variety_unity_repetition_rhythm_harmony_and_focus():
    assert met("variety", [H], [S, X], E, [T], E) == 1
    assert met("variety", [H], [S, X], E, ["bonus-tone"], E) == 0
    assert met("repetition", [H], [H], [S], [S], [S]) == 2
    assert met("repetition", [H], ["bonus-hue"], E, E, E) == 0
    assert met("unity", [H], [S], [H, S], E, E) == 1
    assert met("unity", [H], [S], [H, S], [T], E) == 0  # a third element
    assert met("unity", [H], [H], [H], E, E) == 0  # only three icons
    assert met("rhythm", [H], [S], [H], E, E) == 1
    assert met("rhythm", [H], [H], [H], E, E) == 0  # the middle must differ
    assert met("rhythm", [H], [S], [H, T], [S], [T]) == 2
    assert met("harmony", [H, S], E, [T, X], [H], E) == 2
    assert met("harmony", [H, "bonus-shape"], E, E, E, E) == 0
    assert met("focus", [H], E, [T], E, [H]) == 1
    assert met("focus", [T], E, [T], E, E) == 0
    assert met("focus", E, E, ["bonus-tone"], E, E) == 0


def test_every_scoring_card_of_the_file_has_its_condition_in_the_rules():
    assert set(rules.CONDITIONS) == set(SCORING_IDS)


def mirror(shown):
    return tuple(reversed(shown))


def element_icons(shown) -> int:
    return sum(icon in ELEMENTS for slot in shown for icon in slot)


@settings(max_examples=300)
@given(paintings)
def test_scoring_reads_only_what_shows_never_more_than_the_icons_allow(layers):
    shown = rules.visible(layers)
    group = {"movement": 3, "rhythm": 3, "proximity": 2, "space": 2, "symmetry": 2}
    group |= {"repetition": 2, "harmony": 2}
    for card in SCORING_IDS:
        times = rules.times_met(card, shown)
        ribbons = rules.ribbons_met(card, shown)
        assert 0 <= ribbons <= scoring_by_id()[card].most and ribbons == min(
            times, scoring_by_id()[card].most
        )
        # Each icon counts at most once per card: n ribbons use n groups of distinct icons.
        assert times * group.get(card, 1) <= max(element_icons(shown), 5 if times else 0)
        # The cards read the five slots alike from either side.
        assert rules.times_met(card, mirror(shown)) == times
        # Whatever lies under a slot's shown icons changes nothing.
        below = tuple((H, T) if slot else () for slot in shown)
        assert rules.times_met(card, rules.visible([below, *layers])) == times


@given(paintings)
def test_bonus_icons_fill_slots_but_count_as_no_element(layers):
    shown = rules.visible(layers)
    plain = tuple(tuple(icon for icon in slot if icon in ELEMENTS) for slot in shown)
    for card in SCORING_IDS:
        if card != "composition":
            assert rules.times_met(card, plain) == rules.times_met(card, shown), card
    counts = Counter(icon for slot in shown for icon in slot)
    assert rules.bonus_points(shown) == sum(
        counts[bonus] * counts[bonus.removeprefix("bonus-")] for bonus in BONUSES
    )
    assert rules.bonus_points(plain) == 0


def test_a_bonus_icon_scores_one_point_per_matching_element_in_the_painting():
    assert rules.bonus_points(slots([H], ["bonus-hue"], [H, S], E, [H])) == 3
    assert rules.bonus_points(slots(["bonus-hue"], ["bonus-hue"], [H], E, [S])) == 2
    assert rules.bonus_points(slots(["bonus-tone"], [H], E, E, E)) == 0
    # A covered bonus icon is ignored like any covered icon.
    covered = rules.visible([slots(["bonus-hue"], E, E, E, E), slots([S], [H], E, E, E)])
    assert rules.bonus_points(covered) == 0


# ---------------------------------------------------------------- the end


def test_players_who_have_three_paintings_skip_their_turns_until_everyone_has():
    state = table(hands=((), (), ()), tokens=(4, 4, 4), paintings=[done(0), (), ()], turn=2)
    state = replace(state, first=0)
    after = rules.apply(state, 2, Take(1, state.market[0].card))
    assert after.turn == 1  # seat 0 is done: skipped
    assert rules.next_turn(after.painters, 1) == 2
    assert rules.legal_actions(after, 0) == ()


def test_the_game_ends_when_the_last_painter_completes_their_third_painting():
    last = ART[:3]
    state = table(hands=((), last), paintings=[done(0), done(1)[:2]], turn=1)
    after = rules.apply(state, 1, Complete(tuple(last), BACKGROUNDS[5]))
    assert after.over and after.turn is None
    assert rules.legal_actions(after, 0) == rules.legal_actions(after, 1) == ()
    refused("error.layers.game_over", rules.apply, after, 1, Take(1, after.market[0].card))
    refused("error.layers.game_over", rules.timed_out_action, after)
    refused("error.layers.not_over", rules.outcome, state)


def test_a_score_is_the_ribbon_points_of_every_card_plus_the_bonus_points():
    state = play_randomly(rules.setup(3, random.Random(5)), random.Random(5))
    points = rules.scores(state)
    for seat, painter in enumerate(state.painters):
        ribbons = painter.ribbons()
        from_ribbons = sum(scoring_by_id()[card].points_for(n) for card, n in ribbons.items())
        bonus = sum(rules.bonus_points(rules.shown(p.cards)) for p in painter.paintings)
        assert points[seat] == from_ribbons + bonus
        assert set(ribbons) == set(state.scoring)


def test_ribbons_of_one_card_pay_by_its_points_table():
    # Two Repetition ribbons pay its table's second entry, not twice its first.
    painting = Painting("bg-01", ("a", "b", "c"), (("repetition", 2), ("unity", 1)))
    painter = Painter((), 0, ("bg-01",), (painting,))
    table_points = scoring_by_id()["repetition"].points
    assert rules.ribbon_points(painter) == table_points[1] + scoring_by_id()["unity"].points[0]
    assert table_points[1] > 2 * table_points[0]


def finished(scores_by_seat, tokens, first=0) -> tuple[State, dict[int, int]]:
    """A finished table with the given tokens by seat, and the scores a test gives it."""
    painters = tuple(
        Painter(
            (),
            count,
            ("x",),
            (Painting("x", ("a", "b", "c"), (("unity", 0),)),),
        )
        for count in tokens
    )
    state = State(DEFAULT_SCORING, (), (), painters, first, None)
    return state, dict(enumerate(scores_by_seat))


def decide(scores_by_seat, tokens, first=0, monkeypatch=None):
    state, points = finished(scores_by_seat, tokens, first)
    monkeypatch.setattr(rules, "scores", lambda _state: dict(points))
    return rules.outcome(state)


def test_the_most_points_wins(monkeypatch):
    result = decide([10, 14, 9], [0, 0, 5], monkeypatch=monkeypatch)
    assert result.winners == (1,) and result.picker is None and result.tied == (1,)
    assert result.ranking == (1, 0, 2)


def test_a_tie_on_points_goes_to_more_inspiration_tokens(monkeypatch):
    result = decide([14, 14, 9], [1, 3, 0], monkeypatch=monkeypatch)
    assert result.winners == (1,) and result.ranking == (1, 0, 2)


def test_still_tied_the_best_placed_player_outside_the_tie_picks_the_winner(monkeypatch):
    result = decide([14, 14, 9, 11], [2, 2, 9, 0], monkeypatch=monkeypatch)
    assert set(result.tied) == {0, 1} and result.winners == ()
    assert result.picker == 3  # 11 points beats 9, whatever the tokens
    assert rules.pick_winner(result, 3, 1) == 1
    refused("error.layers.not_picker", rules.pick_winner, result, 2, 1)
    refused("error.layers.not_tied", rules.pick_winner, result, 3, 3)
    refused("error.layers.not_tied", rules.pick_winner, result, 3, True)


def test_equally_placed_pickers_are_told_apart_by_turn_order_from_the_first_player(monkeypatch):
    result = decide([14, 14, 9, 9], [2, 2, 1, 1], first=3, monkeypatch=monkeypatch)
    assert result.picker == 3  # seat 3 plays first, before seat 2
    result = decide([14, 14, 9, 9], [2, 2, 1, 1], first=0, monkeypatch=monkeypatch)
    assert result.picker == 2


def test_when_nobody_is_outside_the_tie_they_share_the_victory(monkeypatch):
    result = decide([14, 14], [2, 2], monkeypatch=monkeypatch)
    assert set(result.winners) == {0, 1} and result.picker is None
    refused("error.layers.no_pick", rules.pick_winner, result, 0, 1)


# ---------------------------------------------------------------- the turn that runs out


def test_a_turn_that_runs_out_takes_the_free_card_at_position_one():
    state = table(hands=(ART[:4], ()))
    move = rules.timed_out_action(state)
    assert move == Take(1, state.market[0].card)
    assert move in rules.legal_actions(state, 0)
    assert rules.apply(state, 0, move).painters[0].tokens == 4


def test_a_turn_that_runs_out_with_five_in_hand_paints_the_three_oldest_in_order_taken():
    state = rules.setup(2, random.Random(3))
    taken = []
    while len(state.painters[0].hand) < 5:
        if state.turn == 0:
            position = 2 if state.painters[0].tokens else 1
            taken.append(state.market[position - 1].card)
            state = rules.apply(state, 0, Take(position, taken[-1]))
        else:
            state = rules.apply(state, 1, rules.timed_out_action(state))
    state = replace(state, turn=0)
    first_background = state.painters[0].backgrounds[0]
    painted = rules.apply(state, 0, rules.timed_out_action(state)).painters[0]
    assert painted.paintings[0].cards == tuple(taken[:3])
    assert painted.paintings[0].background == first_background
    assert painted.hand == tuple(taken[3:])
    # The next one goes on the next unused background.
    again = replace(
        state, painters=(replace(painted, hand=(*painted.hand, *ART[50:53])), *state.painters[1:])
    )
    move = rules.timed_out_action(again)
    assert move.background == state.painters[0].backgrounds[1]
    assert move in rules.legal_actions(again, 0)


# ---------------------------------------------------------------- offered is accepted


def candidate_moves(state: State) -> list:
    """Moves a page might send: every position with every card in sight, every ordered three
    of the hand and a stranger, on every background in play."""
    seat = state.turn
    painter = state.painters[seat]
    cards = [slot.card for slot in state.market] + list(state.deck[:2])
    moves = [Take(position, card) for position in range(0, 7) for card in cards]
    pool = [*painter.hand, *(cards[:1])]
    backgrounds = {bg for p in state.painters for bg in p.backgrounds}
    for three in itertools.permutations(pool, 3):
        moves.extend(Complete(three, bg) for bg in backgrounds)
    moves.append(Complete(tuple(pool[:2]), painter.backgrounds[0]))
    return moves


@settings(max_examples=25, deadline=None)
@given(seeds, table_sizes, st.integers(min_value=0, max_value=60))
def test_every_move_offered_is_accepted_and_every_move_accepted_was_offered(seed, players, steps):
    rng = random.Random(seed)
    state = rules.setup(players, rng)
    for _ in range(steps):
        if state.over:
            break
        state = rules.apply(state, state.turn, rng.choice(rules.legal_actions(state, state.turn)))
    if state.over:
        return
    offered = set(rules.legal_actions(state, state.turn))
    candidates = candidate_moves(state)
    accepted = set()
    for move in candidates:
        try:
            rules.apply(state, state.turn, move)
        except RuleError:
            continue
        accepted.add(move)
    assert offered <= set(candidates)
    assert accepted == offered
    for other in range(players):
        if other != state.turn:
            assert rules.legal_actions(state, other) == ()


# ---------------------------------------------------------------- whole games


@settings(max_examples=20, deadline=None)
@given(seeds, table_sizes)
def test_tokens_are_conserved_between_the_players_and_the_row_through_a_whole_game(seed, players):
    start = rules.setup(players, random.Random(seed))

    def check(state: State) -> None:
        assert tokens_in_play(state) == rules.START_TOKENS * players
        assert all(p.tokens >= 0 for p in state.painters)
        assert sorted(every_card(state)) == sorted(ART)  # no card lost or doubled
        assert all(len(p.hand) <= rules.HAND_LIMIT for p in state.painters)
        assert len(state.market) == min(rules.MARKET_SIZE, len(state.market) + len(state.deck))

    end = play_randomly(start, random.Random(seed + 1), check)
    assert all(len(p.paintings) == 3 for p in end.painters)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_whole_games_end_with_everyone_at_three_paintings(players):
    for seed in range(6):
        rng = random.Random(seed * 10 + players)
        scoring = rng.sample(SCORING_IDS, 4)
        end = play_randomly(rules.setup(players, rng, scoring), rng)
        assert [len(p.paintings) for p in end.painters] == [3] * players
        assert all(len(set(p.backgrounds)) == 3 for p in end.painters)
        for painter in end.painters:
            assert {painting.background for painting in painter.paintings} == set(
                painter.backgrounds
            )
        result = rules.outcome(end)
        assert sorted(result.ranking) == list(range(players))
        assert result.winners or result.picker is not None


def test_games_played_out_by_timed_out_turns_alone_end_too():
    for players in (2, 5):
        state = rules.setup(players, random.Random(players))
        while not state.over:
            state = rules.apply(state, state.turn, rules.timed_out_action(state))
        assert all(len(p.paintings) == 3 for p in state.painters)
        # Nobody ever paid a token: every card came from position 1.
        assert all(p.tokens == 4 for p in state.painters)


# ---------------------------------------------------------------- messages


def raised_keys() -> list[tuple[str, set[str]]]:
    found = []
    for source in (ROOT / "engine" / "canvas_layers").glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "RuleError":
                key = node.args[0]
                assert isinstance(key, ast.Constant), f"{source.name}: a key that is not literal"
                found.append((key.value, {keyword.arg for keyword in node.keywords}))
    return found


def test_every_refusal_speaks_both_languages_and_fills_its_placeholders():
    catalogues = {
        language: json.loads((ROOT / "data" / "i18n" / f"{language}.json").read_text("utf-8"))
        for language in ("en", "es")
    }
    found = raised_keys()
    assert len({key for key, _ in found}) >= 20
    for key, params in found:
        assert key.startswith("error.layers."), key
        english, spanish = catalogues["en"].get(key), catalogues["es"].get(key)
        assert english and spanish and english != spanish, key
        for text in (english, spanish):
            names = {name for _, name, _, _ in string.Formatter().parse(text) if name}
            assert names <= params, (key, text, params)


def test_a_refusal_reads_as_a_sentence_in_either_language():
    state = table(tokens=(1, 4))
    error = refused(
        "error.layers.cannot_afford", rules.apply, state, 0, Take(3, state.market[2].card)
    )
    assert error.message("en") == (
        "Not enough inspiration tokens: that card costs 2 and you hold 1."
    )
    assert "cuesta 2" in error.message("es") and "tienes 1" in error.message("es")


def test_art_cards_named_by_moves_are_the_decks():
    assert set(art_by_id()) == set(ART) and len(ART) == 60
