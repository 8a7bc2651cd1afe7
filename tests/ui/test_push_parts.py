"""The push stream's events carry the parts pages show within a phase (ui/parts.py, ui/push.py):
a join reaches every phone's list and the projector's roster in the event itself, drawn from
the public view with names escaped, so no page has to run; a class's code gets versions only."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from engine import Engine, FakeClock
from engine.i18n import translate
from tests.engine.critters_kit import seat_critters
from ui.faces import named_html
from ui.live import status_of
from ui.parts import part_html
from ui.push import PushHub
from ui.text import translator

EVIL = "<b>Zoë</b>"


@pytest.fixture
def file_engine(tmp_path: Path) -> Engine:
    """An engine on a file: the push hub's thread reads it beside the test's."""
    return Engine(f"sqlite:///{tmp_path / 'push.db'}", seed=3)


@pytest.fixture
def hub(file_engine: Engine) -> Iterator[PushHub]:
    """A hub watching `file_engine` often, stopped after the test."""
    hub = PushHub(file_engine, watch_seconds=0.05)
    yield hub
    hub.stop()


def next_event(hub: PushHub, code: str, version: int, change) -> dict:  # type: ignore[no-untyped-def]
    """The first event a stream of `code` that shows `version` gets after `change()`."""

    async def follow() -> dict:
        with hub.follow(code, version) as events:
            await asyncio.to_thread(change)
            event = await asyncio.wait_for(events.get(), 10)
        assert event.startswith("data: ") and event.endswith("\n\n")
        return json.loads(event[len("data: ") :])

    # A thread of its own: a browser test earlier in the session may leave an event loop
    # running in this one, where asyncio.run refuses to start.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, follow()).result()


def test_a_join_comes_with_every_page_s_list_drawn_anew(file_engine: Engine, hub: PushHub):
    game = file_engine.create_game()
    file_engine.join(game.code, "Ana")
    version = file_engine.status(game.code)["version"]
    event = next_event(hub, game.code, version, lambda: file_engine.join(game.code, EVIL))
    assert event["version"] > version
    phone, screen = event["parts"]["phone"], event["parts"]["screen"]
    faces = file_engine.public_view(game.code)["avatars"]
    assert f"<li>{named_html('Ana', faces)}</li>" in phone  # her face beside her name
    assert EVIL not in phone and "&lt;b&gt;Zoë&lt;/b&gt;" in phone  # escaped, not markup
    assert translate("en", "ui.players_joined", count=2) in screen


def test_a_submit_comes_with_the_ready_count_and_never_a_drawing(file_engine: Engine, hub: PushHub):
    game = file_engine.create_game()
    tokens = [file_engine.join(game.code, name) for name in ("Ana", "Ben", "Cy", "Di", "Eve")]
    file_engine.start(game.facilitator_token)
    file_engine.advance(game.facilitator_token)  # the first pulse
    artists = [t for t in tokens if file_engine.player_view(t)["role"] != "curator"]
    version = file_engine.status(game.code)["version"]
    strokes = [[[0.1, 0.1], [0.5, 0.5]]]
    event = next_event(
        hub,
        game.code,
        version,
        lambda: file_engine.submit_fragment(artists[0], strokes, "push-parts-1"),
    )
    ready = translate("en", "ui.ready_count", done=1, total=len(artists))
    assert ready in event["parts"]["phone"] and ready in event["parts"]["screen"]
    assert "<svg" not in json.dumps(event) and "0.5" not in json.dumps(event["parts"])


def test_a_class_code_gets_its_versions_without_parts(file_engine: Engine, hub: PushHub):
    klass = file_engine.create_class()
    version = file_engine.status(klass.code)["version"]
    event = next_event(hub, klass.code, version, lambda: file_engine.join(klass.code, "Ana"))
    assert event["version"] > version and "parts" not in event


def test_a_pause_says_since_when_only_the_clock_changed_and_a_take_does_not(
    file_engine: Engine, hub: PushHub
):
    """A building phone of Canvas Critters redraws for every version (the shared pile): the
    event of a pause, a resume or "+30 s" says since which version nothing public but the
    clock changed, so that phone takes it in place (ui/live.js); a piece taken resets it."""
    table = seat_critters(file_engine, None, 3)
    table.pick_all()
    builder = table.public()["builders"][0]
    code = table.code
    version = file_engine.status(code)["version"]

    def take() -> None:
        table.take_any(builder, 1)

    taken = next_event(hub, code, version, take)
    assert taken["clock_only_since"] is None
    for step in (file_engine.pause, file_engine.resume, file_engine.extend):
        shown = file_engine.status(code)["version"]
        event = next_event(hub, code, shown, lambda step=step: step(table.fac))
        assert event["clock_only_since"] == taken["version"], step.__name__
    again = next_event(hub, code, file_engine.status(code)["version"], take)
    assert again["clock_only_since"] is None


def test_a_take_landing_between_the_hub_s_two_reads_is_no_clock_change(
    file_engine: Engine, hub: PushHub, monkeypatch
):
    """The hub reads the versions, then the public view: a piece taken in between must not
    make the take's own event say "only the clock changed" (a phone would keep the old pile)."""
    table = seat_critters(file_engine, None, 3)
    table.pick_all()
    builder = table.public()["builders"][0]
    code = table.code
    real = file_engine.versions
    landed = threading.Event()

    def versions_then_a_take(codes: list[str]) -> dict:
        found = real(codes)
        if not landed.is_set():
            table.take_any(builder, 1)  # after the versions were read, before the view is
            landed.set()
        return found

    monkeypatch.setattr(file_engine, "versions", versions_then_a_take)
    version = file_engine.status(code)["version"]
    taken = next_event(hub, code, version, lambda: landed.wait(10))
    assert taken["version"] > version and taken["clock_only_since"] is None
    paused = next_event(hub, code, taken["version"], lambda: file_engine.pause(table.fac))
    assert paused["clock_only_since"] == taken["version"]


def test_a_failed_drawing_still_tells_the_version_and_the_hub_goes_on(
    file_engine: Engine, hub: PushHub, monkeypatch
):
    game = file_engine.create_game()
    version = file_engine.status(game.code)["version"]
    real = file_engine.public_view
    monkeypatch.setattr(file_engine, "public_view", lambda *a, **k: 1 / 0)  # a database hiccup
    event = next_event(hub, game.code, version, lambda: file_engine.join(game.code, "Ana"))
    assert event["version"] > version and "parts" not in event  # the page asks instead
    monkeypatch.setattr(file_engine, "public_view", real)
    event = next_event(hub, game.code, event["version"], lambda: file_engine.join(game.code, "Bo"))
    assert "<bdi>Bo</bdi>" in event["parts"]["phone"]


def strokes_for(args: dict) -> list:
    return [[[0.1 + i / 100, 0.1], [0.5, 0.5 + i / 100]] for i in range(args["fewest"])]


@pytest.mark.parametrize("kind", list(Engine.offered_games()))
def test_a_phone_draws_from_its_own_view_the_list_and_status_the_stream_tells(kind, tmp_path):
    """A phone's page reads only its student's view: its list (the live part) and its status
    (the version its live part says it shows) come from that view, and must be what the
    stream's event, drawn from the public view, and the game's status say (the facilitator's
    page lists who is ready from its own view too). Otherwise each event would change a
    phone's list back and forth, or the page would ask to run again."""
    clock = FakeClock(1_000.0)
    file_engine = Engine(f"sqlite:///{tmp_path / 'game.db'}", clock=clock, seed=3)
    new = file_engine.create_game(game=kind)
    players = max(file_engine.offered_games()[kind]["fewest"], 4)
    tokens = [file_engine.join(new.code, f"P{i}") for i in range(players)]
    t = translator("en")
    checked = set()
    for step in range(8):
        public = file_engine.public_view(new.code)
        for token in tokens:
            mine = file_engine.player_view(token)
            assert part_html("phone", mine, t) == part_html("phone", public, t)
            assert status_of(mine) == file_engine.status(new.code)
        # The facilitator's page lists who is ready from its own view too.
        teacher = file_engine.facilitator_view(new.facilitator_token)
        assert part_html("phone", teacher, t) == part_html("phone", public, t)
        checked.add(public["phase"])
        if public["phase"] == "finished":
            break
        views = {token: file_engine.player_view(token) for token in tokens}
        drawing = [(token, view) for token, view in views.items() if "draw" in view["actions"]]
        if drawing and step % 2:  # someone submits: the ready list changes within the phase
            token, view = drawing[0]
            file_engine.submit_fragment(token, strokes_for(view["actions"]["draw"]), f"own-{step}")
        elif step == 0:
            file_engine.start(new.facilitator_token)
        else:
            file_engine.advance(new.facilitator_token)
        clock.advance(3)
    assert {"lobby"} < checked  # the lobby and at least one phase of a round
