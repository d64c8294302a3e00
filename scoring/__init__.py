"""Pure Tamalo rules engine: no I/O, no Telegram, no SQL (see docs/rules.md)."""

from scoring.cards import CardError, card_value, is_card, parse_cards
from scoring.classic import score_classic
from scoring.contro import bracket, score_contro
from scoring.errors import (
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
from scoring.game import Game, ScoredHand, Standing, entry_total, quadro_of, score_hand
from scoring.model import (
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
from scoring.night import NightFigures, night_figures
from scoring.ratings import NEWCOMER, PROVISIONAL_BELOW, Placing, Skill, placings, rate
from scoring.tournament import MIN_PLAYERS as TOURNAMENT_MIN_PLAYERS
from scoring.tournament import draw_tables, finalists

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
