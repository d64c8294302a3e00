"""Telegram's limits on what the bot sends: how a long text is split or cut to fit.

Telegram refuses a message over 4,096 characters and a caption over 1,024 (counted in UTF-16
units: an emoji is two), and the chat would only read "something went wrong". Lists that grow
with a group's history (head-to-heads of 200 opponents, every player of the group) can pass
that. ``bot.botapi.TamaloBot`` applies these to every call: a long message is sent in pieces
split at line ends, the buttons under the last piece; an edit or a caption too long is cut at
a line end and ends with "…". A chart Telegram would refuse as a photo (taller than its
limits: the night chart of a hundred players) is sent as a file, a document.
"""

from __future__ import annotations

MESSAGE_LIMIT = 4096
CAPTION_LIMIT = 1024
#: A photo's limits: width and height together, the longer side against the shorter, bytes.
PHOTO_SIDES, PHOTO_RATIO, PHOTO_BYTES = 10_000, 20, 10 * 1024 * 1024
_PNG = b"\x89PNG\r\n\x1a\n"
#: What ends a text cut short.
CUT = "\n…"


def length(text: str) -> int:
    """The length as Telegram counts it: UTF-16 code units."""
    return len(text.encode("utf-16-le")) // 2


def pieces(text: str, limit: int) -> list[str]:
    """``text`` in pieces of at most ``limit``, split at line ends (a line longer than
    ``limit`` alone is split at spaces, or anywhere if it has none)."""
    found: list[str] = []
    current = ""
    for line in _short_lines(text, limit):
        joined = f"{current}\n{line}" if current else line
        if current and length(joined) > limit:
            found.append(current)
            joined = line
        current = joined
    return [*found, current]


def _short_lines(text: str, limit: int) -> list[str]:
    lines = []
    for line in text.split("\n"):
        while length(line) > limit:
            head = _fitting(line, limit)
            cut = head.rfind(" ")
            head = head[:cut] if cut > 0 else head
            lines.append(head)
            line = line[len(head) :].lstrip(" ")
        lines.append(line)
    return lines


def _fitting(text: str, limit: int) -> str:
    """The longest start of ``text`` within ``limit``."""
    end = min(len(text), limit)
    while (excess := length(text[:end]) - limit) > 0:
        end -= max(1, excess // 2)  # a character is one or two units: never too many
    return text[:end]


def shortened(text: str, limit: int) -> str:
    """``text``, too long for ``limit``: its start cut at a line end, then "…"."""
    return pieces(text, limit - length(CUT))[0] + CUT


def fits_a_photo(image: bytes) -> bool:
    """Whether Telegram takes ``image`` as a photo: a PNG's size read from its header (any
    other image is taken to fit)."""
    if len(image) > PHOTO_BYTES:
        return False
    if not image.startswith(_PNG) or len(image) < 24:
        return True
    width, height = int.from_bytes(image[16:20], "big"), int.from_bytes(image[20:24], "big")
    sides = width + height <= PHOTO_SIDES
    return sides and max(width, height) <= PHOTO_RATIO * max(min(width, height), 1)
