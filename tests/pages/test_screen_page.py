"""pages/screen.py: the projector, safe to show at any moment (R11)."""

from __future__ import annotations

import pytest
from pagekit import (
    NAMES,
    has_word,
    home_hash,
    page,
    picture_in,
    rendered,
    run,
    seat_lobby,
    served_media,
    strokes,
    tr,
    visible_text,
)

from tests.kit import rid

ROUND_PHASES = ["roles", "pulse1", "merge", "pulse2", "discussion", "choice", "accusation"]


def test_no_code_explains_and_links_home(engine):
    at = run(page("pages/screen.py"))
    assert [w.value for w in at.warning] == [tr("en", "ui.screen.no_code")]
    [link] = at.get("page_link")
    assert link.proto.page_script_hash == home_hash()


def test_unknown_code_says_so(engine):
    at = run(page("pages/screen.py", code="QQQQQQ"))
    assert [e.value for e in at.error] == [tr("en", "error.unknown_code", code="QQQQQQ")]


@pytest.mark.parametrize("language", ["en", "es"])
def test_lobby_shows_code_and_players(engine, language):
    table = seat_lobby(engine, ["Ana", "<b>Ben</b>", "Cai"], language=language)
    at = run(page("pages/screen.py", code=table.code.lower()))
    shown = visible_text(at)
    assert table.code in shown
    assert tr(language, "ui.screen.join_with") in shown
    assert tr(language, "ui.players_joined", count=3) in shown
    for name in ("Ana", "<b>Ben</b>", "Cai"):
        assert name in shown  # as typed, markup shown literally
    assert f"/play?code={table.code}" in shown  # the join address
    assert at.image  # the QR code
    engine.join(table.code, "Dee")
    assert "Dee" in visible_text(run(at))


def play_a_round(table, on_each_phase) -> None:
    """Walk round 1 up to the reveal with some of every kind of action, calling
    on_each_phase(phase) in each phase."""
    for phase in ROUND_PHASES:
        table.advance_to(phase)
        if phase in ("pulse1", "pulse2"):
            for name in table.with_role("loyal")[:2]:
                table.engine.submit_fragment(table.tokens[name], strokes(1), rid())
        if phase == "accusation":
            voter = table.with_role("loyal")[0]
            other = next(
                s for s in table.public()["signatures"] if s != table.view(voter)["signature"]
            )
            table.engine.accuse(table.tokens[voter], other, rid())
        on_each_phase(phase)
        if phase == "choice":
            curator = table.who("curator")
            table.engine.choose(
                table.tokens[curator], table.view(curator)["options"][1]["id"], rid()
            )
            on_each_phase("choice-made")


@pytest.mark.parametrize("page_name", ["screen", "facilitator"])
def test_no_secret_before_the_reveal(started, page_name, recorded_files):
    """Category and closeness are shown; no object name, id or picture of the round's targets
    or options, in any element's content or any file the page served, before the reveal."""
    table = started
    seen: dict[str, str] = {}
    served: dict[str, list[bytes]] = {}

    def look(phase: str) -> None:
        recorded_files.clear()
        at = table.screen() if page_name == "screen" else table.facilitator_page()
        view = table.public()
        seen[phase] = rendered(at)
        served[phase] = served_media(seen[phase], recorded_files)
        if phase != "choice-made":
            shown = visible_text(at)
            assert tr("en", "ui.category", category=view["category"]) in shown, phase
            assert tr("en", f"ui.closeness.{view['closeness']}") in shown, phase
            assert tr("en", f"ui.phase.{phase}") in shown, phase

    play_a_round(table, look)
    assert len(seen) == len(ROUND_PHASES) + 1
    table.advance_to("reveal")
    reveal = table.public()["reveal"]
    secrets = [reveal["true_target"], reveal["false_target"], *reveal["options"]]
    assert len({s["id"] for s in secrets}) == 4
    secret_words = {word for s in secrets for word in (s["id"], s["name"])}
    pictures = {s["image"].rsplit("/", 1)[-1] for s in secrets}
    for phase, text in seen.items():
        for word in secret_words:
            assert not has_word(text, word), (phase, word)
        for picture in pictures:
            assert picture not in text, (phase, picture)
        for secret in secrets:
            assert not picture_in(secret["image"], served[phase]), (phase, secret["id"])
        for role_key in ("ui.role.curator", "ui.role.distorter", "ui.role.loyal"):
            assert tr("en", role_key) not in text
        # No face during a round: none stands beside a fragment or a signature (issue 42).
        assert 'class="cc-face' not in text, phase


def test_screen_readiness_is_role_neutral(started):
    table = started
    table.advance_to("pulse1")
    artist = table.with_role("loyal")[0]
    table.engine.submit_fragment(table.tokens[artist], strokes(2), rid())
    shown = visible_text(table.screen())
    assert tr("en", "ui.ready_count", done=1, total=4) in shown
    for name in NAMES:
        assert not has_word(shown, name)  # readiness by signature, never by name


def test_reveal_shows_both_names(started):
    table = started
    table.advance_to("discussion")
    true_name = table.view(table.with_role("loyal")[0])["target"]["name"]
    false_name = table.view(table.who("distorter"))["target"]["name"]
    before = rendered(table.screen())
    assert not has_word(before, true_name) and not has_word(before, false_name)
    table.advance_to("reveal")
    at = table.screen()
    shown = visible_text(at)
    assert has_word(shown, true_name) and has_word(shown, false_name)
    assert tr("en", "ui.true_target") in shown and tr("en", "ui.false_target") in shown
    assert len(at.image) >= 2  # both pictures (and the composition)


def test_reveal_serves_both_pictures(started, recorded_files):
    """The same media check as the secrecy test, shown to see pictures when they are due."""
    table = started
    table.advance_to("reveal")
    reveal = table.public()["reveal"]
    recorded_files.clear()
    served = served_media(rendered(table.screen()), recorded_files)
    for obj in (reveal["true_target"], reveal["false_target"]):
        assert picture_in(obj["image"], served), obj["id"]
    neutral = [
        o
        for o in reveal["options"]
        if o["id"] not in (reveal["true_target"]["id"], reveal["false_target"]["id"])
    ]
    assert not any(picture_in(o["image"], served) for o in neutral)  # the check can say no
