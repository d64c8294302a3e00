"""Pure Tamalo rules engine: no I/O, no Telegram, no SQL (see docs/rules.md)."""

from scoring.ratings import NEWCOMER, PROVISIONAL_BELOW, Skill, rate
from scoring.tamalo.cards import CardError, card_value, is_card, parse_cards
from scoring.tamalo.classic import score_classic
from scoring.tamalo.contro import bracket, score_contro
from scoring.tamalo.errors import (
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
from scoring.tamalo.game import Game, ScoredHand, Standing, entry_total, quadro_of, score_hand
from scoring.tamalo.model import (
    DEFAULT_TARGET,
    HANDS_PER_QUADRO,
    MAX_TOTAL,
    QUADRI,
    QUADRI_PLAYERS,
    Hand,
    Mode,
    Report,
    Rules,
)
from scoring.tamalo.night import NightFigures, night_figures
from scoring.tamalo.placings import Placing, placings
from scoring.tamalo.tournament import MIN_PLAYERS as TOURNAMENT_MIN_PLAYERS
from scoring.tamalo.tournament import draw_tables, finalists

__all__ = [
    "DEFAULT_TARGET",
    "HANDS_PER_QUADRO",
    "MAX_TOTAL",
    "NEWCOMER",
    "PROVISIONAL_BELOW",
    "QUADRI",
    "QUADRI_PLAYERS",
    "TOURNAMENT_MIN_PLAYERS",
    "AlreadySeated",
    "CardError",
    "Game",
    "Hand",
    "HandNotSeated",
    "LastTwoStay",
    "LeftForGood",
    "Mode",
    "NightFigures",
    "NoHandsLeft",
    "NoJoinersInQuadri",
    "NoJoinersInSixCards",
    "NoLeavingQuadri",
    "NoSuchHand",
    "NotPlaying",
    "Placing",
    "QuadriNeedsFour",
    "Report",
    "RuleBroken",
    "Rules",
    "ScoredHand",
    "Skill",
    "Standing",
    "TournamentTooSmall",
    "bracket",
    "card_value",
    "draw_tables",
    "entry_total",
    "finalists",
    "is_card",
    "night_figures",
    "parse_cards",
    "placings",
    "quadro_of",
    "rate",
    "score_classic",
    "score_contro",
    "score_hand",
]
