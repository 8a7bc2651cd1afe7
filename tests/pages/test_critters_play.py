"""pages/play.py in Canvas Critters: the theme card, the mosaic's buttons, the title, the
ribbons and the duel's guess, each sent to the engine from the phone's own page."""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

import pytest
from pagekit import ROOT, html_text, page, rendered, run, tr, visible_text, walk

from engine import Engine
from engine.critters import rules
from ui.text import plain_label

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from critters_kit import LONG, Critters, spot

from tests.kit import refused, rid


@pytest.fixture
def critters(engine: Engine) -> Critters:
    """Three players of Canvas Critters, started: round 1, the theme."""
    new = engine.create_game(game="canvas_critters", durations=LONG)
    table = Critters(engine, None, new.code, new.facilitator_token)
    for name in ("Ana", "Ben", "Cy"):
        table.tokens[name] = engine.join(new.code, name)
    engine.start(new.facilitator_token)
    return table


def phone(table: Critters, name: str):
    return run(page("pages/play.py", token=table.tokens[name]))


def button(at, label: str):
    return next(b for b in at.button if b.label == label)


def give(at):
    """The phone's "Give my ribbons"."""
    return at.button(key="ribbons_give")


def test_the_active_player_picks_the_theme_the_others_wait(critters):
    active = critters.public()["active"]
    other = next(name for name in critters.tokens if name != active)
    card = critters.view(active)["card"]
    at = phone(critters, active)
    labels = [b.label for b in at.button]
    assert [theme["text"] for theme in card["themes"]] == labels[: len(card["themes"])]
    assert tr("en", "ui.critters.play.choosing", name=active) in rendered(phone(critters, other))
    assert not any(theme["text"] in rendered(phone(critters, other)) for theme in card["themes"])
    chosen = card["themes"][2]
    run(button(at, chosen["text"]).click())
    assert critters.public()["theme"]["id"] == chosen["id"]
    assert critters.phase() == "build"
    assert chosen["text"] in rendered(phone(critters, other))  # the theme is everyone's now


def test_finishing_waits_for_seven_pieces_then_locks_the_mosaic(critters):
    critters.pick_all()
    at = phone(critters, "Ana")
    finish = tr("en", "ui.critters.play.finish")
    assert button(at, finish).disabled
    critters.build("Ana", pieces=7)
    at = phone(critters, "Ana")
    assert tr("en", "ui.critters.play.count", count=7, fewest=7) in rendered(at)
    run(button(at, finish).click())
    assert critters.view("Ana")["mosaic"]["finished"]
    assert critters.phase() == "last_minute"
    at = phone(critters, "Ana")
    assert not any(b.label == finish for b in at.button)
    assert tr("en", "ui.critters.play.wait.last_minute") in rendered(at)


def test_the_canvas_flips_and_starts_again(critters):
    critters.pick_all()
    critters.build("Ben", pieces=3)
    at = phone(critters, "Ben")
    run(button(at, tr("en", "ui.critters.play.side.black")).click())
    assert critters.view("Ben")["mosaic"]["side"] == "black"
    run(button(phone(critters, "Ben"), tr("en", "ui.critters.play.clear")).click())
    assert critters.view("Ben")["mosaic"]["pieces"] == []


def mosaic_data(at) -> dict:
    """The data the phone's mosaic component (ui/critters/mosaic.py) was drawn with."""
    [node] = [n for n in walk(at._tree) if str(getattr(n, "key", "")).startswith("mosaic_")]
    return json.loads(node.proto.json)


def test_black_canvas_turns_the_canvas_black_at_once_not_when_finished(critters):
    critters.pick_all()
    critters.build("Ben", pieces=2)
    at = phone(critters, "Ben")
    assert mosaic_data(at)["side"] == "white"
    at = run(button(at, tr("en", "ui.critters.play.side.black")).click())
    at = phone(critters, "Ben")  # still building: the canvas being built is black
    assert not critters.view("Ben")["mosaic"]["finished"]
    assert mosaic_data(at)["side"] == "black"
    assert any(b.label == tr("en", "ui.critters.play.side.white") for b in at.button)
    css = (ROOT / "ui" / "critters" / "mosaic.py").read_text() + (
        ROOT / "ui" / "critters" / "mosaic.js"
    ).read_text()
    assert ".frame.black { background: #161514;" in css  # mosaic_svg's black, drawn by the JS
    assert 'classList.toggle("black", data.side === "black")' in css


def test_a_title_is_saved_and_shown_to_its_owner(critters):
    critters.pick_all()
    critters.build_and_finish_all()
    at = phone(critters, "Cy")
    at.text_input[0].input("Dandelions at night")
    run(at.button[0].click())
    assert critters.view("Cy")["mosaic"]["title"] == "Dandelions at night"
    assert "Dandelions at night" in rendered(phone(critters, "Cy"))


def test_a_pasted_long_title_is_refused_saying_the_limit_and_kept(critters):
    critters.pick_all()
    critters.build_and_finish_all()
    at = phone(critters, "Cy")
    assert tr("en", "ui.critters.play.title_hint", most=40) in [c.value for c in at.caption]
    pasted = "The giraffes and the penguins at the seaside"
    at.text_input[0].input(pasted)
    at = run(at.button[0].click())
    assert tr("en", "error.critters.title_too_long", most=40) in rendered(at)
    assert at.text_input[0].value == pasted
    assert critters.view("Cy")["mosaic"]["title"] is None


def test_a_refused_title_says_why_and_saves_nothing(critters):
    critters.pick_all()
    critters.build_and_finish_all()
    at = phone(critters, "Cy")
    at.text_input[0].input("   ")
    at = run(at.button[0].click())
    assert tr("en", "error.critters.title_empty") in rendered(at)
    assert critters.view("Cy")["mosaic"]["title"] is None


def test_ribbons_are_given_from_the_phone_in_secret(critters):
    critters.pick_all()
    critters.build_and_finish_all()
    critters.title_all()
    at = phone(critters, "Ana")
    at.selectbox(key="ribbon_3").select("Ben")
    at.selectbox(key="ribbon_1").select("Cy")
    at.selectbox(key="ribbon_golden").select("Cy")
    run(give(at).click())
    mine = critters.view("Ana")["my_ribbons"]
    assert mine["golden"] == "Cy"
    assert {(r["value"], r["to"]) for r in mine["ribbons"]} == {(3, "Ben"), (1, "Cy")}
    assert tr("en", "ui.critters.play.awarded") in rendered(phone(critters, "Ana"))
    # Ben's phone says who has given, never what.
    assert "Ana" in rendered(phone(critters, "Ben"))
    assert critters.view("Ben")["my_ribbons"] is None


def test_ribbons_given_from_another_tab_are_said_on_this_one(critters):
    """Two tabs on Ana's link: the first gives her ribbons; the second, which showed the
    form, says on its next run (the click on its own Give) which ribbons count; the first
    tab says they are placed, as ever."""
    critters.pick_all()
    critters.build_and_finish_all()
    critters.title_all()
    first, second = phone(critters, "Ana"), phone(critters, "Ana")
    first.selectbox(key="ribbon_3").select("Ben")
    first.selectbox(key="ribbon_1").select("Cy")
    first = run(give(first).click())
    second.selectbox(key="ribbon_3").select("Cy")
    second.selectbox(key="ribbon_1").select("Ben")
    second = run(give(second).click())
    given = "+3 → \u2068Ben\u2069, +1 → \u2068Cy\u2069"
    told = tr("en", "error.critters.already_awarded", ribbons=plain_label(given))
    assert [w.value for w in second.warning] == [told]
    assert tr("en", "ui.critters.play.awarded") not in rendered(second)
    assert not first.warning and tr("en", "ui.critters.play.awarded") in rendered(run(first))
    mine = critters.view("Ana")["my_ribbons"]["ribbons"]
    assert mine == [{"value": 3, "to": "Ben"}, {"value": 1, "to": "Cy"}]


def test_a_refused_ribbon_says_why_and_changes_nothing(critters):
    critters.pick_all()
    critters.build_and_finish_all()
    critters.title_all()
    at = phone(critters, "Ana")
    at.selectbox(key="ribbon_3").select("Ben")
    at = run(give(at).click())
    missing = tr("en", "error.critters.ribbons_missing", ribbons=plain_label("+3, +1"))
    assert [e.value for e in at.error] == [missing]
    assert critters.view("Ana")["my_ribbons"] is None


def test_a_phone_says_picked_ribbons_count_only_once_given_and_what_came_of_them(critters):
    critters.pick_all()
    critters.build_and_finish_all()
    critters.title_all()
    kept = tr("en", "ui.critters.play.picks_kept")
    at = phone(critters, "Ana")
    assert kept in [i.value for i in at.info]
    at.selectbox(key="ribbon_3").select("Ben")  # picked, never given, one ribbon short
    run(at)
    critters.engine.advance(critters.fac)  # the judging ends: the scores
    assert critters.phase() == "scores"
    # Nobody gave: every score is 0, and the phones and the projector say why.
    assert critters.public()["turned_over"]["scores"] == {"Ana": 0, "Ben": 0, "Cy": 0}
    nobody = tr("en", "ui.critters.nobody_gave")
    assert nobody in visible_text(phone(critters, "Ana"))
    assert nobody in visible_text(run(page("pages/screen.py", code=critters.code)))


def test_a_complete_set_picked_on_the_phone_counts_when_judging_ends(critters):
    """The ruling: picks never sent with Give are the student's own; a reload shows them."""
    critters.pick_all()
    critters.build_and_finish_all()
    critters.title_all()
    at = phone(critters, "Ana")
    at.selectbox(key="ribbon_3").select("Cy")
    at = run(at)
    at.selectbox(key="ribbon_1").select("Ben")
    run(at)
    reloaded = phone(critters, "Ana")
    assert (reloaded.selectbox(key="ribbon_3").value, reloaded.selectbox(key="ribbon_1").value) == (
        "Cy",
        "Ben",
    )
    assert critters.public()["ready_players"] == []  # picked is not given: nobody knows
    critters.engine.advance(critters.fac)
    [given] = critters.public()["turned_over"]["ribbons"]
    assert given == {
        "giver": "Ana",
        "ribbons": [{"value": 3, "to": "Cy"}, {"value": 1, "to": "Ben"}],
        "golden": None,
    }
    assert tr("en", "ui.critters.play.ribbons_not_given") not in visible_text(
        phone(critters, "Ana")
    )


def test_a_mosaic_picked_for_one_ribbon_is_not_offered_for_another(critters):
    critters.pick_all()
    critters.build_and_finish_all()
    critters.title_all()
    at = phone(critters, "Ana")
    at.selectbox(key="ribbon_3").select("Ben")
    at = run(at)
    assert [o.split(" · ")[0] for o in at.selectbox(key="ribbon_1").options] == ["Cy"]
    # The golden ribbon may go to a mosaic that has a ribbon of the giver's.
    assert "Ben" in [o.split(" · ")[0] for o in at.selectbox(key="ribbon_golden").options]


def test_the_last_seconds_warn_a_phone_whose_picks_are_incomplete(engine, wide_last_seconds):
    new = engine.create_game(
        game="canvas_critters", durations=LONG | {"judging": wide_last_seconds}
    )
    table = Critters(engine, None, new.code, new.facilitator_token)
    for name in ("Ana", "Ben", "Cy"):
        table.tokens[name] = engine.join(new.code, name)
    engine.start(new.facilitator_token)
    table.pick_all()
    table.build_and_finish_all()
    table.title_all()
    engine.save_ribbon_draft(table.tokens["Ben"], {3: "Ana", 1: "Cy"})
    engine.save_ribbon_draft(table.tokens["Cy"], {3: "Ana"})
    warning = tr("en", "ui.critters.play.last_seconds")
    assert warning in html_text(phone(table, "Ana"))  # nothing picked
    assert warning in html_text(phone(table, "Cy"))  # one ribbon short
    assert warning not in html_text(phone(table, "Ben"))  # complete: it will count


def test_the_last_rounds_golden_ribbon_says_keeping_it_costs(critters):
    rounds = critters.public()["rounds"]
    for _ in range(rounds - 1):
        critters.play_judged_round()
        critters.engine.advance(critters.fac)
    critters.pick_all()
    critters.build_and_finish_all()
    critters.title_all()
    warning = tr("en", "ui.critters.play.golden_last_round", points=rules.GOLDEN)
    assert warning in [w.value for w in phone(critters, "Ana").warning]


def test_a_phone_whose_ribbons_were_not_given_says_so_when_others_were(critters):
    critters.pick_all()
    critters.build_and_finish_all()
    critters.title_all()
    critters.engine.award_ribbons(critters.tokens["Ben"], {3: "Ana", 1: "Cy"}, rid())
    critters.engine.advance(critters.fac)
    not_given = tr("en", "ui.critters.play.ribbons_not_given")
    assert not_given in visible_text(phone(critters, "Ana"))
    assert not_given not in visible_text(phone(critters, "Ben"))
    assert tr("en", "ui.critters.nobody_gave") not in visible_text(phone(critters, "Ben"))


def test_the_round_points_on_each_phone(critters):
    critters.play_judged_round()
    at = phone(critters, "Ben")
    points = critters.public()["turned_over"]["scores"]["Ben"]
    assert tr("en", "ui.critters.play.points", points=points, count=points) in rendered(at)


def test_a_phone_says_who_gave_its_ribbons_unless_the_teacher_keeps_givers_unnamed(engine):
    for named in (True, False):
        new = engine.create_game(game="canvas_critters", durations=LONG)
        table = Critters(engine, None, new.code, new.facilitator_token)
        for name in ("Ana", "Ben", "Cy"):
            table.tokens[name] = engine.join(new.code, name)
        engine.set_givers_named(new.facilitator_token, named)
        engine.start(new.facilitator_token)
        table.pick_all()
        table.build_and_finish_all()
        table.title_all()
        engine.award_ribbons(table.tokens["Ana"], {3: "Ben", 1: "Cy"}, rid())
        engine.award_ribbons(table.tokens["Cy"], {3: "Ana", 1: "Ben"}, rid())
        engine.advance(new.facilitator_token)
        shown = visible_text(phone(table, "Ben"))
        got = [tr("en", "ui.critters.play.got", value=3), tr("en", "ui.critters.play.got", value=1)]
        assert all(said in shown for said in got) is named
        assert ("Ana" in shown and "Cy" in shown) is named  # Ben's phone names nobody else
        if not named:
            for value in (3, 1):
                assert tr("en", "ui.critters.play.got_unnamed", value=value) in shown


@pytest.fixture
def tied(engine: Engine) -> Critters:
    """Four players after the last regular round's scores: every round each gives +3, +2 and
    +1 to the next three in the roster (6 points each a round); Ana and Ben give each other
    their golden ribbon, Cy and Di keep theirs. Ana and Ben end tied at 29, Cy and Di at 19."""
    new = engine.create_game(game="canvas_critters", durations=LONG)
    table = Critters(engine, None, new.code, new.facilitator_token)
    names = ["Ana", "Ben", "Cy", "Di"]
    for name in names:
        table.tokens[name] = engine.join(new.code, name)
    engine.start(new.facilitator_token)
    for number in range(1, 5):
        if number > 1:
            engine.advance(new.facilitator_token)
        table.pick_all()
        table.build_and_finish_all()
        table.title_all()
        for index, giver in enumerate(names):
            after = names[index + 1 :] + names[:index]
            golden = {"Ana": "Ben", "Ben": "Ana"}.get(giver) if number == 1 else None
            ribbons = dict(zip((3, 2, 1), after, strict=True))
            engine.award_ribbons(table.tokens[giver], ribbons, rid(), golden=golden)
    assert table.public()["totals"] == {"Ana": 29, "Ben": 29, "Cy": 19, "Di": 19}
    return table


def test_a_golden_ribbon_never_given_shows_its_cost_on_the_phone(tied):
    cy, ana = rendered(phone(tied, "Cy")), rendered(phone(tied, "Ana"))
    assert tr("en", "ui.critters.play.points", points=6 - 5, count=6 - 5) in cy
    assert tr("en", "ui.critters.play.golden_kept", points=5) in cy
    assert tr("en", "ui.critters.play.points", points=6, count=6) in ana
    assert tr("en", "ui.critters.play.golden_kept", points=5) not in ana


def test_at_the_end_each_phone_shows_its_own_mosaics_with_title_and_points_under_the_totals(
    tied,
):
    tied.engine.advance(tied.fac)
    tied.play_judged_round()  # the tie-break: Ana and Ben build, Cy and Di judge
    tie_break = tied.public()["turned_over"]["scores"]["Ana"]
    tied.engine.advance(tied.fac)
    assert tied.phase() == "finished"
    scored = {
        "Ana": [11, 6, 6, 6, tie_break],  # Ben's golden ribbon in round 1
        "Cy": [6, 6, 6, 1],  # a golden ribbon kept costs 5 in the last round
    }
    for name, points in scored.items():
        at = phone(tied, name)
        rounds = [tr("en", "ui.critters.end.your_round", round=n) for n in (1, 2, 3, 4)]
        rounds += [tr("en", "ui.critters.screen.tie_break")][: len(points) - 4]
        title = tr("en", "ui.critters.screen.title_quoted", title=f"{name}'s zoo")
        captions = [
            f"{said} · {tr('en', 'ui.points_value', points=p, count=p)} {title}"
            for said, p in zip(rounds, points, strict=True)
        ]
        shown = visible_text(at)
        yours, enlarge = tr("en", "ui.critters.end.yours"), tr("en", "ui.critters.play.enlarge")
        mine = f"{yours} {enlarge} {' '.join(captions)}"
        assert mine in shown, shown
        assert shown.index(mine) > shown.index(tr("en", "ui.player"))  # under the totals
        # Their own mosaics only, each a picture a tap enlarges.
        markup = html_text(at)
        assert markup.count('<details class="cc-enlarge">') == len(points)
        alts = [html.unescape(a) for a in re.findall(r'class="cc-mosaic" alt="([^"]*)"', markup)]
        assert len(alts) == len(points) and all(f"{name}'s zoo" in alt for alt in alts), alts
    assert tr("en", "ui.points_value", points=1, count=1) == "1 point"


def test_in_a_tie_break_the_others_wait_for_the_tied_mosaics(tied):
    tied.engine.advance(tied.fac)
    tied.pick_all()
    assert tied.public()["builders"] == ["Ana", "Ben"]
    cy = rendered(phone(tied, "Cy"))
    assert tr("en", "ui.critters.play.wait.tie_break", names="Ana, Ben") in cy
    assert tr("en", "ui.critters.play.wait.build") not in cy  # Cy has not built anything
    assert tr("en", "ui.critters.play.finish") in rendered(phone(tied, "Ana"))


def test_after_a_tie_break_a_judge_is_told_they_judged_not_that_they_scored_0(tied):
    tied.engine.advance(tied.fac)
    tied.play_judged_round()
    assert tied.phase() == "scores"
    cy = rendered(phone(tied, "Cy"))
    assert tr("en", "ui.critters.play.judged_tie_break") in cy
    assert tr("en", "ui.critters.play.points", points=0, count=0) not in cy
    builder = tied.public()["turned_over"]["scores"]["Ana"]
    assert tr("en", "ui.critters.play.points", points=builder, count=builder) in rendered(
        phone(tied, "Ana")
    )


def test_a_tie_break_is_never_announced_as_a_planned_round(tied):
    """At the last regular round's scores the tie is known, but the round is still "4 of 4":
    no "Round 4 of 5" promises a fifth round before the tie-break is played."""
    screen = run(page("pages/screen.py", code=tied.code))
    for at in (phone(tied, "Cy"), screen):
        assert tr("en", "ui.round_of", round=4, rounds=4) in rendered(at)
        assert tr("en", "ui.round_of", round=4, rounds=5) not in rendered(at)
    assert (tied.public()["rounds"], tied.public()["tie_break"]) == (4, False)
    tied.engine.advance(tied.fac)
    view = tied.public()
    assert (view["round"], view["rounds"], view["tie_break"]) == (5, 4, True)
    cy = rendered(phone(tied, "Cy"))
    assert tr("en", "ui.critters.screen.tie_break") in cy
    assert tr("en", "ui.round_of", round=5, rounds=5) not in cy


def test_one_piece_is_counted_in_the_singular(critters):
    critters.pick_all()
    critters.build("Ana", pieces=1)
    at = phone(critters, "Ana")
    for language, said, wrong in (("en", "1 piece (", "1 pieces"), ("es", "1 pieza (", "1 piezas")):
        assert said in tr(language, "ui.critters.play.count", count=1, fewest=7)
        assert wrong not in tr(language, "ui.critters.play.count", count=1, fewest=7)
        alt = tr(language, "ui.critters.screen.mosaic", name="Ana", count=1)
        assert alt.endswith("1 animal") and "animales" not in alt and "animals" not in alt
    assert "1 piece (at least 7)" in rendered(at) and "1 pieces" not in rendered(at)


def test_a_canvas_at_its_limit_says_so_and_why(critters):
    critters.pick_all()
    most = critters.view("Ana")["actions"]["build"]["most"]
    full = tr("en", "error.critters.too_many_pieces", most=most, fewest=rules.MIN_PIECES)
    critters.take_any("Ana", most - 1)
    assert full not in rendered(phone(critters, "Ana"))
    critters.take_any("Ana", 1)
    assert full in rendered(phone(critters, "Ana"))
    assert str(rules.MIN_PIECES) in full  # it says the others must still reach seven


def test_the_ribbon_lists_follow_seat_order_from_the_active_player(critters):
    roster = list(critters.tokens)
    if critters.public()["active"] == roster[0]:  # seat order from the first seat: play on
        critters.play_judged_round()
        critters.engine.advance(critters.fac)
    active = critters.public()["active"]
    from_active = roster[roster.index(active) :] + roster[: roster.index(active)]
    critters.pick_all()
    critters.build_and_finish_all()
    critters.title_all()
    for name in roster:
        at = phone(critters, name)
        others = [other for other in from_active if other != name]
        for key in ("ribbon_3", "ribbon_1", "ribbon_golden"):
            options = at.selectbox(key=key).options
            assert [option.split(" · ")[0] for option in options] == others, (name, key)


# -- the duel's guess ------------------------------------------------------------------------


def duel(engine: Engine, language: str = "en") -> Critters:
    """Ana and Ben's duel at its guess: both themes picked, both mosaics finished."""
    new = engine.create_game(game="canvas_critters", durations=LONG, language=language)
    table = Critters(engine, None, new.code, new.facilitator_token)
    for name in ("Ana", "Ben"):
        table.tokens[name] = engine.join(new.code, name)
    engine.start(new.facilitator_token)
    table.pick_all()
    for name in ("Ana", "Ben"):
        for i in range(7):
            engine.take_piece(table.tokens[name], ("fox", "crab")[name == "Ben"], *spot(i), rid())
        engine.finish_mosaic(table.tokens[name])
    assert table.phase() == "guess"
    return table


def letters_of(table: Critters) -> dict[str, str]:
    """The face-up cards' letters as the projector gives them: A to D in table order."""
    return {card["id"]: "ABCD"[i] for i, card in enumerate(table.public()["face_up"])}


def secret(table: Critters, name: str) -> tuple[str, str]:
    card = table.view(name)["card"]
    return card["id"], card["chosen"]


def test_the_duel_guess_shows_the_opponents_mosaic_beside_the_four_lettered_cards(engine):
    table = duel(engine)
    at = phone(table, "Ana")
    shown = visible_text(at)
    ben = next(m for m in table.public()["mosaics"] if m["name"] == "Ben")
    alt = tr("en", "ui.critters.screen.mosaic", name="Ben", count=len(ben["pieces"]))
    [table_html] = [h.value for h in at.html if "cc-guess-cards" in h.value]
    assert f'alt="{alt}"' in table_html and "cc-guess-mosaic" in table_html
    assert tr("en", "ui.critters.play.guess_mosaic_of", name="Ben") in shown
    letters = letters_of(table)
    own = table.view("Ana")["card"]["id"]
    for card in table.public()["face_up"]:  # every card, in the projector's letters
        label = tr("en", "ui.critters.screen.card", letter=letters[card["id"]])
        line = " ".join([label] + [th["text"] for th in card["themes"]])
        if card["id"] == own:
            line = " ".join(
                [label, tr("en", "ui.critters.play.own_card_mark")]
                + [th["text"] for th in card["themes"]]
            )
        assert line in shown, line
    [card_choice, ribbon_choice] = at.radio
    others = [c for c in letters if c != own]
    assert card_choice.options == [
        tr("en", "ui.critters.screen.card", letter=letters[c]) for c in others
    ]  # one's own card is marked, never offered
    assert card_choice.label == tr("en", "ui.critters.play.guess_which_card", name="Ben")
    assert ribbon_choice.options == [
        tr("en", "ui.critters.play.guess_ribbon_3"),
        tr("en", "ui.critters.play.guess_ribbon_1"),
    ]
    assert table.view("Ana")["actions"]["guess"]["cards"] == others
    refused("error.critters.guess_own_card", engine.guess_theme, table.tokens["Ana"], 1, own, rid())


def test_each_guess_says_what_it_can_earn_the_creators_point_too(engine):
    table = duel(engine)
    at = phone(table, "Ana")
    ribbons = at.radio[1]
    assert list(ribbons.proto.captions) == [
        plain_label(tr("en", f"ui.critters.play.guess_earns_{value}", name="Ben"))
        for value in (3, 1)
    ]
    assert [c.value for c in at.caption] == [
        plain_label(tr("en", "ui.critters.play.guess_creator", name="Ben"))
    ]
    assert "3" in tr("en", "ui.critters.play.guess_earns_3", name="Ben")
    assert "1 point for Ben" in tr("en", "ui.critters.play.guess_earns_3", name="Ben")


def test_placing_a_guess_with_nothing_chosen_says_what_is_missing(engine):
    table = duel(engine)
    at = phone(table, "Ana")
    at = run(at.button(key="guess_go").click())
    assert [w.value for w in at.warning] == [tr("en", "ui.critters.play.guess_missing.both")]
    card = next(c for c in letters_of(table) if c != table.view("Ana")["card"]["id"])
    at.radio[0].set_value(card)
    at = run(at)
    at = run(at.button(key="guess_go").click())
    assert [w.value for w in at.warning] == [tr("en", "ui.critters.play.guess_missing.ribbon")]
    at.radio[1].set_value(3)
    at = run(at)
    theme_label = tr("en", "ui.critters.play.guess_which_theme", letter=letters_of(table)[card])
    assert at.radio[2].label == theme_label
    at = run(at.button(key="guess_go").click())
    assert [w.value for w in at.warning] == [tr("en", "ui.critters.play.guess_missing.theme")]
    assert table.view("Ana")["my_guess"] is None  # nothing placed, and the page said why
    for language in ("en", "es"):
        for missing in ("both", "card", "ribbon", "theme"):
            key = f"ui.critters.play.guess_missing.{missing}"
            assert tr(language, key, name="Ben") != key


def test_the_duel_guess_is_placed_from_the_phone_and_said_back_with_its_stakes(engine):
    table = duel(engine, language="es")
    at = phone(table, "Ana")
    assert tr("es", "ui.critters.play.guess_which_card", name="Ben") in rendered(at)
    card, theme = secret(table, "Ben")
    at.radio[0].set_value(card)
    at.radio[1].set_value(3)
    at = run(at)
    at.radio[2].set_value(theme)
    at = run(at.button(key="guess_go").click())
    assert table.view("Ana")["my_guess"] == {"ribbon": 3, "card": card, "theme": theme}
    at = phone(table, "Ana")
    text = next(
        th["text"] for c in table.public()["face_up"] for th in c["themes"] if th["id"] == theme
    )
    said = tr(
        "es",
        "ui.critters.play.placed_theme",
        theme=text,
        letter=letters_of(table)[card],
        name="Ben",
    )
    assert tr("es", "ui.critters.play.guessed") in rendered(at)
    assert said in visible_text(at)


def test_the_duel_scores_say_what_each_guess_earned_and_the_creators_point(engine):
    table = duel(engine)
    letters = letters_of(table)
    ben_card, ben_theme = secret(table, "Ben")
    ana_card, _ = secret(table, "Ana")
    engine.guess_theme(
        table.tokens["Ana"], 3, ben_card, rid(), theme=ben_theme
    )  # right: +3, Ben +1
    engine.guess_theme(table.tokens["Ben"], 1, ana_card, rid())  # right card: +1, Ana nothing
    assert table.phase() == "scores"
    assert table.public()["turned_over"]["scores"] == {"Ana": 3, "Ben": 2}
    faces = {th["id"]: th["text"] for c in table.public()["face_up"] for th in c["themes"]}
    ana, ben = visible_text(phone(table, "Ana")), visible_text(phone(table, "Ben"))
    assert tr("en", "ui.critters.play.earned.theme_right", theme=faces[ben_theme]) in ana
    assert tr("en", "ui.critters.play.creator.wrong", name="Ben") in ana
    assert tr("en", "ui.critters.play.earned.card_right", letter=letters[ana_card]) in ben
    assert tr("en", "ui.critters.play.creator.right", name="Ana") in ben  # the creator's +1
    their = tr(
        "en",
        "ui.critters.play.their_theme",
        name="Ben",
        theme=faces[ben_theme],
        letter=letters[ben_card],
    )
    assert their in ana


# -- words in the right number -----------------------------------------------------------


def test_the_phones_readiness_has_no_dangling_dash(critters):
    critters.pick_all()
    critters.build_and_finish_all()
    at = phone(critters, "Ana")  # titles: nobody has given one yet
    assert critters.phase() == "titles"
    shown = visible_text(at)
    assert tr("en", "ui.critters.play.ready_none", total=3) in shown
    assert "—" not in shown and "Done: 0 of 3" not in shown
    critters.engine.title_mosaic(critters.tokens["Ben"], "Zoo")
    shown = visible_text(phone(critters, "Ana"))
    assert "1 of 3 done: Ben" in shown


@pytest.mark.parametrize("language", ["en", "es"])
def test_in_the_ribbons_phase_nobody_done_says_what_is_given_and_that_it_stays_secret(
    engine, language
):
    """Not "Nobody is done yet": what the phase asks (ribbons), that nobody sees them until
    everyone has given, and, beside the golden ribbon, what keeping it costs at the end."""
    new = engine.create_game(game="canvas_critters", durations=LONG, language=language)
    table = Critters(engine, None, new.code, new.facilitator_token)
    for name in ("Ana", "Ben", "Cy"):
        table.tokens[name] = engine.join(new.code, name)
    engine.start(new.facilitator_token)
    table.pick_all()
    table.build_and_finish_all()
    table.title_all()
    assert table.phase() == "judging"
    at = phone(table, "Ana")
    shown = visible_text(at)
    assert tr(language, "ui.critters.play.ready_none_judging", total=3) in shown
    assert tr(language, "ui.critters.play.ready_none", total=3) not in shown
    golden = tr(language, "ui.critters.play.golden_cost", points=rules.GOLDEN)
    assert golden in [c.value for c in at.caption]


@pytest.mark.parametrize(
    ("key", "one", "two"),
    [
        ("ui.critters.play.ready", "Ha terminado 1 de 4:", "Han terminado 2 de 4:"),
        ("ui.critters.screen.finished", "Ha terminado 1 de 4", "Han terminado 2 de 4"),
        ("ui.critters.screen.ready.guess", "Ha apostado 1 de 4", "Han apostado 2 de 4"),
        (
            "ui.critters.screen.ready.judging",
            "Ha dado sus cintas 1 de 4",
            "Han dado sus cintas 2 de 4",
        ),
        ("ui.critters.screen.ready.theme", "Ha elegido 1 de 4", "Han elegido 2 de 4"),
    ],
)
def test_spanish_counts_of_students_agree_in_number_and_name_no_gender(key, one, two):
    assert tr("es", key, done=1, total=4, count=1) == one
    assert tr("es", key, done=2, total=4, count=2) == two
    for language in ("en", "es"):  # the English keeps its number too
        assert "{" not in tr(language, key, done=1, total=4, count=1)


def test_one_point_is_said_in_the_singular(tied):
    cy = visible_text(phone(tied, "Cy"))  # 6 points less 5 for the golden ribbon kept
    assert "You scored 1 point this round" in cy and "1 points" not in cy
    assert "You scored 6 points this round" in visible_text(phone(tied, "Ana"))
    spanish = tr("es", "ui.critters.play.points", points=1, count=1)
    assert spanish == "Has ganado 1 punto en esta ronda"
    assert tr("es", "ui.critters.play.points", points=0, count=0).endswith("0 puntos en esta ronda")


# -- words that match the clock and the table --------------------------------------------------


def test_a_theme_chosen_by_the_time_out_is_said_to_its_chooser(critters):
    active = critters.public()["active"]
    other = next(name for name in critters.tokens if name != active)
    critters.engine.advance(critters.fac)  # nobody picked: the card's first theme
    assert critters.phase() == "build"
    theme = critters.public()["theme"]["text"]
    said = tr("en", "ui.critters.play.theme_timed_out", theme=theme)
    assert said in [i.value for i in phone(critters, active).info]
    assert said not in rendered(phone(critters, other))


def test_a_theme_picked_in_time_is_not_said_to_be_the_time_outs(critters):
    critters.pick_all()
    active = critters.public()["active"]
    theme = critters.public()["theme"]["text"]
    said = tr("en", "ui.critters.play.theme_timed_out", theme=theme)
    assert said not in rendered(phone(critters, active))


@pytest.mark.parametrize("language", ["en", "es"])
def test_after_picking_a_secret_theme_the_duel_phone_says_whom_it_waits_for(engine, language):
    new = engine.create_game(game="canvas_critters", durations=LONG, language=language)
    table = Critters(engine, None, new.code, new.facilitator_token)
    for name in ("Ana", "Ben"):
        table.tokens[name] = engine.join(new.code, name)
    engine.start(new.facilitator_token)
    table.pick("Ana")
    waiting = tr(language, "ui.critters.play.wait.duel_theme", name="Ben")
    assert waiting in [i.value for i in phone(table, "Ana").info]
    assert waiting not in rendered(phone(table, "Ben"))  # Ben still has his card to pick from
