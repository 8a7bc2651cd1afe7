"""Names (RULINGS: 1 to 24 characters, unique regardless of case, shown literally): normalised
with NFKC, refused when they hide control, format or bidi characters, and told apart by their
Unicode TR39 confusable skeleton, so a look-alike of a seated name is refused like a duplicate.

Every refusal goes through the service and changes nothing anyone can see.
"""

from __future__ import annotations

import unicodedata

import pytest
from cc_support import fingerprint, seat_table
from hypothesis import given
from hypothesis import strategies as st

from engine import RuleError, names
from tests.kit import refused

FORBIDDEN_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
NAME_ERRORS = {"error.name_empty", "error.name_too_long", "error.name_bad_characters"}


def nfd(text: str) -> str:
    return unicodedata.normalize("NFD", text)


def refused_unchanged(table, key: str, name: object) -> RuleError:
    before = fingerprint(table)
    error = refused(key, table.engine.join, table.code, name)
    assert fingerprint(table) == before, f"{name!r}: a refused join changed the game"
    return error


@pytest.fixture
def lobby(engine, clock):
    """A game in its lobby, nobody seated yet."""
    return seat_table(engine, clock, 0, start=False, names=[])


# ---------------------------------------------------------------- hidden characters


@pytest.mark.parametrize(
    "name",
    [
        "\u200b\u200c\u200d",  # zero-width space, non-joiner, joiner only
        "\u200b\x00\x01",  # zero-width, NUL and a control character
        "Ana\x00",
        "Ana\x07Bea",
        "\x1f",  # a C0 separator str.split() would have taken for a space
        "Ana\u202eevil",  # RIGHT-TO-LEFT OVERRIDE: reversed the projector's sentences
        "\u202dAna",  # LEFT-TO-RIGHT OVERRIDE
        "Ana\u202c",  # POP DIRECTIONAL FORMATTING
        "\u2067Ana",  # RIGHT-TO-LEFT ISOLATE
        "Ana\u2069",  # POP DIRECTIONAL ISOLATE
        "\u200fAna",  # RIGHT-TO-LEFT MARK
        "Ana\u061c",  # ARABIC LETTER MARK
        "\ufeffAna",  # byte order mark / zero-width no-break space
        "An\u00ada",  # soft hyphen
        "Ana\U000e0041",  # a tag character
        "Ana\udc80",  # a lone surrogate (was UnicodeEncodeError)
        "\ud83dAna",
        "Ana\ue000",  # private use
        "Ana\ufffe",  # a noncharacter (unassigned)
        "Ana\u2028Bea",  # LINE SEPARATOR
        "Ana\u2029",  # PARAGRAPH SEPARATOR
        "Ana\x85",  # NEXT LINE, a C1 control
        # default-ignorable but not format characters: they show as nothing inside a name
        "An\u034fa",  # COMBINING GRAPHEME JOINER
        "An\ufe0fa",  # a variation selector after a letter
        "Ana\U000e0100",  # an ideographic variation selector after a letter
        "Ana \ufe0e",  # a variation selector after a space
        "Ana\u3164Bea",  # HANGUL FILLER inside a name
        "\u115fAna",  # HANGUL CHOSEONG FILLER
        "Ana\uffa0",  # HALFWIDTH HANGUL FILLER
        "Ana\u17b4",  # KHMER VOWEL INHERENT AQ
        "Ana\u180b",  # MONGOLIAN FREE VARIATION SELECTOR ONE
    ],
)
def test_hidden_characters_are_refused_and_change_nothing(lobby, name):
    lobby.engine.join(lobby.code, "Ana")
    refused_unchanged(lobby, "error.name_bad_characters", name)
    assert lobby.public()["players"] == ["Ana"]


@pytest.mark.parametrize("name", ["\u3164", "\u3164 \u115f", "\u2800\u2800", "\ufe0f"])
def test_a_name_with_nothing_to_see_is_empty(lobby, name):
    """Hangul fillers, a blank braille pattern, a lone variation selector: letters to Unicode,
    nothing on a screen."""
    refused_unchanged(lobby, "error.name_empty", name)


def test_typed_whitespace_still_collapses(lobby):
    lobby.engine.join(lobby.code, "\tAna \n  Bea\r\n")
    lobby.engine.join(lobby.code, "Ana\u00a0\u3000Cruz")  # no-break and ideographic spaces
    assert lobby.public()["players"] == ["Ana Bea", "Ana Cruz"]


# ---------------------------------------------------------------- normalisation


def test_names_are_stored_in_nfkc(lobby):
    e = lobby.engine
    e.join(lobby.code, "\uff21na")  # full-width A
    e.join(lobby.code, nfd("José"))
    e.join(lobby.code, "\ufb01fi")  # the ligature fi, then fi
    assert lobby.public()["players"] == ["Ana", "José", "fifi"]


def test_the_length_rule_counts_normalised_characters(lobby):
    e = lobby.engine
    e.join(lobby.code, nfd("é") * 24)  # 48 code points typed, 24 characters
    refused_unchanged(lobby, "error.name_too_long", "\ufb00" * 13)  # ff ligatures: 26 letters
    e.join(lobby.code, "\ufb00" * 12)
    assert lobby.public()["players"] == ["é" * 24, "f" * 24]


@pytest.mark.parametrize(
    "name",
    [
        *("مريم", "דנה", "Zoë", "Łukasz", "Ngọc Anh", "李小龙", "Ана", "O'Brien", "Jean-Luc"),
        "Bo 🎨",
        "\u2764\ufe0f",  # ❤️: a variation selector giving a symbol its emoji look
        "Bo \u270c\ufe0f",  # ✌️
        "1\ufe0f\u20e3 Ana",  # the keycap 1️⃣
        "Ana \u2600\ufe0f",  # ☀️
    ],
)
def test_legitimate_names_are_accepted_as_typed(lobby, name):
    lobby.engine.join(lobby.code, name)
    assert lobby.public()["players"] == [name]


# ---------------------------------------------------------------- look-alikes


@pytest.mark.parametrize(
    "lookalike",
    [
        "\u0410na",  # Cyrillic capital A
        "\u0391na",  # Greek capital Alpha
        "\uff21na",  # full-width A
        "\uff41\uff4e\uff41",  # full-width ana
        "ANA",
        " ana ",
        "\U0001d400na",  # mathematical bold A
    ],
)
def test_a_lookalike_of_a_seated_name_is_taken(lobby, lookalike):
    lobby.engine.join(lobby.code, "Ana")
    error = refused_unchanged(lobby, "error.name_taken", lookalike)
    assert "looks" in str(error)
    assert error.message("es") != str(error)


@pytest.mark.parametrize("first, second", [("José", nfd("José")), (nfd("José"), "José")])
def test_one_name_typed_two_unicode_ways_is_taken(lobby, first, second):
    lobby.engine.join(lobby.code, first)
    refused_unchanged(lobby, "error.name_taken", second)


def test_different_names_that_only_share_letters_are_both_accepted(lobby):
    for name in ("Ana", "Aña", "Jose", "José", "Muller", "Müller"):
        lobby.engine.join(lobby.code, name)
    assert len(lobby.public()["players"]) == 6


def test_the_facilitator_picks_a_player_by_the_name_shown(lobby):
    """The roster shows the cleaned name; removing or relinking by it finds the player."""
    e = lobby.engine
    e.join(lobby.code, "Ana")
    token = e.join(lobby.code, "  \uff3ao" + nfd("ë") + "  ")
    shown = lobby.public()["players"][1]
    assert shown == "Zoë"
    relinked = e.player_token(lobby.fac, shown)  # a new link for that same seat
    assert e.player_view(relinked)["name"] == "Zoë" and relinked != token
    e.remove_player(lobby.fac, shown)
    assert lobby.public()["players"] == ["Ana"]


def test_name_keys_fit_the_column():
    """player.name_key holds 64 characters; a 24-character name's skeleton can be longer."""
    for name in ("Ana", "\u01c4" * 24, "ß" * 24, "x" * 24, "مريم"):
        key = names.name_key(name)
        assert len(key) == 64 and key.isascii(), name


# ---------------------------------------------------------------- properties


@given(st.text(max_size=30))
def test_an_accepted_name_is_clean(raw):
    try:
        name = names.clean_name(raw)
    except RuleError as error:
        assert error.key in NAME_ERRORS
        return
    assert 1 <= len(name) <= names.NAME_MAX_CHARS
    assert name == unicodedata.normalize("NFKC", name)
    assert name == " ".join(name.split())
    assert not {unicodedata.category(c) for c in name} & FORBIDDEN_CATEGORIES
    assert names.clean_name(name) == name


@given(st.text(st.characters(exclude_categories=["Cs"]), min_size=1, max_size=24))
def test_a_names_key_ignores_case_and_unicode_form(raw):
    try:
        name = names.clean_name(raw)
    except RuleError:
        return
    key = names.name_key(name)
    assert names.name_key(raw) == key
    for form in ("NFC", "NFD", "NFKC", "NFKD"):
        assert names.name_key(unicodedata.normalize(form, name)) == key, form
    assert names.name_key(name.casefold()) == key
    assert names.name_key(nfd(name).casefold()) == key
