"""The laptop's own secret key: made on the first run, kept in a file git ignores (``.secret_key``).

A fixed key in the code would let anyone who read the repository forge the club's sessions and
table links' CSRF tokens; a key made per run would log everyone out at each restart."""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def local_secret_key(path: Path) -> str:
    """The key stored in ``path``; a new random one written there (readable by the owner only) if none."""
    try:
        key = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        key = ""
    if key:
        return key
    key = secrets.token_urlsafe(50)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it just now: use theirs
        return path.read_text(encoding="utf-8").strip() or key
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(key + "\n")
    return key
