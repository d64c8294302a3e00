"""Who sits where: a late joiner (``/entra``), a leaver (``/esce``), and which table of a
tournament a command is for."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from bot import names
from bot.games.tamalo import texts
from bot.parsing.words import find, parse_name, tokens
from bot.refusals import UserError
from scoring.tamalo import is_card


class CloseToSeated(UserError):
    """``/entra Paola`` with Paolo seated: asked about, with a button that seats ``name``."""

    def __init__(self, name: str, player: str) -> None:
        super().__init__(texts.mistakes.join_meant(name, player))
        self.name = name


def parse_join(
    text: str, players: Sequence[str], left: Collection[str] = (), *, new: bool = False
) -> str:
    """``Dario`` → the late joiner's name, who must not be playing already or have left. A
    name a letter or two off a seated player's is asked about (a typo seats a stranger);
    ``Dario nuovo`` (or ``new``: the button under the question) seats that name all the same."""
    words = tokens(text)
    if not words:
        raise UserError(texts.setup.join_empty(players))
    typed_new = len(words) == 2 and words[1].casefold() in texts.mistakes.NEW_PLAYER_WORDS
    if len(words) > 1 and not typed_new:
        raise UserError(
            texts.setup.join_many(_newcomers(words, players) or [texts.setup.newcomer(players)])
        )
    name = parse_name(words[0], is_card)
    if (seated := find(name, players)) is not None:
        if seated in left:
            raise UserError(texts.mistakes.left_for_good(seated))
        raise UserError(texts.game.already_seated(seated))
    if (twin := names.lookalike(name, players)) is not None:
        raise UserError(texts.mistakes.name_looks_like(name, twin))
    if not (new or typed_new) and (near := names.close(name, players)) is not None:
        raise CloseToSeated(name, near)
    return name


def _newcomers(words: Sequence[str], players: Sequence[str]) -> list[str]:
    """The first two of ``words`` that could join: names, of nobody at the table."""
    found: list[str] = []
    for word in words:
        try:
            name = parse_name(word, is_card)
        except UserError:
            continue
        if find(name, [*players, *found]) is None and names.lookalike(name, players) is None:
            found.append(name)
        if len(found) == 2:
            break
    return found


def parse_leave(text: str, players: Sequence[str]) -> str:
    """``Carlo`` → the player who leaves, who must be playing."""
    words = tokens(text)
    if not words:
        raise UserError(texts.setup.leave_empty(players))
    if len(words) > 1:
        leavers = list(dict.fromkeys(p for w in words if (p := find(w, players)) is not None))
        raise UserError(texts.setup.leave_many(leavers[:2] or players[-1:]))
    player = find(words[0], players)
    if player is None:
        raise UserError(texts.setup.leaver_not_playing(words[0], players))
    return player


def pick_table(tables: Sequence[Sequence[str]], text: str) -> int:
    """Which of the tables playing side by side (a tournament) the names typed belong to."""
    if len(tables) == 1:
        return 0
    words = [w for w in re.split(r"[\s,=]+", names.normal(text)) if w]
    found = [i for i, table in enumerate(tables) if any(find(w, table) for w in words)]
    if len(found) == 1:
        return found[0]
    if not found:
        raise UserError(texts.setup.which_table(tables))
    raise UserError(texts.setup.two_tables_named())


def parse_table(tables: Sequence[Sequence[str]], text: str, command: str) -> int:
    """``/fine`` alone, or ``/fine Anna`` (at a tournament: the table Anna plays at); anything
    else is refused rather than taken for ``/fine`` alone, which would close a game."""
    words = tokens(text)
    if not words:
        return pick_table(tables, "")
    everyone = [p for table in tables for p in table]
    if len(words) == 1 and find(words[0], everyone) is not None:
        return pick_table(tables, words[0])
    raise UserError(texts.mistakes.names_nobody(command, " ".join(words), everyone))
