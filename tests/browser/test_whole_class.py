"""A whole class on one code (issue "A whole class on one code"), in a real Chromium.

The teacher creates a class on the home page; 28 students join with the class code (three on
real phones at 360 px, the others through the engine, as a phone's join would) and are seated
at three tables of 10, 9 and 9. The teacher starts every table, ends a phase at one table,
pauses and resumes them all from the class page; the tables are then played to the class
podium through the engine (the students' own pages are tested elsewhere). The class projector
(1280x720) is kept all along: at every phase of round 1 and at the first phase of every later
round its whole DOM holds no target, decoy, option or role of any table, and every text on it
is at least 28 px. At the end the phones join the class's next game in one tap. A phone the
seating moves to a newer table in the lobby follows that table once the teacher starts.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from gamekit import (
    PHASES,
    PROJECTOR,
    ROLE_WORDS,
    SLOW,
    SMALLEST_READABLE_PX,
    UI_TIMEOUT_MS,
    button,
    copy_private_link,
    engine_strokes,
    eventually,
    heading_text,
    join_with_code,
    keyed,
    measure_layout,
    neutral_texts,
    query,
    seeded_engine,
    settle,
    t,
    whole,
    words_of,
)
from playwright.sync_api import Page, expect

from engine import Engine
from engine.i18n import translate

pytestmark = pytest.mark.browser
#: Its games are made on the home page and their layout measured: a seeded server of its own.
SEEDED_SERVER = True

PHONES = ["Pia", "Quim", "Rosa"]  # the last three to join: one lands at each table
NAMES = [f"Student {number:02d}" for number in range(1, 26)]
SHOTS = "/tmp/cc"


class Watch:
    """The class as the test drives it: the engine, the class key, and every student."""

    def __init__(self, engine: Engine, code: str, key: str, language: str = "en") -> None:
        self.engine, self.code, self.key, self.language = engine, code, key, language
        self.tokens: dict[str, str] = {}

    def tables(self) -> list[dict[str, Any]]:
        return self.engine.class_view(self.key)["tables"]

    def secrets(self) -> set[str]:
        """Every object a student may see now, at any table: targets, decoys, options."""
        found = set()
        for token in self.tokens.values():
            mine = self.engine.player_view(token)
            for thing in [mine["target"], *(mine["options"] or [])]:
                if thing:
                    found.add(thing["name"])
        return found


def cards_show(screen: Page, watch: Watch) -> None:
    """Wait until the projector shows every table in the phase (and round) it is in: a card
    each, or, while a table is in its reveal, that table's reveal with the others' numbers in
    a strip (the lowest numbered table in its reveal takes the screen)."""
    tables = watch.tables()
    focus = next((table for table in tables if table["view"]["phase"] == "reveal"), None)
    if focus is not None:
        view = focus["view"]
        heading = heading_text(view["phase"], view["round"], view["rounds"], watch.language)
        title = translate(watch.language, "ui.class.table", number=focus["table"])
        expect(screen.locator(".cc-phase").first).to_have_text(
            f"{title} · {heading}", timeout=UI_TIMEOUT_MS
        )
        for table in tables:
            if table is not focus:
                other = translate(watch.language, "ui.class.table", number=table["table"])
                expect(screen.locator(".cc-strip")).to_contain_text(other)
        settle(screen, images=True)
        return
    for index, table in enumerate(tables):
        view = table["view"]
        heading = heading_text(view["phase"], view["round"], view["rounds"], watch.language)
        card = screen.locator(".cc-table-card").nth(index)
        expect(card.locator(".cc-table-phase")).to_contain_text(heading, timeout=UI_TIMEOUT_MS)
    settle(screen, images=True)


def check_projector(screen: Page, watch: Watch, moment: str, problems: list[str]) -> None:
    """No secret in the projector's DOM before a reveal, and every text readable from the back."""
    cards_show(screen, watch)
    found = measure_layout(screen)
    problems += [f"{moment}: below {SMALLEST_READABLE_PX} px: {text}" for text in found["small"]]
    problems += [f"{moment}: outside 1280x720: {what}" for what in found["outside"]]
    if {table["view"]["phase"] for table in watch.tables()} & {"reveal", "finished"}:
        return
    html = screen.content()
    words = words_of(html)
    for name in watch.secrets():
        if whole(name).search(words):
            problems.append(f"{moment}: the projector shows the object {name!r}")
    for token in [watch.key, *watch.tokens.values()]:
        if token in html:
            problems.append(f"{moment}: the projector holds a key or a personal link")
    for role in ("curator", "distorter", "loyal"):
        if translate(watch.language, f"ui.role.{role}") in words:
            problems.append(f"{moment}: the projector shows a role card's text ({role})")
    for text in neutral_texts(watch.language):
        words = words.replace(text, "")
    if found_roles := ROLE_WORDS.findall(words):
        problems.append(f"{moment}: the projector names a role: {found_roles}")


@pytest.mark.whole_game
def test_a_whole_class_from_one_code_to_the_class_podium(streamlit_server, new_page):
    engine = seeded_engine(streamlit_server, "whole-class")

    # The teacher creates a class on the home page.
    teacher = new_page(width=1280, height=800)
    teacher.goto(f"{streamlit_server.url}/")
    keyed(teacher, "create_kind").locator("label").filter(has_text=t("ui.home.kind.class")).click()
    # The class's help appears in the rerun that choice starts; until that run ends the old
    # and the new pace buttons are both on the page.
    help_start = t("ui.home.kind.class_help", fewest=0, most=0)[:30]  # before the sizes
    expect(teacher.get_by_text(help_start)).to_be_visible(timeout=UI_TIMEOUT_MS)
    settle(teacher)
    teacher.locator(".st-key-create_pace label").filter(has_text=t("ui.pace.extra_relaxed")).click()
    settle(teacher)
    button(teacher, "create_game").click()
    teacher.wait_for_url("**/classroom?class=*", timeout=UI_TIMEOUT_MS)
    code = query(teacher, "class") or ""
    key = query(copy_private_link(teacher), "key") or ""
    watch = Watch(engine, code, key)
    assert engine.class_view(key)["code"] == code
    assert key not in teacher.content()

    screen = new_page(**PROJECTOR)
    screen.goto(f"{streamlit_server.url}/screen?code={code}")
    expect(screen.locator(".cc-code").first).to_have_text(code, timeout=UI_TIMEOUT_MS)

    # 28 students: 25 through the engine, then three phones.
    for index, name in enumerate(NAMES):
        watch.tokens[name] = engine.join(code, name, browser=f"engine-{index}")
    phones = {}
    for name in PHONES:
        phones[name] = new_page(width=360, height=740, touch=True, scale=2)
        watch.tokens[name] = join_with_code(phones[name], streamlit_server.url, code, name)
    seating = {table["table"]: table["view"]["players"] for table in watch.tables()}
    assert [len(players) for players in seating.values()] == [10, 9, 9]
    table_of = {name: number for number, names in seating.items() for name in names}
    assert sorted(table_of[name] for name in PHONES) == [1, 2, 3]
    expect(
        teacher.get_by_text(
            t(
                "ui.class.heading",
                students=t("ui.class.students", count=28),
                tables=t("ui.class.tables", count=3),
            )
        )
    ).to_be_visible(timeout=UI_TIMEOUT_MS)
    problems: list[str] = []
    check_projector(screen, watch, "lobby", problems)
    screen.screenshot(path=f"{SHOTS}/class-projector-lobby.png")

    # The teacher starts every table, ends the roles at table 1, pauses and resumes them all.
    start = button(teacher, "start_all")
    expect(start).to_be_enabled(timeout=UI_TIMEOUT_MS)
    start.click()
    assert eventually(lambda: {table["phase"] for table in watch.tables()}, {"roles"}) == {"roles"}
    # clicked next: a push may rerun it right after, and a click in a run is lost
    settle(teacher, pause_ms=300)
    button(teacher, "advance_table_1").click()
    phases = eventually(
        lambda: [table["phase"] for table in watch.tables()], ["pulse1", "roles", "roles"]
    )
    assert phases == ["pulse1", "roles", "roles"]
    # clicked next: a push may rerun it right after, and a click in a run is lost
    settle(teacher, pause_ms=300)
    button(teacher, "pause_all").click()
    assert eventually(lambda: all(table["paused"] for table in watch.tables()), True)
    expect(screen.locator(".cc-table-card").filter(has_text=t("ui.paused"))).to_have_count(
        3, timeout=UI_TIMEOUT_MS
    )
    # clicked next: a push may rerun it right after, and a click in a run is lost
    settle(teacher, pause_ms=300)
    button(teacher, "resume_all").click()
    assert eventually(lambda: any(table["paused"] for table in watch.tables()), False) is False
    engine.advance_tables(key, phase="roles")  # every table in pulse 1 now
    # clicked next: a push may rerun it right after, and a click in a run is lost
    settle(teacher, pause_ms=500)
    teacher.screenshot(path=f"{SHOTS}/class-teacher.png", full_page=True)

    # A table's own page opens from the class page, its key waiting in a cookie, not the link.
    link = teacher.locator(".st-key-own_page_2 a")
    assert key not in (link.get_attribute("href") or "")
    with teacher.context.expect_page() as opened:
        link.click()
    own = opened.value
    table_2 = watch.tables()[1]
    own.wait_for_url(f"**/facilitator?game={table_2['code']}", timeout=UI_TIMEOUT_MS)
    expect(button(own, "advance_phase")).to_have_text(
        t("ui.fac.advance.pulse1"), timeout=UI_TIMEOUT_MS
    )
    own.close()

    # Round 1, phase by phase, with every student acting through the engine; the projector
    # and the phones are looked at in each phase.
    for phase in PHASES[1:]:
        assert {table["phase"] for table in watch.tables()} == {phase}, phase
        play_phase(watch, phase, half=True)
        check_projector(screen, watch, f"round 1 {phase} (half answered)", problems)
        if phase == "pulse2":
            screen.screenshot(path=f"{SHOTS}/class-projector-pulse2.png")
        for name, phone in phones.items():
            view = engine.player_view(watch.tokens[name])
            heading = heading_text(view["phase"], view["round"], view["rounds"])
            expect(phone.locator(".cc-phase").first).to_have_text(heading, timeout=UI_TIMEOUT_MS)
        play_phase(watch, phase, half=False)
        if phase == "reveal":
            screen.screenshot(path=f"{SHOTS}/class-projector-reveal.png")
        if {table["phase"] for table in watch.tables()} == {phase}:
            engine.advance_tables(key, phase=phase)

    # The later rounds: ended phase by phase by the teacher (through the engine); the
    # projector is looked at as each round starts.
    while {table["phase"] for table in watch.tables()} != {"finished"}:
        tables = watch.tables()
        if {table["phase"] for table in tables} == {"roles"}:
            check_projector(screen, watch, f"round {tables[0]['round']} roles", problems)
        engine.advance_tables(key)

    # The class podium, on the projector and the teacher's page.
    podium = engine.class_public_view(code)["podium"]
    assert podium is not None
    expect(screen.get_by_text(t("ui.class.best_scores"))).to_be_visible(timeout=UI_TIMEOUT_MS)
    # measured next: a push may rerun it right after (old elements beside new)
    settle(screen, pause_ms=300)
    top = podium["best"][0]
    if podium["by_round"]:  # 25 students sit at tables of 9, 8 and 8: unequal rounds
        expect(screen.get_by_text(t("ui.class.ranks_per_round"))).to_be_visible()
        best = t("ui.class.points_per_round", points=f"{top['per_round']:.1f}")
    else:
        best = t("ui.points_value", points=top["total"], count=top["total"])
    expect(screen.locator(".cc-class-podium").get_by_text(best).first).to_be_visible()
    found = measure_layout(screen)
    problems += [f"podium: below {SMALLEST_READABLE_PX} px: {text}" for text in found["small"]]
    problems += [f"podium: outside 1280x720: {what}" for what in found["outside"]]
    screen.screenshot(path=f"{SHOTS}/class-projector-podium.png")
    assert not problems, "\n".join(problems)

    # The next game: each phone joins it in one tap, back through the class code.
    next_game = button(teacher, "next_class_game")
    expect(next_game).to_be_enabled(timeout=UI_TIMEOUT_MS)
    # clicked next: a push may rerun it right after, and a click in a run is lost
    settle(teacher, pause_ms=300)
    next_game.click()
    assert eventually(lambda: engine.class_view(key)["sitting"], 2) == 2
    for phone in phones.values():
        old_address = phone.url
        button(phone, "join_next").click(timeout=UI_TIMEOUT_MS)
        phone.wait_for_url(lambda a, old=old_address: a != old, timeout=UI_TIMEOUT_MS)
        expect(phone.get_by_text(t("ui.play.waiting_start"))).to_be_visible(timeout=UI_TIMEOUT_MS)
    seated = eventually(
        lambda: sorted(n for table in watch.tables() for n in table["view"]["players"]),
        sorted(PHONES),
    )
    assert seated == sorted(PHONES)


def play_phase(watch: Watch, phase: str, *, half: bool) -> None:
    """What every table's students do in `phase` of round 1, through the engine: the first
    half of the artists submit (or the voters vote) with `half`, the rest without; the Curator
    chooses the true object."""
    engine = watch.engine
    for table in watch.tables():
        players = table["view"]["players"]
        views = {name: engine.player_view(watch.tokens[name]) for name in players}
        artists = [name for name in players if views[name]["role"] != "curator"]
        part = slice(0, len(artists) // 2) if half else slice(len(artists) // 2, None)
        if phase in ("pulse1", "pulse2"):
            pulse = int(phase[-1])
            for index, name in enumerate(artists[part], start=0 if half else len(artists) // 2):
                engine.submit_fragment(
                    watch.tokens[name], engine_strokes(index, pulse), uuid.uuid4().hex
                )
        elif phase == "choice" and not half:
            (curator,) = [name for name in players if views[name]["role"] == "curator"]
            truth = next(v["target"] for v in views.values() if v["role"] == "loyal")
            engine.choose(watch.tokens[curator], truth["id"], uuid.uuid4().hex)
        elif phase == "accusation":
            (distorter,) = [n for n in players if views[n]["role"] == "distorter"]
            voters = players[: len(players) // 2] if half else players[len(players) // 2 :]
            for voter in voters:
                suspect = distorter if voter != distorter else artists[0]
                if suspect == voter:
                    suspect = artists[1]
                engine.accuse(watch.tokens[voter], views[suspect]["signature"], uuid.uuid4().hex)


#: Spanish names of a usual length (the longest, 24 characters, are measured on a game's
#: projector; three tables of ten such names side by side would not fit a lobby at 28 px).
SPANISH_NAMES = [
    f"{first} {last}"
    for first in ("Ximena", "Guillermo", "Inmaculada", "Bartolomé")
    for last in ("Quiroga", "Echeverría", "Santamaría", "Valenzuela", "Muñoz", "Gil", "Sá")
]


def test_the_class_projector_in_spanish_fits_every_phase(streamlit_server, new_page):
    """The longer Spanish texts: every phase of a round at three tables of 10, 9 and 9 keeps
    every text at 28 px or more and within 1280x720, and no secret."""
    engine = seeded_engine(streamlit_server, "whole-class-es")
    room = engine.create_class(language="es", durations=SLOW)
    watch = Watch(engine, room.code, room.facilitator_token, language="es")
    for index, name in enumerate(SPANISH_NAMES):
        watch.tokens[name] = engine.join(room.code, name, browser=f"es-{index}")
    screen = new_page(**PROJECTOR)
    screen.goto(f"{streamlit_server.url}/screen?code={room.code}")
    problems: list[str] = []
    check_projector(screen, watch, "lobby", problems)
    screen.screenshot(path=f"{SHOTS}/class-projector-es-lobby.png")
    engine.start_tables(watch.key)
    for phase in PHASES:
        play_phase(watch, phase, half=True)
        check_projector(screen, watch, phase, problems)
        if phase in ("pulse1", "reveal"):
            screen.screenshot(path=f"{SHOTS}/class-projector-es-{phase}.png")
        play_phase(watch, phase, half=False)
        if {table["phase"] for table in watch.tables()} == {phase}:
            engine.advance_tables(watch.key, phase=phase)
    assert not problems, "\n".join(problems)


def table_of(engine: Engine, key: str, name: str) -> dict[str, Any]:
    """The public view of the class's table `name` sits at."""
    (view,) = [t["view"] for t in engine.class_view(key)["tables"] if name in t["view"]["players"]]
    return view


def test_a_phone_moved_to_a_new_table_in_the_lobby_follows_that_table(streamlit_server, new_page):
    """A student who joined by the class code waits in the lobby on a phone (another tab of its
    browser on the join form is told it is in, and goes to the same link); the teacher picks
    two tables, and the latest students (this one among them) move to the new table, whose
    game is younger than the one the phone joined. When the teacher starts, the phone goes on
    to its roles at once, not "Waiting for players" until a reload."""
    engine = seeded_engine(streamlit_server, "class-phone-moved")
    room = engine.create_class(durations=SLOW)
    for name in NAMES[:11]:
        engine.join(room.code, name, browser=f"moved-{uuid.uuid4().hex}")
    phone = new_page(width=360, height=740, touch=True)
    token = join_with_code(phone, streamlit_server.url, room.code, "Pia")
    # Another tab of this browser on the class's join form: already in, on the same link.
    tab = phone.context.new_page()
    tab.goto(f"{streamlit_server.url}/play?code={room.code}")
    said = translate("en", "ui.play.already_in", name="Pia")
    expect(tab.locator(".cc-already-in")).to_have_text(said, timeout=UI_TIMEOUT_MS)
    button(tab, "back_to_phone").click()
    tab.wait_for_url(f"**/play?token={token}", timeout=UI_TIMEOUT_MS)
    tab.close()
    joined = table_of(engine, room.facilitator_token, "Pia")
    engine.set_table_count(room.facilitator_token, 2)
    table = table_of(engine, room.facilitator_token, "Pia")
    assert table["code"] != joined["code"]  # moved, to the newer table
    moved_away = next(name for name in NAMES[:11] if name not in table["players"])
    expect(phone.get_by_text(moved_away, exact=True)).to_have_count(0, timeout=UI_TIMEOUT_MS)
    engine.start_tables(room.facilitator_token)
    expect(phone.locator(".cc-phase").first).to_have_text(
        heading_text("roles", 1, len(table["players"])), timeout=UI_TIMEOUT_MS
    )
