"""Canvas Critters and Canvas Layers held to Crossed Canvas's checks (issue 34).

On every kind of page a class meets (a student's phone at 360 px, the teacher's page and the
projector at 1280x720; a class's page and projector), at the moments of a game: axe-core finds
no critical or serious violation, and a Spanish page says nothing in English
(tests/browser/audit.py; Crossed Canvas's own runs are test_game.py and
test_accessibility.py); a Critters palette button's name holds the count it shows, and on a
Layers phone with three cards stacked the composer's arrows stay clear of its Confirm. And the
pages a secret is not for never hold it, as test_game.py (secret_watch.py) holds Crossed
Canvas's: a Critters mosaic before building ends, a judge's ribbons before they are turned
over, a duel's secret theme before the guesses, a Canvas Layers hand. A class's pages:
test_class_audit.py.

Every move goes through the engine on the server's own database; the pages follow by their push
stream, and each is looked at once it shows the game's current stage. Each game is looked at
once, in one language: the judged Critters game and the Layers game in Spanish, whose pages must
also say nothing in English, the duel in English. The pages' structure, which axe-core judges,
does not change with the language; each such game cost about 90 s of the browser layer.
"""

from __future__ import annotations

from typing import Any

import pytest
from audit import LAPTOP, PHONE, SOUND_SWITCH, Audit, People, audited
from gamekit import UI_TIMEOUT_MS, button, seeded_engine, settle, shows_stage, whole, words_of
from playwright.sync_api import Page, expect
from worst_case import WIDEST_NAMES

from engine import Engine
from engine.critters.rules import PILE
from engine.i18n import translate
from tests.kit import rid
from tests.ui.test_mosaic_texts import named_outside_brackets

pytestmark = pytest.mark.browser

# Long enough that no phase ends on its own while a page is being looked at.
CRITTERS_SLOW = dict.fromkeys(
    ["theme", "build", "last_minute", "titles", "judging", "scores", "guess"], 3600
)
LAYERS_SLOW = {"turn": 3600}
KINDS = list(PILE)


class Room:
    """One game and the pages open on it: the teacher's, the projector, and phones."""

    def __init__(
        self, server: Any, people: People, game: str, players: int, durations: dict[str, float]
    ) -> None:
        language = people.language
        self.engine: Engine = seeded_engine(server, f"audit-{game}-{language}-{players}")
        made = self.engine.create_game(language, durations=durations, game=game)
        self.code, self.key = made.code, made.facilitator_token
        names = WIDEST_NAMES[language][:players]
        self.tokens = {name: self.engine.join(self.code, name) for name in names}
        self.teacher = people.open(f"/facilitator?key={self.key}", LAPTOP)
        self.screen = people.open(f"/screen?code={self.code}", LAPTOP)
        on = f"{translate(language, 'ui.sound.switch')}: {translate(language, 'ui.sound.on')}"
        expect(self.screen.locator(SOUND_SWITCH)).to_have_attribute("aria-label", on)
        self.phones = {
            name: people.open(f"/play?token={t}", PHONE) for name, t in self.tokens.items()
        }

    def current(self, *pages: Page) -> None:
        """Each page, once it shows the game's current stage and has settled."""
        stage = self.engine.status(self.code)["stage"]
        for page in pages:
            shows_stage(page, stage)

    def everyone(self, name: str) -> tuple[tuple[str, Page], ...]:
        """The teacher's page, the projector and `name`'s phone, labelled for `look`."""
        return (("teacher", self.teacher), ("projector", self.screen), ("phone", self.phones[name]))

    def view(self, name: str) -> dict[str, Any]:
        return self.engine.player_view(self.tokens[name])

    def public(self) -> dict[str, Any]:
        return self.engine.public_view(self.code)


def look(audit: Audit, room: Room, moment: str, *pages: tuple[str, Page]) -> None:
    """`moment` on each (label, page), once each shows it."""
    room.current(*(page for _, page in pages))
    for label, page in pages:
        audit.scan(f"{moment} ({label})", page)


def build(room: Room, names: list[str]) -> None:
    """Seven pieces each, every player from kinds of their own (no kind runs out)."""
    for index, name in enumerate(names):
        for k in range(7):
            kind = KINDS[(2 * index + k) % len(KINDS)]
            x, y = 0.2 + 0.3 * (k % 3), 0.2 + 0.3 * (k // 3)
            room.engine.take_piece(room.tokens[name], kind, x, y, rid(), rotation=45 * k)


def finished(room: Room) -> None:
    """Every phase ended by the teacher until the game ends (ties shared)."""
    room.engine.set_tie_rule(room.key, "share")
    while room.public()["phase"] != "finished":
        room.engine.advance(room.key)


def none_of(pages: dict[str, Page], selector: str, moment: str) -> None:
    for label, page in pages.items():
        count = page.locator(selector).count()
        assert count == 0, f"{moment}: the {label} shows {count} of {selector}"


def palette_names_hold_their_counts(phone: Page, kinds: int) -> None:
    """Each palette button's name holds the count it shows, and not in brackets, where
    axe-core 4.14 reads no visible text (the bundled 4.12.1 does)."""
    palette = phone.locator("button.take")
    expect(palette).to_have_count(kinds, timeout=UI_TIMEOUT_MS)
    for take in palette.all():
        name, shown = take.get_attribute("aria-label") or "", take.inner_text().strip()
        assert named_outside_brackets(name, shown), f"{name!r} does not say {shown!r}"


def three_cards_composed(room: Room, audit: Audit) -> None:
    """A full hand's three cards stacked in the composer, the phone at the top of its page,
    where the stack lies lowest on the screen: Confirm, which stays in sight at the bottom,
    covers none of the stack's arrows."""
    while len(room.view(name := room.public()["turn"])["hand"]) < 5:
        free = room.public()["market"][0]["card"]
        room.engine.take_card(room.tokens[name], 1, free, rid())
    phone = room.phones[name]
    room.current(phone)
    turn = room.public()["round"]
    for card in room.view(name)["hand"][:3]:
        button(phone, f"add_{turn}_{card}").click()
        stacked = button(phone, f"drop_{turn}_{card}").filter(visible=True)
        expect(stacked).to_have_count(1, timeout=UI_TIMEOUT_MS)
        settle(phone)
    expect(button(phone, f"confirm_{turn}")).to_be_in_viewport()
    phone.evaluate("document.querySelector('[data-testid=\"stMain\"]').scrollTo(0, 0)")
    audit.scan("Layers composer, three cards stacked (phone)", phone, as_seen=True)


def test_a_judged_critters_game_on_every_page(streamlit_server, browser):
    with audited(browser, streamlit_server.url, "es") as (people, audit):
        room = Room(streamlit_server, people, "canvas_critters", 3, CRITTERS_SLOW)
        ana, ben, cleo = names = list(room.tokens)
        teacher, screen, phones = room.teacher, room.screen, room.phones
        look(audit, room, "lobby", *room.everyone(ana))

        room.engine.start(room.key)
        active = room.public()["active"]
        look(audit, room, "theme", ("active phone", phones[active]))
        room.engine.pick_theme(room.tokens[active], room.view(active)["card"]["themes"][0]["id"])
        build(room, names)
        room.engine.finish_mosaic(room.tokens[ana])
        room.current(phones[ben])
        palette_names_hold_their_counts(phones[ben], len(room.view(ben)["pile"]))
        look(audit, room, "build", ("phone", phones[ben]), ("projector", screen))
        # Mosaics stay on their makers' phones until building ends.
        none_of({"projector": screen, "teacher": teacher}, "img.cc-mosaic", "build")

        room.engine.finish_mosaic(room.tokens[ben])
        room.engine.finish_mosaic(room.tokens[cleo])
        for name in names:
            room.engine.title_mosaic(room.tokens[name], "Zebra Parade")
        offer = room.view(ana)["actions"]["award"]
        ribbons = dict(zip(offer["ribbons"], offer["receivers"], strict=False))
        room.engine.award_ribbons(room.tokens[ana], ribbons, rid(), golden=offer["receivers"][0])
        look(
            audit,
            room,
            "judging",
            ("phone", phones[ben]),
            ("projector", screen),
            ("teacher", teacher),
        )
        # One judge gave: no ribbon is turned over before every judge has.
        none_of({"projector": screen, "teacher": teacher}, ".cc-ribbon", "judging")

        for name in (ben, cleo):
            offer = room.view(name)["actions"]["award"]
            ribbons = dict(zip(offer["ribbons"], offer["receivers"], strict=False))
            room.engine.award_ribbons(room.tokens[name], ribbons, rid())
        look(audit, room, "scores", ("phone", phones[ana]), ("projector", screen))
        assert screen.locator(".cc-ribbon").count() > 0  # the check above can see ribbons

        finished(room)
        look(audit, room, "finished", *room.everyone(ana))


def test_a_critters_duel_keeps_each_secret_theme_to_its_player(streamlit_server, browser):
    with audited(browser, streamlit_server.url, "en") as (people, audit):
        room = Room(streamlit_server, people, "canvas_critters", 2, CRITTERS_SLOW)
        ana, ben = list(room.tokens)
        room.engine.start(room.key)
        for name in (ana, ben):
            room.engine.pick_theme(room.tokens[name], room.view(name)["card"]["themes"][-1]["id"])
        build(room, [ana, ben])
        look(audit, room, "duel build", ("phone", room.phones[ana]), ("projector", room.screen))
        card = room.view(ana)["card"]
        secret = next(theme["text"] for theme in card["themes"] if theme["id"] == card["chosen"])
        assert whole(secret).search(words_of(room.phones[ana].content()))  # where it belongs
        others = {"projector": room.screen, "teacher": room.teacher, "opponent": room.phones[ben]}
        room.current(*others.values())
        for label, page in others.items():
            assert not whole(secret).search(words_of(page.content())), f"the {label} shows it"

        for name in (ana, ben):
            room.engine.finish_mosaic(room.tokens[name])
        look(audit, room, "duel guess", ("phone", room.phones[ben]), ("teacher", room.teacher))
        finished(room)
        look(audit, room, "duel finished", ("phone", room.phones[ben]), ("projector", room.screen))


def test_a_layers_game_on_every_page_and_its_hands_kept(streamlit_server, browser):
    with audited(browser, streamlit_server.url, "es") as (people, audit):
        room = Room(streamlit_server, people, "canvas_layers", 2, LAYERS_SLOW)
        teacher, screen, phones = room.teacher, room.screen, room.phones
        first = next(iter(room.tokens))
        look(audit, room, "lobby", *room.everyone(first))

        room.engine.start(room.key)
        acting = room.public()["turn"]
        waiting = next(name for name in room.tokens if name != acting)
        look(
            audit,
            room,
            "first turn",
            ("acting phone", phones[acting]),
            ("waiting phone", phones[waiting]),
            ("projector", screen),
            ("teacher", teacher),
        )
        offer = room.view(acting)["actions"]["take"][-1]  # the dearest: tokens on the row
        room.engine.take_card(room.tokens[acting], offer["position"], offer["card"], rid())
        alt = f'alt="{translate(people.language, "ui.layers.card_alt", card=offer["card"])}"'
        room.current(phones[acting], phones[waiting], screen, teacher)
        assert alt in phones[acting].content()  # the card is in its taker's hand
        for label, page in (
            ("waiting phone", phones[waiting]),
            ("projector", screen),
            ("teacher", teacher),
        ):
            assert alt not in page.content(), f"the {label} shows a card of another's hand"
        look(audit, room, "second turn", ("waiting phone", phones[acting]), ("projector", screen))
        three_cards_composed(room, audit)

        while room.public()["phase"] != "finished":
            room.engine.advance(room.key)  # each turn run out: the free card, or a painting
        look(audit, room, "finished", *room.everyone(first))
