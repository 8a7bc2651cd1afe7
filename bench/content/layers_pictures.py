"""Draws Canvas Layers' pictures: data/canvas_layers/pictures/art-NN.svg (60 transparent layers)
and bg-NN.svg (15 full-frame backgrounds), all 300 x 400.

Run: .venv/bin/python -m bench.content.layers_pictures [--preview DIR]

Every picture is drawn here from plain shapes, seeded by its card's number, so running this
again writes the same files. With --preview, a few paintings (three layers over a background,
stacked as the game stacks them) are also rendered to PNG with headless Chromium, to look at.

How the layers are made to go together:
- One palette for everything (PALETTE), strong mid-tones with a cream and an ink, chosen to
  read over light and dark backgrounds alike.
- Each layer draws one motif (a sun, hills, a tree, rain, a dotted disc, stripes ...) over
  part of the frame, never all of it, mostly with some transparency, so what lies below shows
  through. Motifs are placed by their nature (skies high, ground low, things in between) but
  at a seeded position, size and colour, so two cards of one motif differ.
- Ids inside a picture start with its file's name, so three layers in one page never clash.
Only elements and attributes of the project's SVG allowlist are used (engine/svg_allowlist.py;
the tests check every file).
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable
from pathlib import Path

from engine.canvas_layers.cards import PICTURES

WIDTH, HEIGHT = 300, 400
PALETTE = {
    "red": "#d1495b",
    "orange": "#f08a4b",
    "mustard": "#edae49",
    "teal": "#00798c",
    "blue": "#30638e",
    "deep": "#003d5b",
    "green": "#6a994e",
    "lime": "#a7c957",
    "plum": "#7b2d65",
    "pink": "#f4a6b7",
    "cream": "#fdf0d5",
    "ink": "#22223b",
    "sky": "#8ecae6",
    "coral": "#ff7f51",
}
WARM = ["red", "orange", "mustard", "coral", "pink"]
COOL = ["teal", "blue", "deep", "sky", "plum"]
EARTH = ["green", "lime", "mustard", "teal", "plum"]


def n(value: float) -> str:
    """A number as an attribute writes it: at most one decimal."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def svg(body: list[str], name: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}">\n<title>{name}</title>\n'
        + "\n".join(body)
        + "\n</svg>\n"
    )


def colour(rng: random.Random, family: list[str] | None = None) -> str:
    return PALETTE[rng.choice(family or list(PALETTE))]


# ---------------------------------------------------------------- motifs


def star_points(cx: float, cy: float, outer: float, inner: float, tips: int = 5) -> str:
    points = []
    for i in range(tips * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / tips - math.pi / 2
        points.append(f"{n(cx + radius * math.cos(angle))},{n(cy + radius * math.sin(angle))}")
    return " ".join(points)


def sun(rng, uid):
    cx, cy, r = rng.uniform(80, 220), rng.uniform(70, 150), rng.uniform(38, 56)
    fill = colour(rng, ["mustard", "orange", "coral", "red", "cream"])
    rays = []
    count = rng.choice([8, 12, 16])
    for i in range(count):
        a = 2 * math.pi * i / count
        x1, y1 = cx + (r + 8) * math.cos(a), cy + (r + 8) * math.sin(a)
        x2, y2 = cx + (r + 26) * math.cos(a), cy + (r + 26) * math.sin(a)
        rays.append(f'<line x1="{n(x1)}" y1="{n(y1)}" x2="{n(x2)}" y2="{n(y2)}"/>')
    return [
        f'<g stroke="{fill}" stroke-width="5" stroke-linecap="round">{"".join(rays)}</g>',
        f'<circle cx="{n(cx)}" cy="{n(cy)}" r="{n(r)}" fill="{fill}" fill-opacity="0.92"/>',
    ]


def moon(rng, uid):
    cx, cy, r = rng.uniform(80, 220), rng.uniform(70, 150), rng.uniform(42, 62)
    fill = colour(rng, ["cream", "mustard", "pink", "sky"])
    shift = r * 0.55
    return [
        f'<mask id="{uid}-cut"><rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>'
        f'<circle cx="{n(cx + shift)}" cy="{n(cy - shift * 0.4)}" r="{n(r * 0.9)}" fill="black"/>'
        "</mask>",
        f'<circle cx="{n(cx)}" cy="{n(cy)}" r="{n(r)}" fill="{fill}" mask="url(#{uid}-cut)"/>',
        *(
            f'<polygon points="{star_points(rng.uniform(20, 280), rng.uniform(20, 220), 10, 4)}"'
            f' fill="{fill}" fill-opacity="0.85"/>'
            for _ in range(rng.randint(5, 9))
        ),
    ]


def hills(rng, uid):
    body = []
    base = rng.uniform(250, 300)
    family = rng.choice([EARTH, COOL, WARM])
    for layer in range(3):
        top = base + layer * 35
        peak1, peak2 = rng.uniform(-40, 150), rng.uniform(150, 340)
        h1, h2 = rng.uniform(40, 90), rng.uniform(40, 90)
        d = (
            f"M0 {n(top)} C{n(peak1)} {n(top - h1)} {n(peak2 - 60)} {n(top - h2)} "
            f"{n(peak2)} {n(top - 10)} S{WIDTH} {n(top)} {WIDTH} {n(top)} "
            f"L{WIDTH} {HEIGHT} L0 {HEIGHT} Z"
        )
        body.append(f'<path d="{d}" fill="{colour(rng, family)}" fill-opacity="0.88"/>')
    return body


def waves(rng, uid):
    body = []
    stroke = colour(rng, COOL + ["cream"])
    top = rng.uniform(230, 300)
    amplitude, length = rng.uniform(6, 14), rng.uniform(40, 70)
    for row in range(rng.randint(4, 6)):
        y = top + row * 18
        d = f"M-20 {n(y)}"
        x = -20.0
        while x < WIDTH + 20:
            d += f" q{n(length / 4)} {n(-amplitude)} {n(length / 2)} 0 t{n(length / 2)} 0"
            x += length
        body.append(
            f'<path d="{d}" fill="none" stroke="{stroke}" stroke-width="{n(rng.uniform(3, 6))}" '
            f'stroke-linecap="round" stroke-opacity="0.9"/>'
        )
    return body


def mountains(rng, uid):
    base = rng.uniform(290, 340)
    fill = colour(rng, ["blue", "deep", "plum", "teal", "ink"])
    body = []
    x = -30.0
    while x < WIDTH:
        width, height = rng.uniform(90, 150), rng.uniform(110, 190)
        peak = (x + width / 2, base - height)
        body.append(
            f'<polygon points="{n(x)},{n(base)} {n(peak[0])},{n(peak[1])} {n(x + width)},{n(base)}"'
            f' fill="{fill}" fill-opacity="0.85"/>'
        )
        cap = 0.28
        body.append(
            f'<polygon points="{n(peak[0] - width * cap / 2)},{n(peak[1] + height * cap)} '
            f"{n(peak[0])},{n(peak[1])} {n(peak[0] + width * cap / 2)},{n(peak[1] + height * cap)} "
            f'{n(peak[0])},{n(peak[1] + height * cap * 0.7)}" fill="#fdf0d5"/>'
        )
        x += width * rng.uniform(0.55, 0.8)
    body.append(
        f'<rect x="0" y="{n(base)}" width="{WIDTH}" height="{n(HEIGHT - base)}" fill="{fill}"/>'
    )
    return body


def tree(rng, uid):
    x, ground = rng.uniform(60, 240), rng.uniform(330, 380)
    height = rng.uniform(140, 220)
    trunk = colour(rng, ["ink", "plum", "deep"])
    leaves = rng.choice([EARTH, WARM])
    body = [
        f'<rect x="{n(x - 7)}" y="{n(ground - height)}" width="14" height="{n(height)}" rx="5" '
        f'fill="{trunk}"/>'
    ]
    for _ in range(rng.randint(5, 8)):
        cx = x + rng.uniform(-45, 45)
        cy = ground - height + rng.uniform(-30, 40)
        body.append(
            f'<circle cx="{n(cx)}" cy="{n(cy)}" r="{n(rng.uniform(22, 40))}" '
            f'fill="{colour(rng, leaves)}" fill-opacity="0.8"/>'
        )
    return body


def cypresses(rng, uid):
    body = []
    fill = colour(rng, ["green", "deep", "teal", "ink"])
    for _ in range(rng.randint(2, 4)):
        x, ground = rng.uniform(30, 270), rng.uniform(340, 395)
        h, w = rng.uniform(120, 220), rng.uniform(18, 32)
        body.append(
            f'<path d="M{n(x)} {n(ground - h)} C{n(x + w)} {n(ground - h * 0.6)} {n(x + w)} '
            f"{n(ground)} {n(x)} {n(ground)} C{n(x - w)} {n(ground)} {n(x - w)} "
            f'{n(ground - h * 0.6)} {n(x)} {n(ground - h)} Z" fill="{fill}" fill-opacity="0.9"/>'
        )
    return body


def clouds(rng, uid):
    body = []
    fill = colour(rng, ["cream", "pink", "sky"])
    for _ in range(rng.randint(2, 3)):
        cx, cy, size = rng.uniform(60, 240), rng.uniform(50, 190), rng.uniform(1.1, 1.8)
        puffs = "".join(
            f'<circle cx="{dx}" cy="{dy}" r="{r}"/>'
            for dx, dy, r in ((-28, 6, 18), (-8, -6, 24), (16, -2, 20), (34, 8, 14))
        )
        body.append(
            f'<g fill="{fill}" fill-opacity="0.85" '
            f'transform="translate({n(cx)} {n(cy)}) scale({size:.2f})">{puffs}'
            '<rect x="-40" y="4" width="86" height="18" rx="9"/></g>'
        )
    return body


def stars(rng, uid):
    fill = colour(rng, ["mustard", "cream", "pink", "sky", "coral"])
    top, bottom = sorted((rng.uniform(10, 200), rng.uniform(120, 380)))
    body = []
    for _ in range(rng.randint(10, 16)):
        r = rng.uniform(9, 24)
        points = star_points(rng.uniform(15, 285), rng.uniform(top, bottom), r, r * 0.4)
        body.append(
            f'<polygon points="{points}" fill="{fill}" fill-opacity="{n(rng.uniform(0.6, 1))}" '
            f'transform="rotate({n(rng.uniform(0, 70))} 150 200)"/>'
        )
    return body


def birds(rng, uid):
    stroke = colour(rng, ["ink", "deep", "plum", "cream"])
    cx, cy = rng.uniform(100, 200), rng.uniform(90, 200)
    body = []
    for _ in range(rng.randint(9, 14)):
        x, y, s = cx + rng.uniform(-90, 90), cy + rng.uniform(-70, 70), rng.uniform(12, 24)
        body.append(
            f'<path d="M{n(x - s)} {n(y)} q{n(s / 2)} {n(-s * 0.7)} {n(s)} 0 '
            f'q{n(s / 2)} {n(-s * 0.7)} {n(s)} 0" fill="none" stroke="{stroke}" stroke-width="4" '
            'stroke-linecap="round"/>'
        )
    return body


def rain(rng, uid):
    stroke = colour(rng, ["sky", "blue", "teal", "cream"])
    left, top = rng.uniform(0, 120), rng.uniform(0, 120)
    width, height = rng.uniform(140, 220), rng.uniform(180, 280)
    lines = []
    for _ in range(rng.randint(22, 34)):
        x, y = left + rng.uniform(0, width), top + rng.uniform(0, height)
        length = rng.uniform(14, 30)
        lines.append(
            f'<line x1="{n(x)}" y1="{n(y)}" x2="{n(x - length * 0.35)}" y2="{n(y + length)}"/>'
        )
    return [
        f'<g stroke="{stroke}" stroke-width="3" stroke-linecap="round" stroke-opacity="0.85">'
        + "".join(lines)
        + "</g>"
    ]


def confetti(rng, uid):
    body = []
    for _ in range(rng.randint(14, 22)):
        x, y = rng.uniform(15, 285), rng.uniform(15, 385)
        s = rng.uniform(6, 13)
        shape = rng.choice(["tri", "rect", "dot"])
        fill = colour(rng, WARM + COOL)
        turn = f'transform="rotate({n(rng.uniform(0, 360))} {n(x)} {n(y)})"'
        if shape == "tri":
            body.append(
                f'<polygon points="{n(x)},{n(y - s)} {n(x + s)},{n(y + s)} {n(x - s)},{n(y + s)}" '
                f'fill="{fill}" {turn}/>'
            )
        elif shape == "rect":
            body.append(
                f'<rect x="{n(x - s)}" y="{n(y - s / 3)}" width="{n(2 * s)}" '
                f'height="{n(s * 0.66)}" rx="2" fill="{fill}" {turn}/>'
            )
        else:
            body.append(f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(s * 0.6)}" fill="{fill}"/>')
    return body


def dotted_disc(rng, uid):
    cx, cy, r = rng.uniform(90, 210), rng.uniform(120, 280), rng.uniform(70, 105)
    fill = colour(rng)
    step = rng.choice([10, 12, 14])
    return [
        f'<pattern id="{uid}-dots" width="{step}" height="{step}" patternUnits="userSpaceOnUse">'
        f'<circle cx="{step / 2}" cy="{step / 2}" r="{n(step * 0.28)}" fill="{fill}"/></pattern>',
        f'<circle cx="{n(cx)}" cy="{n(cy)}" r="{n(r)}" fill="url(#{uid}-dots)"/>',
        f'<circle cx="{n(cx)}" cy="{n(cy)}" r="{n(r)}" fill="none" stroke="{fill}" '
        'stroke-width="3"/>',
    ]


def stripes(rng, uid):
    fill = colour(rng)
    angle = rng.choice([30, 45, 60, 120, 135])
    width = rng.choice([10, 14, 18])
    w, h = rng.uniform(150, 240), rng.uniform(90, 150)
    x, y = rng.uniform(-10, WIDTH - w + 10), rng.uniform(40, 240)
    return [
        f'<pattern id="{uid}-lines" width="{width}" height="{width}" patternUnits="userSpaceOnUse" '
        f'patternTransform="rotate({angle})"><rect width="{n(width / 2)}" height="{width}" '
        f'fill="{fill}"/></pattern>',
        f'<rect x="{n(x)}" y="{n(y)}" width="{n(w)}" height="{n(h)}" rx="{n(rng.uniform(0, 40))}" '
        f'fill="url(#{uid}-lines)" fill-opacity="0.9" '
        f'transform="rotate({n(rng.uniform(-15, 15))} 150 200)"/>',
    ]


def rings(rng, uid):
    cx, cy = rng.uniform(60, 240), rng.uniform(80, 320)
    family = rng.choice([WARM, COOL, EARTH])
    return [
        f'<circle cx="{n(cx)}" cy="{n(cy)}" r="{r}" fill="none" stroke="{colour(rng, family)}" '
        f'stroke-width="{n(rng.uniform(5, 9))}" stroke-opacity="0.9"/>'
        for r in range(rng.randint(14, 22), rng.randint(80, 110), 16)
    ]


def spiral(rng, uid):
    cx, cy = rng.uniform(80, 220), rng.uniform(100, 300)
    stroke = colour(rng)
    points = []
    turns, grow = rng.uniform(2.6, 3.4), rng.uniform(4.5, 6)
    steps = int(turns * 24)
    for i in range(steps):
        a = 2 * math.pi * i / 24
        r = grow * a
        points.append(f"{n(cx + r * math.cos(a))},{n(cy + r * math.sin(a))}")
    return [
        f'<polyline points="{" ".join(points)}" fill="none" stroke="{stroke}" '
        f'stroke-width="{n(rng.uniform(4, 7))}" stroke-linecap="round" stroke-linejoin="round"/>'
    ]


def flower(rng, uid):
    x, y = rng.uniform(70, 230), rng.uniform(140, 260)
    petal, middle = colour(rng, WARM + ["plum", "sky"]), colour(rng, ["mustard", "ink", "cream"])
    stem = colour(rng, ["green", "deep", "teal"])
    count = rng.choice([6, 8, 10])
    size = rng.uniform(24, 36)
    body = [
        f'<path d="M{n(x)} {n(y)} C{n(x - 20)} {n(y + 60)} {n(x + 20)} {n(y + 100)} {n(x)} '
        f'{HEIGHT}" fill="none" stroke="{stem}" stroke-width="6"/>',
        f'<ellipse cx="{n(x + 18)}" cy="{n(y + 90)}" rx="18" ry="7" fill="{stem}" '
        f'transform="rotate(-30 {n(x + 18)} {n(y + 90)})"/>',
    ]
    body += [
        f'<ellipse cx="{n(x)}" cy="{n(y - size)}" rx="{n(size * 0.42)}" ry="{n(size)}" '
        f'fill="{petal}" fill-opacity="0.85" '
        f'transform="rotate({n(360 * i / count)} {n(x)} {n(y)})"/>'
        for i in range(count)
    ]
    body.append(f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(size * 0.45)}" fill="{middle}"/>')
    return body


def blob(rng, uid):
    cx, cy = rng.uniform(90, 210), rng.uniform(120, 280)
    fill = colour(rng)
    points = []
    count = 7
    for i in range(count):
        a = 2 * math.pi * i / count
        r = rng.uniform(45, 95)
        points.append((cx + r * math.cos(a), cy + r * 1.2 * math.sin(a)))
    d = f"M{n((points[0][0] + points[-1][0]) / 2)} {n((points[0][1] + points[-1][1]) / 2)}"
    for i, (px, py) in enumerate(points):
        nx, ny = points[(i + 1) % count]
        d += f" Q{n(px)} {n(py)} {n((px + nx) / 2)} {n((py + ny) / 2)}"
    return [f'<path d="{d} Z" fill="{fill}" fill-opacity="0.78"/>']


def zigzag(rng, uid):
    family = rng.choice([WARM, COOL, EARTH])
    top = rng.uniform(40, 260)
    body = []
    for row in range(rng.randint(3, 5)):
        y = top + row * 24
        stroke = colour(rng, family)
        points = " ".join(
            f"{n(x)},{n(y + (12 if i % 2 else -12))}"
            for i, x in enumerate(range(-10, WIDTH + 30, 25))
        )
        body.append(
            f'<polyline points="{points}" fill="none" stroke="{stroke}" stroke-width="7" '
            'stroke-linejoin="round" stroke-linecap="round"/>'
        )
    return body


def tower(rng, uid):
    x, ground = rng.uniform(40, 180), rng.uniform(340, 400)
    family = rng.choice([WARM, COOL, EARTH])
    body = []
    y = ground
    for _ in range(rng.randint(3, 5)):
        w, h = rng.uniform(60, 100), rng.uniform(36, 60)
        left = x + rng.uniform(-12, 12)
        body.append(
            f'<rect x="{n(left)}" y="{n(y - h)}" width="{n(w)}" height="{n(h)}" '
            f'fill="{colour(rng, family)}" fill-opacity="0.9"/>'
        )
        y -= h
    body.append(
        f'<polygon points="{n(x - 10)},{n(y)} {n(x + 40)},{n(y - 50)} {n(x + 90)},{n(y)}" '
        f'fill="{colour(rng, family)}"/>'
    )
    return body


def arches(rng, uid):
    cx, base = rng.uniform(70, 230), rng.uniform(240, 360)
    colours = rng.sample(list(PALETTE.values()), 4)
    return [
        f'<path d="M{n(cx - r)} {n(base)} A{r} {r} 0 0 1 {n(cx + r)} {n(base)}" fill="none" '
        f'stroke="{c}" stroke-width="13"/>'
        for r, c in zip(range(rng.randint(90, 115), 30, -14), colours, strict=False)
    ]


def fronds(rng, uid):
    fill = colour(rng, ["green", "lime", "teal", "deep"])
    x0, y0 = rng.choice([(0, HEIGHT), (WIDTH, HEIGHT), (0, rng.uniform(150, 300))])
    body = []
    for _ in range(rng.randint(3, 5)):
        angle = math.atan2(200 - y0, 150 - x0) + rng.uniform(-0.7, 0.7)
        length = rng.uniform(140, 230)
        x1, y1 = x0 + length * math.cos(angle), y0 + length * math.sin(angle)
        body.append(
            f'<path d="M{n(x0)} {n(y0)} L{n(x1)} {n(y1)}" stroke="{fill}" stroke-width="4"/>'
        )
        for i in range(1, 8):
            t = i / 8
            px, py = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            degrees = math.degrees(angle)
            for side in (-1, 1):
                body.append(
                    f'<ellipse cx="{n(px)}" cy="{n(py)}" rx="{n(22 * (1.2 - t))}" ry="6" '
                    f'fill="{fill}" fill-opacity="0.85" '
                    f'transform="rotate({n(degrees + side * 45)} {n(px)} {n(py)})"/>'
                )
    return body


def windows(rng, uid):
    family = rng.choice([WARM, COOL])
    x, y = rng.uniform(20, 140), rng.uniform(60, 220)
    cols, rows = rng.randint(2, 3), rng.randint(2, 4)
    size = rng.uniform(34, 46)
    return [
        f'<rect x="{n(x + c * (size + 8))}" y="{n(y + r * (size + 8))}" width="{n(size)}" '
        f'height="{n(size)}" rx="4" fill="{colour(rng, family)}" fill-opacity="0.85"/>'
        for c in range(cols)
        for r in range(rows)
    ]


MOTIFS: list[Callable[[random.Random, str], list[str]]] = [
    sun, hills, rain, flower, dotted_disc, moon, waves, tree, stripes, confetti,
    clouds, mountains, rings, spiral, birds, blob, cypresses, zigzag, tower, arches,
    stars, fronds, windows,
]  # fmt: skip


def art_svg(number: int) -> str:
    name = f"art-{number:02d}"
    rng = random.Random(f"layers-art-{number}")
    motif = MOTIFS[(number - 1) % len(MOTIFS)]
    return svg(motif(rng, name), name)


# ---------------------------------------------------------------- backgrounds

# (top colour, bottom colour, texture, texture colour)
BACKGROUND_LOOKS = [
    ("#fde2c8", "#f7b7a3", "grain", "#ffffff"),  # dawn sky
    ("#0b3c5d", "#062236", "waves", "#8ecae6"),  # deep sea
    ("#f3ead8", "#e4d5b7", "weave", "#b79f7a"),  # linen
    ("#6d597a", "#e56b6f", "grain", "#fdf0d5"),  # dusk
    ("#dff3c4", "#9cc97a", "grass", "#6a994e"),  # meadow
    ("#141a33", "#2b2f5a", "dots", "#fdf0d5"),  # night
    ("#f6e3b4", "#e0c185", "grain", "#a9804a"),  # sand
    ("#e6edf0", "#c9d6dc", "lines", "#ffffff"),  # mist
    ("#f4a259", "#bc4b51", "weave", "#fdf0d5"),  # autumn
    ("#e8f6fb", "#b8e0ee", "lines", "#ffffff"),  # ice
    ("#fde4ec", "#f6bdd1", "dots", "#ffffff"),  # blush
    ("#4a5561", "#2e353d", "weave", "#8a96a3"),  # slate
    ("#a8e0d7", "#3b9c9c", "waves", "#ffffff"),  # lagoon
    ("#3b1f2b", "#7a2e2e", "grain", "#f08a4b"),  # ember
    ("#fbf8f1", "#efe8d8", "lines", "#d8cdb4"),  # paper
]


def texture(kind: str, ink: str, uid: str) -> str:
    """A pattern of `kind` drawn in `ink`, for the background's surface."""
    if kind == "grain":
        marks = "".join(
            f'<circle cx="{x}" cy="{y}" r="{r}"/>'
            for x, y, r in ((3, 5, 1), (13, 2, 0.8), (9, 12, 1.2), (18, 16, 0.7), (2, 18, 0.9))
        )
        return (
            f'<pattern id="{uid}-tex" width="20" height="20" patternUnits="userSpaceOnUse">'
            f'<g fill="{ink}" fill-opacity="0.35">{marks}</g></pattern>'
        )
    if kind == "dots":
        return (
            f'<pattern id="{uid}-tex" width="24" height="24" patternUnits="userSpaceOnUse">'
            f'<circle cx="6" cy="6" r="1.4" fill="{ink}" fill-opacity="0.55"/>'
            f'<circle cx="18" cy="18" r="0.9" fill="{ink}" fill-opacity="0.4"/></pattern>'
        )
    if kind == "weave":
        return (
            f'<pattern id="{uid}-tex" width="8" height="8" patternUnits="userSpaceOnUse">'
            f'<path d="M0 4 H8 M4 0 V8" stroke="{ink}" stroke-width="0.8" stroke-opacity="0.3"/>'
            "</pattern>"
        )
    if kind == "lines":
        return (
            f'<pattern id="{uid}-tex" width="12" height="12" patternUnits="userSpaceOnUse" '
            f'patternTransform="rotate(-20)"><rect width="12" height="1.2" fill="{ink}" '
            'fill-opacity="0.45"/></pattern>'
        )
    if kind == "grass":
        return (
            f'<pattern id="{uid}-tex" width="16" height="14" patternUnits="userSpaceOnUse">'
            f'<path d="M3 14 q1 -6 3 -9 M10 14 q-1 -5 1 -8" fill="none" stroke="{ink}" '
            'stroke-width="1" stroke-opacity="0.35"/></pattern>'
        )
    return (  # waves
        f'<pattern id="{uid}-tex" width="40" height="16" patternUnits="userSpaceOnUse">'
        f'<path d="M0 8 q10 -6 20 0 t20 0" fill="none" stroke="{ink}" stroke-width="1.2" '
        'stroke-opacity="0.3"/></pattern>'
    )


def background_svg(number: int) -> str:
    name = f"bg-{number:02d}"
    top, bottom, kind, ink = BACKGROUND_LOOKS[number - 1]
    body = [
        f'<linearGradient id="{name}-sky" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0" stop-color="{top}"/><stop offset="1" stop-color="{bottom}"/>'
        "</linearGradient>",
        f'<radialGradient id="{name}-glow" cx="0.5" cy="0.35" r="0.7">'
        '<stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/>'
        '<stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>',
        texture(kind, ink, name),
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="url(#{name}-sky)"/>',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="url(#{name}-glow)"/>',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="url(#{name}-tex)"/>',
        f'<rect x="6" y="6" width="{WIDTH - 12}" height="{HEIGHT - 12}" fill="none" '
        f'stroke="{ink}" stroke-opacity="0.35" stroke-width="2"/>',
    ]
    return svg(body, name)


# ---------------------------------------------------------------- writing and looking


def write_all(folder: Path = PICTURES) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(1, 61):
        (folder / f"art-{number:02d}.svg").write_text(art_svg(number), "utf-8")
    for number in range(1, len(BACKGROUND_LOOKS) + 1):
        (folder / f"bg-{number:02d}.svg").write_text(background_svg(number), "utf-8")


def preview(folder: Path, count: int = 12, seed: int = 7) -> None:
    """Render `count` random paintings to PNG files in `folder` (headless Chromium)."""
    from playwright.sync_api import sync_playwright

    from engine.canvas_layers import rules
    from engine.canvas_layers.cards import load_cards
    from engine.canvas_layers.pictures import painting_svg

    cards = load_cards()
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    tiles = []
    for _ in range(count):
        layers = [card.id for card in rng.sample(cards.art, 3)]
        background = rng.choice(cards.backgrounds).id
        tiles.append(
            "<figure>"
            + painting_svg(background, layers).replace(
                f'width="{WIDTH}" height="{HEIGHT}"', 'width="240" height="320"', 1
            )
            + f"<figcaption>{rules.title(layers, 'en')}<br>{rules.title(layers, 'es')}"
            f"<br>{background} {' '.join(layers)}</figcaption></figure>"
        )
    page = (
        "<html><body style='margin:0;background:#777;font:12px sans-serif;display:flex;"
        "flex-wrap:wrap;gap:8px;padding:8px;width:1000px'>"
        + "".join(tiles).replace("<figure>", "<figure style='margin:0;width:240px'>")
        + "</body></html>"
    )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        tab = browser.new_page(viewport={"width": 1016, "height": 400})
        tab.set_content(page)
        tab.screenshot(path=str(folder / f"paintings-{seed}.png"), full_page=True)
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preview", type=Path, help="also render paintings to PNG here")
    parser.add_argument("--seed", type=int, default=7)
    arguments = parser.parse_args()
    write_all()
    if arguments.preview:
        preview(arguments.preview, seed=arguments.seed)


if __name__ == "__main__":
    main()
