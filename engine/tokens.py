"""Secret tokens: made here, handed out once, stored only as hashes.

A player's or the facilitator's token is 256 random bits in the address bar; the database keeps
its SHA-256, so a copy of the database file (a backup, a misplaced export) opens no game.
Browser-session ids are hashed the same way before they are stored.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from typing import TypeGuard

TOKEN_BYTES = 32  # 256 random bits
# What `new_token` makes (URL-safe base64); anything else cannot be a token: refused unread.
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,128}")


def new_token() -> str:
    """A fresh secret token for a URL."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def derived_token(key: str, label: str) -> str:
    """A token only the holder of `key` can make for `label` (a class key and a table's code
    give that table's facilitator token): nothing more than its hash need be stored."""
    digest = hmac.new(key.encode("ascii"), label.encode("utf-8"), "sha256").digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def token_hash(value: str) -> str:
    """What the database stores and looks up instead of the token itself."""
    return hashlib.sha256(value.encode("ascii")).hexdigest()


def well_formed(value: object) -> TypeGuard[str]:
    """Whether `value` could be one of our tokens (a string from a URL, nothing else)."""
    return isinstance(value, str) and TOKEN_PATTERN.fullmatch(value) is not None


def same_hash(stored: str, value: str) -> bool:
    """A constant-time comparison of a stored hash with a presented token's hash."""
    return hmac.compare_digest(stored, token_hash(value))
