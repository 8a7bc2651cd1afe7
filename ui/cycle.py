"""Lines shown one at a time in one place, each for a few seconds, by the browser alone (a
CSS animation: no rerun, no script): a projector says more than its room holds at 28 px.

The lines share one grid cell, as tall as the tallest, so the page keeps one height all
along; `now` places the cycle by the clock, so a rerun of the page (every move of a game)
never sends it back to its first line, and every projector shows the same line.
"""

from __future__ import annotations

from collections.abc import Sequence

CYCLE_CSS = """
<style>
.cc-cycle { display: grid; }
.cc-cycle > div { grid-area: 1 / 1; opacity: 0; animation-timing-function: step-end;
  animation-iteration-count: infinite; }
</style>
"""


def cycle_html(lines: Sequence[str], seconds: float, now: float, css_class: str = "") -> str:
    """`lines` (HTML), each shown `seconds` in turn; `css_class` is added to the cell."""
    count = len(lines)
    cycle = seconds * count
    share = 100 / count
    # Each line is seen for its share of the cycle, from the cycle's start, switched rather
    # than faded: no frame shows a line half there (faint text, as axe-core reads it too).
    keyframes = (
        f"@keyframes cc-cycle-{count} {{ 0% {{ opacity: 1; }} "
        f"{share:.2f}%, 100% {{ opacity: 0; }} }}"
    )
    # Line i is at its own start when the clock's place in the cycle is i lines in.
    shown = "".join(
        f'<div style="animation-name: cc-cycle-{count}; animation-duration: {cycle}s; '
        f'animation-delay: -{(now - index * seconds) % cycle:.1f}s">{line}</div>'
        for index, line in enumerate(lines)
    )
    return f'{CYCLE_CSS}<style>{keyframes}</style><div class="cc-cycle {css_class}">{shown}</div>'
