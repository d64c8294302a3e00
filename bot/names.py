"""Players' names as people type them: one name whatever its case or accents (``Nicolo`` is
``Nicolò``), and names that only look alike told apart from new ones."""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Sequence

#: Letters that draw nothing (Hangul fillers, the blank Braille pattern): a name made of
#: them looks empty, or like another name.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
#: Unicode categories that are never seen: format characters (zero-width spaces and joiners,
#: direction marks), controls, private use, unassigned.
_UNSEEN = frozenset({"Cf", "Cc", "Co", "Cn"})
#: Letters of other scripts drawn like Latin ones (Cyrillic, Greek), to their Latin twin.
_LOOKALIKES = str.maketrans(
    "АВЕЅІЈКМНОРСТХУаеіјорсхуѕԁһӏԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧοιν",
    "ABESIJKMHOPCTXYaeijopcxysdhlqwABEZHIKMNOPTYXoiv",
)


def normal(text: str) -> str:
    """Text as compared and stored: compatibility forms unified (``ﬁ`` is ``fi``, ``Ａ`` is
    ``A``), the same letter always written the same way."""
    return unicodedata.normalize("NFKC", text)


def invisible(name: str) -> bool:
    """Whether the name holds a character nobody sees."""
    return any(c in _BLANK_LETTERS or unicodedata.category(c) in _UNSEEN for c in name)


@functools.lru_cache(maxsize=4096)
def fold(name: str) -> str:
    """The name ignoring case and accents: ``NICOLÒ`` and ``nicolo`` fold alike."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@functools.lru_cache(maxsize=4096)
def skeleton(name: str) -> str:
    """What the name looks like: folded, with look-alike letters of other scripts made
    Latin (a Cyrillic ``А`` is an ``A``)."""
    return fold(normal(name).translate(_LOOKALIKES))


def same(name: str, players: Sequence[str]) -> str | None:
    """The player with this name, whatever its case or accents: the same spelling first,
    then the one player (if only one) whose name differs only by accents."""
    key = name.casefold()
    if (exact := next((p for p in players if p.casefold() == key), None)) is not None:
        return exact
    folded = [p for p in players if fold(p) == fold(name)]
    return folded[0] if len(folded) == 1 else None


def lookalike(name: str, players: Sequence[str]) -> str | None:
    """A player whose name cannot be told from ``name`` by eye, though typed otherwise."""
    drawn = skeleton(name)
    return next((p for p in players if skeleton(p) == drawn), None)


def close(name: str, players: Sequence[str]) -> str | None:
    """The one player ``name`` is most likely a typo of (a letter or two off or swapped, or
    the start of the name); ``None`` when none or several are."""
    typed = skeleton(name)
    near = [p for p in players if _near(typed, skeleton(p))]
    return near[0] if len(near) == 1 else None


def _near(typed: str, player: str) -> bool:
    if min(len(typed), len(player)) >= 3 and (player.startswith(typed) or typed.startswith(player)):
        return True
    allowed = 1 if len(player) <= 5 else 2
    return abs(len(typed) - len(player)) <= allowed and distance(typed, player) <= allowed


def distance(a: str, b: str) -> int:
    """Damerau's edit distance (optimal string alignment): letters inserted, deleted or
    changed, and two neighbours swapped (``Anan`` is one edit from ``Anna``), each one edit;
    a swapped pair is not edited again."""
    before: list[int] = []
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, start=1):
        current = [i]
        for j, y in enumerate(b, start=1):
            edits = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                edits = min(edits, before[j - 2] + 1)
            current.append(edits)
        before, previous = previous, current
    return previous[-1]
