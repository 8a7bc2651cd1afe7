"""Layer 9: decks (R2, R3), join codes and tokens."""

from __future__ import annotations

import copy
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from cc_support import NAMES, row_counts, seat_table

from engine import DeckError, Engine, FakeClock
from engine.crossed_canvas import decks
from engine.crossed_canvas.decks import DEFAULT_DECK, load_deck
from engine.crossed_canvas.game import CROSSED_CANVAS
from engine.service import CODE_ALPHABET
from tests.kit import refused

DATA = Path(__file__).resolve().parents[2] / "data"
RAW = json.loads((DATA / "deck.json").read_text(encoding="utf-8"))


def portable(raw):
    """A copy of the deck whose pictures resolve from any folder."""
    deck = copy.deepcopy(raw)
    for obj in deck["objects"]:
        obj["image"] = str(DATA / obj["image"])
    return deck


def write(tmp_path, deck, name="deck.json"):
    path = tmp_path / name
    path.write_text(deck if isinstance(deck, str) else json.dumps(deck), encoding="utf-8")
    return path


def test_the_default_deck_loads():
    deck = load_deck(DEFAULT_DECK)
    assert len(deck.pairs) >= 12
    for pair in deck.pairs:
        assert deck.objects[pair.a].category == deck.objects[pair.b].category
        assert len(deck.neutrals(pair)) >= 2
        assert pair.closeness in (1, 2, 3)
    for obj in deck.objects.values():
        assert obj.image.is_file()
        assert obj.names["en"] and obj.names["es"]
        assert re.fullmatch(r"[A-Za-z0-9_-]+", obj.id)


def test_a_portable_copy_loads(tmp_path):
    assert len(load_deck(write(tmp_path, portable(RAW))).pairs) == len(RAW["pairs"])


def _duplicate_id(deck):
    deck["objects"].append(dict(deck["objects"][0]))
    return f"objects[{len(deck['objects']) - 1}] id appears twice (first in objects[0])"


def _cross_pair(deck):
    first = deck["objects"][0]
    other = next(o for o in deck["objects"] if o["category"] != first["category"])
    deck["pairs"].append({"a": first["id"], "b": other["id"], "closeness": 2})
    return "mixes two categories"


def _poor_category(deck):
    deck["categories"].append({"id": "tiny", "en": "tiny things", "es": "cosas pequeñas"})
    image = deck["objects"][0]["image"]
    for i in range(3):
        deck["objects"].append(
            {
                "id": f"tiny{i}",
                "category": "tiny",
                "en": f"thing{i}",
                "es": f"cosa{i}",
                "image": image,
            }
        )
    deck["pairs"].append({"a": "tiny0", "b": "tiny1", "closeness": 1})
    return f"pairs[{len(deck['pairs']) - 1}]"


def _no_spanish(deck):
    del deck["objects"][3]["es"]
    return "objects[3]"


def _blank_spanish(deck):
    deck["objects"][4]["es"] = "   "
    return "objects[4]"


def _no_picture(deck):
    deck["objects"][5]["image"] = str(DATA / "images" / "no-such-picture.svg")
    return "objects[5] picture"


def _signature_word(deck):
    deck["objects"][6]["en"] = "blue whale"
    return "blue"


def _signature_word_es(deck):
    deck["objects"][7]["es"] = "estrella de mar"
    return "estrella"


def _signature_word_without_accent(deck):
    deck["objects"][7]["es"] = "circulo de tiza"
    return "círculo"


def _few_pairs(deck):
    deck["pairs"] = deck["pairs"][:11]
    return "11 pairs"


def _repeated_pair(deck):
    pair = deck["pairs"][0]
    deck["pairs"].append({"a": pair["b"], "b": pair["a"], "closeness": pair["closeness"]})
    return "appears twice"


def _unknown_category(deck):
    deck["objects"][8]["category"] = "planets"
    return "objects[8]"


def _signature_word_lookalike(deck):
    deck["objects"][6]["en"] = "blu\u0435 whale"  # a Cyrillic е
    return "'blue'"


def _hidden_in_name(deck):
    deck["objects"][6]["en"] = "wha\u034fle"
    return "objects[6]"


def _blank_name(deck):
    deck["objects"][6]["es"] = "\u3164"
    return "objects[6]"


def _lookalike_names(deck):
    first = deck["objects"][0]["en"]
    deck["objects"][9]["en"] = first.upper().replace("A", "\u0410").replace("O", "\u041e")
    return "objects[9] 'en' name reads the same as objects[0]'s"


def _lookalike_categories(deck):
    deck["categories"][1]["es"] = deck["categories"][0]["es"].upper()
    return "categories[1] 'es' name reads the same as categories[0]'s"


def _bad_closeness(deck):
    deck["pairs"][0]["closeness"] = 7
    return "closeness"


@pytest.mark.parametrize(
    "breaks, also",
    [
        (_duplicate_id, "appears twice"),
        (_cross_pair, None),
        (_poor_category, "neutral"),
        (_no_spanish, "'es'"),
        (_blank_spanish, "'es'"),
        (_hidden_in_name, "invisible character"),
        (_blank_name, "no 'es' name one can see"),
        (_lookalike_names, None),
        (_lookalike_categories, None),
        (_signature_word_lookalike, "signature word"),
        (_no_picture, "missing"),
        (_signature_word, "signature word"),
        (_signature_word_es, "signature word"),
        (_signature_word_without_accent, "signature word"),
        (_few_pairs, None),
        (_repeated_pair, None),
        (_unknown_category, "unknown category"),
        (_bad_closeness, None),
    ],
)
def test_a_broken_deck_is_refused_naming_the_problem(tmp_path, breaks, also):
    deck = portable(RAW)
    named = breaks(deck)
    path = write(tmp_path, deck)
    with pytest.raises(DeckError) as error:
        load_deck(path)
    message = str(error.value)
    assert named in message
    if also:
        assert also in message


@pytest.mark.parametrize("text", ["{not json", "", "[]", '{"categories": []}'])
def test_unreadable_decks_are_refused(tmp_path, text):
    path = write(tmp_path, text)
    with pytest.raises(DeckError) as error:
        load_deck(path)
    assert str(path.name) in str(error.value)


def test_invalid_json_says_so(tmp_path):
    with pytest.raises(DeckError, match="JSON"):
        load_deck(write(tmp_path, "{not json"))


def test_a_missing_deck_file_is_refused(tmp_path):
    with pytest.raises(DeckError):
        load_deck(tmp_path / "nowhere.json")


@pytest.fixture
def data_folder(tmp_path, monkeypatch):
    """tmp_path as the data folder create_game takes deck files from (a school's own decks)."""
    monkeypatch.setattr(decks, "DATA_FOLDER", tmp_path)
    return tmp_path


def test_a_deck_file_outside_the_data_folder_is_refused_unread(tmp_path):
    outside = write(tmp_path, portable(RAW))
    (tmp_path / "secret.json").write_text('{"password": "hunter2"}', encoding="utf-8")

    def never(*_args, **_kwargs):
        raise AssertionError("a deck outside the data folder was opened")

    # The door reads a deck only through its game's declaration: this engine's opens nothing.
    unread = replace(CROSSED_CANVAS.decks, load=never)
    games = {**Engine.GAMES, CROSSED_CANVAS.name: replace(CROSSED_CANVAS, decks=unread)}
    engine = Engine(f"sqlite:///{tmp_path / 'decks.db'}", games=games)
    rows = row_counts(engine)
    for path in [
        outside,
        tmp_path / "secret.json",
        DATA / ".." / ".." / "etc" / "passwd",
        Path("data/../../etc/passwd"),
        DATA / "i18n" / ".." / ".." / "pyproject.toml",
        DATA / "images" / "no-such-deck.svg",  # inside, but no JSON file
    ]:
        error = refused("error.unknown_deck", engine.create_game, deck=path)
        assert "hunter2" not in error.message("en") and error.message("es") != str(error)
    assert row_counts(engine) == rows


def test_a_link_out_of_the_data_folder_is_followed_before_deciding(data_folder, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    (data_folder / "linked.json").symlink_to(write(elsewhere, portable(RAW)))
    assert decks.data_deck(data_folder / "linked.json") is None
    assert decks.data_deck(data_folder / "own.json") == data_folder / "own.json"


SECRET = "hunter2-secret"


def _secret_in_id(deck):
    deck["objects"][1]["id"] = deck["objects"][0]["id"] = SECRET


def _secret_category(deck):
    deck["objects"][2]["category"] = SECRET


def _secret_picture(deck):
    deck["objects"][3]["image"] = f"/{SECRET}/{SECRET}.svg"


def _secret_bad_id(deck):
    deck["objects"][4]["id"] = f"{SECRET} !"


def _secret_in_a_pair(deck):
    deck["pairs"][0]["a"] = SECRET


def _secret_bytes(_deck):
    return b'{"categories": "' + SECRET.encode() + b'\xff"}'


def _secret_json(_deck):
    return f'{{"categories": [{SECRET}]}}'


@pytest.mark.parametrize(
    "breaks",
    [
        _secret_in_id,
        _secret_category,
        _secret_picture,
        _secret_bad_id,
        _secret_in_a_pair,
        _secret_bytes,
        _secret_json,
    ],
)
def test_a_deck_error_never_echoes_the_file(data_folder, engine, breaks):
    deck = portable(RAW)
    changed = breaks(deck)
    path = data_folder / "deck.json"
    if isinstance(changed, bytes):
        path.write_bytes(changed)
    else:
        write(data_folder, deck if changed is None else changed)
    with pytest.raises(DeckError) as error:
        engine.create_game(deck=path)
    assert SECRET not in str(error.value) and "deck.json" in str(error.value)
    assert error.value.__cause__ is None


def test_a_broken_deck_creates_no_game(data_folder, engine):
    deck = portable(RAW)
    _duplicate_id(deck)
    rows = row_counts(engine)
    with pytest.raises(DeckError):
        engine.create_game(deck=write(data_folder, deck))
    assert row_counts(engine) == rows


def test_a_12_player_game_on_a_12_pair_deck_uses_every_pair_once(data_folder):
    deck = portable(RAW)
    deck["pairs"] = deck["pairs"][:12]
    path = write(data_folder, deck)
    clock = FakeClock()
    engine = Engine("sqlite://", clock=clock, seed=5)
    game = engine.create_game(deck=path)
    for name in NAMES:
        engine.join(game.code, name)
    engine.start(game.facilitator_token)
    clock.advance(12 * 159)
    history = engine.facilitator_view(game.facilitator_token)["history"]
    assert len(history) == 12
    used = {frozenset((h["true_target"]["id"], h["false_target"]["id"])) for h in history}
    assert used == {frozenset((p["a"], p["b"])) for p in deck["pairs"]}


def test_a_game_with_a_custom_deck_plays_its_objects(data_folder, clock):
    deck = portable(RAW)
    deck["pairs"] = deck["pairs"][-12:]
    engine = Engine("sqlite://", clock=clock, seed=9)
    game = engine.create_game(deck=write(data_folder, deck))
    for name in NAMES[:5]:
        engine.join(game.code, name)
    engine.start(game.facilitator_token)
    clock.advance(159 - 12)
    reveal = engine.public_view(game.code)["reveal"]
    pair = frozenset((reveal["true_target"]["id"], reveal["false_target"]["id"]))
    assert pair in {frozenset((p["a"], p["b"])) for p in deck["pairs"]}


# ---------------------------------------------------------------- codes and tokens


def test_tokens_are_long_random_and_never_hold_the_name_or_code():
    clock = FakeClock()
    engine = Engine("sqlite://", clock=clock)  # unseeded, as in the app
    long_names = ["Valentina", "Maximilian", "Guadalupe", "Bartholomew", "Esmeralda"]
    tokens, facilitators = [], []
    for _ in range(20):
        game = engine.create_game()
        facilitators.append(game.facilitator_token)
        for name in long_names:
            token = engine.join(game.code, name)
            tokens.append(token)
            assert name not in token and name.lower() not in token
            assert game.code not in token
        assert game.code not in game.facilitator_token
    everything = tokens + facilitators
    assert len(set(everything)) == len(everything)
    for token in everything:
        assert re.fullmatch(r"[A-Za-z0-9_-]+", token)
        assert len(token) * 6 >= 128 + 6  # url-safe base64: 6 bits a character
    # every position varies: not a counter or a timestamp with a random tail
    for position in range(22):
        assert len({token[position] for token in everything}) > 10


def test_join_codes_are_easy_to_read_and_unique():
    engine = Engine("sqlite://")
    codes = [engine.create_game().code for _ in range(400)]
    assert len(set(codes)) == len(codes)
    for code in codes:
        assert len(code) == 6
        assert not set(code) & set("0O1IL")
        assert set(code) <= set(CODE_ALPHABET)
    assert not set(CODE_ALPHABET) & set("0O1IL")


def test_seeded_engines_still_make_unguessable_tokens():
    tokens = []
    for _ in range(2):
        clock = FakeClock()
        table = seat_table(Engine("sqlite://", clock=clock, seed=1), clock, 5, start=False)
        tokens.append([table.fac, *table.tokens.values()])
    assert not set(tokens[0]) & set(tokens[1])  # a test seed never makes tokens repeatable
