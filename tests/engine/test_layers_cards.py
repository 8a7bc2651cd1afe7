"""Canvas Layers' cards (engine/canvas_layers/cards.py, data/canvas_layers/): what the file holds,
what the loader refuses, the pictures (allowlisted SVG, transparent layers, full backgrounds),
the titles' grammar in both languages, and the deck's balance."""

from __future__ import annotations

import copy
import itertools
import json
import re
import shutil
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

import pytest

from engine.canvas_layers import cards, pictures, rules
from engine.canvas_layers.cards import CardDataError, load_cards
from engine.svg_allowlist import svg_problem
from tests.engine.layers_paintings import painting_rates

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "data" / "canvas_layers"
RAW = json.loads((FOLDER / "cards.json").read_text(encoding="utf-8"))
SVG = "{http://www.w3.org/2000/svg}"
CARDS = load_cards()


# ---------------------------------------------------------------- what the file holds


def test_the_file_holds_sixty_art_cards_fifteen_backgrounds_and_twelve_scoring_cards():
    assert (len(CARDS.art), len(CARDS.backgrounds), len(CARDS.scoring)) == (60, 15, 12)
    ids = [card.id for card in (*CARDS.art, *CARDS.backgrounds, *CARDS.scoring)]
    assert len(ids) == len(set(ids))
    assert [element.id for element in CARDS.elements] == ["hue", "shape", "texture", "tone"]
    assert [e.name.text("en") for e in CARDS.elements] == ["Hue", "Shape", "Texture", "Tone"]
    assert [e.name.text("es") for e in CARDS.elements] == ["Matiz", "Forma", "Textura", "Tono"]


def test_every_art_card_has_five_slots_each_empty_or_one_or_two_different_icons():
    for card in CARDS.art:
        assert len(card.slots) == 5, card.id
        assert any(card.slots), card.id
        for slot in card.slots:
            assert len(slot) <= 2 and len(set(slot)) == len(slot), card.id
            assert set(slot) <= cards.ICONS, card.id


def test_the_elements_are_dealt_evenly_and_every_element_has_its_bonus_icons():
    icons = Counter(icon for card in CARDS.art for slot in card.slots for icon in slot)
    elements = [icons[element] for element in cards.ELEMENTS]
    assert max(elements) - min(elements) <= 3, icons
    assert [icons[bonus] for bonus in cards.BONUSES] == [3, 3, 3, 3]
    # Every slot is used by many cards, and every element shows in every slot somewhere.
    for slot in range(5):
        column = Counter(icon for card in CARDS.art for icon in card.slots[slot])
        assert sum(column.values()) >= 15, slot
        assert all(column[element] for element in cards.ELEMENTS), slot
    assert cards.bonus_element("bonus-tone") == "tone" and cards.bonus_element("tone") is None


def test_the_scoring_cards_are_the_references_six_and_the_products_six():
    by_id = cards.scoring_by_id()
    assert set(by_id) == set(cards.SCORING_IDS)
    names = [by_id[card].name.text("en") for card in cards.REFERENCE_SCORING]
    assert names == ["Composition", "Hierarchy", "Movement", "Proximity", "Space", "Symmetry"]
    own = {by_id[card].name.text("en") for card in cards.OWN_SCORING}
    assert {"Variety", "Repetition", "Unity"} <= own and len(own) == 6
    assert cards.DEFAULT_SCORING == ("variety", "repetition", "unity", "composition")
    for card in by_id.values():
        for language in ("en", "es"):
            sentence = card.condition.text(language)
            assert sentence.endswith(".") and sentence.count(".") == 1, (card.id, language)
            assert sentence[0].isupper()
        assert card.name.en != card.name.es, card.id


def test_every_points_table_covers_a_whole_game_and_rises_faster_than_the_ribbons():
    for card in CARDS.scoring:
        assert 1 <= card.most <= 2
        assert len(card.points) == 3 * card.most, card.id  # three paintings a game
        per_ribbon = [points / count for count, points in enumerate(card.points, start=1)]
        assert per_ribbon == sorted(set(per_ribbon)), card.id  # strictly rising
        assert card.points_for(0) == 0
        assert card.points_for(1) == card.points[0]
        assert card.points_for(len(card.points) + 5) == card.points[-1]


def test_rarer_scoring_cards_pay_more_for_their_first_ribbon():
    rates = _rates()
    common, rare = max(rates, key=rates.get), min(rates, key=rates.get)
    by_id = cards.scoring_by_id()
    assert by_id[rare].points[0] > by_id[common].points[0]


# ---------------------------------------------------------------- what the loader refuses


@pytest.fixture
def broken(tmp_path):
    """A writable copy of the card file beside the real pictures: change it, then load it."""
    shutil.copytree(FOLDER / "pictures", tmp_path / "pictures")

    def write(change) -> Path:
        data = copy.deepcopy(RAW)
        change(data)
        path = tmp_path / "cards.json"
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        load_cards.cache_clear()
        return path

    yield write
    load_cards.cache_clear()


def _set(path: str, value):
    def change(data):
        *parents, last = path.split(".")
        target = data
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        target[int(last) if last.isdigit() else last] = value

    return change


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda data: data["art"].pop(), "'art' must be a list of 60"),
        (lambda data: data["backgrounds"].append(data["backgrounds"][0]), "'backgrounds'"),
        (_set("art.3.slots.0", ["hue", "tone", "shape"]), "art-04's slot 1"),
        (_set("art.3.slots.1", ["colour"]), "art-04's slot 2"),
        (_set("art.3.slots.1", ["hue", "hue"]), "art-04's slot 2"),
        (_set("art.3.slots", [[], [], [], []]), "art-04 must have 5 slots"),
        (_set("art.3.slots", [[], [], [], [], []]), "art-04 has no icon"),
        (_set("art.5.id", "art-01"), "id 'art-01' appears twice"),
        (_set("art.5.picture", "missing.svg"), "missing.svg is not in"),
        (_set("art.5.picture", "../secret.svg"), "art-06 must name an .svg picture"),
        (_set("art.5.title.es", ["El zorro", "azul"]), "three es title fragments"),
        (_set("art.5.title.en.1", " fox"), "art-06's en title fragment"),
        (_set("art.5.title.en.1", RAW["art"][6]["title"]["en"][1]), "middle fragment (en)"),
        (_set("scoring.0.points", [2, 3, 4]), "rise faster"),
        (_set("scoring.0.points", [2, 5]), "3 positive whole numbers"),
        (_set("scoring.0.most", 0), "most ribbons per painting"),
        (_set("scoring.0.id", "balance"), "'balance' is no scoring card"),
        (_set("scoring.0.condition.en", "Fill every slot. Then smile."), "one sentence"),
        (_set("scoring.0.name", {"en": "Composition"}), "composition's name (es)"),
        (_set("elements.0.id", "colour"), "the elements must be"),
    ],
)
def test_a_broken_card_file_is_refused_at_load_naming_the_problem(broken, change, says):
    with pytest.raises(CardDataError) as error:
        load_cards(broken(change))
    assert says in str(error.value)


def test_an_unreadable_card_file_is_refused(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CardDataError, match="cannot be read"):
        load_cards(path)


def test_the_unchanged_copy_loads_like_the_shipped_file(broken):
    assert load_cards(broken(lambda data: None)).art == CARDS.art


# ---------------------------------------------------------------- pictures


def _pictures():
    return sorted((FOLDER / "pictures").glob("*.svg"))


def test_every_card_has_its_own_picture_and_no_picture_is_left_over():
    named = {card.picture for card in (*CARDS.art, *CARDS.backgrounds)}
    assert named == {path.name for path in _pictures()}
    assert len(named) == 75


@pytest.mark.parametrize("path", _pictures(), ids=lambda path: path.name)
def test_every_picture_passes_the_svg_allowlist(path):
    assert svg_problem(path.read_bytes()) is None


def test_every_picture_is_a_300_by_400_frame_whose_ids_start_with_its_name():
    for path in _pictures():
        root = ElementTree.fromstring(path.read_text(encoding="utf-8"))
        assert root.get("viewBox") == "0 0 300 400", path.name
        ids = [element.get("id") for element in root.iter() if element.get("id")]
        assert all(value.startswith(path.stem + "-") for value in ids), path.name


def _covers_the_frame(element) -> bool:
    return (
        element.tag == f"{SVG}rect"
        and float(element.get("x", 0)) <= 0
        and float(element.get("y", 0)) <= 0
        and float(element.get("width", 0)) >= 300
        and float(element.get("height", 0)) >= 400
    )


def test_art_layers_are_transparent_and_backgrounds_fill_the_frame():
    for card in CARDS.art:
        root = ElementTree.fromstring(cards.picture_path(card.picture).read_text("utf-8"))
        drawn = [e for e in root.iter() if e.tag != f"{SVG}mask" and e not in _masks(root)]
        assert not any(_covers_the_frame(element) for element in drawn), card.id
        assert len(root) >= 2, card.id  # a title and something drawn
    for background in CARDS.backgrounds:
        root = ElementTree.fromstring(cards.picture_path(background.picture).read_text("utf-8"))
        assert _covers_the_frame(root.find(f"{SVG}rect")), background.id


def _masks(root):
    return {inner for mask in root.iter(f"{SVG}mask") for inner in mask.iter()}


def test_the_pictures_differ_from_card_to_card():
    drawings = [cards.picture_path(card.picture).read_text("utf-8") for card in CARDS.art]
    stripped = {re.sub(r'id="[^"]*"|url\(#[^)]*\)|<title>.*?</title>', "", d) for d in drawings}
    assert len(stripped) == 60


def test_a_painting_stacks_its_background_and_three_layers_in_one_allowlisted_svg():
    layers = ["art-07", "art-31", "art-02"]
    painting = pictures.painting_svg("bg-04", layers, title='The "quiet" <fox> & co')
    assert svg_problem(painting.encode()) is None
    root = ElementTree.fromstring(painting)
    assert root.find(f"{SVG}title").text == 'The "quiet" <fox> & co'
    groups = root.findall(f"{SVG}g")
    assert len(groups) == 4
    ids = [[e.get("id") for e in group.iter() if e.get("id")] for group in groups]
    assert all(value.startswith("bg-04-") for value in ids[0])
    for group_ids, card in zip(ids[1:], layers, strict=True):
        assert all(value.startswith(card + "-") for value in group_ids)
    assert "<title>art-" not in painting and "<title>bg-" not in painting
    assert pictures.painting_svg("bg-04", layers) != pictures.painting_svg("bg-04", layers[::-1])


# ---------------------------------------------------------------- titles

EN_DETERMINERS = ("The", "My", "Our", "Your")
EN_PREPOSITIONS = {
    "at", "in", "under", "by", "after", "on", "among", "before", "beyond", "across", "near",
    "behind", "over", "between", "through", "beside", "below", "around", "with", "without",
}  # fmt: skip
ES_ARTICLES = ("El", "La", "Mi")
# A Spanish middle fragment must read the same after a masculine or a feminine noun: a phrase
# (de papel, sin prisa, a rayas, en calma), or one word with one form for both genders.
ES_PHRASE_STARTS = ("de ", "sin ", "a ", "en ")
ES_INVARIANT_IN_A = {"rosa", "violeta", "turquesa"}  # colour nouns used as adjectives
ES_TOP_STARTS = {
    "a", "al", "bajo", "junto", "tras", "en", "un", "una", "entre", "antes", "sobre", "el",
    "cerca", "de", "después", "con", "sin",
}  # fmt: skip


def test_english_titles_are_determiner_and_adjective_then_a_noun_then_a_phrase():
    for card in CARDS.art:
        bottom, middle, top = card.en.bottom, card.en.middle, card.en.top
        determiner, *adjective = bottom.split()
        assert determiner in EN_DETERMINERS and len(adjective) == 1, card.id
        assert middle == middle.lower(), card.id  # a common noun, mid-title
        assert middle.split()[0] not in {"the", "a", "an", "my", "our", "your"}, card.id
        assert not middle.endswith("s") or middle in {"cactus", "octopus"}, card.id  # singular
        assert top.split()[0] in EN_PREPOSITIONS, card.id


def test_spanish_titles_never_break_gender_or_number_agreement():
    for card in CARDS.art:
        bottom, middle, top = card.es.bottom, card.es.middle, card.es.top
        article, *noun = bottom.split()
        assert article in ES_ARTICLES and noun, card.id
        # Singular nouns: the plural-looking ones are singular words (el paraguas, el cactus,
        # el arcoíris).
        assert not noun[-1].endswith("s") or noun[-1] in {"paraguas", "cactus", "arcoíris"}, card.id
        if middle.startswith(ES_PHRASE_STARTS):
            pass
        else:
            assert " " not in middle, card.id
            assert not middle.endswith(("o", "os", "as")), (card.id, middle)
            assert not middle.endswith("a") or middle in ES_INVARIANT_IN_A, (card.id, middle)
        assert top.split()[0] in ES_TOP_STARTS and top == top[0].lower() + top[1:], card.id


def test_any_three_cards_in_order_read_as_a_title_in_each_language():
    art = [card.id for card in CARDS.art]
    for language in ("en", "es"):
        titles = set()
        longest = 0
        for layers in itertools.islice(itertools.permutations(art, 3), 0, None, 97):
            text = rules.title(layers, language)
            bottom, middle, top = (cards.art_by_id()[c].fragments(language) for c in layers)
            assert text == f"{bottom.bottom} {middle.middle} {top.top}"
            assert text[0].isupper() and "  " not in text
            titles.add(text)
            longest = max(longest, len(text))
        assert longest <= 60
        assert len(titles) > 2000  # every sampled order reads a different title
    assert rules.title(["art-01", "art-02", "art-03"], "en") != rules.title(
        ["art-03", "art-02", "art-01"], "en"
    )
    assert rules.title(["art-01", "art-02", "art-03"], "xx") == rules.title(
        ["art-01", "art-02", "art-03"], "en"
    )


# ---------------------------------------------------------------- balance


def _rates() -> dict[str, float]:
    return {card: met for card, (met, _) in painting_rates(3000, 22).items()}


def test_every_scoring_card_can_be_met_and_none_is_met_by_every_painting():
    rates = _rates()
    assert set(rates) == set(cards.SCORING_IDS)
    for card, rate in rates.items():
        assert 0.03 < rate < 0.95, (card, rate)
