"""Canvas Critters played to the end in real browsers, on 360 px phones.

A game of four: the teacher creates it on the home page; four rounds of theme, pieces from
the shared pile, "finished", titles, ribbons and golden ribbons; the ribbons leave two players
tied, so a tie-break round follows (only they build, only the others judge), then one wins;
the projector shows the podium. A duel of two: five rounds of secret themes, mosaics and
guesses, right and wrong. The points each phone shows are worked out here by hand from the
rulebook: +3, +2 and +1 ribbons, a golden +5 once a game and -5 for one never given; in the
duel +3 for the theme, +1 for its card alone, +1 to a creator whose theme is guessed.

Every move of the first round and of the tie-break is a tap, and so is every guess of the
duel; the rounds between make the same moves as round 1 through the engine behind the pages
(themes, pieces, titles, ribbons), while each phone's points are still read off the phone.
Whole games from the views' listed actions are tests/engine/test_conformance.py; the game of
four's scores, the tie-break and the duel's rules, tests/engine/test_engine_critters.py.
"""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest
from critters_phones import FEWEST, build_mosaics, pick_themes, tap_radio, wait_all
from gamekit import (
    UI_TIMEOUT_MS,
    Table,
    no_traceback,
    podium,
    seeded_engine,
    settle,
    standings_table,
    t,
)
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from engine.i18n import translate
from tests.kit import eventually

pytestmark = pytest.mark.browser


def build_by_engine(table: Table, kinds: dict[str, str]) -> None:
    """Each builder takes seven pieces of their kind and finishes, through the engine."""
    for name, kind in kinds.items():
        token = table.players[name].token
        for i in range(FEWEST):
            table.engine.take_piece(token, kind, 0.1 + 0.13 * i, 0.4, uuid.uuid4().hex)
        table.engine.finish_mosaic(token)


def pick_themes_by_engine(table: Table) -> None:
    """Whoever holds a theme card picks its second theme (as `pick_themes` taps), through the
    engine."""
    for name, person in table.players.items():
        if "pick_theme" in table.view(name)["actions"]:
            theme = table.view(name)["card"]["themes"][1]["id"]
            table.engine.pick_theme(person.token, theme)


def give_titles(table: Table, builders: list[str], round_number: int) -> None:
    for name in builders:
        page = table.players[name].page
        page.get_by_label(t("ui.critters.play.title_label")).fill(f"{name}'s zoo {round_number}")
        page.get_by_role("button", name=t("ui.critters.play.title_save")).click()


def choose(page: Page, key: str, option: str) -> None:
    """Pick `option` in the select box keyed `key`, as a student does: open it with its arrow,
    tap the name (again if a rerun of the page closed the list before the tap). A tap on the
    box's text field, in Chromium's touch emulation, left the list closed in the tie-break
    (the field took focus; its arrow, or a mouse click, opens it)."""
    for _attempt in range(3):
        settle(page)
        page.locator(f".st-key-{key} svg").last.tap()
        try:
            page.get_by_role("option").filter(has_text=option).first.tap(timeout=5_000)
            break
        except PlaywrightTimeout:
            continue
    expect(page.locator(f".st-key-{key} input")).to_have_value(re.compile(re.escape(option)))


def give_ribbons(table: Table, awards: dict[str, tuple[str, ...]], golden: dict[str, str]) -> None:
    """Each giver places their ribbons, highest first (+3, +2, +1), on `awards`' receivers,
    and their golden ribbon if `golden` says so; the rest keep theirs."""
    for giver, receivers in awards.items():
        page = table.players[giver].page
        for value, receiver in zip((3, 2, 1), receivers, strict=False):
            choose(page, f"ribbon_{value}", receiver)
        if giver in golden:
            choose(page, "ribbon_golden", golden[giver])
        page.get_by_role("button", name=t("ui.critters.play.award")).click()


def see_points(table: Table, points: dict[str, int]) -> None:
    """Each phone shows its player's points of the round; one not in `points` judged a
    tie-break and is told so."""
    for name, person in table.players.items():
        if name in points:
            line = t("ui.critters.play.points", points=points[name], count=points[name])
        else:
            line = t("ui.critters.play.judged_tie_break")
        expect(person.page.get_by_text(line, exact=True)).to_be_visible(timeout=UI_TIMEOUT_MS)
        no_traceback(person.page)


def see_the_end(table: Table, totals: dict[str, int], winners: set[str]) -> None:
    """Each phone says "you won" or "game over" and shows the final standings."""
    for name, person in table.players.items():
        said = "ui.play.you_won" if name in winners else "ui.play.game_over"
        expect(person.page.get_by_text(t(said), exact=True)).to_be_visible(timeout=UI_TIMEOUT_MS)
        shown = standings_table(person.page)
        assert shown == {who: (totals[who], who in winners) for who in totals}, name
        no_traceback(person.page)


# -- a game of four --------------------------------------------------------------------------

FOUR = ("Ana", "Ben", "Cy", "Di")
# Each round: every giver's receivers of +3, +2, +1; golden ribbons given; and the points
# each player then has, added up by hand from the ribbons. Everyone receives one ribbon from
# each of the three others.
JUDGED_ROUNDS = [
    (
        {
            "Ana": ("Di", "Cy", "Ben"),
            "Ben": ("Ana", "Di", "Cy"),
            "Cy": ("Ana", "Ben", "Di"),
            "Di": ("Ben", "Cy", "Ana"),
        },
        {"Ana": "Di"},
        # Ana 3+3+1, Ben 1+2+3, Cy 2+1+2, Di 3+2+1 and Ana's golden 5.
        {"Ana": 7, "Ben": 6, "Cy": 5, "Di": 11},
    ),
    (
        {
            "Ana": ("Ben", "Cy", "Di"),
            "Ben": ("Di", "Ana", "Cy"),
            "Cy": ("Ben", "Ana", "Di"),
            "Di": ("Cy", "Ben", "Ana"),
        },
        {},
        # Ana 2+2+1, Ben 3+3+2, Cy 2+1+3, Di 1+3+1.
        {"Ana": 5, "Ben": 8, "Cy": 6, "Di": 5},
    ),
    (
        {
            "Ana": ("Cy", "Di", "Ben"),
            "Ben": ("Cy", "Ana", "Di"),
            "Cy": ("Di", "Ben", "Ana"),
            "Di": ("Ana", "Ben", "Cy"),
        },
        {"Ben": "Cy"},
        # Ana 2+1+3, Ben 1+2+2, Cy 3+3+1 and Ben's golden 5, Di 2+1+3.
        {"Ana": 6, "Ben": 5, "Cy": 12, "Di": 6},
    ),
    (
        {
            "Ana": ("Di", "Cy", "Ben"),
            "Ben": ("Ana", "Di", "Cy"),
            "Cy": ("Ana", "Ben", "Di"),
            "Di": ("Ben", "Cy", "Ana"),
        },
        {},
        # As in round 1, but Cy and Di never gave their golden ribbon: 5 - 5 and 6 - 5.
        {"Ana": 7, "Ben": 6, "Cy": 0, "Di": 1},
    ),
]
# Ana 7+5+6+7 = 25, Ben 6+8+5+6 = 25, Cy 5+6+12+0 = 23, Di 11+5+6+1 = 23: Ana and Ben tie
# for first, so they play a tie-break; Cy and Di each give them their +3 and +2.
TIE_BREAK_AWARDS = {"Cy": ("Ben", "Ana"), "Di": ("Ben", "Ana")}
TIE_BREAK_POINTS = {"Ana": 2 + 2, "Ben": 3 + 3}  # Cy and Di judge
FOUR_TOTALS = {"Ana": 25 + 4, "Ben": 25 + 6, "Cy": 23, "Di": 23}
FOUR_KINDS = {"Ana": "fox", "Ben": "crab", "Cy": "turtle", "Di": "shark"}


def play_judged_round(
    table: Table,
    number: int,
    awards: dict[str, tuple[str, ...]],
    golden: dict[str, str],
    tie_break: bool = False,
) -> None:
    """One round from the theme to the ribbons turned over, by taps on the phones. In a
    tie-break only the tied build, while the givers' phones say so; then only the givers
    place ribbons, one per tied player and no golden one, while the tied wait."""
    wait_all(table, "theme", number, tie_break)
    pick_themes(table)
    view = wait_all(table, "build", number, tie_break)
    builders = view["builders"]
    if tie_break:
        assert sorted(builders) == sorted(name for name in table.players if name not in awards)
        waiting = t("ui.critters.play.wait.tie_break", names=", ".join(builders))
        sees(table, list(awards), waiting)
    build_mosaics(table, {name: FOUR_KINDS[name] for name in builders}, check_pile=number == 1)
    wait_all(table, "titles", number, tie_break)
    give_titles(table, builders, number)
    wait_all(table, "judging", number, tie_break)
    if tie_break:
        sees(table, builders, t("ui.critters.play.wait.judging"))
        for giver in awards:
            form = table.players[giver].page
            expect(form.locator(".st-key-ribbon_1, .st-key-ribbon_golden")).to_have_count(0)
    give_ribbons(table, awards, golden)
    wait_all(table, "scores", number, tie_break)


def play_judged_round_by_engine(
    table: Table, number: int, awards: dict[str, tuple[str, ...]], golden: dict[str, str]
) -> None:
    """A round between the first and the tie-break: round 1's moves (themes, pieces, titles,
    the ribbons and golden ones of `awards` and `golden`) through the engine. The phones are
    looked at once the round's scores are in (its headings were round 1's to check)."""
    wait_all(table, "theme", number, phones=False)
    pick_themes_by_engine(table)
    builders = table.public()["builders"]
    build_by_engine(table, {name: FOUR_KINDS[name] for name in builders})
    for name in builders:
        table.engine.title_mosaic(table.players[name].token, f"{name}'s zoo {number}")
    for giver, receivers in awards.items():
        ribbons = dict(zip((3, 2, 1), receivers, strict=False))
        token = table.players[giver].token
        table.engine.award_ribbons(token, ribbons, uuid.uuid4().hex, golden=golden.get(giver))
    wait_all(table, "scores", number)


def sees(table: Table, names: list[str], text: str) -> None:
    """Each of these players' phones shows `text`."""
    for name in names:
        page = table.players[name].page
        expect(page.get_by_text(text, exact=True)).to_be_visible(timeout=UI_TIMEOUT_MS)


@pytest.mark.whole_game
def test_a_whole_game_of_four_with_a_tie_break_on_phones(table: Table):
    table.start_on_phones("canvas_critters", FOUR)
    for number, (awards, golden, points) in enumerate(JUDGED_ROUNDS, start=1):
        if number == 1:
            play_judged_round(table, number, awards, golden)
        else:
            play_judged_round_by_engine(table, number, awards, golden)
        see_points(table, points)
        if number == len(JUDGED_ROUNDS):  # Cy and Di never gave their golden ribbon
            sees(table, ["Cy", "Di"], t("ui.critters.play.golden_kept", points=5))
            screen = table.open_screen()
            for name in FOUR:
                kept = screen.locator(".cc-cr-cell", has_text=name).locator(".cc-cr-kept")
                said = t("ui.critters.screen.golden_kept", points=5)  # in words, not a bare −5
                expect(kept).to_have_text([said] if name in ("Cy", "Di") else [])
        table.advance("scores", number)

    # The tie-break: its headings say so, only Ana and Ben build, only Cy and Di judge.
    tie_break = len(JUDGED_ROUNDS) + 1
    play_judged_round(table, tie_break, TIE_BREAK_AWARDS, {}, tie_break=True)
    see_points(table, TIE_BREAK_POINTS)
    table.advance("scores", tie_break)

    wait_all(table, "finished", tie_break)
    see_the_end(table, FOUR_TOTALS, {"Ben"})
    expect(screen.locator(".cc-podium")).to_be_visible(timeout=UI_TIMEOUT_MS)
    assert podium(screen) == (FOUR_TOTALS, {"Ben"})
    no_traceback(screen)


# -- a duel of two ---------------------------------------------------------------------------

# Each round, what Ana and Ben guess of the other's secret theme (2-player rule 7): "theme",
# +3 on it; "card", +1 under its card; "card_other_theme", +3 on another theme of its card;
# "other_card", +1 under a card that is not it; "other_card_theme", +3 on a theme of one.
DUEL_ROUNDS = [
    # Ana +3 and Ben's +1 as a guessed creator; Ben +1 and his +1 as creator.
    ({"Ana": "theme", "Ben": "card"}, {"Ana": 3, "Ben": 1 + 1}),
    ({"Ana": "card", "Ben": "theme"}, {"Ana": 1 + 1, "Ben": 3}),
    ({"Ana": "card_other_theme", "Ben": "other_card"}, {"Ana": 0, "Ben": 0}),
    ({"Ana": "theme", "Ben": "other_card_theme"}, {"Ana": 3, "Ben": 1}),
    ({"Ana": "other_card", "Ben": "card"}, {"Ana": 0, "Ben": 1}),
]
DUEL_TOTALS = {"Ana": 3 + 2 + 0 + 3 + 0, "Ben": 2 + 3 + 0 + 1 + 1}  # 8 and 7: Ana wins
DUEL_KINDS = {"Ana": "penguin", "Ben": "giraffe"}


def place_guess(table: Table, guesser: str, how: str) -> None:
    """`guesser` taps their guess (see DUEL_ROUNDS) at the other player's theme, as a student
    does: the card by its letter, the ribbon, and for the +3 the theme; then "Place my guess"."""
    other = next(name for name in table.players if name != guesser)
    secret = table.view(other)["card"]
    cards = {card["id"]: card for card in table.public()["face_up"]}
    letters = {card_id: "ABCD"[i] for i, card_id in enumerate(cards)}
    if how.startswith("other_card"):
        own = table.view(guesser)["card"]["id"]
        card = next(card for key, card in cards.items() if key not in (own, secret["id"]))
    else:
        card = cards[secret["id"]]
    page = table.players[guesser].page
    number = table.public()["round"]
    tap_radio(
        page, f"guess_card_{number}", t("ui.critters.screen.card", letter=letters[card["id"]])
    )
    ribbon = 1 if how.endswith("card") else 3
    tap_radio(page, f"guess_ribbon_{number}", t(f"ui.critters.play.guess_ribbon_{ribbon}"))
    if ribbon == 3:
        theme = next(
            th for th in card["themes"] if (th["id"] == secret["chosen"]) == (how == "theme")
        )
        tap_radio(page, f"guess_theme_{number}_{card['id']}", theme["text"])
    settle(page)
    page.get_by_role("button", name=t("ui.critters.play.guess_go")).click()
    # The last guess ends the phase at once: the engine, not the page, says it was placed.
    eventually(
        lambda: table.view(guesser)["my_guess"] is not None, what=f"{guesser}'s guess placed"
    )


@pytest.mark.whole_game
def test_a_duel_of_two_played_five_rounds_on_phones(table: Table):
    table.start_on_phones("canvas_critters", ("Ana", "Ben"))
    for number, (guesses, points) in enumerate(DUEL_ROUNDS, start=1):
        wait_all(table, "theme", number, phones=number == 1)
        if number == 1:  # the next rounds' themes and mosaics through the engine
            pick_themes(table)
            wait_all(table, "build", number)
            build_mosaics(table, DUEL_KINDS)
        else:
            pick_themes_by_engine(table)
            build_by_engine(table, DUEL_KINDS)
        wait_all(table, "guess", number)
        for name, how in guesses.items():
            place_guess(table, name, how)
        wait_all(table, "scores", number)
        see_points(table, points)
        table.advance("scores", number)
    wait_all(table, "finished", len(DUEL_ROUNDS))
    see_the_end(table, DUEL_TOTALS, {"Ana"})


# -- the duel's guess screen on a phone ------------------------------------------------------

SHOTS = Path("/tmp/critters-shots")
LONG = {phase: 3600.0 for phase in ("theme", "build", "last_minute", "guess", "scores")}


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_duel_guess_screen_on_a_phone(streamlit_server, new_page, language):
    """Ana's 360 px phone: the canvas turns black at once when asked; at the guess, Ben's
    mosaic beside the four cards lettered as on the projector, her own marked and not
    offered, what each ribbon can earn, and a word when "Place my guess" finds nothing."""
    engine = seeded_engine(streamlit_server, f"duel-guess-screen-{language}")
    new = engine.create_game(game="canvas_critters", durations=LONG, language=language)
    tokens = {name: engine.join(new.code, name) for name in ("Ana", "Ben")}
    engine.start(new.facilitator_token)
    for token in tokens.values():
        engine.pick_theme(token, engine.player_view(token)["card"]["themes"][0]["id"])

    def say(key: str, **params) -> str:
        return translate(language, key, **params)

    page = new_page(width=360, height=740, touch=True, scale=2)
    page.goto(f"{streamlit_server.url}/play?token={tokens['Ana']}")
    frame = page.locator(".mosaic .frame")
    frame.wait_for(timeout=UI_TIMEOUT_MS)
    expect(frame).to_have_css("background-color", "rgb(255, 255, 255)")
    settle(page)
    page.get_by_role("button", name=say("ui.critters.play.side.black")).click()
    expect(page.get_by_role("button", name=say("ui.critters.play.side.white"))).to_be_visible(
        timeout=UI_TIMEOUT_MS
    )
    expect(frame).to_have_css("background-color", "rgb(22, 21, 20)", timeout=UI_TIMEOUT_MS)
    assert not engine.player_view(tokens["Ana"])["mosaic"]["finished"]  # black while building

    for index, token in enumerate(tokens.values()):
        for i in range(FEWEST):
            x, y = 0.1 + 0.13 * (i % 7), 0.2 + 0.3 * index
            engine.take_piece(token, ("penguin", "giraffe")[index], x, y, uuid.uuid4().hex)
        engine.finish_mosaic(token)
    face_up = engine.public_view(new.code)["face_up"]
    letters = {card["id"]: "ABCD"[i] for i, card in enumerate(face_up)}
    own = engine.player_view(tokens["Ana"])["card"]["id"]

    expect(page.locator(".cc-guess-cards")).to_be_visible(timeout=UI_TIMEOUT_MS)
    settle(page, images=True)
    ben = next(m for m in engine.public_view(new.code)["mosaics"] if m["name"] == "Ben")
    alt = say("ui.critters.screen.mosaic", name="Ben", count=len(ben["pieces"]))
    expect(page.locator(".cc-guess-mosaic img")).to_have_attribute("alt", alt)
    shown = page.locator(".cc-guess-card b").all_inner_texts()
    assert shown == [say("ui.critters.screen.card", letter=letters[c["id"]]) for c in face_up]
    mark = page.locator(".cc-guess-own")
    expect(mark).to_contain_text(say("ui.critters.screen.card", letter=letters[own]))
    expect(mark).to_contain_text(say("ui.critters.play.own_card_mark"))
    radios = page.locator(".st-key-guess_card_1").get_by_role("radio")
    expect(radios).to_have_count(3)  # one's own card is not offered
    for card in face_up:
        label = say("ui.critters.screen.card", letter=letters[card["id"]])
        choice = page.locator(".st-key-guess_card_1").get_by_role("radio", name=label)
        expect(choice).to_have_count(0 if card["id"] == own else 1)
    for value in (3, 1):
        expect(
            page.get_by_text(say(f"ui.critters.play.guess_earns_{value}", name="Ben"))
        ).to_be_visible()
    # Nothing fits wider than the phone: the cards sit two a row beside / under the mosaic.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    cards = page.locator(".cc-guess-cards").bounding_box()
    assert cards is not None and cards["x"] + cards["width"] <= 360

    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"duel_guess_{language}.png"))
    page.get_by_role("button", name=say("ui.critters.play.guess_go")).click()
    missing = say("ui.critters.play.guess_missing.both")
    expect(page.get_by_text(missing, exact=True)).to_be_visible(timeout=UI_TIMEOUT_MS)
    assert engine.player_view(tokens["Ana"])["my_guess"] is None
    page.screenshot(path=str(SHOTS / f"duel_guess_{language}_nothing_chosen.png"))
    no_traceback(page)

    screen = new_page(width=1280, height=720)
    screen.goto(f"{streamlit_server.url}/screen?code={new.code}")
    expect(screen.locator(".cc-cr-card b").first).to_be_visible(timeout=UI_TIMEOUT_MS)
    assert screen.locator(".cc-cr-card b").all_inner_texts() == shown  # the same letters
    screen.screenshot(path=str(SHOTS / f"duel_guess_screen_{language}.png"))


def test_a_judging_phone_enlarges_a_mosaic_at_a_tap(streamlit_server, new_page, tmp_path):
    """Ana's 360 px phone judges three mosaics from thumbnails: a tap opens one over the
    whole screen, another closes it. In English only: the sizes and the tap do not depend on
    the language (the Spanish judging phone is audited at the judging by
    test_every_game_audit.py)."""
    language = "en"
    engine = seeded_engine(streamlit_server, f"judging-phone-{language}")
    durations = dict.fromkeys(("theme", "build", "last_minute", "titles", "judging"), 3600.0)
    new = engine.create_game(game="canvas_critters", durations=durations, language=language)
    tokens = {name: engine.join(new.code, name) for name in ("Ana", "Ben", "Cy", "Di")}
    engine.start(new.facilitator_token)
    active = engine.public_view(new.code)["active"]
    card = engine.player_view(tokens[active])["card"]
    engine.pick_theme(tokens[active], card["themes"][0]["id"])
    for index, token in enumerate(tokens.values()):
        for i in range(FEWEST):
            x, y = 0.15 + 0.12 * (i % 7), 0.2 + 0.2 * index
            engine.take_piece(
                token, ("penguin", "giraffe", "fox", "crab")[index], x, y, uuid.uuid4().hex
            )
        engine.finish_mosaic(token)
    for token in tokens.values():
        engine.title_mosaic(token, "Zoo")
    page = new_page(width=360, height=740, touch=True, scale=2)
    page.goto(f"{streamlit_server.url}/play?token={tokens['Ana']}")
    thumbs = page.locator(".cc-enlarge summary img")
    expect(thumbs).to_have_count(3, timeout=UI_TIMEOUT_MS)
    settle(page, images=True)
    page.screenshot(path=str(tmp_path / f"phone-judging-{language}.png"), full_page=True)
    assert thumbs.first.bounding_box()["width"] <= 160
    thumbs.first.tap()
    expect(page.locator(".cc-enlarge[open]")).to_have_count(1)
    opened = thumbs.first.bounding_box()
    assert opened["width"] >= 320 and opened["x"] >= 0 and opened["x"] + opened["width"] <= 360
    page.screenshot(path=str(tmp_path / f"phone-judging-{language}-enlarged.png"))
    thumbs.first.tap()
    expect(page.locator(".cc-enlarge[open]")).to_have_count(0)
    assert thumbs.first.bounding_box()["width"] <= 160
    print(f"screenshots in {tmp_path}")
