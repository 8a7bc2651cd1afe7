"""Every player name a page puts into HTML sits in its own <bdi>, so a right-to-left name can
neither reorder the sentence around it nor pull in the next name of a list."""

from __future__ import annotations

import pytest
from pagekit import seat_lobby

NAMES = ["مريم", "דנה", "Zoë", "7 Ben", "Ōta"]


def assert_isolated(at, where: str) -> None:
    snippets = [h.value for h in at.html]
    for name in NAMES:
        shown = sum(s.count(name) for s in snippets)
        isolated = sum(s.count(f"<bdi>{name}</bdi>") for s in snippets)
        assert shown, f"{where}: {name} not shown"
        assert shown == isolated, f"{where}: {name} shown {shown} times, {isolated} in <bdi>"


@pytest.mark.parametrize("phase", ["lobby", "reveal", "finished"])
def test_every_shown_name_is_in_a_bdi(engine, phase):
    table = seat_lobby(engine, NAMES)
    if phase != "lobby":
        table.start()
        table.advance_to("reveal")
    if phase == "finished":
        table.finish()
    assert_isolated(table.screen(), f"screen, {phase}")
    assert_isolated(table.facilitator_page(), f"facilitator, {phase}")
    assert_isolated(table.play(NAMES[0]), f"play, {phase}")
