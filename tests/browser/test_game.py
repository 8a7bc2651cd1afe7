"""A whole 5-player game in one Chromium, round 1 played only with clicks and mouse strokes,
every page it visits audited and the projected pages searched for the round's secrets.

The facilitator creates the game on the home page, five students join by code on 360 px
phones, and round 1 runs through roles, two ink pulses, merge, discussion, the Curator's
choice, the accusation and the reveal, every move a click or a stroke, every student opening
their card; its reveal is checked on the Curator's phone too. Rounds 2 to 5 check the reveals
on the projector and the facilitator's page, but their strokes, choice and votes go through
the engine behind the pages, with the phones put away (the clicks are round 1's again; the
whole game by its listed actions is tests/engine/test_conformance.py, rotations and awards
tests/engine/test_engine_rules.py). Every phone is opened again on the final standings.
The test picks what the Curator chooses and whom everyone accuses (a different mix each
round), computes the awards the rulebook promises (R8-R10) and checks them on the projector,
then the final totals and winners on the screen, facilitator and players' pages (R12).

The same game carries two audits (one game by taps proves all three; they were three games):
- Accessibility (tests/browser/audit.py): axe-core finds no critical or serious violation at
  each moment a person meets, the home page, a game's rules, the privacy notice, the join form,
  a student's lobby, the loyal artist's open card, both ink pulses, the merge, the discussion,
  the Curator's options, the accusation, the reveal and the final standings, the facilitator's
  lobby and a round in progress, and the projector; and no page asks another host for
  anything. The same in Spanish: test_accessibility.py.
- Secrecy (R11, tests/browser/secret_watch.py): in each phase of round 1 before the reveal
  (the pulses and the accusation also mid-way, with some answers in) the whole DOM of the
  projector and of the facilitator's page holds no object name, picture, role word, personal
  token or key. The facilitator page may show one personal link, but only once a player is
  picked in its "lost link" expander, and the old link is then retired.
"""

from __future__ import annotations

import uuid
from collections import Counter

import pytest
from audit import LAPTOP, PHONE, Audit, People, audited
from gamekit import (
    PHASES,
    UI_TIMEOUT_MS,
    Table,
    button,
    eventually,
    heading_text,
    podium,
    reveal_scores,
    standings_table,
    stroke_set,
    t,
    wait_canvas,
    whole,
    words_of,
)
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from secret_watch import SecretWatch

from ui.text import isolate

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bruno", "Chloé", "Dev", "Emi"]
# Per round: what the Curator picks, and how the votes fall.
SCENARIOS = [
    ("true", "caught"),
    ("false", "tie"),
    ("neutral", "other"),
    ("true", "tie"),
    ("false", "caught"),
]


def planned_votes(kind: str, curator: str, distorter: str, loyal: list[str], sig: dict) -> dict:
    """Who accuses which signature (nobody their own)."""
    l1, l2, l3 = loyal
    if kind == "caught":  # everyone but the Distorter finds them
        votes = {name: sig[distorter] for name in [curator, *loyal]}
        votes[distorter] = sig[l1]
    elif kind == "tie":  # Distorter 2, l1 2, l2 1: no unique plurality
        votes = {
            curator: sig[distorter],
            l1: sig[distorter],
            l2: sig[l1],
            l3: sig[l1],
            distorter: sig[l2],
        }
    else:  # a loyal artist gets the unique plurality
        votes = {curator: sig[l1], l2: sig[l1], l3: sig[l1], distorter: sig[l1], l1: sig[l2]}
    for voter, signature in votes.items():
        assert sig.get(voter) != signature
    return votes


def accused_of(votes: dict[str, str]) -> str | None:
    """R7: the signature with strictly more votes than every other, else nobody."""
    ranked = Counter(votes.values()).most_common()
    if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


def expected_awards(names, distorter, found: bool, caught: bool) -> dict[str, int]:
    """R8-R10 for one round."""
    n = len(names)
    awards = dict.fromkeys(names, 0)
    for success in (found, caught):
        if success:
            for name in names:
                if name != distorter:
                    awards[name] += 100
        else:
            awards[distorter] += (n - 1) * 100
    return awards


def points_of(standings: dict[str, tuple[int, bool]]) -> dict[str, int]:
    return {name: points for name, (points, _) in standings.items()}


def pick_option(options: list[dict], pick: str, target: str, decoy: str) -> str:
    """The option the Curator picks this round: the true target, the decoy or a neutral."""
    neutral = next(o["id"] for o in options if o["id"] not in (target, decoy))
    return {"true": target, "false": decoy, "neutral": neutral}[pick]


def play_by_clicks(
    table: Table,
    pick: str,
    vote_kind: str,
    roles: dict[str, list[str]],
    sig: dict[str, str],
    audit: Audit,
    watch: SecretWatch,
) -> tuple[str, dict[str, str]]:
    """Round 1 from the roles to the reveal, every move a click or a stroke on its page, the
    loyal artist's phone and the Curator's audited, the projected pages kept at each phase;
    returns the option chosen and the votes cast."""
    (curator,), (distorter,), loyal = roles["curator"], roles["distorter"], roles["loyal"]
    target, decoy = table.view(loyal[0])["target"], table.view(distorter)["target"]
    assert table.screen is not None and table.facilitator is not None
    phone = table.players[loyal[0]].page
    audit.scan("role card (loyal artist)", phone)
    table.advance("roles", 1)

    # Two ink pulses, every artist drawing with the mouse; each ends when all submitted.
    artists = table.artists()
    for pulse, after in ((1, "merge"), (2, "discussion")):
        table.wait_phase(f"pulse{pulse}", 1)
        wait_canvas(phone)
        audit.scan(f"ink pulse {pulse} canvas", phone)
        for index, name in enumerate(artists):
            table.draw(name, stroke_set(index, pulse), pulse)
            table.submit(name)
            if index == 1:
                table.wait_phase(f"pulse{pulse}", 1)
                ready = t("ui.ready_count", done=2, total=4)
                for page in (table.screen, table.facilitator):
                    expect(page.get_by_text(ready)).to_be_visible()
                watch.keep(f"pulse{pulse} (2 of 4 submitted)")
        table.wait_phase(after, 1)
        watch.keep(after)
        audit.scan(after, phone)
        drawn = [1] * 4 + [2] * 4 * (pulse - 1)
        assert sorted(f["pulse"] for f in table.public()["fragments"]) == drawn
        if after == "discussion":
            audit.scan("facilitator mid-round", table.facilitator)
            audit.scan("projector mid-round", table.screen)
        table.advance(after, 1)

    # The Curator clicks one of four options; that ends the choice at once.
    table.wait_phase("choice", 1)
    watch.keep("choice")
    options = table.view(curator)["options"]
    assert len(options) == 4 and {target["id"], decoy["id"]} <= {o["id"] for o in options}
    audit.scan("Curator's options", table.players[curator].page)
    chosen = pick_option(options, pick, target["id"], decoy["id"])
    table.choose(curator, chosen)

    # Everyone accuses one signature; the last vote ends the accusation.
    table.wait_phase("accusation", 1)
    watch.keep("accusation")
    audit.scan("accusation", phone)
    # One's own signature looks like the others (a Curator's buttons must not stand out);
    # a tap on it is refused with a message and counts nothing.
    own = phone.locator(f".st-key-accuse_{sig[loyal[0]]} button")
    expect(own).to_be_enabled()
    own.click()
    expect(phone.get_by_text(t("error.own_signature"))).to_be_visible()
    assert table.view(loyal[0])["my_vote"] is None
    votes = planned_votes(vote_kind, curator, distorter, loyal, sig)
    for index, voter in enumerate(NAMES):
        table.accuse(voter, votes[voter])
        if index == 1:
            table.wait_phase("accusation", 1)
            ready = t("ui.ready_count", done=2, total=5)
            for page in (table.screen, table.facilitator):
                expect(page.get_by_text(ready)).to_be_visible()
            watch.keep("accusation (2 of 5 voted)")
    return chosen, votes


def play_by_engine(
    table: Table, pick: str, vote_kind: str, roles: dict[str, list[str]], sig: dict[str, str]
) -> tuple[str, dict[str, str]]:
    """A later round from the roles to the reveal through the engine behind the pages (the
    facilitator's key, the students' tokens): the same moves round 1 made by clicks."""
    (curator,), (distorter,), loyal = roles["curator"], roles["distorter"], roles["loyal"]
    target, decoy = table.view(loyal[0])["target"], table.view(distorter)["target"]
    engine, token = table.engine, {name: person.token for name, person in table.players.items()}
    table.to_the_choice_by_engine()
    options = table.view(curator)["options"]
    chosen = pick_option(options, pick, target["id"], decoy["id"])
    engine.choose(token[curator], chosen, uuid.uuid4().hex)
    votes = planned_votes(vote_kind, curator, distorter, loyal, sig)
    for voter in NAMES:
        engine.accuse(token[voter], votes[voter], uuid.uuid4().hex)
    return chosen, votes


def visit_and_join(table: Table, people: People, audit: Audit) -> Page:
    """A visitor reads the home page, a game's rules and the privacy notice, and creates the
    game (untimed: every phase waits for its moves or the teacher, so a loaded machine never
    ends one while a page is audited); the projector opens and five students join on phones.
    Returns the projector."""
    visitor = table.new_page(**LAPTOP)
    visitor.goto(people.base_url + "/")
    button(visitor, "create_game").wait_for()
    audit.scan("home", visitor)
    for moment, path in (
        ("rules", "/rules?game=crossed_canvas&lang=en"),
        ("privacy", "/privacy?lang=en"),
    ):
        visitor.goto(people.base_url + path)
        visitor.locator('[data-testid="stMarkdown"] h1').first.wait_for()
        audit.scan(moment, visitor)
    visitor.goto(people.base_url + "/")
    table.create_game(pace="untimed", home=visitor)
    screen = table.open_screen(**LAPTOP)
    first = table.new_page(**PHONE)
    first.goto(f"{people.base_url}/play?code={table.code}")
    first.locator(".st-key-join_name input").wait_for()
    audit.scan("play join form", first)
    for name in NAMES:
        table.join(name, page=first if name == NAMES[0] else None, **PHONE)
    expect(screen.get_by_text(t("ui.players_joined", count=5))).to_be_visible()
    table.wait_phase("lobby")
    assert table.facilitator is not None
    audit.scan("facilitator lobby", table.facilitator)
    audit.scan("projector lobby", screen)
    audit.scan("player lobby", first)
    return screen


def give_a_lost_link(table: Table, name: str) -> None:
    """The facilitator's page holds no personal link until the teacher picks `name` in the
    "lost link" expander and makes a new one: then it shows that one link, and the old one is
    retired (the test's player goes on with the new one)."""
    facilitator = table.facilitator
    assert facilitator is not None
    tokens = {person.name: person.token for person in table.players.values()}
    assert all(token not in facilitator.content() for token in tokens.values())
    facilitator.locator('[data-testid="stExpander"] summary').filter(
        has_text=t("ui.fac.lost_link")
    ).click()
    chooser = facilitator.locator(".st-key-link_name")
    listbox = facilitator.get_by_role("listbox")
    for _attempt in range(5):  # the first click right after the expander opens can be lost
        chooser.get_by_role("combobox").click()
        try:
            listbox.wait_for(timeout=1500)
            break
        except PlaywrightTimeoutError:
            continue
    listbox.get_by_text(isolate(name), exact=True).click()
    button(facilitator, "new_link").click()
    shown = facilitator.locator('[data-testid="stCode"]').filter(has_text="token=")
    expect(shown).to_be_visible(timeout=UI_TIMEOUT_MS)
    new_token = shown.inner_text().strip().rsplit("token=", 1)[1]
    assert table.engine.player_view(new_token)["name"] == name
    html = facilitator.content()
    assert new_token in html
    assert [who for who, token in tokens.items() if token in html] == []  # old ones retired
    assert button(facilitator, "advance_phase").is_visible()
    table.players[name].token = new_token


@pytest.mark.whole_game
def test_whole_game_with_five_players(streamlit_server, browser):
    with audited(browser, streamlit_server.url, "en") as (people, audit):
        play_the_whole_game(Table(streamlit_server, people.new_page), people, audit)


def play_the_whole_game(table: Table, people: People, audit: Audit) -> None:
    screen = visit_and_join(table, people, audit)
    assert table.facilitator is not None
    watch = SecretWatch(screen, table.facilitator)
    watch.keep("lobby")
    table.start()
    rounds = table.public()["rounds"]
    assert rounds == len(NAMES)

    totals = dict.fromkeys(NAMES, 0)
    curators, distorters = [], []
    for round_number, (pick, vote_kind) in enumerate(SCENARIOS, start=1):
        roles = table.by_role()
        (curator,), (distorter,), loyal = roles["curator"], roles["distorter"], roles["loyal"]
        curators.append(curator)
        distorters.append(distorter)
        views = {name: table.view(name) for name in NAMES}
        sig = {name: views[name]["signature"] for name in NAMES if views[name]["signature"]}
        assert set(sig) == set(NAMES) - {curator}

        target = views[loyal[0]]["target"]
        decoy = views[distorter]["target"]
        assert target["id"] != decoy["id"]
        if round_number == 1:
            # Roles: each student opens their own card and sees their own role (later rounds'
            # cards are the same page on other views: tests/pages/test_play_round.py).
            for name in NAMES:
                assert table.show_role(name) == t(f"ui.role.{views[name]['role']}")
            for name, shown in ((loyal[0], target), (distorter, decoy)):
                page = table.players[name].page
                expect(page.get_by_text(shown["name"], exact=True)).to_be_visible()
            watch.keep("roles")
            control = table.players[loyal[0]].page.content()  # a page that shows the secrets
            chosen, votes = play_by_clicks(table, pick, vote_kind, roles, sig, audit, watch)
        else:
            chosen, votes = play_by_engine(table, pick, vote_kind, roles, sig)
        table.wait_phase("reveal", round_number)

        # The reveal: awards as the rules compute them from what was played.
        found = chosen == target["id"]
        accused = accused_of(votes)
        caught = accused == sig[distorter]
        awards = expected_awards(NAMES, distorter, found, caught)
        for name, points in awards.items():
            totals[name] += points
        reveal = table.public()["reveal"]
        assert reveal["choice"] == chosen and reveal["votes"] == votes
        assert reveal["accused"] == accused
        assert reveal["awards"] == awards
        phones = [table.players[curator].page] if round_number == 1 else []
        for page in (screen, table.facilitator, *phones):
            wanted = {name: (totals[name], awards[name]) for name in NAMES}
            assert eventually(lambda page=page: reveal_scores(page), wanted) == wanted
            text = page.inner_text("body")
            assert t("ui.curator_was", name=curator) in text
            assert t("ui.distorter_was", name=distorter) in text
            assert t("ui.target_found" if found else "ui.target_missed") in text
            if caught:
                escape = "ui.distorter_caught"
            else:  # a tie accuses nobody, and the page says so
                escape = "ui.distorter_escaped" if accused else "ui.distorter_escaped_nobody"
            assert t(escape) in text
            assert target["name"] in text and decoy["name"] in text
        assert eventually(lambda: points_of(standings_table(table.facilitator)), totals) == totals
        if round_number == 1:
            audit.scan("reveal (player)", table.players[loyal[0]].page)
            audit.scan("reveal (projector)", screen)
            assert watch.moments() == {"lobby", *PHASES[:-1]}  # every phase before the reveal
            tokens = {name: person.token for name, person in table.players.items()}
            watch.assert_kept(reveal["options"], target, decoy, tokens, table.key, control)
            # The kept pages are live ones: the last, the facilitator's, offers to end the vote.
            assert whole(t("ui.fac.advance.accusation")).search(words_of(watch.kept[-1][2]))
            give_a_lost_link(table, loyal[1])
            table.put_phones_away()  # the next rounds are played through the engine
        table.advance("reveal", round_number)
        if round_number < rounds:
            table.wait_phase("roles", round_number + 1)

    # R1: everyone was Curator once and Distorter once, never both in one round.
    assert sorted(curators) == sorted(NAMES) and sorted(distorters) == sorted(NAMES)
    assert all(c != d for c, d in zip(curators, distorters, strict=True))

    # R12: after round N, totals and the tied-or-not winners everywhere.
    table.wait_phase("finished")
    best = max(totals.values())
    winners = {name for name, points in totals.items() if points == best}
    assert set(table.public()["winners"]) == winners
    for page in (screen, table.facilitator):
        expect(page.locator(".cc-phase").first).to_have_text(heading_text("finished"))
    assert eventually(lambda: podium(screen), (totals, winners)) == (totals, winners)
    final = {name: (points, name in winners) for name, points in totals.items()}
    assert eventually(lambda: standings_table(table.facilitator), final) == final
    banner = table.facilitator.locator(".cc-huge").first.inner_text().strip()
    assert {w.strip() for w in banner.lstrip("★🏆 ").split(",")} == winners
    table.take_phones_out()
    for name, person in table.players.items():
        message = t("ui.play.you_won") if name in winners else t("ui.play.game_over")
        expect(person.page.locator(".cc-role").first).to_have_text(message)
    expect(table.facilitator.locator(".st-key-results_csv")).to_be_visible()
    audit.scan("finished (player)", table.players[NAMES[0]].page)
    audit.scan("finished (projector)", screen)
    audit.scan("finished (facilitator)", table.facilitator)
