"""What the chat is told when a change breaks one of the rules ``scoring`` enforces, or an
action of ``play`` refuses what was asked."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TypeVar, cast

from bot import texts
from play.errors import (
    AdminsDecide,
    GameAnnulled,
    LeaderboardEmpty,
    NobodyLinked,
    NoGamesTonight,
    NoGameYet,
    NoHandsToDraw,
    NoRunningGame,
    NoStatsFor,
    NotAtTheTable,
    NotLinked,
    NotYourPlayer,
    PlayerTakenByOther,
    Refused,
    UnknownPlayer,
)
from play.game import (
    AlreadyRunning,
    NewerGameStarted,
    NoGameToRematch,
    NothingToReopen,
    ReopenAnnulled,
    ReopenReachedTarget,
)
from play.hands import (
    EditedHandClosed,
    EditedHandGone,
    FixClosedGame,
    JoinUndoneJustNow,
    MessageHandled,
    NoHandToUndo,
    UndoClosedGame,
    UndoneJustNow,
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
        return texts.lore.unknown_move_player(error.name, error.known)
    return texts.lore.move_no_players()


def _undone_just_now(error: UndoneJustNow) -> str:
    label = texts.common.table_label(error.record) if error.record is not None else ""
    return texts.hands.undo_just_done(error.number, error.hands, label)


#: Every rule an engine enforces and every refusal of an action, and the text that answers it
#: (read when answered: in the chat's language): the refusals every game shares, here; each
#: game's own, from its entry in the table of games (``bot.games``), which adds them when it
#: is imported (``use_rule_texts``): a game imports this module, never the other way.
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
        says(GameAnnulled, lambda _: texts.game.annulled_game()),
        says(LeaderboardEmpty, lambda _: texts.stats.leaderboard_empty()),
        says(NoStatsFor, lambda e: texts.stats.unknown_stats_player(e.name, e.known)),
        says(NoHandsToDraw, lambda _: texts.stats.no_hands_to_draw()),
        says(NoGamesTonight, lambda _: texts.stats.no_games_tonight()),
        says(NothingToReopen, lambda _: texts.game.nothing_to_reopen()),
        says(NewerGameStarted, lambda _: texts.game.newer_game_started()),
        says(AlreadyRunning, lambda _: texts.game.already_running()),
        says(ReopenAnnulled, lambda _: texts.game.reopen_annulled()),
        says(ReopenReachedTarget, lambda _: texts.game.reopen_reached_target()),
        says(NoGameToRematch, lambda _: texts.game.no_game_to_rematch()),
        says(MessageHandled, lambda _: texts.common.already_handled()),
        says(EditedHandGone, lambda _: texts.hands.edited_hand_gone()),
        says(EditedHandClosed, lambda _: texts.hands.edited_hand_closed()),
        says(FixClosedGame, lambda _: texts.hands.fix_closed_game()),
        says(NoHandToUndo, lambda _: texts.hands.no_hand_to_undo()),
        says(UndoClosedGame, lambda e: texts.game.undo_closed_game(tournament=e.tournament)),
        says(JoinUndoneJustNow, lambda _: texts.hands.join_undone_just_now()),
        says(UndoneJustNow, _undone_just_now),
    ]
)


def use_rule_texts(table: Mapping[type[Mistake], Render]) -> None:
    """A game's own refusals and their texts; a kind answered twice is a mistake."""
    if taken := set(table) & set(RULE_TEXTS):
        raise ValueError(f"refusals answered twice: {sorted(k.__name__ for k in taken)}")
    RULE_TEXTS.update(table)


def mistake(error: Mistake) -> UserError:
    """The rule ``error`` broke, or the refusal, as the mistake the chat is told about."""
    return UserError(RULE_TEXTS[type(error)](error))
