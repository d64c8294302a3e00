"""What the chat is told when a change breaks one of the rules ``scoring`` enforces, or an
action of ``play`` refuses what was asked."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TypeVar, cast

from bot import texts
from play.errors import (
    AdminsDecide,
    AlreadyRunning,
    FixClosedGame,
    GameAnnulled,
    GameRunning,
    LeaderboardEmpty,
    NobodyLinked,
    NoGamesTonight,
    NoGameYet,
    NoHandsToDraw,
    NoHandToUndo,
    NoRunningGame,
    NoStatsFor,
    NotAtTheTable,
    NotLinked,
    NotYourPlayer,
    PlayerTakenByOther,
    Refused,
    ReopenReachedTarget,
    TournamentInProgress,
    UndoClosedGame,
    UnknownPlayer,
)
from scoring.errors import RuleBroken

#: A word typed and quoted back in a mistake's reply is cut to this: quoted whole, a pasted
#: wall of text could make the reply longer than the 4096 characters Telegram accepts.
QUOTED_WORD = 60
_LONG_WORD = re.compile(rf"[^\s«»“”]{{{QUOTED_WORD + 1},}}")


class UserError(ValueError):
    """Something typed that the bot cannot take; ``message`` tells the chat what to type."""

    def __init__(self, message: str) -> None:
        message = _LONG_WORD.sub(lambda word: word[0][: QUOTED_WORD - 1] + "…", message)
        super().__init__(message)
        self.message = message


Broken = TypeVar("Broken", bound=Exception)
#: What the chat is told: a rule broken or an action refused.
Mistake = RuleBroken | Refused
Render = Callable[[Mistake], str]


def says(kind: type[Broken], render: Callable[[Broken], str]) -> tuple[type[Mistake], Render]:
    """One line of the table: ``render`` reads the error of its own kind."""
    return cast(type[Mistake], kind), cast(Render, render)


def _unknown_player(error: UnknownPlayer) -> str:
    if error.known:
        return texts.mistakes.never_played(error.name, error.known)
    return texts.mistakes.nobody_played()


#: Every rule an engine enforces and every refusal of an action, and the text that answers it
#: (read when answered: in the chat's language): the refusals every game shares, here; each
#: game's own, from its entry in the table of games (``bot.games``), which adds them when it
#: is imported (``use_rule_texts``): a game imports this module, never the other way. A game
#: may say a shared refusal in its own words (its ``rule_texts`` has that kind too): its turns
#: are answered so (``answer_in``), anything else in the shared words.
RULE_TEXTS: dict[type[Mistake], Render] = dict(
    [
        says(NoRunningGame, lambda _: texts.common.no_running_game()),
        says(NotAtTheTable, lambda _: texts.vote.vote_not_at_the_table()),
        says(UnknownPlayer, _unknown_player),
        says(PlayerTakenByOther, lambda e: texts.people.iam_taken(e.player)),
        says(NotLinked, lambda _: texts.people.iam_shown(None)),
        says(NobodyLinked, lambda e: texts.people.iam_nobody(e.player)),
        says(NotYourPlayer, lambda e: texts.people.iam_not_yours(e.player)),
        says(AdminsDecide, lambda _: texts.settings.admin_setting_for_admins()),
        says(NoGameYet, lambda _: texts.common.no_game_yet()),
        says(GameAnnulled, lambda _: texts.mistakes.game_annulled()),
        says(LeaderboardEmpty, lambda _: texts.mistakes.leaderboard_empty()),
        says(NoStatsFor, lambda e: texts.mistakes.unknown_stats_player(e.name, e.known)),
        says(NoHandsToDraw, lambda _: texts.mistakes.nothing_to_draw()),
        says(NoGamesTonight, lambda _: texts.mistakes.no_games_tonight()),
        says(AlreadyRunning, lambda _: texts.mistakes.already_running()),
        says(ReopenReachedTarget, lambda _: texts.mistakes.over_by_its_rules()),
        says(FixClosedGame, lambda _: texts.mistakes.fix_closed_game()),
        says(NoHandToUndo, lambda _: texts.mistakes.nothing_to_undo()),
        says(UndoClosedGame, lambda _: texts.mistakes.undo_closed_game()),
        says(GameRunning, lambda e: texts.mistakes.game_running(e.players)),
        says(TournamentInProgress, lambda _: texts.mistakes.tournament_running()),
    ]
)
#: The shared refusals, which a game may say in its own words.
SHARED = frozenset(RULE_TEXTS)


def use_rule_texts(table: Mapping[type[Mistake], Render]) -> None:
    """A game's own refusals and their texts (its words for a shared one stay its own); a
    kind of its own that another game answers too is a mistake."""
    own = {kind: render for kind, render in table.items() if kind not in SHARED}
    if taken := set(own) & set(RULE_TEXTS):
        raise ValueError(f"refusals answered twice: {sorted(k.__name__ for k in taken)}")
    RULE_TEXTS.update(own)


def mistake(error: Mistake) -> UserError:
    """The rule ``error`` broke, or the refusal, as the mistake the chat is told about."""
    return UserError(RULE_TEXTS[type(error)](error))


def answer_in(words: Mapping[type[Mistake], Render], error: Mistake) -> UserError:
    """``error`` as a game says it (``words``: its ``rule_texts``), else in the shared words."""
    render = words.get(type(error)) or RULE_TEXTS[type(error)]
    return UserError(render(error))
