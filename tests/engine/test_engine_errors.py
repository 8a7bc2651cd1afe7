"""Layer 3: every refusal has its own message key and changes nothing anyone can see."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cc_support import NAMES, ROUND_ORDER, fingerprint, row_counts, seat_table, strokes

from engine import RuleError
from engine.i18n import translate
from engine.tokens import new_token
from tests.kit import refused, rid

I18N = Path(__file__).resolve().parents[2] / "data" / "i18n"
BAD_TOKENS = [None, 123, b"bytes", ["x"], {"t": 1}, "", "not-a-token", 1.5]


def assert_refused_unchanged(table, key, call, *args):
    before = fingerprint(table)
    error = refused(key, call, *args)
    assert fingerprint(table) == before, f"{key}: a refused command changed the game"
    return error


# ---------------------------------------------------------------- codes and tokens


def test_unknown_game_code(engine, table):
    rows = row_counts(engine)
    for code in ["ZZZZZZ", "", None, 42, "A" * 500]:
        refused("error.unknown_code", engine.join, code, "Zed")
        refused("error.unknown_code", engine.public_view, code)
        refused("error.unknown_code", engine.tick, code)
    assert row_counts(engine) == rows


def test_join_code_is_forgiving_about_case_spaces_and_dashes(engine, clock):
    table = seat_table(engine, clock, 0, start=False)
    code = table.code
    messy = f" {code[:3].lower()}-{code[3:]} "
    engine.join(messy, "Zed")
    assert table.public()["players"] == ["Zed"]


@pytest.mark.parametrize("token", BAD_TOKENS)
def test_bad_player_tokens(table, token):
    table.advance_to("pulse1")
    e = table.engine
    assert_refused_unchanged(
        table, "error.bad_player_token", e.submit_fragment, token, strokes(), rid()
    )
    assert_refused_unchanged(table, "error.bad_player_token", e.choose, token, "x", rid())
    assert_refused_unchanged(table, "error.bad_player_token", e.accuse, token, "x", rid())
    refused("error.bad_player_token", e.player_view, token)


@pytest.mark.parametrize("token", BAD_TOKENS)
def test_bad_facilitator_tokens(table, token):
    e = table.engine
    for command in (e.start, e.advance, e.pause, e.resume):
        assert_refused_unchanged(table, "error.bad_facilitator_token", command, token)
    refused("error.bad_facilitator_token", e.facilitator_view, token)


def test_a_players_token_cannot_run_the_game(engine, clock):
    table = seat_table(engine, clock, 5, start=False)
    player_token = table.tokens["Ana"]
    assert_refused_unchanged(table, "error.bad_facilitator_token", engine.start, player_token)
    engine.start(table.fac)
    for command in (engine.advance, engine.pause, engine.resume):
        assert_refused_unchanged(table, "error.bad_facilitator_token", command, player_token)
    refused("error.bad_facilitator_token", engine.facilitator_view, player_token)


def test_the_facilitator_token_is_not_a_player(table):
    table.advance_to("pulse1")
    assert_refused_unchanged(
        table, "error.bad_player_token", table.engine.submit_fragment, table.fac, strokes(), rid()
    )
    refused("error.bad_player_token", table.engine.player_view, table.fac)


def test_a_token_of_another_game_acts_only_in_its_own_game(engine, clock):
    one = seat_table(engine, clock, 5)
    two = seat_table(engine, clock, 5, names=["Zoe", "Yan", "Xia", "Wes", "Val"])
    one.advance_to("pulse1")
    before_two = fingerprint(two, rows=False)
    artist = one.artists()[0]
    one.submit(artist)
    assert fingerprint(two, rows=False) == before_two
    refused("error.bad_facilitator_token", engine.advance, "x" + one.fac)


@pytest.mark.parametrize("request_id", [None, "", "has space", "x" * 101, 7, "é"])
def test_bad_request_ids(table, request_id):
    table.advance_to("pulse1")
    artist = table.artists()[0]
    assert_refused_unchanged(
        table,
        "error.bad_request_id",
        table.engine.submit_fragment,
        table.tokens[artist],
        strokes(),
        request_id,
    )


# ---------------------------------------------------------------- phases and roles


def test_wrong_phase_for_each_action(engine, clock):
    table = seat_table(engine, clock, 5, start=False)
    ana = table.tokens["Ana"]
    assert_refused_unchanged(
        table, "error.wrong_phase", engine.submit_fragment, ana, strokes(), rid()
    )
    assert_refused_unchanged(table, "error.wrong_phase", engine.choose, ana, "cat", rid())
    assert_refused_unchanged(table, "error.wrong_phase", engine.accuse, ana, "sabc", rid())
    engine.start(table.fac)
    allowed = {"pulse1": "submit", "pulse2": "submit", "choice": "choose", "accusation": "accuse"}
    for phase in ROUND_ORDER:
        table.advance_to(phase)
        artist = table.artists()[0]
        curator = table.curator()
        option = table.true_and_false()[0]
        signature = next(s for s in table.public()["signatures"] if s != table.signature_of(artist))
        attempts = {
            "submit": (engine.submit_fragment, table.tokens[artist], strokes()),
            "choose": (engine.choose, table.tokens[curator], option),
            "accuse": (engine.accuse, table.tokens[artist], signature),
        }
        for action, (call, token, payload) in attempts.items():
            if allowed.get(phase) != action:
                assert_refused_unchanged(table, "error.wrong_phase", call, token, payload, rid())


def test_lifecycle_refusals(engine, clock):
    table = seat_table(engine, clock, 5, start=False)
    for command in (engine.advance, engine.pause, engine.resume):
        assert_refused_unchanged(table, "error.not_started", command, table.fac)
    engine.start(table.fac)
    assert_refused_unchanged(table, "error.already_started", engine.start, table.fac)
    assert_refused_unchanged(table, "error.not_paused", engine.resume, table.fac)
    engine.pause(table.fac)
    assert_refused_unchanged(table, "error.already_paused", engine.pause, table.fac)
    engine.resume(table.fac)
    clock.advance(10**6)
    assert table.phase() == "finished"
    for command in (engine.advance, engine.pause, engine.resume):
        assert_refused_unchanged(table, "error.game_finished", command, table.fac)
    artist = table.names[0]
    assert_refused_unchanged(
        table, "error.wrong_phase", engine.submit_fragment, table.tokens[artist], strokes(), rid()
    )


def test_curator_cannot_draw_and_artists_cannot_choose(table):
    table.advance_to("pulse1")
    e = table.engine
    curator = table.curator()
    assert_refused_unchanged(
        table,
        "error.curator_does_not_draw",
        e.submit_fragment,
        table.tokens[curator],
        strokes(),
        rid(),
    )
    table.advance_to("choice")
    option = table.view(curator)["options"][0]["id"]
    for role in ("loyal", "distorter"):
        name = table.with_role(role)[0]
        assert_refused_unchanged(
            table, "error.not_curator", e.choose, table.tokens[name], option, rid()
        )


@pytest.mark.parametrize("pulse, count", [(1, 0), (1, 4), (2, 0), (2, 3)])
def test_stroke_count_refused(table, pulse, count):
    table.advance_to("pulse1" if pulse == 1 else "pulse2")
    artist = table.artists()[0]
    error = assert_refused_unchanged(
        table,
        "error.stroke_count",
        table.engine.submit_fragment,
        table.tokens[artist],
        strokes(count) if count else [],
        rid(),
    )
    assert f"1 and {3 if pulse == 1 else 2}" in str(error)
    table.submit(artist, 3 if pulse == 1 else 2)  # a correct count is still accepted after


@pytest.mark.parametrize(
    "bad, key",
    [
        ([[(0.5, 0.5)]], "error.stroke_too_short"),
        ([[(0.5, 0.5)] * 2001], "error.stroke_too_long"),
        ([[(0.1, 0.1), (float("nan"), 0.5)]], "error.point_not_finite"),
        ([[(0.1, 0.1), (0.5, float("inf"))]], "error.point_not_finite"),
        ([[(0.1, 0.1), ("0.5", 0.5)]], "error.strokes_malformed"),
        ([[(0.1, 0.1), (True, 0.5)]], "error.strokes_malformed"),
        ([[(0.1, 0.1), (1.5, 0.5)]], "error.point_outside"),
        ([[(0.1, 0.1), (0.5,)]], "error.strokes_malformed"),
        ("a drawing", "error.strokes_malformed"),
        (None, "error.strokes_malformed"),
    ],
)
def test_bad_strokes_refused_through_the_service(table, bad, key):
    table.advance_to("pulse1")
    artist = table.artists()[0]
    assert_refused_unchanged(
        table, key, table.engine.submit_fragment, table.tokens[artist], bad, rid()
    )


def test_option_and_signature_refusals(table):
    e = table.engine
    table.advance_to("choice")
    curator = table.curator()
    true_id, _ = table.true_and_false()
    options = {o["id"] for o in table.view(curator)["options"]}
    not_offered = next(o for o in ("cat", "dog", "wolf", "bee", "car", "bus") if o not in options)
    for bad in ("no-such-object", not_offered, None, 3, ["x"]):
        assert_refused_unchanged(
            table, "error.unknown_option", e.choose, table.tokens[curator], bad, rid()
        )
    e.choose(table.tokens[curator], true_id, rid())
    assert table.phase() == "accusation"
    artist = table.artists()[0]
    own = table.signature_of(artist)
    assert_refused_unchanged(
        table, "error.own_signature", e.accuse, table.tokens[artist], own, rid()
    )
    for bad in ("szzzzzz", "", None, 5, ["x"], own.upper()):
        assert_refused_unchanged(
            table, "error.unknown_signature", e.accuse, table.tokens[artist], bad, rid()
        )
    other = next(s for s in table.public()["signatures"] if s != own)
    e.accuse(table.tokens[artist], other, rid())
    assert_refused_unchanged(
        table, "error.already_voted", e.accuse, table.tokens[artist], other, rid()
    )


def test_last_rounds_signature_is_unknown_this_round(table):
    table.advance_to("accusation")
    old = next(iter(table.public()["signatures"]))
    table.advance_to("accusation", 2)
    assert old not in table.public()["signatures"]  # fresh random ids every round
    voter = table.names[0]
    assert_refused_unchanged(
        table, "error.unknown_signature", table.engine.accuse, table.tokens[voter], old, rid()
    )


def test_double_submit_and_double_choice_with_new_request_ids(table):
    e = table.engine
    table.advance_to("pulse1")
    artist = table.artists()[0]
    table.submit(artist, 1)
    assert_refused_unchanged(
        table, "error.already_submitted", e.submit_fragment, table.tokens[artist], strokes(2), rid()
    )
    table.advance_to("choice")
    curator = table.curator()
    first, second = (o["id"] for o in table.view(curator)["options"][:2])
    e.choose(table.tokens[curator], first, rid())
    # the choice ended the phase at once: a second choice is refused
    error = refused("error.wrong_phase", e.choose, table.tokens[curator], second, rid())
    assert error.key == "error.wrong_phase"
    assert table.view(curator)["my_choice"] == first


# ---------------------------------------------------------------- names and roster


def test_name_rules(engine, clock):
    table = seat_table(engine, clock, 1, start=False)
    code = table.code
    for bad, key in [
        ("", "error.name_empty"),
        ("    ", "error.name_empty"),
        (None, "error.name_empty"),
        ("x" * 25, "error.name_too_long"),
        ("ana", "error.name_taken"),
        ("  ANA ", "error.name_taken"),
    ]:
        assert_refused_unchanged(table, key, engine.join, code, bad)
    engine.join(code, "  " + "y" * 24 + "  ")
    assert table.public()["players"] == ["Ana", "y" * 24]


def test_roster_limits(engine, clock):
    table = seat_table(engine, clock, 4, start=False)
    assert_refused_unchanged(table, "error.too_few_players", engine.start, table.fac)
    for name in NAMES[4:12]:
        engine.join(table.code, name)
    assert len(table.public()["players"]) == 12
    error = assert_refused_unchanged(table, "error.game_full", engine.join, table.code, "Thirteen")
    assert "12" in str(error)
    engine.start(table.fac)
    assert_refused_unchanged(table, "error.already_started", engine.join, table.code, "Late")
    assert table.public()["rounds"] == 12


def test_bad_language_and_durations_create_nothing(engine):
    rows = row_counts(engine)
    refused("error.bad_language", engine.create_game, language="fr")
    refused("error.bad_durations", engine.create_game, durations={"pulse1": 0})
    refused("error.bad_durations", engine.create_game, durations={"lunch": 10})
    assert row_counts(engine) == rows


def test_remove_player_in_lobby_only(engine, clock):
    table = seat_table(engine, clock, 6, start=False)
    engine.remove_player(table.fac, "ana")
    del table.tokens["Ana"]
    assert "Ana" not in table.public()["players"]
    assert_refused_unchanged(table, "error.unknown_player", engine.remove_player, table.fac, "Ana")
    engine.start(table.fac)
    assert_refused_unchanged(table, "error.already_started", engine.remove_player, table.fac, "Ben")


def test_a_removed_players_link_says_so_and_nothing_else(engine, clock):
    table = seat_table(engine, clock, 6, start=False)
    ana = table.tokens.pop("Ana")
    retired = table.tokens["Ben"]
    table.tokens["Ben"] = engine.player_token(table.fac, "Ben")  # a new link: the old retires
    engine.remove_player(table.fac, "Ana")
    for call, args in [(engine.player_view, ()), (engine.save_draft, ([],))]:
        error = refused("error.player_removed", call, ana, *args)
        assert error.params == {}  # the game, its code and the name stay unsaid
    refused("error.bad_player_token", engine.player_view, retired)
    refused("error.bad_player_token", engine.player_view, new_token())
    engine.delete_game(table.fac)
    refused("error.bad_player_token", engine.player_view, ana)  # the game and its list are gone


# ---------------------------------------------------------------- messages


def test_every_error_key_has_an_english_and_a_spanish_message():
    english = json.loads((I18N / "en.json").read_text(encoding="utf-8"))
    spanish = json.loads((I18N / "es.json").read_text(encoding="utf-8"))
    keys = [k for k in english if k.startswith("error.")]
    assert keys
    for key in keys:
        assert key in spanish, key
        assert spanish[key] != english[key], key
        assert translate("es", key) != key


def test_rule_error_speaks_spanish(engine, clock):
    table = seat_table(engine, clock, 12, start=False)
    error = refused("error.game_full", engine.join, table.code, "Trece")
    spanish = json.loads((I18N / "es.json").read_text(encoding="utf-8"))["error.game_full"]
    assert error.message("es") == spanish.format(most=12)
    assert error.message("es") != error.message("en")
    assert str(error) == error.message("en")
    assert isinstance(error, RuleError)


def test_every_key_the_engine_raises_is_in_the_catalogue():
    import re

    english = json.loads((I18N / "en.json").read_text(encoding="utf-8"))
    engine_dir = Path(__file__).resolve().parents[2] / "engine"
    raised = set()
    for source in engine_dir.rglob("*.py"):  # every game's folder too
        raised |= set(re.findall(r'RuleError\(\s*"([a-z_.]+)"', source.read_text()))
    assert raised
    assert raised <= set(english), raised - set(english)
