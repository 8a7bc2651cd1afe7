"""A teacher alone rehearses each game with robots (issue 43): from the home page's "Try it
with robots", in the page's language, she opens her three pages from its links, starts on her
teacher's page, and reaches the podium. The robots think for a fraction of a second here (the
server's ROBOT_SECONDS; seconds in class), and the fewest the game allows sit beside her, at
the untimed pace, where every phase waits for its players or for her.

Each game is played in one language: her phone's page plays her first moves by taps, her
teacher's page ends the phases nobody answers, Crossed Canvas in English, Canvas Critters (a
duel with one robot) and Canvas Layers (a game of two) in Spanish, her pages looked at in the
lobby and at the podium (a Spanish one with nothing left in English). The rest of the game is
played behind the open pages through the engine (her seat by her link, the phases she ends by
her key), and this test's engine steps the robots at once, as another server's keeper would
(engine/robots.py: each robot's move is made once however many servers step it). The taps and
the flow do not depend on the language: each game is rehearsed once, and every game's pages
in Spanish, phase by phase, are audited for English by test_every_game_audit.py and
test_accessibility.py.
"""

from __future__ import annotations

import random
from urllib.parse import parse_qs, urlsplit

import gamekit
import pytest
from audit import SAID_JS, english_on
from critters_phones import build_mosaics, pick_themes, tap_radio, wait_all
from gamekit import (
    UI_TIMEOUT_MS,
    Person,
    Table,
    button,
    keyed,
    no_traceback,
    podium,
    settle,
    stroke_set,
    t,
)
from layers_phones import stack, turn_ended, turn_of
from playwright.sync_api import Page, expect

from engine import Engine, RuleError
from engine.games import DECLARATIONS
from tests.kit import eventually, rid
from ui.rehearsal import robot_range

pytestmark = [pytest.mark.browser, pytest.mark.whole_game]

TEACHER = "Marta"
ROBOT_SECONDS = "0.2,0.6"
LANGUAGE_NAMES = {"en": "English", "es": "Español"}
#: The phases nobody answers in an untimed Crossed Canvas: the teacher ends them.
TEACHERS_PHASES = ("roles", "merge", "discussion", "reveal")


@pytest.fixture
def speaking(monkeypatch):
    """The texts the shared helpers read (`gamekit.t`) in the language a test names."""

    def speak(language: str) -> None:
        monkeypatch.setattr(gamekit, "LANGUAGE", language)

    return speak


def link(home: Page, page: str) -> str:
    """Where one of the rehearsal's three link buttons leads."""
    href = keyed(home, f"rehearsal_{page}").locator("a").get_attribute("href")
    assert href
    return href


def rehearsal(start_streamlit, new_page, game: str) -> Table:
    """The teacher, on the home page in the language `t` speaks, makes a rehearsal of `game`
    with the fewest robots, untimed, and opens her three pages from its links: her teacher's
    page, the projector at 1280x720 and her phone at 360 px (her seat, `TEACHER`). Every page
    names the robots as robots; nothing has started."""
    server = start_streamlit("app.py", ROBOT_SECONDS=ROBOT_SECONDS)
    home = new_page()
    home.goto(f"{server.url}/")
    language = gamekit.LANGUAGE
    if language != "en":
        keyed(home, "home_language").get_by_text(LANGUAGE_NAMES[language]).click()
        expect(home.get_by_text(t("ui.home.create_title"))).to_be_visible(timeout=UI_TIMEOUT_MS)
        settle(home)
    keyed(home, "create_game_name").locator("label").filter(
        has_text=t(f"ui.home.game.{game}")
    ).click()
    settle(home)
    fewest, most = robot_range(Engine.offered_games()[game])
    kinds = keyed(home, "create_kind").locator("label")
    kinds.filter(has_text=t("ui.home.kind.robots", fewest=fewest, most=most)).click()
    name = keyed(home, "robots_name").locator("input")
    expect(name).to_be_visible(timeout=UI_TIMEOUT_MS)
    name.fill(TEACHER)
    name.press("Enter")
    keyed(home, "create_pace").locator("label").filter(has_text=t("ui.pace.untimed")).click()
    settle(home)
    button(home, "create_game").click()
    expect(home.get_by_text(t("ui.home.robots_ready"))).to_be_visible(timeout=UI_TIMEOUT_MS)

    table = Table(server, new_page)
    table.key = parse_qs(urlsplit(link(home, "facilitator")).query)["key"][0]
    table.code = table.engine.game_code(table.key)
    assert table.public()["language"] == language
    table.facilitator = new_page()
    table.facilitator.goto(link(home, "facilitator"))
    table.screen = new_page(width=1280, height=720)
    table.screen.goto(link(home, "screen"))
    phone = new_page(width=360, height=740, touch=True)
    phone.goto(link(home, "play"))
    token = parse_qs(urlsplit(link(home, "play")).query)["token"][0]
    table.players[TEACHER] = Person(TEACHER, phone, token)
    robots = [f"Robot {n}" for n in range(1, fewest + 1)]
    assert table.public()["robots"] == robots
    for page in table.pages():  # everyone is named, the robots as robots
        for robot in robots:
            expect(page.get_by_text(robot).first).to_be_visible(timeout=UI_TIMEOUT_MS)
    return table


def start(table: Table) -> None:
    """The teacher presses "Start the game" on her teacher's page."""
    assert table.facilitator is not None
    start_button = button(table.facilitator, "start_game")
    expect(start_button).to_be_enabled(timeout=UI_TIMEOUT_MS)
    settle(table.facilitator)
    start_button.click()
    eventually(lambda: table.public()["phase"] != "lobby", what="the game's start")


def at_the_podium(table: Table) -> None:
    """The game is over and every page says so in its language: the projector's podium holds
    the teacher and every robot, "robot" beside its name; her phone says whether she won; her
    teacher's page offers the results; a Spanish page says nothing in English."""
    eventually(lambda: table.public()["phase"], "finished", what="the end of the game")
    final = table.public()
    assert table.screen is not None and table.facilitator is not None
    expect(table.screen.locator(".cc-podium")).to_be_visible(timeout=UI_TIMEOUT_MS)
    assert podium_names(table.screen) == {
        TEACHER,
        *(name + t("ui.robot_mark") for name in final["robots"]),
    }
    won = "ui.play.you_won" if TEACHER in final["winners"] else "ui.play.game_over"
    phone = table.players[TEACHER].page
    expect(phone.locator(".cc-role").first).to_have_text(t(won), timeout=UI_TIMEOUT_MS)
    expect(button(table.facilitator, "results_csv")).to_contain_text(t("ui.fac.results_csv"))
    for page in table.pages():
        said_in_its_language(page)


def podium_names(screen: Page) -> set[str]:
    """Everyone the projector's end names: on the podium's steps, and in everyone's totals
    under it (a game that shows its own breakdown instead, Canvas Layers, has none)."""
    steps = screen.locator(".cc-podium .cc-step-names > div").all_inner_texts()
    return {name.strip() for name in steps} | set(podium(screen)[0])


def said_in_its_language(page: Page) -> None:
    """No error on `page`, and once a Spanish page says its language (ui/aria_words.js, which
    then puts Streamlit's own words in it), nothing in English (audit.py's check)."""
    settle(page, images=True)
    no_traceback(page)
    language = gamekit.LANGUAGE
    if language != "en":
        page.wait_for_function("lang => document.documentElement.lang === lang", arg=language)
        assert english_on(page.evaluate(SAID_JS)) == [], page.url


# -- her first moves by taps -------------------------------------------------------------------


def moved_on(table: Table, phase: str, round_number: int, timeout: float = 30.0) -> None:
    """Wait until the game left `phase` of `round_number` (the robots answered)."""
    eventually(
        lambda: table.stage() != (phase, round_number),
        timeout=timeout,
        what=f"the robots ending {phase} of {round_number}",
    )


def crossed_canvas_round_by_taps(table: Table) -> None:
    """Round 1 from the roles to the next round's: a stroke in each pulse as an artist, the
    first option as the Curator, another artist accused, by clicks on her phone; the phases
    nobody answers ended on her teacher's page."""
    table.wait_phase("roles", 1)
    while (view := table.public())["round"] == 1 and view["phase"] != "finished":
        phase = view["phase"]
        actions = table.view(TEACHER)["actions"]
        # Every page shows a phase that waits for her; one that only the robots answer may
        # be over before a page shows it.
        if phase in TEACHERS_PHASES or actions:
            table.wait_phase(phase, 1)
        if phase in TEACHERS_PHASES:
            table.advance(phase, 1)
            continue
        if "draw" in actions:
            pulse = 1 if phase == "pulse1" else 2
            table.draw(TEACHER, stroke_set(0, pulse)[:1], pulse)
            table.submit(TEACHER)
        elif "choose" in actions:
            table.choose(TEACHER, table.view(TEACHER)["options"][0]["id"])
        elif "accuse" in actions:
            mine = table.view(TEACHER)["signature"]
            table.accuse(TEACHER, next(s for s in view["signatures"] if s != mine))
        moved_on(table, phase, 1)


def guess_a_card(table: Table, number: int) -> None:
    """The duel's guess, by taps: the first card offered (never her own), +1 under it."""
    own = table.view(TEACHER)["card"]["id"]
    cards = table.public()["face_up"]
    letter = next("ABCD"[i] for i, card in enumerate(cards) if card["id"] != own)
    page = table.players[TEACHER].page
    tap_radio(page, f"guess_card_{number}", t("ui.critters.screen.card", letter=letter))
    tap_radio(page, f"guess_ribbon_{number}", t("ui.critters.play.guess_ribbon_1"))
    settle(page)
    page.get_by_role("button", name=t("ui.critters.play.guess_go")).click()
    eventually(lambda: table.view(TEACHER)["my_guess"] is not None, what="her guess placed")


def critters_round_by_taps(table: Table) -> None:
    """Round 1 of the duel by taps: she picks a theme, lays seven foxes and finishes,
    guesses the robot's theme, and ends the round's scores on her teacher's page."""
    wait_all(table, "theme", 1)
    pick_themes(table)
    wait_all(table, "build", 1)
    build_mosaics(table, {TEACHER: "fox"})
    wait_all(table, "guess", 1)
    guess_a_card(table, 1)
    wait_all(table, "scores", 1)
    table.advance("scores", 1)


def layers_painting_by_taps(table: Table) -> None:
    """Her turns by taps until her first painting: the free card while she holds fewer than
    three, then her three oldest cards composed (unfolded from the choice to paint or take)
    on her first background, and confirmed."""
    phone = table.players[TEACHER].page

    def painted() -> int:
        return next(len(p["paintings"]) for p in table.public()["painters"] if p["name"] == TEACHER)

    while not painted():
        turn = turn_of(table, TEACHER)
        hand = table.view(TEACHER)["hand"]
        if len(hand) < 3:
            button(phone, f"take_{turn}_1").tap()
        else:
            keyed(phone, f"cl_compose_{turn}").locator("summary").tap()
            stack(phone, turn, hand[:3])
            button(phone, f"confirm_{turn}").tap()
        turn_ended(table, turn)


# -- the rest behind the pages, and the podium -----------------------------------------------


def played_behind_the_pages(table: Table) -> None:
    """The game to its end through the engine while her pages are put away (a page redraws
    at every move): her seat makes a move its own view lists (an action, then a way of taking
    it, so a mosaic's pieces do not crowd out "finished"), her key ends a phase nobody else
    will, and this engine steps the robots at once (as a second server's keeper; the gate
    makes each robot's move once). Her pages are then opened again, at the podium."""
    url = table.server.url
    token = table.players[TEACHER].token
    pages = {
        f"{url}/facilitator?key={table.key}": table.facilitator,
        f"{url}/screen?code={table.code}": table.screen,
        f"{url}/play?token={token}": table.players[TEACHER].page,
    }
    for page in pages.values():
        assert page is not None
        page.goto("about:blank")
    runner = Engine(table.server.database_url, robot_seconds=(0.0, 0.0))
    game = table.public()["game"]
    bot = DECLARATIONS[game].bot
    dice = random.Random(game)
    for _ in range(3000):
        stage = runner.status(table.code)["stage"]
        runner.play_robots()
        view = runner.player_view(token)
        if view["phase"] == "finished":
            break
        moves = bot.legal_moves(view, dice)
        try:
            if moves:  # an action first, then a way of taking it, as a robot picks
                action = dice.choice(sorted({move.action for move in moves}))
                move = dice.choice([move for move in moves if move.action == action])
                move.on(runner, token, rid(), round=view["round"], phase=view["phase"])
            elif runner.status(table.code)["stage"] == stage:
                runner.advance(table.key, phase=view["phase"], round=view["round"])
        except RuleError:
            continue  # the server's robots moved first: look again
    else:
        raise AssertionError(f"{game} behind the pages did not end")
    for address, page in pages.items():
        assert page is not None
        page.goto(address)


#: Her first moves by taps, for each game, in the language they are tapped in.
BY_TAPS = {
    "crossed_canvas": ("en", crossed_canvas_round_by_taps),
    "canvas_critters": ("es", critters_round_by_taps),
    "canvas_layers": ("es", layers_painting_by_taps),
}


@pytest.mark.parametrize("game", list(BY_TAPS))
def test_a_teacher_alone_with_robots_reaches_the_podium(start_streamlit, new_page, speaking, game):
    language, first_moves = BY_TAPS[game]
    speaking(language)
    table = rehearsal(start_streamlit, new_page, game)
    for page in table.pages():  # the lobby
        said_in_its_language(page)
    start(table)
    first_moves(table)
    played_behind_the_pages(table)
    at_the_podium(table)
