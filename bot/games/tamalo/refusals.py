"""What the chat is told when a change breaks one of Tamalo's rules (``scoring.tamalo``), or
one of its tournament's actions refuses what was asked: added to ``bot.refusals.RULE_TEXTS``
by the table of games."""

from __future__ import annotations

from collections.abc import Mapping

from bot import texts
from bot.games.tamalo.texts import tournament
from bot.refusals import Mistake, Render, says
from play.errors import GameRunning, TournamentInProgress
from play.game import NoJoiningTournaments, RematchTournament, ReopenTournament
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
        says(GameRunning, lambda e: texts.game.game_running(e.players)),
        says(TournamentInProgress, lambda _: tournament.tournament_in_progress()),
        says(FinalUnderWay, lambda _: texts.hands.final_under_way()),
        says(NoJoiningTournaments, lambda _: texts.game.no_joining_tournaments()),
        says(ReopenTournament, lambda _: texts.game.reopen_tournament()),
        says(RematchTournament, lambda _: texts.game.rematch_tournament()),
    ]
)
