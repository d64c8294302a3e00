"""What the chat is told when a change breaks one of Tamalo's rules (``scoring.tamalo``), or
one of its actions refuses what was asked (its own refusals, added to
``bot.refusals.RULE_TEXTS`` by the table of games; and the shared ones, in Tamalo's words)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.tamalo import texts
from bot.games.tamalo.texts import tournament
from bot.refusals import Mistake, Render, says
from play.errors import (
    AlreadyRunning,
    FixClosedGame,
    GameAnnulled,
    NoHandsToDraw,
    NoHandToUndo,
    ReopenReachedTarget,
    TournamentInProgress,
    UndoClosedGame,
)
from play.tamalo.game import (
    NewerGameStarted,
    NoGameToRematch,
    NoJoiningTournaments,
    NothingToReopen,
    RematchTournament,
    ReopenAnnulled,
    ReopenTournament,
)
from play.tamalo.hands import (
    EditedHandClosed,
    EditedHandGone,
    JoinUndoneJustNow,
    MessageHandled,
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
    TournamentTooSmall,
)


def _hand_not_seated(error: HandNotSeated) -> str:
    if error.missing:
        return texts.mistakes.missing_players(error.missing)
    return texts.mistakes.not_in_this_hand(error.strangers[0], error.seated, error.number)


def _undone_just_now(error: UndoneJustNow) -> str:
    label = texts.words.table_label(error.record) if error.record is not None else ""
    return texts.hands.undo_just_done(error.number, error.hands, label)


RULE_TEXTS: Mapping[type[Mistake], Render] = dict(
    [
        says(QuadriNeedsFour, lambda e: texts.setup.quadri_players(e.count)),
        says(NoJoinersInQuadri, lambda _: texts.game.no_joining_quadri()),
        says(NoJoinersInSixCards, lambda _: texts.setup.six_cards_two_players()),
        says(AlreadySeated, lambda e: texts.game.already_seated(e.player)),
        says(LeftForGood, lambda e: texts.mistakes.left_for_good(e.player)),
        says(NoLeavingQuadri, lambda _: texts.game.no_leaving_quadri()),
        says(NotPlaying, lambda e: texts.setup.leaver_not_playing(e.player, e.players)),
        says(LastTwoStay, lambda _: texts.game.last_two_stay()),
        says(NoHandsLeft, lambda _: texts.game.game_already_closed()),
        says(NoSuchHand, lambda e: texts.setup.no_such_hand(str(e.number), e.played)),
        says(HandNotSeated, _hand_not_seated),
        says(TournamentTooSmall, lambda e: texts.setup.tournament_players(e.minimum)),
        says(TournamentInProgress, lambda _: tournament.tournament_in_progress()),
        says(FinalUnderWay, lambda _: texts.hands.final_under_way()),
        says(NoJoiningTournaments, lambda _: texts.game.no_joining_tournaments()),
        says(ReopenTournament, lambda _: texts.game.reopen_tournament()),
        says(RematchTournament, lambda _: texts.game.rematch_tournament()),
        says(NothingToReopen, lambda _: texts.game.nothing_to_reopen()),
        says(NewerGameStarted, lambda _: texts.game.newer_game_started()),
        says(ReopenAnnulled, lambda _: texts.game.reopen_annulled()),
        says(NoGameToRematch, lambda _: texts.game.no_game_to_rematch()),
        says(MessageHandled, lambda _: texts.common.already_handled()),
        says(EditedHandGone, lambda _: texts.hands.edited_hand_gone()),
        says(EditedHandClosed, lambda _: texts.hands.edited_hand_closed()),
        says(JoinUndoneJustNow, lambda _: texts.hands.join_undone_just_now()),
        says(UndoneJustNow, _undone_just_now),
        # The shared refusals, in Tamalo's words.
        says(GameAnnulled, lambda _: texts.game.annulled_game()),
        says(NoHandsToDraw, lambda _: texts.stats.no_hands_to_draw()),
        says(AlreadyRunning, lambda _: texts.game.already_running()),
        says(ReopenReachedTarget, lambda _: texts.game.reopen_reached_target()),
        says(FixClosedGame, lambda _: texts.hands.fix_closed_game()),
        says(NoHandToUndo, lambda _: texts.hands.no_hand_to_undo()),
        says(UndoClosedGame, lambda e: texts.game.undo_closed_game(tournament=e.tournament)),
    ]
)
