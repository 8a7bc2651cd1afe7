"""Canvas Layers' pages as a student and a teacher meet them: the phone's row with its costs
(and why a card cannot be taken), taking a card by its button, the composer that a full hand
leaves as the only move, the projector's row, scoring cards and painters, the teacher's pick
of scoring cards in the lobby, ending a turn, the gallery; a tie on points and tokens, picked
on the phone of the best-placed player outside it, or shared when nobody is; and the secrecy
of hands: no other player's card on a phone or on the projector."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable

import pytest
from pagekit import Table, html_text, page, rendered, run, seat_lobby, tr, visible_text
from PIL import Image
from streamlit.testing.v1 import AppTest

from engine import Engine
from engine.canvas_layers.cards import DEFAULT_SCORING, SCORING_IDS, scoring_by_id
from engine.canvas_layers.pictures import HEIGHT, WIDTH
from engine.canvas_layers.rules import Outcome
from engine.canvas_layers.rules import title as title_of
from tests.engine.layers_kit import Layers, plan_ending, play_plan, stored_state
from tests.kit import refused, rid
from ui.canvas_layers.cards_html import layer_uri
from ui.canvas_layers.gallery import gallery_zip
from ui.faces import named_html
from ui.text import isolate, plain_label, translator

NAMES = ["Ana", "Ben"]


@pytest.fixture
def layers(engine: Engine) -> Table:
    """Two painters in an English game's lobby, turns of ten minutes (the pages' own engine
    runs on the real clock: no turn runs out during a test)."""
    return seat_lobby(engine, NAMES, game="canvas_layers", durations={"turn": 600.0})


def acting(table: Table) -> str:
    return table.public()["turn"]


def take_free(table: Table) -> None:
    """The acting painter takes the free card (through the engine: taps prove nothing new)."""
    name = acting(table)
    card = table.public()["market"][0]["card"]
    table.engine.take_card(table.tokens[name], 1, card, rid())


def paint_first_offer(table: Table, name: str) -> None:
    """`name` completes the first painting their phone offers (through the engine)."""
    action = table.view(name)["actions"]["complete"][0]
    table.engine.complete_painting(table.tokens[name], action["cards"], action["background"], rid())


def until_a_full_hand(table: Table) -> str:
    """Free cards until the painter whose turn it is holds five; their name."""
    for _ in range(20):
        name = acting(table)
        if len(table.view(name)["hand"]) == 5:
            return name
        take_free(table)
    raise AssertionError("nobody's hand filled")


def button(at: AppTest, key: str):
    (found,) = [b for b in at.button if b.key == key]
    return found


def test_the_painter_whose_turn_it_is_takes_a_card_by_its_button(layers):
    layers.start()
    name = acting(layers)
    at = layers.play(name)
    text = visible_text(at)
    assert tr("en", "ui.layers.your_turn") in text
    assert tr("en", "ui.layers.free") in text and tr("en", "ui.layers.costs", cost=4) in text
    # Four tokens pay for every card of the first row: each has its Take button.
    turn = layers.public()["round"]
    assert {b.key for b in at.button if b.key.startswith("take_")} == {
        f"take_{turn}_{p}" for p in range(1, 6)
    }
    third = layers.public()["market"][2]["card"]
    run(button(at, f"take_{turn}_3").click())
    assert layers.view(name)["hand"] == [third]
    assert layers.view(name)["tokens"] == 2  # one token on each of the two cards before it
    assert acting(layers) != name  # the take ended the turn


def test_the_own_line_says_one_token_in_the_singular(layers):
    layers.start()
    name = acting(layers)
    fourth = layers.public()["market"][3]["card"]
    layers.engine.take_card(layers.tokens[name], 4, fourth, rid())  # 4 tokens - 3 = 1
    text = visible_text(layers.play(name))
    assert tr("en", "ui.layers.own.tokens_one") in text
    assert "1 tokens" not in text
    assert tr("en", "ui.layers.own.backgrounds", count=3) in text


def test_a_card_the_painter_cannot_pay_for_says_why(layers):
    layers.start()
    name = acting(layers)
    market = layers.public()["market"]
    layers.engine.take_card(layers.tokens[name], 5, market[4]["card"], rid())  # 4 tokens paid
    take_free(layers)  # the other painter's turn
    at = layers.play(name)
    text = visible_text(at)
    assert tr("en", "ui.layers.why_tokens", cost=1, tokens=0) in text
    turn = layers.public()["round"]
    assert [b.key for b in at.button if b.key.startswith("take_")] == [f"take_{turn}_1"]


def test_the_other_painter_sees_whose_turn_it_is_and_no_take_button(layers):
    layers.start()
    other = next(n for n in NAMES if n != acting(layers))
    at = layers.play(other)
    assert tr("en", "ui.layers.their_turn", name=acting(layers)) in visible_text(at)
    assert not [b for b in at.button if b.key.startswith("take_")]


def test_with_five_in_hand_the_composer_is_the_only_move_and_completes_a_painting(layers):
    layers.start()
    name = until_a_full_hand(layers)
    at = layers.play(name)
    turn = layers.public()["round"]
    assert not [b for b in at.button if b.key.startswith("take_")]
    assert tr("en", "ui.layers.must_complete", most=5) in [w.value for w in at.warning]
    hand = layers.view(name)["hand"]
    for card in hand[:3]:
        at = run(button(at, f"add_{turn}_{card}").click())
    # The top card goes to the bottom: two taps of its down arrow.
    at = run(button(at, f"down_{turn}_{hand[2]}").click())
    at = run(button(at, f"down_{turn}_{hand[2]}").click())
    order = [hand[2], hand[0], hand[1]]
    background = layers.view(name)["backgrounds"][0]
    listed = next(
        a
        for a in layers.view(name)["actions"]["complete"]
        if a["cards"] == order and a["background"] == background
    )
    text = visible_text(at)
    assert tr("en", "ui.layers.would_take") in text
    for card, count in listed["ribbons"].items():
        if count:
            shown = tr("en", "ui.layers.ribbon", card=scoring_by_id()[card].name.en, count=count)
            assert shown in text
    run(button(at, f"confirm_{turn}").click())
    [painting] = next(p for p in layers.public()["painters"] if p["name"] == name)["paintings"]
    assert painting["cards"] == order and painting["background"] == background
    assert painting["ribbons"] == listed["ribbons"]


def test_a_painting_arranged_while_the_other_plays_is_one_tap_on_ones_own_turn(layers):
    layers.start()
    waiting = next(n for n in NAMES if n != acting(layers))
    while len(layers.view(waiting)["hand"]) < 3 or acting(layers) == waiting:
        take_free(layers)
    at = layers.play(waiting)
    assert tr("en", "ui.layers.draft") in [e.label for e in at.expander]
    assert tr("en", "ui.layers.draft_hint") in [c.value for c in at.caption]
    turn, hand = layers.public()["round"], layers.view(waiting)["hand"]
    for card in (hand[2], hand[0], hand[1]):
        at = run(button(at, f"add_{turn}_{card}").click())
    order = [hand[2], hand[0], hand[1]]
    background = layers.view(waiting)["backgrounds"][0]
    assert layers.view(waiting)["painting_draft"] == {"cards": order, "background": background}
    assert not [b for b in at.button if b.key.startswith(("confirm_", "paint_draft_"))]
    take_free(layers)  # the other painter plays: now it is the waiting painter's turn
    at = layers.play(waiting)
    turn = layers.public()["round"]
    title = tr("en", "ui.layers.title_quoted", title=title_of(order, "en"))
    paint = button(at, f"paint_draft_{turn}")
    assert paint.label == tr("en", "ui.layers.paint_draft", title=title)
    run(paint.click())
    [painting] = next(p for p in layers.public()["painters"] if p["name"] == waiting)["paintings"]
    assert painting["cards"] == order and painting["background"] == background


def test_no_phone_and_no_projector_shows_another_players_hand(layers):
    layers.start()
    for _ in range(4):
        take_free(layers)
    hands = {name: layers.view(name)["hand"] for name in NAMES}
    assert all(len(cards) == 2 for cards in hands.values())
    pages = {name: rendered(layers.play(name)) for name in NAMES}
    pages["projector"] = rendered(layers.screen())
    for viewer, shown in pages.items():
        for owner, cards in hands.items():
            for card in cards:
                seen = layer_uri(card) in shown
                # The search can find a card: its owner's phone shows it.
                assert seen == (viewer == owner), (viewer, owner, card)


def test_the_projector_shows_the_row_the_scoring_cards_and_every_painter(layers):
    layers.start()
    second = layers.public()["market"][1]["card"]
    layers.engine.take_card(layers.tokens[acting(layers)], 2, second, rid())
    at = layers.screen()
    text = visible_text(at)
    assert tr("en", "ui.layers.their_turn", name=acting(layers)) in text
    for card in DEFAULT_SCORING:
        scoring = scoring_by_id()[card]
        assert scoring.name.en in text
        assert "·".join(map(str, scoring.points)) in text  # its points for 1, 2, 3 ribbons
        assert scoring.gist.en in text  # what it asks, in a few words, under the painters
    for slot in layers.public()["market"]:
        assert layer_uri(slot["card"]) in rendered(at)
    faces = layers.public()["avatars"]
    for name in NAMES:  # each painter's row, their face beside their name
        assert f"<td>{named_html(name, faces)}</td>" in html_text(at)
    paid = tr("en", "ui.layers.screen.tokens_on", count=1)  # onto the card before it
    assert "+1" in text and paid in rendered(at)  # "+1" shown, said in full to a reader


def test_the_projector_shows_a_completed_painting_large_until_the_next_move(layers):
    layers.start()
    painter = until_a_full_hand(layers)
    paint_first_offer(layers, painter)
    last = layers.public()["last_painting"]
    shown = tr("en", "ui.layers.title_quoted", title=last["title"])
    at = layers.screen()
    assert shown in visible_text(at)
    for card, count in last["ribbons"].items():
        if count:
            assert tr(
                "en", "ui.layers.ribbon", card=scoring_by_id()[card].name.en, count=count
            ) in (visible_text(at))
    assert shown in visible_text(layers.screen())  # a reload later shows it too: no timer
    # The next move, the other painter's own painting (their hand is full too), replaces it...
    other = acting(layers)
    paint_first_offer(layers, other)
    text = visible_text(layers.screen())
    assert shown not in text
    assert (
        tr("en", "ui.layers.title_quoted", title=layers.public()["last_painting"]["title"]) in text
    )
    # ...and the move after it, a take, leaves no painting large on the projector.
    take_free(layers)
    assert layers.public()["last_painting"] is None
    assert 'class="cl-last' not in rendered(layers.screen())


def test_the_teacher_picks_the_scoring_cards_in_the_lobby(layers):
    at = page("pages/facilitator.py", key=layers.fac)
    at = run(at)
    [choice] = at.multiselect
    assert choice.value == list(DEFAULT_SCORING)
    picked = ["symmetry", "rhythm", "focus", "space"]
    run(choice.set_value(picked))
    assert layers.public()["scoring"] == picked
    layers.start()
    assert layers.public()["scoring"] == picked


#: The lobby's line on taking a card (issue 41), as the rules have it: the taker pays a token
#: onto each card to the left of the card taken, so a card further right costs more.
LOBBY_TAKING = {
    "en": "Take a card: the further right, the more you pay, a token on each card to its left.",
    "es": "Toma una carta: cuanto más a la derecha, más pagas, una ficha en cada carta anterior.",
}


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_lobby_says_who_pays_for_a_card_further_right_and_where_tokens_go(engine, language):
    table = seat_lobby(engine, NAMES, language, game="canvas_layers", durations={"turn": 600.0})
    said = LOBBY_TAKING[language]
    assert said in visible_text(table.screen())
    phone = table.play(NAMES[0])
    [how_to] = [e for e in phone.expander if e.label == tr(language, "ui.home.how_to_play")]
    assert said in visible_text(how_to)
    # What it says is what happens: the card at position 3 costs its taker 2 tokens, one
    # left on each of the two cards before it.
    table.start()
    name = acting(table)
    third = table.public()["market"][2]["card"]
    table.engine.take_card(table.tokens[name], 3, third, rid())
    assert table.view(name)["tokens"] == 4 - 2
    assert [slot["tokens"] for slot in table.public()["market"][:2]] == [1, 1]


#: What the picker says of Variety (2, 5 and 9 points) and of a card worth 1 point for its
#: first ribbon, in each language.
PICKER_WORDS = {
    "en": (
        "Variety: all four elements",
        "1 ribbon: 2 points · 2 ribbons: 5 points · 3 ribbons: 9 points",
        "1 ribbon: 1 point ·",
    ),
    "es": (
        "Variedad: los cuatro elementos",
        "1 cinta: 2 puntos · 2 cintas: 5 puntos · 3 cintas: 9 puntos",
        "1 cinta: 1 punto ·",
    ),
}


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_scoring_card_picker_says_each_rule_and_its_points_in_words(engine, language):
    """Issue 41: each card offered with what it asks in a few words, and under the pick
    every card's rule and its points in words, the four in play first."""
    table = seat_lobby(engine, NAMES, language, game="canvas_layers", durations={"turn": 600.0})
    at = run(page("pages/facilitator.py", key=table.fac))
    option, points, singular = PICKER_WORDS[language]
    [choice] = at.multiselect
    assert option in choice.options and len(choice.options) == len(SCORING_IDS)
    for card in SCORING_IDS:
        scoring = scoring_by_id()[card]
        gist = f"{scoring.name.text(language)}: {scoring.gist.text(language)}"
        assert gist in choice.options
    label = tr(language, "ui.layers.fac.scoring_cards")
    [cards] = [e for e in at.expander if e.label == label]
    told = visible_text(cards)
    assert points in told and singular in told
    assert "1: 2" not in told  # no bare numbers left
    rules = [scoring_by_id()[card].condition.text(language) for card in SCORING_IDS]
    assert all(rule in told for rule in rules)
    # The four in play under their caption, then the other eight under theirs.
    captions = [c.value for c in cards.caption]
    assert captions == [
        tr(language, f"ui.layers.fac.scoring_{part}") for part in ("in_play", "others")
    ]
    names = [
        {
            card
            for card in SCORING_IDS
            if f"<b>{scoring_by_id()[card].name.text(language)}</b>" in h.value
        }
        for h in cards.html
    ]
    assert names == [set(DEFAULT_SCORING), set(SCORING_IDS) - set(DEFAULT_SCORING)]


def test_the_teacher_ends_a_turn_and_downloads_the_gallery(layers):
    layers.start()
    at = layers.facilitator_page()
    name = acting(layers)
    advance = next(b for b in at.button if b.key.startswith("advance_phase"))
    assert advance.label == tr("en", "ui.layers.fac.advance.turn")
    run(advance.click())
    assert len(layers.view(name)["hand"]) == 1  # the turn ran out: the free card was taken
    painter = until_a_full_hand(layers)
    paint_first_offer(layers, painter)
    at = layers.facilitator_page()
    title = layers.public()["last_painting"]["title"]
    assert title in visible_text(at)
    assert tr("en", "ui.layers.fac.gallery_zip") in rendered(at)
    view = layers.engine.facilitator_view(layers.fac)
    folder = f"canvas-layers-{layers.code}"
    archive = zipfile.ZipFile(io.BytesIO(gallery_zip(view, translator("en"), folder)))
    svgs = [n for n in archive.namelist() if n.endswith(".svg")]
    assert svgs == [f"{folder}/painting-{painter.casefold()}-1.svg"]
    assert f"<title>{title}</title>" in archive.read(svgs[0]).decode()
    pngs = [n for n in archive.namelist() if n.endswith(".png")]
    assert pngs == [svgs[0].removesuffix(".svg") + ".png"]
    picture = Image.open(io.BytesIO(archive.read(pngs[0])))
    assert (picture.format, picture.size) == ("PNG", (WIDTH, HEIGHT))
    assert len(picture.convert("RGB").getcolors(maxcolors=1 << 20)) > 50  # a painting, not blank
    assert f"{folder}/results.csv" in archive.namelist()


def play_to_an_end(table: Table, names: list[str], wanted: Callable[[Outcome], bool]) -> None:
    """The whole game through the engine, steered to an ending the seeded deal does not
    reach by itself (tests/engine/layers_kit.py); `names` in seat order."""
    moves = plan_ending(stored_state(table.engine, table.code), wanted)
    play_plan(table.engine, [table.tokens[name] for name in names], moves)


def test_a_tie_is_picked_on_the_phone_of_the_best_placed_player_outside_it(engine):
    names = ["Ana", "Ben", "Cai"]
    table = seat_lobby(engine, names, game="canvas_layers", durations={"turn": 600.0})
    table.start()
    play_to_an_end(table, names, lambda end: len(end.tied) == 2 and end.picker is not None)
    view = table.public()
    picker, tied = view["picker"], view["podium"]["tied"]
    assert view["phase"] == "turn" and view["turn"] is None and picker not in tied
    level = {p["name"]: (p["score"], p["tokens"]) for p in view["painters"]}
    assert level[tied[0]] == level[tied[1]]
    chosen, passed_over = tied[1], tied[0]  # not the first in turn order: a real choice

    at = table.play(picker)
    text = visible_text(at)
    assert tr("en", "ui.layers.you_pick") in text
    assert tr("en", "ui.layers.pick_title") in [h.value for h in at.subheader]
    picks = [b for b in at.button if b.key.startswith("pick_")]
    assert [b.label for b in picks] == tied
    assert not [b for b in at.button if b.key.startswith(("take_", "confirm_"))]
    waiting = table.play(passed_over)
    assert tr("en", "ui.layers.they_pick", name=picker) in visible_text(waiting)
    assert not [b for b in waiting.button if b.key.startswith("pick_")]
    assert tr("en", "ui.layers.they_pick", name=picker) in visible_text(table.screen())

    run(next(b for b in picks if b.label == chosen).click())

    end = table.public()
    assert end["phase"] == "finished" and end["winners"] == [chosen]
    assert tr("en", "ui.play.you_won") in visible_text(table.play(chosen))
    for name in (passed_over, picker):
        assert tr("en", "ui.play.game_over") in visible_text(table.play(name))
    shown = visible_text(table.screen())
    assert f"★ {chosen}" in shown and f"★ {passed_over}" not in shown
    assert f"{tr('en', 'ui.layers.tie_broken')} {tied[0]}, {tied[1]}" in shown


def test_a_tie_with_nobody_outside_it_is_shared(engine):
    table = seat_lobby(engine, NAMES, game="canvas_layers", durations={"turn": 600.0})
    table.start()
    play_to_an_end(table, NAMES, lambda end: len(end.tied) == 2)
    end = table.public()
    assert end["phase"] == "finished" and end["picker"] is None  # nobody was asked to pick
    assert sorted(end["winners"]) == NAMES
    for name in NAMES:
        assert tr("en", "ui.play.you_won") in visible_text(table.play(name))
    shown = visible_text(table.screen())
    assert "★ Ana, Ben" in shown
    assert tr("en", "ui.layers.tie_broken") not in shown


def test_a_class_of_twelve_on_the_class_projector_shows_each_tables_turn_and_progress(engine):
    new = engine.create_class(game="canvas_layers")
    names = [f"Student {n:02d}" for n in range(1, 13)]
    tokens = {
        name: engine.join(new.code, name, browser=f"browser-{n:02d}".ljust(24, "x"))
        for n, name in enumerate(names)
    }
    engine.set_table_count(new.facilitator_token, 3)
    assert engine.start_tables(new.facilitator_token)
    tables = engine.class_view(new.facilitator_token)["tables"]
    first = Layers(engine, None, tables[0]["code"], "")
    first.tokens = {name: tokens[name] for name in tables[0]["players"]}
    while first.public()["last_painting"] is None:
        first.play_turn()
    at = run(page("pages/screen.py", code=new.code))
    text = visible_text(at)
    for table in tables:
        view = engine.public_view(table["code"])
        turn = tr("en", "ui.layers.their_turn", name=view["turn"])
        # Whose turn once, in the card's heading; under it how far the table has got.
        assert text.count(turn) == 1, turn
        done = sum(len(p["paintings"]) for p in view["painters"])
        total = 3 * len(view["painters"])
        assert tr("en", "ui.layers.table_progress", done=done, total=total) in text
    assert tr("en", "ui.layers.table_progress", done=1, total=3 * len(tables[0]["players"])) in text


def test_a_painter_whose_turn_was_ended_is_told_the_card_they_got(layers):
    layers.start()
    name = acting(layers)
    free = layers.public()["market"][0]["card"]
    layers.engine.advance(layers.fac)  # the teacher ends the turn: played as if it ran out
    at = layers.play(name)
    told = tr("en", "ui.layers.played_for.card")
    assert told in visible_text(at)
    assert layer_uri(free) in "".join(h.proto.body for h in at.get("html"))
    take_free(layers)  # the other painter's move changes nothing for this one
    assert told in visible_text(layers.play(name))
    take_free(layers)  # their own move: said no more
    assert told not in visible_text(layers.play(name))


def test_a_painting_made_for_a_painter_is_told_with_its_title(layers):
    layers.start()
    name = acting(layers)
    for _turn in range(11):  # five cards each, then this painter's full hand is painted
        layers.engine.advance(layers.fac)
    mine = next(p for p in layers.public()["painters"] if p["name"] == name)
    (painting,) = mine["paintings"]
    quoted = tr("en", "ui.layers.title_quoted", title=painting["title"])
    told = tr("en", "ui.layers.played_for.painting", number=1, title=quoted)
    assert told in visible_text(layers.play(name))


def test_a_phone_lists_each_painter_on_lines_that_wrap_with_their_points(layers):
    layers.start()
    name = acting(layers)
    layers.engine.take_card(layers.tokens[name], 2, layers.public()["market"][1]["card"], rid())
    at = layers.play(name)
    shown = visible_text(at)
    for painter in layers.public()["painters"]:
        line = " · ".join(
            [
                tr("en", "ui.layers.own.tokens", count=painter["tokens"]),
                tr("en", "ui.layers.own.cards", count=painter["hand_size"]),
                tr("en", "ui.layers.own.paintings", count=0),
                tr("en", "ui.layers.own.ribbons", count=0),
                tr("en", "ui.points_value", points=0),
            ]
        )
        assert f"{painter['name']} {line}" in shown
        face = named_html(painter["name"], layers.public()["avatars"])
        assert f"<b>{face}</b>" in html_text(at)  # their face beside their name
    # No six-column table on a phone: it was 422 px wide on a 360 px screen.
    assert "<table" not in "".join(h.proto.body for h in at.get("html"))


def test_the_end_shows_where_the_points_came_from_and_every_painters_paintings(layers):
    """The podium's projector lists each painter's points from ribbons, bonus and total, and
    apart their tokens (a tie-break); the
    teacher steps the projector through the painters, each with their three paintings; each
    phone shows its student's own paintings. The teacher's page draws no podium of its own:
    the winners and the totals stand there already."""
    layers.start()
    play_to_an_end(layers, NAMES, lambda end: len(end.tied) == 1)
    end = layers.public()
    assert end["phase"] == "finished" and end["shown_round"] is None
    board = visible_text(layers.screen())
    # Points from ribbons, never "Ribbons" (mid-game a count of ribbons); the tokens after
    # the total, named as what they are for (a tie), not as points.
    heads = ["ui.player", "ui.layers.end.ribbons", "ui.layers.end.bonus", "ui.points"]
    heads.append("ui.layers.end.tokens_tiebreak")
    assert " ".join(tr("en", key) for key in heads) in board
    for painter in end["painters"]:
        bonus = sum(p["bonus"] for p in painter["paintings"])
        ribbons = painter["score"] - bonus
        row = f"{painter['name']} {ribbons} {bonus} {painter['score']} {painter['tokens']}"
        assert row in board
    teacher = run(page("pages/facilitator.py", key=layers.fac))
    assert 'class="cc-podium"' not in rendered(teacher)
    teacher = run(button(teacher, "gallery_next").click())
    first = end["painters"][0]
    assert layers.public()["shown_round"] == 1
    showing = tr("en", "ui.layers.fac.gallery_showing", name=isolate(first["name"]))
    assert plain_label(showing) in [c.value for c in teacher.caption]
    shown = visible_text(layers.screen())
    assert tr("en", "ui.layers.end.paintings_of", name=first["name"]) in shown
    for painting in first["paintings"]:
        assert tr("en", "ui.layers.title_quoted", title=painting["title"]) in shown
    second = end["painters"][1]
    assert second["paintings"][0]["title"] not in shown  # one painter at a time
    run(button(teacher, "gallery_next").click())
    assert layers.public()["shown_round"] == 2
    refused("error.unknown_round", layers.engine.show_round, layers.fac, 3)  # two painters
    phone = visible_text(layers.play(second["name"]))
    for painting in second["paintings"]:
        assert tr("en", "ui.layers.title_quoted", title=painting["title"]) in phone
    assert first["paintings"][0]["title"] not in phone  # a phone shows its own


def test_the_other_phones_show_the_painting_just_completed_and_every_painting_so_far(layers):
    layers.start()
    painter = until_a_full_hand(layers)
    paint_first_offer(layers, painter)
    title = tr("en", "ui.layers.title_quoted", title=layers.public()["last_painting"]["title"])
    other = next(name for name in NAMES if name != painter)
    at = layers.play(other)
    assert title in visible_text(at)  # waiting for their turn, they see it made
    (gallery,) = [e for e in at.expander if e.label == tr("en", "ui.layers.all_paintings")]
    assert title in visible_text(gallery)
    paint_first_offer(layers, other)
    take_free(layers)  # a take: no painting is "just completed" any more...
    at = layers.play(painter)
    assert 'class="cl-last' not in rendered(at)
    (gallery,) = [e for e in at.expander if e.label == tr("en", "ui.layers.all_paintings")]
    assert title in visible_text(gallery)  # ...but stays among every painting so far
