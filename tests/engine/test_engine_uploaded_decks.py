"""A teacher's own deck: every refusal names its row and keeps nothing, a deck is used only
from the browser that uploaded it, and whole games run on it, with pictures and without."""

from __future__ import annotations

import csv
import io
import json
import struct
import zipfile
from pathlib import Path

import pytest
from cc_support import NAMES, Table
from sqlalchemy import text

from engine import DeckRefused, Engine, FakeClock
from engine.crossed_canvas.deck_csv import deck_as_csv, deck_pictures_zip, parse_deck, template_csv
from engine.crossed_canvas.decks import DEFAULT_DECK, load_deck
from engine.uploads import MAX_PICTURE_BYTES, checked_picture
from tests import deck_samples as samples
from tests.kit import refused, rid

TEACHER = "teacher-browser-0123456789"
OTHER = "another-browser-0123456789"
SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{}</svg>'


def deck_rows(engine: Engine) -> tuple[int, int]:
    with engine.door.db.engine.connect() as connection:
        return tuple(
            connection.execute(text(f"SELECT COUNT(*) FROM {table}")).scalar_one()
            for table in ("storeddeck", "deckpicture")
        )


def refusal(engine: Engine, csv_data: bytes, files) -> DeckRefused:
    """Upload a deck the engine must refuse; nothing may be kept of it."""
    before = deck_rows(engine)
    with pytest.raises(DeckRefused) as caught:
        engine.upload_deck(TEACHER, "My deck", csv_data, files)
    assert deck_rows(engine) == before
    for problem in caught.value.problems:  # every message exists in both languages
        assert problem.message("en") != problem.key and problem.message("es") != problem.key
        assert problem.message("en") != problem.message("es")
    return caught.value


def problems(error: DeckRefused) -> set[tuple[str, object]]:
    return {(p.key, p.params.get("row")) for p in error.problems}


def with_picture(name: str, data: bytes, row: int = 2) -> tuple[bytes, list]:
    """The sample deck where row `row` names the picture `name`, uploaded beside the ZIP."""
    table = samples.rows()
    archive = samples.pictures_zip(table)
    table[row - 1][4] = name
    return samples.csv_bytes(table), [("pictures.zip", archive), (name, data)]


def edited(change) -> tuple[bytes, list]:
    """The sample deck's CSV after `change`, with the sample's own pictures."""
    table = samples.rows()
    archive = samples.pictures_zip(table)
    change(table)
    return samples.csv_bytes(table), [("pictures.zip", archive)]


def zipped(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_rows_naming_pictures_with_none_uploaded_is_one_problem(engine):
    error = refusal(engine, samples.upload()[0], [])
    assert [p.key for p in error.problems] == ["error.deck.no_pictures"]


ROW_REFUSALS = {
    "missing picture": (
        lambda: edited(lambda t: t[3].__setitem__(4, "nowhere.png")),
        ("error.deck.picture_missing", 4),
    ),
    "a row without a picture": (
        lambda: edited(lambda t: t[5].__setitem__(4, "")),
        ("error.deck.picture_none", 6),
    ),
    "unknown object in a pair": (
        lambda: edited(lambda t: t[2].__setitem__(5, "unicorn:2")),
        ("error.deck.pair_unknown", 3),
    ),
    "pair across categories": (
        lambda: edited(lambda t: t[2].__setitem__(5, "cat:2")),
        ("error.deck.pair_category", 3),
    ),
    "closeness outside 1-3": (
        lambda: edited(lambda t: t[2].__setitem__(5, "saw:4")),
        ("error.deck.close_bad", 3),
    ),
    "signature word in English": (
        lambda: edited(lambda t: t[7].__setitem__(0, "green apple")),
        ("error.deck.signature_word", 8),
    ),
    "signature word in Spanish": (
        lambda: edited(lambda t: t[8].__setitem__(1, "pera roja")),
        ("error.deck.signature_word", 9),
    ),
    "the same name twice": (
        lambda: edited(lambda t: t[4].__setitem__(0, "Hammer")),
        ("error.deck.duplicate", 5),
    ),
    "an empty name": (
        lambda: edited(lambda t: t[10].__setitem__(1, "")),
        ("error.deck.missing", 11),
    ),
    # Names as a reader sees them: invisible characters, look-alike letters, blank fillers.
    "a variation selector inside a word": (
        lambda: edited(lambda t: t[7].__setitem__(0, "app\ufe0fle")),
        ("error.deck.name_chars", 8),
    ),
    "a combining grapheme joiner inside a word": (
        lambda: edited(lambda t: t[8].__setitem__(1, "pe\u034fra")),
        ("error.deck.name_chars", 9),
    ),
    "a signature word with a hidden joiner": (
        lambda: edited(lambda t: t[7].__setitem__(0, "gre\u034fen apple")),
        ("error.deck.signature_word", 8),
    ),
    "a signature word in Cyrillic letters": (
        lambda: edited(lambda t: t[7].__setitem__(0, "gr\u0435\u0435n apple")),
        ("error.deck.signature_word", 8),
    ),
    "a signature word in full-width letters": (
        lambda: edited(lambda t: t[8].__setitem__(1, "pera \uff52\uff4f\uff4a\uff41")),
        ("error.deck.signature_word", 9),
    ),
    "a look-alike of another object's name": (
        lambda: edited(lambda t: t[4].__setitem__(0, "h\u0430mmer")),  # Cyrillic а
        ("error.deck.duplicate", 5),
    ),
    "a Spanish name that differs only by an accent": (
        lambda: edited(lambda t: t[3].__setitem__(1, "mázo")),
        ("error.deck.duplicate", 4),
    ),
    "a name of a Hangul filler only": (
        lambda: edited(lambda t: t[10].__setitem__(1, "\u3164")),
        ("error.deck.looks_blank", 11),
    ),
    "a name of a choseong filler only": (
        lambda: edited(lambda t: t[10].__setitem__(0, "\u115f \u3164")),
        ("error.deck.looks_blank", 11),
    ),
    "a category of a filler only": (
        lambda: edited(lambda t: t[10].__setitem__(3, "\uffa0")),
        ("error.deck.looks_blank", 11),
    ),
    "two categories alike in Spanish": (
        lambda: edited(lambda t: [row.__setitem__(3, "frut\u0430s") for row in t[11:16]]),
        ("error.deck.looks_same_category", 12),
    ),
    "a picture too large": (
        lambda: with_picture("big.png", samples.png(1, size=1200) + b"\0" * MAX_PICTURE_BYTES, 6),
        ("error.deck.picture_large", 6),
    ),
    "not an image": (
        lambda: with_picture("notes.png", b"these are my lesson notes", 7),
        ("error.deck.picture_not_image", 7),
    ),
    "a GIF": (
        lambda: with_picture("anim.gif", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;", 7),
        ("error.deck.picture_not_image", 7),
    ),
    "SVG with a script": (
        lambda: with_picture("s.svg", SVG.format("<script>alert(1)</script>").encode(), 4),
        ("error.deck.svg_unsafe", 4),
    ),
    "SVG with an event handler": (
        lambda: with_picture("h.svg", SVG.format('<rect onclick="alert(1)"/>').encode(), 4),
        ("error.deck.svg_unsafe", 4),
    ),
    "SVG with an external reference": (
        lambda: with_picture(
            "x.svg",
            SVG.format('<image href="https://evil.example/x.png"/>').encode(),
            4,
        ),
        ("error.deck.svg_unsafe", 4),
    ),
    "SVG with foreignObject": (
        lambda: with_picture(
            "f.svg", SVG.format("<foreignObject><p>x</p></foreignObject>").encode(), 4
        ),
        ("error.deck.svg_unsafe", 4),
    ),
    "SVG with an entity": (
        lambda: with_picture(
            "e.svg", b'<!DOCTYPE svg [<!ENTITY a "aaaa">]>' + SVG.format("&a;").encode(), 4
        ),
        ("error.deck.svg_unsafe", 4),
    ),
}


# Routes past the old list of forbidden things, and others an allowlist refuses by default.
UNSAFE_SVGS = {
    "CSS after a child of <style>": "<style><rect/>@import url(https://evil.example/x.css);</style>",
    "a <style> element at all": "<style>rect { fill: red }</style>",
    "a CSS escape spelling url": '<rect style="fill: \\75 rl(https://evil.example/x)"/>',
    "a CSS escape spelling @import": '<rect style="fill: \\40 import"/>',
    "an escape in a presentation attribute": '<rect fill="\\75rl(https://evil.example/x)"/>',
    "image-set() in a style": "<rect style=\"fill: image-set('https://evil.example/x.png' 1x)\"/>",
    "image-set() in an attribute": "<rect fill=\"image-set('x.png' 1x)\"/>",
    "an external url() in a style": '<rect style="fill: url(https://evil.example/x#a)"/>',
    "an external url() in an attribute": '<rect fill="url(https://evil.example/x#a)"/>',
    "a CSS property not on the list": '<rect style="background: red"/>',
    "a CSS comment": '<rect style="fill: red /* x */"/>',
    "SMIL <set> changing an href": (
        '<use href="#a"><set attributeName="href" to="https://evil.example/x.svg#a"/></use>'
    ),
    "SMIL <animate> changing an href": (
        '<use href="#a"><animate attributeName="href" values="javascript:alert(1)"/></use>'
    ),
    "<animateTransform>": '<rect><animateTransform attributeName="transform"/></rect>',
    "<a> with a link": '<a href="https://evil.example/"><rect/></a>',
    "<image> with a data URI": '<image href="data:image/png;base64,iVBORw0KGgo="/>',
    "<use> of another file": '<use href="other.svg#a"/>',
    "xlink:href to another site": (
        '<use xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="https://evil.example/#a"/>'
    ),
    "an href on a shape": '<rect href="#a"/>',
    "an event handler": '<rect onload="alert(1)"/>',
    "an attribute not on the list": '<rect data-x="1"/>',
    "javascript: in a value": '<rect fill="javascript:alert(1)"/>',
    "a filter with feImage": '<filter><feImage href="https://evil.example/x.png"/></filter>',
    "an element of another namespace": '<x:p xmlns:x="http://www.w3.org/1999/xhtml">hi</x:p>',
    "Inkscape's namedview": (
        '<sodipodi:namedview xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"'
        ' pagecolor="#ffffff"/>'
    ),
    "HTML inside <metadata>": (
        '<metadata><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script></metadata>'
    ),
    "text outside a text element": "<g>stray words</g>",
    "a stylesheet instruction": '<?xml-stylesheet href="https://evil.example/x.css"?><g/>',
}


@pytest.mark.parametrize("case", list(UNSAFE_SVGS))
def test_an_svg_beyond_plain_drawing_is_refused(engine, case):
    body = UNSAFE_SVGS[case]
    svg = body.replace("<g/>", SVG.format("<g/>")) if body.startswith("<?") else SVG.format(body)
    error = refusal(engine, *with_picture("p.svg", svg.encode(), 4))
    assert problems(error) == {("error.deck.svg_unsafe", 4)}, case
    [problem] = error.problems
    assert problem.params["what"] and problem.params["what"] in problem.message("es")


INKSCAPE_PLAIN = (
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
    ' xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"'
    ' xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"'
    ' xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"'
    ' xmlns:cc="http://creativecommons.org/ns#" xmlns:dc="http://purl.org/dc/elements/1.1/"'
    ' width="100mm" height="100mm" viewBox="0 0 100 100" version="1.1" sodipodi:docname="a.svg"'
    ' inkscape:version="1.3">'
    "<title>A pear</title><desc>Green and round</desc>"
    '<metadata><rdf:RDF><cc:Work rdf:about=""><dc:format>image/svg+xml</dc:format>'
    '<dc:type rdf:resource="http://purl.org/dc/dcmitype/StillImage"/></cc:Work></rdf:RDF>'
    "</metadata>"
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">'
    '<stop offset="0" stop-color="#8c4"/><stop offset="100%" style="stop-color:rgb(0,90,0)"/>'
    '</linearGradient><clipPath id="c" clipPathUnits="userSpaceOnUse"><circle r="40"/></clipPath>'
    '<symbol id="s"><path d="M0 0L10 10z"/></symbol></defs>'
    '<g inkscape:label="Layer 1" inkscape:groupmode="layer" transform="translate(5, -2.5e-1)">'
    '<ellipse cx="50" cy="55" rx="30" ry="40" fill="url(#g)" clip-path="url(\'#c\')"'
    ' style="stroke:#000;stroke-width:0.5px;fill-opacity:0.9" xml:space="preserve"/>'
    '<use xlink:href="#s" x="3"/><text x="5" y="95" font-family="\'DejaVu Sans\'">pera'
    '<tspan dy="-2">!</tspan></text></g></svg>'
)


def test_a_plain_drawing_and_inkscapes_plain_svg_are_accepted(engine):
    table = samples.rows()
    archive = samples.pictures_zip(table)
    table[3][4], table[4][4] = "inkscape.svg", "plain.svg"
    plain = SVG.format('<rect width="10" height="10" fill="#fc0"/>')
    files = [("pictures.zip", archive), ("inkscape.svg", INKSCAPE_PLAIN.encode())]
    engine.upload_deck(
        TEACHER, "SVG", samples.csv_bytes(table), [*files, ("plain.svg", plain.encode())]
    )
    assert [d["objects"] for d in engine.decks(TEACHER)] == [20]


@pytest.mark.parametrize(
    "picture", sorted(Path(DEFAULT_DECK).parent.joinpath("images").glob("*.svg")), ids=str
)
def test_every_built_in_picture_passes_the_allowlist(picture):
    """The built-in deck's Twemoji: an allowlist that refused them would be too tight."""
    assert checked_picture(2, picture.name, picture.read_bytes()) == "image/svg+xml"


@pytest.mark.parametrize("case", list(ROW_REFUSALS))
def test_a_bad_row_is_named_and_nothing_is_kept(engine, case):
    make, expected = ROW_REFUSALS[case]
    csv_data, files = make()
    error = refusal(engine, csv_data, files)
    assert expected in problems(error), problems(error)
    row = expected[1]
    assert f"Row {row}:" in error.message("en") and f"Fila {row}:" in error.message("es")


def test_every_problem_is_listed_at_once(engine):
    def many(table):
        table[2][5] = "unicorn:2"
        table[7][0] = "blue apple"
        table[12][4] = "missing.png"

    error = refusal(engine, *edited(many))
    assert {
        ("error.deck.pair_unknown", 3),
        ("error.deck.signature_word", 8),
        ("error.deck.picture_missing", 13),
    } <= problems(error)


def test_a_small_category_and_too_few_pairs(engine):
    table = samples.rows(pictures=False)
    table = table[:1] + [row[:5] + [""] for row in table[1:9]]  # 8 objects, no pairs
    table[3][5] = "saw:2"
    error = refusal(engine, samples.csv_bytes(table), [])
    small = next(p for p in error.problems if p.key == "error.deck.small_category")
    assert small.params["category"] == "fruit" and small.params["rows"] == "7, 8, 9"
    assert ("error.deck.few_pairs", None) in problems(error)
    assert "fruit" in small.message("en") and "7, 8, 9" in small.message("es")


@pytest.mark.parametrize(
    ("encoding", "key"),
    [("latin-1", "error.deck.csv_not_utf8"), ("utf-16", "error.deck.csv_utf16")],
)
def test_a_csv_in_another_encoding_says_so(engine, encoding, key):
    csv_data = samples.csv_bytes(samples.rows(pictures=False), encoding)
    error = refusal(engine, csv_data, [])
    assert [p.key for p in error.problems] == [key]
    assert "UTF-8" in error.message("en") and "UTF-8" in error.message("es")


def test_a_csv_without_the_columns(engine):
    error = refusal(engine, b"name,picture\nhammer,h.png\n", [])
    assert [p.key for p in error.problems] == ["error.deck.columns"]


def test_a_semicolon_csv_from_a_spanish_spreadsheet_is_read(engine):
    table = samples.rows(pictures=False)
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=";", lineterminator="\r\n").writerows(table)
    engine.upload_deck(TEACHER, "Semicolons", buffer.getvalue().encode("utf-8-sig"))
    assert [d["objects"] for d in engine.decks(TEACHER)] == [20]


@pytest.mark.parametrize(
    ("member", "key"),
    [
        ("../../evil.png", "error.deck.zip_path"),
        ("/etc/evil.png", "error.deck.zip_path"),
        ("C:/evil.png", "error.deck.zip_path"),
        ("pictures\\..\\..\\evil.png", "error.deck.zip_path"),
    ],
)
def test_a_zip_reaching_outside_itself_is_refused(engine, member, key):
    table = samples.rows()
    archive = samples.pictures_zip(table, {member: samples.png(99)})
    error = refusal(engine, samples.csv_bytes(table), [("pictures.zip", archive)])
    assert [p.key for p in error.problems] == [key]


def test_a_zip_bomb_is_not_opened(engine):
    table = samples.rows()
    bomb = samples.pictures_zip(table, {"pictures/zeros.bin": b"\0" * (70 * 1024 * 1024)})
    assert len(bomb) < 1024 * 1024
    error = refusal(engine, samples.csv_bytes(table), [("pictures.zip", bomb)])
    assert [p.key for p in error.problems] == ["error.deck.zip_bomb"]


def _first_data(archive: bytes) -> int:
    """Where the first member's compressed bytes start (after its local header)."""
    name_length, extra_length = struct.unpack("<HH", archive[26:30])
    return 30 + name_length + extra_length


def _overwritten(archive: bytes, at: int, data: bytes) -> bytes:
    return archive[:at] + data + archive[at + len(data) :]


def _central(archive: bytes) -> int:
    return archive.find(b"PK\x01\x02")


def _end_record(archive: bytes) -> int:
    return archive.rfind(b"PK\x05\x06")


DAMAGED_ZIPS = {
    # A deflate block of the reserved type 3: zlib cannot inflate it at all.
    "deflate data corrupt": (
        zipfile.ZIP_DEFLATED,
        lambda z: _overwritten(z, _first_data(z), b"\xff" * 16),
    ),
    "deflate data corrupt further on": (
        zipfile.ZIP_DEFLATED,
        lambda z: _overwritten(z, _first_data(z) + 40, b"\x00" * 20),
    ),
    "LZMA properties corrupt": (
        zipfile.ZIP_LZMA,
        lambda z: _overwritten(z, _first_data(z), b"\xff" * 16),
    ),
    "LZMA data corrupt": (
        zipfile.ZIP_LZMA,
        lambda z: _overwritten(z, _first_data(z) + 40, b"\x00" * 20),
    ),
    "bytes missing from the middle": (
        zipfile.ZIP_DEFLATED,
        lambda z: z[: len(z) // 2] + z[len(z) // 2 + 700 :],
    ),
    "an unsupported version": (
        zipfile.ZIP_DEFLATED,
        lambda z: _overwritten(z, _central(z) + 6, struct.pack("<H", 99)),
    ),
    "an unsupported compression method": (
        zipfile.ZIP_DEFLATED,
        lambda z: _overwritten(
            _overwritten(z, 8, struct.pack("<H", 99)), _central(z) + 10, struct.pack("<H", 99)
        ),
    ),
    "the directory's offset outside the file": (
        zipfile.ZIP_DEFLATED,
        lambda z: _overwritten(z, _end_record(z) + 16, struct.pack("<I", len(z) + 1000)),
    ),
    "the end cut off": (zipfile.ZIP_DEFLATED, lambda z: z[:-30]),
}


@pytest.mark.parametrize("case", list(DAMAGED_ZIPS))
def test_a_damaged_zip_is_the_files_problem_said_plainly(engine, case):
    compression, damage = DAMAGED_ZIPS[case]
    table = samples.rows()
    archive = damage(samples.pictures_zip(table, compression=compression))
    error = refusal(engine, samples.csv_bytes(table), [("pictures.zip", archive)])
    assert [p.key for p in error.problems] == ["error.deck.zip_bad"]
    assert "pictures.zip" in error.message("en") and "pictures.zip" in error.message("es")


@pytest.mark.parametrize("compression", [zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA])
def test_any_damage_anywhere_in_a_zip_is_refused_not_crashed_on(compression):
    """One byte changed, or the file cut short, at positions across the whole archive: the deck
    is accepted (the damage missed what is read) or refused with messages, never an exception
    of another kind."""
    table = samples.rows()
    csv_data = samples.csv_bytes(table)
    archive = samples.pictures_zip(table, compression=compression)
    for at in range(0, len(archive), max(1, len(archive) // 150)):
        for damaged in (
            _overwritten(archive, at, bytes([archive[at] ^ 0x5A])),
            archive[:at],
            archive[:at] + archive[at + 300 :],
        ):
            try:
                parse_deck(csv_data, [("pictures.zip", damaged)])
            except DeckRefused as refused_deck:
                assert all(p.message("es") != p.key for p in refused_deck.problems)


def test_a_zip_member_is_read_no_further_than_a_picture_may_be(engine):
    table = samples.rows()
    members = {f"pictures/{row[4]}": samples.png(i) for i, row in enumerate(table[1:])}
    members["pictures/hammer.png"] = b"\0" * (MAX_PICTURE_BYTES * 3)
    error = refusal(engine, samples.csv_bytes(table), [("pictures.zip", zipped(members))])
    assert problems(error) == {("error.deck.picture_large", 2)}


def test_two_pictures_of_one_name(engine):
    table = samples.rows()
    archive = samples.pictures_zip(table, {"other/hammer.png": samples.png(5)})
    error = refusal(engine, samples.csv_bytes(table), [("pictures.zip", archive)])
    assert problems(error) == {("error.deck.picture_twice", None)}


def test_a_50_megabyte_file_is_refused(engine):
    csv_data, files = samples.upload()
    error = refusal(engine, csv_data, [*files, ("huge.zip", b"\0" * (50 * 1024 * 1024))])
    assert [p.key for p in error.problems] == ["error.deck.file_too_large"]
    error = refusal(engine, b"english" + b"," * (2 * 1024 * 1024), [])
    assert [p.key for p in error.problems] == ["error.deck.csv_too_large"]


def test_a_deck_belongs_to_the_browser_that_uploaded_it(engine):
    csv_data, files = samples.upload()
    ref = engine.upload_deck(TEACHER, "Week 12 vocabulary", csv_data, files)
    assert engine.decks(TEACHER) == [
        {
            "id": ref,
            "title": "Week 12 vocabulary",
            "objects": 20,
            "pictures": True,
            "created_at": engine.door.clock(),
        }
    ]
    assert engine.decks(OTHER) == [] and engine.decks(None) == []
    games = row_count(engine, "game")
    for browser in (OTHER, None, "short"):
        refused("error.unknown_deck", engine.create_game, "en", ref, browser=browser)
    # One letter off (a ref ending in "x", 1 in 64, made "x" the ref itself: a fresh clone's CI).
    off_by_one = ref[:-1] + ("y" if ref.endswith("x") else "x")
    for guess in (off_by_one, "stored:" + ref, "../deck.json", 42):
        refused("error.unknown_deck", engine.create_game, "en", guess, browser=TEACHER)
    # A game that plays from no deck takes none, not even its owner's.
    refused(
        "error.unknown_deck", engine.create_game, "en", ref, browser=TEACHER, game="canvas_critters"
    )
    assert row_count(engine, "game") == games
    # The same browser reuses it for any number of games.
    for _ in range(2):
        assert engine.create_game("es", ref, browser=TEACHER).code
    refused("error.deck.no_browser", engine.upload_deck, None, "x", csv_data, files)
    refused("error.deck.bad_title", engine.upload_deck, TEACHER, " ", csv_data, files)


def row_count(engine: Engine, table: str) -> int:
    with engine.door.db.engine.connect() as connection:
        return connection.execute(text(f"SELECT COUNT(*) FROM {table}")).scalar_one()


def play_whole_game(engine: Engine, clock: FakeClock, ref: str, players: int) -> list[dict]:
    """A game on the uploaded deck, every round played through; each round's reveal, after
    checking what each role saw of the objects before it."""
    game = engine.create_game("en", ref, browser=TEACHER)
    t = Table(engine, clock, game.code, game.facilitator_token)
    for name in NAMES[:players]:
        t.tokens[name] = engine.join(game.code, name)
    engine.start(t.fac)
    reveals = []
    for number in range(1, players + 1):
        t.advance_to("pulse1", number)
        true_id, false_id = t.true_and_false()
        for name in t.artists():
            t.submit(name)
        t.advance_to("pulse2", number)
        for name in t.artists():
            t.submit(name)
        t.advance_to("choice", number)
        curator = t.curator()
        seen = {name: json.dumps(t.view(name)) for name in t.names}
        options = t.view(curator)["options"]
        engine.choose(t.tokens[curator], options[0]["id"], rid())
        for name in t.names:
            own = t.signature_of(name)
            engine.accuse(
                t.tokens[name], next(s for s in t.public()["signatures"] if s != own), rid()
            )
        assert t.phase() == "reveal"
        reveal = t.public()["reveal"]
        reveals.append(reveal | {"seen": seen, "curator_options": options})
        assert (reveal["true_target"]["id"], reveal["false_target"]["id"]) == (true_id, false_id)
    t.advance_to("finished", players)
    assert t.public()["winners"]
    return reveals


@pytest.mark.parametrize("pictures", [True, False])
def test_a_whole_game_on_an_uploaded_deck(engine, clock, pictures):
    ref = engine.upload_deck(TEACHER, "Sample", *samples.upload(pictures))
    reveals = play_whole_game(engine, clock, ref, 5)
    names = {english for objects in samples.CATEGORIES.values() for english, _ in objects}
    assert len({(r["true_target"]["id"], r["false_target"]["id"]) for r in reveals}) == 5
    for reveal in reveals:
        true, false = reveal["true_target"], reveal["false_target"]
        assert {true["name"], false["name"]} <= names
        for obj in (true, false, *reveal["curator_options"]):
            if pictures:
                assert obj["image"].startswith("data:image/png;base64,")
            else:
                assert obj["image"] is None
        # Before the reveal, each role saw its own object's name and nothing of the other.
        for name, view in reveal["seen"].items():
            role = (
                reveal["curator"] == name
                and "curator"
                or (reveal["distorter"] == name and "distorter" or "loyal")
            )
            shown = {"curator": None, "distorter": false, "loyal": true}[role]
            hidden = [o for o in (true, false) if o is not shown]
            if role == "curator":
                continue  # the Curator has the four options by now (R6)
            assert all(f'"{o["name"]}"' not in view for o in hidden), (role, name)
            assert all(o["id"] not in view for o in hidden), (role, name)
            assert len([o for o in reveal["curator_options"] if o["id"] in view]) == 1


def test_two_games_on_one_deck_do_not_interfere(engine, clock):
    ref = engine.upload_deck(TEACHER, "Shared", *samples.upload(pictures=False))
    first, second = (engine.create_game("en", ref, browser=TEACHER) for _ in range(2))
    for game in (first, second):
        for name in NAMES[:5]:
            engine.join(game.code, name)
        engine.start(game.facilitator_token)
    version = engine.status(second.code)["version"]
    for _ in range(8 * 5):
        engine.advance(first.facilitator_token)
    assert engine.public_view(first.code)["phase"] == "finished"
    assert engine.status(second.code)["version"] == version
    assert engine.public_view(second.code)["phase"] == "roles"
    # Playing again with the class keeps the deck, without asking the browser again.
    again = engine.play_again(first.facilitator_token)
    tokens = [engine.join(again.code, name) for name in NAMES[:5]]
    engine.start(again.facilitator_token)
    targets = [engine.player_view(token)["target"] for token in tokens]
    names = {english for objects in samples.CATEGORIES.values() for english, _ in objects}
    assert {t["name"] for t in targets if t} <= names


def test_the_built_in_deck_as_a_worked_example_is_accepted(engine):
    deck = load_deck()
    ref = engine.upload_deck(
        TEACHER, "Example", deck_as_csv(deck).encode(), [("p.zip", deck_pictures_zip(deck))]
    )
    assert engine.decks(TEACHER)[0]["objects"] == len(deck.objects)
    assert engine.create_game("en", ref, browser=TEACHER).code
    # The template is the format's first lines, refused only for what a real deck adds.
    error = refusal(engine, template_csv().encode(), [])
    assert {p.key for p in error.problems} == {"error.deck.no_pictures", "error.deck.few_pairs"}


def test_decks_live_in_the_database_for_every_app_server(file_url):
    clock = FakeClock()
    uploader = Engine(file_url, clock=clock, seed=3)
    ref = uploader.upload_deck(TEACHER, "Shared", *samples.upload())
    other_server = Engine(file_url, clock=clock, seed=4)
    assert [d["id"] for d in other_server.decks(TEACHER)] == [ref]
    game = other_server.create_game("en", ref, browser=TEACHER)
    tokens = [uploader.join(game.code, name) for name in NAMES[:5]]
    uploader.start(game.facilitator_token)
    targets = [other_server.player_view(token)["target"] for token in tokens]
    assert sum(target is None for target in targets) == 1  # the Curator
    assert all(t["image"].startswith("data:image/png") for t in targets if t is not None)


def test_an_unused_deck_is_purged_after_the_retention_period(clock):
    engine = Engine("sqlite://", clock=clock, seed=5, retention_days=1)
    used = engine.upload_deck(TEACHER, "Used", *samples.upload(pictures=False))
    engine.upload_deck(TEACHER, "Forgotten", *samples.upload())
    game = engine.create_game("en", used, browser=TEACHER)
    clock.advance(0.5 * 86400)
    engine.join(game.code, "Ana")  # the game stays alive, and so does its deck
    clock.advance(0.75 * 86400)
    engine.purge()
    assert [d["title"] for d in engine.decks(TEACHER)] == ["Used"]
    assert deck_rows(engine) == (1, 0)
    assert engine.public_view(game.code)["players"] == ["Ana"]
