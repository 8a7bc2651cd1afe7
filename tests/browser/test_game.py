"""A whole 5-player game in one Chromium, round 1 played only with clicks and mouse strokes.

The facilitator creates the game on the home page, five students join by code, and round 1
runs through roles, two ink pulses, merge, discussion, the Curator's choice, the accusation
and the reveal, every move a click or a stroke, every student opening their card; its reveal
is checked on the Curator's phone too. Rounds 2 to 5 check the reveals on the projector and
the facilitator's page, but their strokes, choice and votes go through the engine behind the
pages, with the phones put away (the clicks are round 1's again; the whole game by its listed
actions is tests/engine/test_conformance.py, rotations and awards
tests/engine/test_engine_rules.py). Every phone is opened again on the final standings.
The test picks what the Curator chooses and whom everyone accuses (a different mix each
round), computes the awards the rulebook promises (R8-R10) and checks them on the projector,
then the final totals and winners on the screen, facilitator and players' pages (R12).
"""

from __future__ import annotations

import uuid
from collections import Counter

import pytest
from gamekit import (
    Table,
    eventually,
    heading_text,
    podium,
    reveal_scores,
    standings_table,
    stroke_set,
    t,
)
from playwright.sync_api import expect

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
    table: Table, pick: str, vote_kind: str, roles: dict[str, list[str]], sig: dict[str, str]
) -> tuple[str, dict[str, str]]:
    """Round 1 from the roles to the reveal, every move a click or a stroke on its page;
    returns the option chosen and the votes cast."""
    (curator,), (distorter,), loyal = roles["curator"], roles["distorter"], roles["loyal"]
    target, decoy = table.view(loyal[0])["target"], table.view(distorter)["target"]
    table.advance("roles", 1)

    # Two ink pulses, every artist drawing with the mouse; each ends when all submitted.
    table.wait_phase("pulse1", 1)
    table.play_pulse(1, lambda index, _name: stroke_set(index, 1))
    table.wait_phase("merge", 1)
    assert len(table.public()["fragments"]) == 4
    table.advance("merge", 1)
    table.wait_phase("pulse2", 1)
    table.play_pulse(2, lambda index, _name: stroke_set(index, 2))
    table.wait_phase("discussion", 1)
    fragments = table.public()["fragments"]
    assert sorted(f["pulse"] for f in fragments) == [1] * 4 + [2] * 4
    table.advance("discussion", 1)

    # The Curator clicks one of four options; that ends the choice at once.
    table.wait_phase("choice", 1)
    options = table.view(curator)["options"]
    assert len(options) == 4 and {target["id"], decoy["id"]} <= {o["id"] for o in options}
    chosen = pick_option(options, pick, target["id"], decoy["id"])
    table.choose(curator, chosen)

    # Everyone accuses one signature; the last vote ends the accusation.
    table.wait_phase("accusation", 1)
    # One's own signature looks like the others (a Curator's buttons must not stand out);
    # a tap on it is refused with a message and counts nothing.
    own = table.players[loyal[0]].page.locator(f".st-key-accuse_{sig[loyal[0]]} button")
    expect(own).to_be_enabled()
    own.click()
    expect(table.players[loyal[0]].page.get_by_text(t("error.own_signature"))).to_be_visible()
    assert table.view(loyal[0])["my_vote"] is None
    votes = planned_votes(vote_kind, curator, distorter, loyal, sig)
    for voter in NAMES:
        table.accuse(voter, votes[voter])
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


@pytest.mark.whole_game
def test_whole_game_with_five_players(table: Table):
    table.create_game(pace="extra_relaxed")
    screen = table.open_screen()
    for name in NAMES:
        table.join(name)
    expect(screen.get_by_text(t("ui.players_joined", count=5))).to_be_visible()
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
            chosen, votes = play_by_clicks(table, pick, vote_kind, roles, sig)
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
        if round_number == 1:  # the next rounds are played through the engine
            table.put_phones_away()
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
