"""A teacher's own deck in a real browser: uploaded on the home page (20 objects with
pictures, or names only), chosen, and a round played on it: each role's phone shows its own
object (picture or framed name) and nothing of the other, the Curator's phone the four options,
the projector both objects at the reveal. The moves are made through the engine behind the
pages (clicks and strokes are test_game.py's).

A whole game on an uploaded deck, each round's objects and what each role saw of them, is
tests/engine/test_engine_uploaded_decks.py::test_a_whole_game_on_an_uploaded_deck (it was
played here to the end through the engine behind open pages, which proved nothing more).
"""

from __future__ import annotations

import json
import re
import uuid

import pytest
from gamekit import (
    PROJECTOR,
    SLOW,
    UI_TIMEOUT_MS,
    Table,
    button,
    measure_layout,
    seeded_engine,
    settle,
    t,
)
from playwright.sync_api import Page, expect
from worst_case import WIDEST_NAMES

from engine.i18n import translate
from tests import deck_samples as samples

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bruno", "Chloé", "Dev", "Emi"]


def upload(page: Page, url: str, tmp_path, pictures: bool) -> None:
    """The teacher opens "Use your own deck", attaches the CSV, then every picture at once (a
    file dialog's multiple choice), names the deck and saves it; each step waits for the rerun
    it starts to end (an upload during another's rerun may be lost)."""
    csv_data, files = samples.upload(pictures)
    page.goto(f"{url}/")
    button(page, "create_game").wait_for(timeout=UI_TIMEOUT_MS)
    page.get_by_text(t("ui.deck.own_title")).click()
    for key, chosen in [("deck_csv", [("deck.csv", csv_data)]), ("deck_pictures", files)]:
        if not chosen:
            continue
        for name, data in chosen:
            (tmp_path / name).write_bytes(data)
        inputs = page.locator(f".st-key-{key} input[type=file]")
        inputs.set_input_files([tmp_path / name for name, _ in chosen])
        expect(page.get_by_text(chosen[-1][0], exact=True)).to_be_visible(timeout=UI_TIMEOUT_MS)
        # clicked next: a push may rerun it right after, and a click in a run is lost
        settle(page, pause_ms=1000)
    page.locator(".st-key-deck_title input").fill("Week 12")
    page.locator(".st-key-deck_title input").press("Enter")
    # clicked next: a push may rerun it right after, and a click in a run is lost
    settle(page, pause_ms=1000)
    button(page, "deck_upload").click()
    saved = t("ui.deck.saved", title="Week 12")
    expect(page.get_by_text(saved)).to_be_visible(timeout=UI_TIMEOUT_MS)
    kind = "ui.deck.own_pictures" if pictures else "ui.deck.own_names"
    chosen_deck = page.locator(".st-key-create_deck input")
    expect(chosen_deck).to_have_value(t(kind, title="Week 12", count=20))


def shows_object(page: Page, obj: dict, pictures: bool) -> None:
    """The object's picture as an <img> data URI, or its name framed, large."""
    if pictures:
        expect(page.locator(f'img[src="{obj["image"]}"]').first).to_be_visible()
    else:
        card = page.locator(".cc-name-card").filter(has_text=obj["name"]).first
        expect(card).to_be_visible()
        assert not page.locator("img[src^='data:image/png']").count()


@pytest.mark.parametrize("pictures", [True, False], ids=["pictures", "names-only"])
def test_a_round_on_an_uploaded_deck(table: Table, tmp_path, pictures):
    home = table.new_page()
    upload(home, table.server.url, tmp_path, pictures)
    table.create_game(pace="extra_relaxed", home=home)
    screen = table.open_screen()
    for name in NAMES:
        table.join(name)
    table.start()
    deck_names = {english for objects in samples.CATEGORIES.values() for english, _ in objects}

    roles = table.by_role()
    (curator,), (distorter,), loyal = roles["curator"], roles["distorter"], roles["loyal"]
    target = table.view(loyal[0])["target"]
    decoy = table.view(distorter)["target"]
    assert {target["name"], decoy["name"]} <= deck_names
    for name in NAMES:
        table.show_role(name)
    shows_object(table.players[loyal[0]].page, target, pictures)
    shows_object(table.players[distorter].page, decoy, pictures)
    # Each sees only their own object; the Curator neither (not even in the page).
    for name, hidden in ((loyal[0], decoy), (distorter, target), (curator, target)):
        page = table.players[name].page
        word = re.compile(rf"\b{re.escape(hidden['name'])}\b", re.IGNORECASE)
        assert not word.search(page.inner_text("body")), name
        assert hidden["id"] not in page.content(), name  # nor its (random) id
    assert decoy["id"] not in table.players[curator].page.content()
    # Drawing, choosing and accusing by clicks are test_game.py's: here through the engine.
    table.to_the_choice_by_engine()
    table.wait_phase("choice", 1)
    curator_page = table.players[curator].page
    for option in table.view(curator)["options"]:
        if pictures:  # each option its picture
            expect(curator_page.locator(f'img[src="{option["image"]}"]')).to_be_visible()
        else:  # each option a button named for its object
            named = curator_page.get_by_role("button", name=option["name"], exact=True)
            expect(named).to_be_visible()
    tokens = {name: person.token for name, person in table.players.items()}
    table.engine.choose(tokens[curator], target["id"], uuid.uuid4().hex)
    signatures = {name: table.view(name)["signature"] for name in NAMES}
    for name in NAMES:
        vote = signatures[distorter] if name != distorter else signatures[loyal[0]]
        table.engine.accuse(tokens[name], vote, uuid.uuid4().hex)
    table.wait_phase("reveal", 1)
    reveal = screen.locator("body")
    expect(reveal).to_contain_text(target["name"])
    expect(reveal).to_contain_text(decoy["name"])
    shows_object(screen, target, pictures)
    shows_object(screen, decoy, pictures)
    assert table.public()["reveal"]["target_found"]


def long_names_deck() -> bytes:
    """The sample deck, names only, every name stretched to the longest a row may hold."""
    table = samples.rows(pictures=False)
    stretched = {row[0]: f"{row[0]} from the old workshop next door"[:40] for row in table[1:]}
    for row in table[1:]:
        row[0] = stretched[row[0]]
        row[1] = f"{row[1]} del viejo taller de la esquina"[:40]
        if row[5]:
            other, level = row[5].split(":")
            row[5] = f"{stretched[other]}:{level}"
    return samples.csv_bytes(table)


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_names_only_reveal_reads_at_28_px_on_the_projector(streamlit_server, new_page, language):
    """Twelve players with the widest names, objects with the longest names: the reveal
    still fits 1280x720 with no text under 28 px (driven through the engine, only looked at)."""
    engine = seeded_engine(streamlit_server, f"names-only-reveal-{language}")
    owner = "projector-teacher-0123456789"
    ref = engine.upload_deck(owner, "Long", long_names_deck())
    game = engine.create_game(language, ref, SLOW, browser=owner)
    for name in WIDEST_NAMES[language]:
        engine.join(game.code, name)
    engine.start(game.facilitator_token)
    while engine.public_view(game.code)["phase"] != "reveal":
        engine.advance(game.facilitator_token)
    page = new_page(**PROJECTOR)
    page.goto(f"{streamlit_server.url}/screen?code={game.code}")
    reveal = engine.public_view(game.code)["reveal"]
    for obj in (reveal["true_target"], reveal["false_target"]):
        card = page.locator(".cc-name-card").filter(has_text=obj["name"])
        expect(card).to_be_visible(timeout=UI_TIMEOUT_MS)
    # measured next: a push may rerun it right after (old elements beside new)
    settle(page, pause_ms=300)
    found = measure_layout(page)
    assert found["small"] == [] and found["outside"] == [], found


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_uploaders_speak_the_pages_language_and_say_our_limits(
    streamlit_server, new_page, language
):
    """Streamlit's own "Upload" and "64MB per file" (its cap, set above ours) never show:
    each uploader says, in the page's language, what to press and the engine's limits, and
    its button is named so for a screen reader too."""
    page = new_page()
    page.goto(f"{streamlit_server.url}/")
    button(page, "create_game").wait_for(timeout=UI_TIMEOUT_MS)
    if language == "es":
        page.locator(".st-key-home_language").get_by_text("Español").click()
        expect(page.get_by_text(translate("es", "ui.deck.own_title"))).to_be_visible()
    page.get_by_text(translate(language, "ui.deck.own_title")).click()
    for key, press, limit in [
        ("deck_csv", "ui.deck.choose_file", translate(language, "ui.deck.csv_limit", most=1)),
        (
            "deck_pictures",
            "ui.deck.choose_files",
            translate(language, "ui.deck.pictures_limit", picture=512, most=20),
        ),
    ]:
        uploader = page.locator(f".st-key-{key} [data-testid=stFileUploaderDropzone]")
        expect(uploader).to_be_visible(timeout=UI_TIMEOUT_MS)
        seen = uploader.inner_text()
        assert "Upload" not in seen and "MB per file" not in seen and "64" not in seen, seen
        drawn = uploader.evaluate(
            "(e) => [...e.querySelectorAll('*')].map((n) => getComputedStyle(n, '::after')"
            ".content).filter((c) => c !== 'none' && c !== 'normal')"
        )
        assert drawn == [json.dumps(translate(language, press)), json.dumps(limit)]
        named = uploader.get_by_role("button", name=translate(language, press), exact=True)
        expect(named).to_be_visible()
