"""What the chat is told when a change breaks one of the rules ``scoring`` enforces."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar, cast

from bot import texts
from bot.parsing import UserError
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

Broken = TypeVar("Broken", bound=RuleBroken)
Render = Callable[[RuleBroken], str]


def _says(kind: type[Broken], render: Callable[[Broken], str]) -> tuple[type[RuleBroken], Render]:
    """One line of the table: ``render`` reads the error of its own kind."""
    return kind, cast(Render, render)


def _hand_not_seated(error: HandNotSeated) -> str:
    if error.missing:
        return texts.missing_players(error.missing)
    return texts.not_in_this_hand(error.strangers[0], error.seated, error.number)


#: Every rule the engine enforces, and the text that answers it (read when answered: in the
#: chat's language).
RULE_TEXTS: Mapping[type[RuleBroken], Render] = dict(
    [
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
    ]
)


def mistake(error: RuleBroken) -> UserError:
    """The rule ``error`` broke, as the mistake the chat is told about."""
    return UserError(RULE_TEXTS[type(error)](error))
