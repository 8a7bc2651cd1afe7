"""The ZIPs teachers download (a game's pictures and results, a whole class's), written one
way."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable


def zip_bytes(files: Iterable[tuple[str, bytes]]) -> bytes:
    """A ZIP holding each (path inside it, content) of `files`, compressed."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files:
            archive.writestr(path, data)
    return buffer.getvalue()
