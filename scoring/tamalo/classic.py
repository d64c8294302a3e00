"""Classic hand scoring (RULES.md, "Classic scoring")."""

from __future__ import annotations

from scoring.tamalo.model import Hand, Rules

#: Below this total a player scores zero ("chi ha meno di 5 punti percepisce ZERO").
ZERO_BELOW = 5
#: What a caller pays for a lost call.
CALL_PENALTY = 15


def base_points(total: int) -> int:
    """Rule 1: zero under 5, the total otherwise."""
    return 0 if total < ZERO_BELOW else total


def caller_beaten(hand: Hand, rules: Rules) -> bool:
    """Whether another player's raw total beats the caller's (readings 3 and 4)."""
    if hand.caller is None:
        return False
    own = hand.total_of(hand.caller)
    others = [r.total for r in hand.reports if r.player != hand.caller]
    if rules.tie_beats_caller:
        return any(total <= own for total in others)
    return any(total < own for total in others)


def call_won(hand: Hand, rules: Rules) -> bool | None:
    """Whether the Tamalo call paid off (no penalty); ``None`` when nobody called."""
    if hand.caller is None:
        return None
    return hand.total_of(hand.caller) <= ZERO_BELOW and not caller_beaten(hand, rules)


def score_classic(hand: Hand, rules: Rules) -> dict[str, int]:
    """Each player's points for one classic hand."""
    points = {r.player: base_points(r.total) for r in hand.reports}
    if hand.caller is not None:
        own = hand.total_of(hand.caller)
        if own > ZERO_BELOW:
            points[hand.caller] = CALL_PENALTY + own  # "in ogni caso", even when lowest
        elif caller_beaten(hand, rules):
            points[hand.caller] = CALL_PENALTY
    return points
