"""The callback data of a button entry's buttons (Tamalo's keypad, Macchiavelli's card pad):
``<prefix>:<entry>:<version>:<action>``, the entry's row and the version of it the button was
drawn for, so that a stale or repeated tap is found, whatever game the entry is for."""

from __future__ import annotations

#: The largest id or version a stored row can have: anything bigger was forged.
MAX_ID = 2**31 - 1


def callback(prefix: str, entry_id: int, version: int, action: str) -> str:
    return f"{prefix}:{entry_id}:{version}:{action}"


def parse_callback(prefix: str, data: str) -> tuple[int, int, str] | None:
    """``mano:12:3:d7`` (``prefix`` ``mano``) → (entry 12, version 3, action ``d7``);
    ``None`` if malformed or another prefix's."""
    found, _, rest = data.partition(":")
    entry_id, _, rest = rest.partition(":")
    version, _, action = rest.partition(":")
    if found != prefix or not entry_id.isdecimal() or not version.isdecimal() or not action:
        return None
    if int(entry_id) > MAX_ID or int(version) > MAX_ID:  # forged: no such row can exist
        return None
    return int(entry_id), int(version), action
