"""The test kit every layer shares: a request id, a refused command, a wait for a state.

Imported as `tests.kit` everywhere (engine, pages, ui and browser tests alike), so there is
one copy of it in a run: a module imported under two names would keep two id counters.
Nothing here imports pytest, Playwright or Streamlit.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from typing import Any

from engine import RuleError


def rid() -> str:
    """A fresh request id, as a page makes one per click: unique across processes too (a
    browser test's engine writes to the database its app server reads)."""
    return uuid.uuid4().hex


def refused(key: str, call: Callable[..., Any], *args: Any, **kwargs: Any) -> RuleError:
    """Run a call the rules must refuse with `key`; return the error."""
    try:
        call(*args, **kwargs)
    except RuleError as error:
        assert error.key == key, f"expected {key}, got {error.key}: {error}"
        return error
    raise AssertionError(f"expected RuleError {key}, but the call was accepted")


def eventually(
    read: Callable[[], Any], expected: Any = True, timeout: float = 15.0, what: str = ""
) -> Any:
    """``read()`` again until it gives ``expected`` (a page's parts arrive one by one, another
    process writes when it will); returns it. Past `timeout` seconds it fails, saying what it
    read (`what`, else the function's name), what it waited for and the last value it got: a
    caller's bare `assert eventually(...)` would otherwise pass on any value that is not
    empty. A read that raises AssertionError or ValueError counts as not yet."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = read()
        except (AssertionError, ValueError):
            value = None
        if value == expected:
            return value
        if time.monotonic() > deadline:
            where = what or getattr(read, "__qualname__", repr(read))
            raise AssertionError(
                f"waited {timeout:g} s for {where} to read {expected!r}; it last read {value!r}"
            )
        time.sleep(0.1)
