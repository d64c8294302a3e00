"""What every parser shares: the arguments split into words, and a player's name."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from bot import names, texts
from bot.refusals import UserError

MAX_NAME = 32
_NAME = re.compile(r"[^\W\d_][\w'.\-]*")
_SPACED_SEPARATOR = re.compile(r"\s*([,=])\s*")


def tokens(text: str) -> list[str]:
    """Split arguments on spaces, keeping ``A, 7, KN`` and ``t = Anna`` together; letters and
    digits in their usual form (a full-width ``３`` is a ``3``)."""
    return _SPACED_SEPARATOR.sub(r"\1", names.normal(text).strip()).split()


def parse_nothing(text: str, command: str) -> None:
    """A command that takes no arguments refuses any, so that ``/annulla 1`` is not taken
    for ``/annulla``."""
    if words := tokens(text):
        raise UserError(texts.mistakes.no_arguments(command, " ".join(words)))


#: What ``/aiuto`` takes to show every command, in any language.
EVERYTHING = frozenset({"tutto", "tutti", "all"})


def parse_help(text: str) -> bool:
    """``/aiuto`` alone (the commands a table needs: ``False``) or ``/aiuto tutto`` (every
    command: ``True``); anything else is refused."""
    words = tokens(text)
    if not words:
        return False
    if len(words) == 1 and words[0].casefold() in EVERYTHING:
        return True
    typed = " ".join(words)
    raise UserError(texts.help.help_what(texts.common.command_name("aiuto"), typed))


def _no_card(token: str) -> bool:
    return False


def parse_name(token: str, is_card: Callable[[str], bool] = _no_card) -> str:
    """A player's name as typed (in its usual Unicode form): a word starting with a letter,
    never one of the game's cards (``is_card``, its own), and nothing in it that cannot be
    seen."""
    token = names.normal(token)
    if names.invisible(token):
        raise UserError(texts.mistakes.invisible_name(token))
    if len(token.casefold()) > MAX_NAME or not _NAME.fullmatch(token):
        raise UserError(texts.mistakes.bad_name(token))
    if is_card(token):
        raise UserError(texts.mistakes.name_is_a_card(token))
    return token


def looks_like_name(token: str, is_card: Callable[[str], bool] = _no_card) -> bool:
    return bool(_NAME.fullmatch(token)) and not is_card(token)


def find(name: str, players: Sequence[str]) -> str | None:
    """The seated player with this name, whatever its case or accents."""
    return names.same(name, players)
