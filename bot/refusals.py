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
    NoJoiningTournaments,
    NothingToReopen,
    RematchTournament,
    ReopenAnnulled,
    ReopenReachedTarget,
    ReopenTournament,
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
from play.tournament import FinalUnderWay, GameRunning, TournamentInProgress
from scoring import (
    AlreadySeated,
    HandNotSeated,
    LastTwoStay,
    LeftForGood,
    NoHandsLeft,
    NoJoinersInQuadri,
    NoJoinersInSixCards,
    NoLeavingQuadri,
    NoSuchHand,
    NotPlaying,
    QuadriNeedsFour,
    RuleBroken,
    TournamentTooSmall,
)

#: A word typed and quoted back in a mistake's reply is cut to this: quoted whole, a pasted
#: wall of text could make the reply longer than the 4096 characters Telegram accepts.
QUOTED_WORD = 60
_LONG_WORD = re.compile(rf"[^\s«»]{{{QUOTED_WORD + 1},}}")


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


def _says(kind: type[Broken], render: Callable[[Broken], str]) -> tuple[type[Mistake], Render]:
    """One line of the table: ``render`` reads the error of its own kind."""
    return cast(type[Mistake], kind), cast(Render, render)


def _hand_not_seated(error: HandNotSeated) -> str:
    if error.missing:
        return texts.missing_players(error.missing)
    return texts.not_in_this_hand(error.strangers[0], error.seated, error.number)


def _unknown_player(error: UnknownPlayer) -> str:
    if error.known:
        return texts.unknown_move_player(error.name, error.known)
    return texts.MOVE_NO_PLAYERS


def _undone_just_now(error: UndoneJustNow) -> str:
    label = texts.table_label(error.record) if error.record is not None else ""
    return texts.undo_just_done(error.number, error.hands, label)


#: Every rule the engine enforces and every refusal of an action, and the text that answers
#: it (read when answered: in the chat's language).
RULE_TEXTS: Mapping[type[Mistake], Render] = dict(
    [
        _says(NoRunningGame, lambda _: texts.NO_RUNNING_GAME),
        _says(QuadriNeedsFour, lambda e: texts.quadri_players(e.count)),
        _says(NoJoinersInQuadri, lambda _: texts.NO_JOINING_QUADRI),
        _says(NoJoinersInSixCards, lambda _: texts.SIX_CARDS_TWO_PLAYERS),
        _says(AlreadySeated, lambda e: texts.already_seated(e.player)),
        _says(LeftForGood, lambda e: texts.left_for_good(e.player)),
        _says(NoLeavingQuadri, lambda _: texts.NO_LEAVING_QUADRI),
        _says(NotPlaying, lambda e: texts.leaver_not_playing(e.player, e.players)),
        _says(LastTwoStay, lambda _: texts.LAST_TWO_STAY),
        _says(NoHandsLeft, lambda _: texts.GAME_ALREADY_CLOSED),
        _says(NoSuchHand, lambda e: texts.no_such_hand(str(e.number), e.played)),
        _says(HandNotSeated, _hand_not_seated),
        _says(TournamentTooSmall, lambda e: texts.tournament_players(e.minimum)),
        _says(NotAtTheTable, lambda _: texts.VOTE_NOT_AT_THE_TABLE),
        _says(UnknownPlayer, _unknown_player),
        _says(PlayerTakenByOther, lambda e: texts.iam_taken(e.player)),
        _says(NotLinked, lambda _: texts.iam_shown(None)),
        _says(NobodyLinked, lambda e: texts.iam_nobody(e.player)),
        _says(NotYourPlayer, lambda e: texts.iam_not_yours(e.player)),
        _says(AdminsDecide, lambda _: texts.ADMIN_SETTING_FOR_ADMINS),
        _says(NoGameYet, lambda _: texts.NO_GAME_YET),
        _says(GameAnnulled, lambda _: texts.ANNULLED_GAME),
        _says(LeaderboardEmpty, lambda _: texts.LEADERBOARD_EMPTY),
        _says(NoStatsFor, lambda e: texts.unknown_stats_player(e.name, e.known)),
        _says(NoHandsToDraw, lambda _: texts.NO_HANDS_TO_DRAW),
        _says(NoGamesTonight, lambda _: texts.NO_GAMES_TONIGHT),
        _says(GameRunning, lambda e: texts.game_running(e.players)),
        _says(TournamentInProgress, lambda _: texts.TOURNAMENT_IN_PROGRESS),
        _says(FinalUnderWay, lambda _: texts.FINAL_UNDER_WAY),
        _says(NoJoiningTournaments, lambda _: texts.NO_JOINING_TOURNAMENTS),
        _says(NothingToReopen, lambda _: texts.NOTHING_TO_REOPEN),
        _says(NewerGameStarted, lambda _: texts.NEWER_GAME_STARTED),
        _says(AlreadyRunning, lambda _: texts.ALREADY_RUNNING),
        _says(ReopenAnnulled, lambda _: texts.REOPEN_ANNULLED),
        _says(ReopenTournament, lambda _: texts.REOPEN_TOURNAMENT),
        _says(ReopenReachedTarget, lambda _: texts.REOPEN_REACHED_TARGET),
        _says(NoGameToRematch, lambda _: texts.NO_GAME_TO_REMATCH),
        _says(RematchTournament, lambda _: texts.REMATCH_TOURNAMENT),
        _says(MessageHandled, lambda _: texts.ALREADY_HANDLED),
        _says(EditedHandGone, lambda _: texts.EDITED_HAND_GONE),
        _says(EditedHandClosed, lambda _: texts.EDITED_HAND_CLOSED),
        _says(FixClosedGame, lambda _: texts.FIX_CLOSED_GAME),
        _says(NoHandToUndo, lambda _: texts.NO_HAND_TO_UNDO),
        _says(UndoClosedGame, lambda e: texts.undo_closed_game(tournament=e.tournament)),
        _says(JoinUndoneJustNow, lambda _: texts.JOIN_UNDONE_JUST_NOW),
        _says(UndoneJustNow, _undone_just_now),
    ]
)


def mistake(error: Mistake) -> UserError:
    """The rule ``error`` broke, or the refusal, as the mistake the chat is told about."""
    return UserError(RULE_TEXTS[type(error)](error))
