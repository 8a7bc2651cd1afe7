"""`games_method`: a question about the games, asked of the registry or of one Engine.

`Engine.game_title(...)` (a page with no engine at hand) reads the class's games, the
registry's; `engine.game_title(...)` reads that engine's own (`Engine(games=...)`: a test's
game), so an engine never answers with games it does not run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class games_method(classmethod, Generic[P, R]):  # type: ignore[type-arg]
    """A classmethod that, called on an instance, is given the instance instead of its class
    (both answer `GAMES`): a classmethod still, so the Engine's surface reads it as one."""

    def __init__(self, function: Callable[Concatenate[Any, P], R]) -> None:
        super().__init__(function)

    def __get__(self, instance: object, owner: type | None = None) -> Callable[P, R]:
        bound: Callable[P, R] = self.__func__.__get__(owner if instance is None else instance)
        return bound
