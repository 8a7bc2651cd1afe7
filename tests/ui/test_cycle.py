"""Lines shown in turn (ui/cycle.py) switch, never fade: a frame with a line half there is
faint text to a reader at the back of the room, and to axe-core, which fresh clone K's audit
caught reading a Layers band line mid-fade as text of contrast 3.45."""

from __future__ import annotations

import re

from ui.cycle import CYCLE_CSS, cycle_html


def test_each_line_is_wholly_shown_or_hidden_and_one_at_a_time():
    html = cycle_html(["one", "two", "three", "four"], seconds=6, now=1000.0)
    assert "animation-timing-function: step-end" in CYCLE_CSS
    (keyframes,) = re.findall(r"@keyframes cc-cycle-4 \{(.*)\}", html)
    opacities = {float(value) for value in re.findall(r"opacity: ([\d.]+)", keyframes)}
    assert opacities == {0.0, 1.0}
    # Shown for its quarter of the cycle: from 0 % to 25 %, hidden from there to the end.
    assert re.findall(r"([\d.]+)%", keyframes) == ["0", "25.00", "100"]
    delays = [float(d) for d in re.findall(r"animation-delay: -([\d.]+)s", html)]
    # Line i starts i lines into the cycle: their delays are a line's time apart, mod 24 s.
    assert sorted((d + 6 * i) % 24 for i, d in enumerate(delays)) == [delays[0]] * 4
