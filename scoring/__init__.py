"""Pure Tamalo rules engine: no I/O, no Telegram, no SQL (see ../shared/RULES.md)."""

from scoring.cards import CardError, card_value, is_card, parse_cards
from scoring.classic import score_classic
from scoring.game import Game, ScoredHand, Standing, entry_total, score_hand
from scoring.model import Hand, Mode, Report, Rules

__all__ = [
    "CardError",
    "Game",
    "Hand",
    "Mode",
    "Report",
    "Rules",
    "ScoredHand",
    "Standing",
    "card_value",
    "entry_total",
    "is_card",
    "parse_cards",
    "score_classic",
    "score_hand",
]
