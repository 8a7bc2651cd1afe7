"""How long each phase of a game lasts: the game's own lengths, with a facilitator's overrides
checked (any game's: each game passes its own lengths)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.errors import RuleError

MIN_PHASE_SECONDS = 1  # error.bad_durations promises "between 1 second and one hour"
MAX_PHASE_SECONDS = 3600


def durations_for(
    overrides: Mapping[str, float | None] | None, defaults: Mapping[str, float]
) -> dict[str, float | None]:
    """Phase lengths for a game: its rulebook's (`defaults`, phase name -> seconds), with a
    facilitator's overrides checked.

    None makes a phase wait for the facilitator (an untimed pace: WCAG 2.2.1, timing
    adjustable); it still ends early when everyone has answered. Anything but a mapping of
    phase names to seconds or None is refused, not crashed on: the service passes what a
    caller sent straight here.
    """
    result: dict[str, float | None] = {
        str(phase): float(seconds) for phase, seconds in defaults.items()
    }
    if overrides is None:
        return result
    if not isinstance(overrides, Mapping):
        raise RuleError("error.bad_durations", phase="")
    for name, seconds in overrides.items():
        if not isinstance(name, str) or name not in result:
            raise RuleError("error.bad_durations", phase=name)
        if seconds is None:
            result[name] = None
            continue
        # Compared as given: float() of a huge int would raise OverflowError.
        if (
            isinstance(seconds, bool)
            or not isinstance(seconds, int | float)
            or not MIN_PHASE_SECONDS <= seconds <= MAX_PHASE_SECONDS
        ):
            raise RuleError("error.bad_durations", phase=name)
        result[name] = float(seconds)
    return result
