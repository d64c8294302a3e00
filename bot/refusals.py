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
    GameRunning,
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
    TournamentInProgress,
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
from play.tamalo.tournament import FinalUnderWay
from scoring.tamalo import (
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


def _says(kind: type[Broken], render: Callable[[Broken], str]) -> tuple[type[Mistake], Render]:
    """One line of the table: ``render`` reads the error of its own kind."""
    return cast(type[Mistake], kind), cast(Render, render)


def _hand_not_seated(error: HandNotSeated) -> str:
    if error.missing:
        return texts.mistakes.missing_players(error.missing)
    return texts.mistakes.not_in_this_hand(error.strangers[0], error.seated, error.number)


def _unknown_player(error: UnknownPlayer) -> str:
    if error.known:
        return texts.lore.unknown_move_player(error.name, error.known)
    return texts.lore.move_no_players()


def _undone_just_now(error: UndoneJustNow) -> str:
    label = texts.common.table_label(error.record) if error.record is not None else ""
    return texts.hands.undo_just_done(error.number, error.hands, label)


#: Every rule the engine enforces and every refusal of an action, and the text that answers
#: it (read when answered: in the chat's language).
RULE_TEXTS: dict[type[Mistake], Render] = dict(
    [
        _says(NoRunningGame, lambda _: texts.common.no_running_game()),
        _says(QuadriNeedsFour, lambda e: texts.setup.quadri_players(e.count)),
        _says(NoJoinersInQuadri, lambda _: texts.game.no_joining_quadri()),
        _says(NoJoinersInSixCards, lambda _: texts.setup.six_cards_two_players()),
        _says(AlreadySeated, lambda e: texts.game.already_seated(e.player)),
        _says(LeftForGood, lambda e: texts.mistakes.left_for_good(e.player)),
        _says(NoLeavingQuadri, lambda _: texts.game.no_leaving_quadri()),
        _says(NotPlaying, lambda e: texts.setup.leaver_not_playing(e.player, e.players)),
        _says(LastTwoStay, lambda _: texts.game.last_two_stay()),
        _says(NoHandsLeft, lambda _: texts.game.game_already_closed()),
        _says(NoSuchHand, lambda e: texts.setup.no_such_hand(str(e.number), e.played)),
        _says(HandNotSeated, _hand_not_seated),
        _says(TournamentTooSmall, lambda e: texts.setup.tournament_players(e.minimum)),
        _says(NotAtTheTable, lambda _: texts.vote.vote_not_at_the_table()),
        _says(UnknownPlayer, _unknown_player),
        _says(PlayerTakenByOther, lambda e: texts.people.iam_taken(e.player)),
        _says(NotLinked, lambda _: texts.people.iam_shown(None)),
        _says(NobodyLinked, lambda e: texts.people.iam_nobody(e.player)),
        _says(NotYourPlayer, lambda e: texts.people.iam_not_yours(e.player)),
        _says(AdminsDecide, lambda _: texts.settings.admin_setting_for_admins()),
        _says(NoGameYet, lambda _: texts.common.no_game_yet()),
        _says(GameAnnulled, lambda _: texts.game.annulled_game()),
        _says(LeaderboardEmpty, lambda _: texts.stats.leaderboard_empty()),
        _says(NoStatsFor, lambda e: texts.stats.unknown_stats_player(e.name, e.known)),
        _says(NoHandsToDraw, lambda _: texts.stats.no_hands_to_draw()),
        _says(NoGamesTonight, lambda _: texts.stats.no_games_tonight()),
        _says(GameRunning, lambda e: texts.game.game_running(e.players)),
        _says(TournamentInProgress, lambda _: texts.tournament.tournament_in_progress()),
        _says(FinalUnderWay, lambda _: texts.hands.final_under_way()),
        _says(NoJoiningTournaments, lambda _: texts.game.no_joining_tournaments()),
        _says(NothingToReopen, lambda _: texts.game.nothing_to_reopen()),
        _says(NewerGameStarted, lambda _: texts.game.newer_game_started()),
        _says(AlreadyRunning, lambda _: texts.game.already_running()),
        _says(ReopenAnnulled, lambda _: texts.game.reopen_annulled()),
        _says(ReopenTournament, lambda _: texts.game.reopen_tournament()),
        _says(ReopenReachedTarget, lambda _: texts.game.reopen_reached_target()),
        _says(NoGameToRematch, lambda _: texts.game.no_game_to_rematch()),
        _says(RematchTournament, lambda _: texts.game.rematch_tournament()),
        _says(MessageHandled, lambda _: texts.common.already_handled()),
        _says(EditedHandGone, lambda _: texts.hands.edited_hand_gone()),
        _says(EditedHandClosed, lambda _: texts.hands.edited_hand_closed()),
        _says(FixClosedGame, lambda _: texts.hands.fix_closed_game()),
        _says(NoHandToUndo, lambda _: texts.hands.no_hand_to_undo()),
        _says(UndoClosedGame, lambda e: texts.game.undo_closed_game(tournament=e.tournament)),
        _says(JoinUndoneJustNow, lambda _: texts.hands.join_undone_just_now()),
        _says(UndoneJustNow, _undone_just_now),
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
