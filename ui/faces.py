"""Students' faces (issue 42) as pictures: simple geometric animal faces, drawn here as SVG
(nothing from another host, no emoji): a face in outline on a disc of the student's colour.
The engine holds only a face's id (engine/avatars.py); this module draws it, and puts its
address beside a name wherever the pages list names (the lobby, the tables, the scores, the
podium); the app serves the picture there (ui/face_files.py).

A face is a badge, never a round's object: a disc, one light colour, one outline, so it
cannot be taken for a deck's picture, and it is never shown beside a drawing before the
rules name its author.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from functools import cache
from math import cos, pi, sin

from engine import avatars
from ui.text import Translator, literal, name_html

#: Each colour's tint: light, so the outline reads on every one, and far from every ink.
TINTS = {
    "lemon": "#fff07a",
    "mint": "#a8e6c1",
    "sky": "#a9d4ff",
    "lilac": "#d7c2f5",
    "peach": "#ffc99e",
    "coral": "#ff9f9a",
    "sand": "#e8d5a9",
    "sage": "#c3d6a0",
}
ROBOT_TINT = "#cfd4da"
INK = "#2d2a26"
FUR = "#fffaf0"
#: What every shape of a face has unless it says otherwise, said once around them all.
STYLE = (
    f'fill="{FUR}" stroke="{INK}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"'
)

# A face as tall as the name's letters, set on its text: it never makes a line taller, so a
# roster of twelve takes the same height on the projector as it did without faces.
FACE_CSS = """
.cc-face { width: 1em; height: 1em; vertical-align: -.15em; margin-right: .25em; }
.cc-face-big { width: 6rem; height: 6rem; }
"""


def _filled(fill: str) -> str:
    """A shape's own fill, where it is not the face's."""
    return "" if fill == FUR else f' fill="{fill}"'


def _circle(x: float, y: float, r: float, fill: str = FUR) -> str:
    return f'<circle cx="{x}" cy="{y}" r="{r}"{_filled(fill)}/>'


def _ellipse(x: float, y: float, rx: float, ry: float, fill: str = FUR) -> str:
    return f'<ellipse cx="{x}" cy="{y}" rx="{rx}" ry="{ry}"{_filled(fill)}/>'


def _shape(points: str, fill: str = FUR) -> str:
    return f'<polygon points="{points}"{_filled(fill)}/>'


def _line(path: str) -> str:
    return f'<path d="{path}" fill="none"/>'


def _dot(x: float, y: float, r: float = 4.5, fill: str = INK) -> str:
    return f'<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="none"/>'


def _round_pair(x: float, y: float, rx: float, ry: float | None = None, fill: str = FUR) -> str:
    """Two round ears (or eye patches, cheeks) at `x` and its mirror across the face."""
    return _ellipse(x, y, rx, ry or rx, fill) + _ellipse(100 - x, y, rx, ry or rx, fill)


def _pointed_pair(*points: tuple[float, float]) -> str:
    """Two pointed ears: the left one's corners, and its mirror across the face."""
    left = " ".join(f"{x},{y}" for x, y in points)
    right = " ".join(f"{100 - x},{y}" for x, y in points)
    return _shape(left) + _shape(right)


def _eyes(y: float = 50, apart: float = 11, r: float = 4.5, fill: str = INK) -> str:
    return _dot(50 - apart, y, r, fill) + _dot(50 + apart, y, r, fill)


def _cat() -> str:
    return (
        _pointed_pair((24, 44), (26, 14), (46, 30))
        + _circle(50, 56, 27)
        + _eyes()
        + _shape("46,60 54,60 50,65", INK)
        + _line("M30,62 L14,58 M30,68 L14,70 M70,62 L86,58 M70,68 L86,70")
    )


def _dog() -> str:
    return (
        _circle(50, 54, 27)
        + _round_pair(24, 50, 9, 20, INK)
        + _eyes(48)
        + _ellipse(50, 64, 12, 9)
        + _ellipse(50, 60, 5, 3.5, INK)
    )


def _fox() -> str:
    return (
        _pointed_pair((22, 40), (20, 10), (44, 28))
        + _shape("18,34 82,34 50,84")
        + _eyes(48, 12)
        + _dot(50, 76, 5)
    )


def _bear() -> str:
    return (
        _round_pair(28, 30, 10)
        + _circle(50, 55, 28)
        + _eyes(48)
        + _ellipse(50, 66, 11, 9)
        + _dot(50, 63, 4)
    )


def _rabbit() -> str:
    return (
        _round_pair(38, 24, 7, 18)
        + _circle(50, 60, 25)
        + _eyes(56, 10)
        + _dot(50, 65, 3.5)
        + _line("M46,72 L46,78 L54,78 L54,72")
    )


def _owl() -> str:
    return (
        _pointed_pair((22, 34), (30, 14), (42, 30))
        + _ellipse(50, 56, 30, 28)
        + _round_pair(37, 50, 10)
        + _eyes(50, 13, 4)
        + _shape("45,60 55,60 50,70", INK)
    )


def _frog() -> str:
    return (
        _round_pair(33, 34, 11)
        + _ellipse(50, 60, 32, 22)
        + _eyes(34, 17, 4.5)
        + _line("M32,64 Q50,78 68,64")
    )


def _mouse() -> str:
    return _round_pair(27, 32, 15) + _ellipse(50, 58, 23, 25) + _eyes(52, 9) + _dot(50, 70, 4.5)


def _lion() -> str:
    turn = 2 * pi / 12  # twelve spikes round the face, each with the notch after it
    mane = " ".join(
        f"{50 + 38 * cos(i * turn):.1f},{54 + 38 * sin(i * turn):.1f} "
        f"{50 + 30 * cos((i + 0.5) * turn):.1f},{54 + 30 * sin((i + 0.5) * turn):.1f}"
        for i in range(12)
    )
    return (
        _shape(mane, INK)
        + _circle(50, 54, 25)
        + _eyes(50)
        + _shape("45,58 55,58 50,64", INK)
        + _line("M50,64 L50,68 M42,70 Q50,74 58,70")
    )


def _panda() -> str:
    return (
        _round_pair(28, 30, 10, fill=INK)
        + _circle(50, 55, 28)
        + _round_pair(38, 51, 7, 9, INK)
        + _eyes(50, 12, 2.5, FUR)
        + _ellipse(50, 66, 5, 3.5, INK)
    )


def _pig() -> str:
    return (
        _pointed_pair((26, 40), (24, 18), (42, 30))
        + _circle(50, 55, 27)
        + _eyes(46)
        + _ellipse(50, 63, 12, 8)
        + _eyes(63, 4, 2.5)
    )


def _koala() -> str:
    return (
        _round_pair(24, 38, 15)
        + _circle(50, 56, 25)
        + _eyes(50, 11, 4)
        + _ellipse(50, 62, 7, 10, INK)
    )


def _robot() -> str:
    return (
        _line("M50,24 L50,14")
        + _circle(50, 12, 4)
        + '<rect x="24" y="24" width="52" height="46" rx="8"/>'
        + f'<rect x="33" y="38" width="10" height="10" fill="{INK}" stroke="none"/>'
        + f'<rect x="57" y="38" width="10" height="10" fill="{INK}" stroke="none"/>'
        + _line("M37,58 L63,58")
        + _line("M20,44 L24,44 M76,44 L80,44")
    )


DRAWINGS: dict[str, Callable[[], str]] = {
    "cat": _cat,
    "dog": _dog,
    "fox": _fox,
    "bear": _bear,
    "rabbit": _rabbit,
    "owl": _owl,
    "frog": _frog,
    "mouse": _mouse,
    "lion": _lion,
    "panda": _panda,
    "pig": _pig,
    "koala": _koala,
}


@cache
def face_svg(face: str) -> str:
    """The SVG document of face `face` (an id of engine/avatars.py): its animal on its
    colour's disc, or the robot's. An unknown id (never stored) draws an empty disc."""
    if face == avatars.ROBOT:
        tint, drawing = ROBOT_TINT, _robot()
    else:
        animal, colour = avatars.parts(face)
        tint = TINTS.get(colour, ROBOT_TINT)
        drawing = DRAWINGS[animal]() if animal in DRAWINGS else ""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<circle cx="50" cy="50" r="48" fill="{tint}" stroke="{INK}" stroke-width="3"/>'
        f"<g {STYLE}>{drawing}</g></svg>"
    )


#: Where this app serves the faces, under its base path (ui/face_files.py).
FACES_PATH = "cc-faces"
#: Every face a view may name, and so every face this app serves.
SERVED = frozenset((*avatars.CHOICES, avatars.ROBOT))


@cache
def faces_version() -> str:
    """A short digest of every face's picture: an address names it, so a browser that kept a
    face for a year fetches it again the day its drawing changes."""
    pictures = "".join(face_svg(face) for face in sorted(SERVED))
    return hashlib.sha256(pictures.encode()).hexdigest()[:8]


def face_src(face: str) -> str:
    """The face's address for an <img>, relative to the page: every page is one step under the
    app's base path (`<base>/play`, `<base>/screen`), so it is `<base>/cc-faces/...`, behind a
    proxy or a hub too, and the push stream, which draws rosters for no page in particular,
    needs no base path to name it. An address, not the picture: a roster of twelve carries
    twelve short addresses in every push event, and each browser fetches a face once. A
    drawn face's id names its drawing already (engine/avatars.py `drawing_key`)."""
    if avatars.is_drawn(face):
        return f"{FACES_PATH}/{face}.svg"
    return f"{FACES_PATH}/{face}.svg?v={faces_version()}"


def face_html(face: str, *, alt: str = "", big: bool = False) -> str:
    """The face as an <img> (st.html drops inline <svg>): beside a name it says nothing the
    name does not (no alt); alone (the picker's preview) `alt` says which it is."""
    size = "cc-face cc-face-big" if big else "cc-face"
    return f'<img class="{size}" alt="{literal(alt)}" src="{face_src(face)}">'


def named_html(name: str, faces: Mapping[str, str]) -> str:
    """A player's name for HTML (`name_html`) with their face before it, where the view
    gives one (`faces`: a view's "avatars")."""
    face = faces.get(name)
    return (face_html(face) if face else "") + name_html(name)


def face_words(face: str, t: Translator) -> str:
    """A face said in words ("fox, mint"; a robot's "robot"; a drawn one's "your drawn face",
    which never says whose), in the page's language."""
    if face == avatars.ROBOT:
        return t("avatar.robot")
    if avatars.is_drawn(face):
        return t("ui.face.drawn")
    animal, colour = avatars.parts(face)
    return t(
        "ui.face.words", animal=t(f"avatar.animal.{animal}"), colour=t(f"avatar.colour.{colour}")
    )
