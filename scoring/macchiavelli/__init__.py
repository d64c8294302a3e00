"""Pure Macchiavelli rules engine (RULES-macchiavelli.md): card points and the home game. No
I/O, no Telegram, no SQL, no randomness but what is passed in; it imports nothing of Tamalo's."""

from scoring.macchiavelli.cards import (
    COPIES,
    JOLLY_COPIES,
    Card,
    CardList,
    Rank,
    deck_points,
    is_total,
    parse_cards,
)
from scoring.macchiavelli.deal import Deal, Report, read_report
from scoring.macchiavelli.errors import (
    DealNotSeated,
    MatchOver,
    NegativePoints,
    NoJokers,
    NoSuchDeal,
    OptionOutOfRange,
    PlayerCount,
    SingleHasOneDeal,
    TooManyCopies,
    TooManyPoints,
    TwoClosers,
    UnknownCard,
)
from scoring.macchiavelli.home import HomeRules, Match, Standing

__all__ = [
    "COPIES",
    "JOLLY_COPIES",
    "Card",
    "CardList",
    "Deal",
    "DealNotSeated",
    "HomeRules",
    "Match",
    "MatchOver",
    "NegativePoints",
    "NoJokers",
    "NoSuchDeal",
    "OptionOutOfRange",
    "PlayerCount",
    "Rank",
    "Report",
    "SingleHasOneDeal",
    "Standing",
    "TooManyCopies",
    "TooManyPoints",
    "TwoClosers",
    "UnknownCard",
    "deck_points",
    "is_total",
    "parse_cards",
    "read_report",
]
