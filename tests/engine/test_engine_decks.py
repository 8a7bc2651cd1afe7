"""Layer 9: decks (R2, R3), join codes and tokens."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
from cc_support import NAMES, row_counts, seat_table

from engine import DeckError, Engine, FakeClock
from engine.decks import DEFAULT_DECK, load_deck
from engine.service import CODE_ALPHABET

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
    return deck["objects"][0]["id"]


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
    return "tiny"


def _no_spanish(deck):
    del deck["objects"][3]["es"]
    return deck["objects"][3]["id"]


def _blank_spanish(deck):
    deck["objects"][4]["es"] = "   "
    return deck["objects"][4]["id"]


def _no_picture(deck):
    deck["objects"][5]["image"] = str(DATA / "images" / "no-such-picture.svg")
    return "no-such-picture.svg"


def _signature_word(deck):
    deck["objects"][6]["en"] = "blue whale"
    return "blue"


def _signature_word_es(deck):
    deck["objects"][7]["es"] = "estrella de mar"
    return "estrella"


def _signature_word_without_accent(deck):
    deck["objects"][7]["es"] = "circulo de tiza"
    return "circulo"


def _few_pairs(deck):
    deck["pairs"] = deck["pairs"][:11]
    return "11 pairs"


def _repeated_pair(deck):
    pair = deck["pairs"][0]
    deck["pairs"].append({"a": pair["b"], "b": pair["a"], "closeness": pair["closeness"]})
    return "appears twice"


def _unknown_category(deck):
    deck["objects"][8]["category"] = "planets"
    return "planets"


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


def test_a_broken_deck_creates_no_game(tmp_path, engine):
    deck = portable(RAW)
    _duplicate_id(deck)
    rows = row_counts(engine)
    with pytest.raises(DeckError):
        engine.create_game(deck=write(tmp_path, deck))
    assert row_counts(engine) == rows


def test_a_12_player_game_on_a_12_pair_deck_uses_every_pair_once(tmp_path):
    deck = portable(RAW)
    deck["pairs"] = deck["pairs"][:12]
    path = write(tmp_path, deck)
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


def test_a_game_with_a_custom_deck_plays_its_objects(tmp_path, clock):
    deck = portable(RAW)
    deck["pairs"] = deck["pairs"][-12:]
    engine = Engine("sqlite://", clock=clock, seed=9)
    game = engine.create_game(deck=write(tmp_path, deck))
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
