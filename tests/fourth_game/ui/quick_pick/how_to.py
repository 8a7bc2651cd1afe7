"""Quick Pick's lobby lines in pictures: three discs, one of them picked."""

from __future__ import annotations

from ui.text import Translator

FILL = {"red": "#c62828", "green": "#2e7d32", "blue": "#1565c0"}


def how_to_pictures(t: Translator, language: str, width: int, height: int) -> list[tuple[str, str]]:
    discs = "".join(
        f'<circle cx="{width * (n + 1) // 4}" cy="{height // 2}" r="{height // 4}" fill="{fill}"/>'
        for n, fill in enumerate(FILL.values())
    )
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">{discs}</svg>'
    return [(svg, t(f"ui.howto.picture.quick_pick.{n}")) for n in (1, 2, 3)]
