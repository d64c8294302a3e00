"""ControTamalo hand scoring (RULES.md, "ControTamalo", table 3.1)."""

from __future__ import annotations

from scoring.tamalo.model import Hand, Rules

TAMALO_WON, TAMALO_LOST = -2, 2
CONTRO_WON, CONTRO_LOST = -3, 3
#: Who beats a Tamalo call, or got rid of all cards.
BEAT_TAMALO = FINISHED_CARDS = -2
#: Who beats a ControTamalo call.
BEAT_CONTRO = -3
LOW_TOTAL = 5


def bracket(total: int) -> int:
    """Everything but the calls counts in tens: 0–4 → −1, 5–9 → 1, 10–19 → 2, 20–29 → 3…"""
    return -1 if total < LOW_TOTAL else 1 + total // 10


def beats_tamalo(hand: Hand, player: str, rules: Rules) -> bool:
    """Whether ``player`` is lower than the caller (or level, with ``pari_perde``)."""
    if hand.caller is None or player == hand.caller:
        return False
    own, caller = hand.total_of(player), hand.total_of(hand.caller)
    return own <= caller if rules.tie_beats_caller else own < caller


def counter_won(hand: Hand) -> bool | None:
    """The counter-caller wins by being strictly lower than the caller; ``None``: no call."""
    if hand.counter_caller is None or hand.caller is None:
        return None
    return hand.total_of(hand.counter_caller) < hand.total_of(hand.caller)


def tamalo_won(hand: Hand, rules: Rules) -> bool | None:
    """Rules 1 and 2: a winning ControTamalo beats the caller; else nobody may beat the call."""
    if hand.caller is None:
        return None
    if counter_won(hand):
        return False
    return not any(beats_tamalo(hand, p, rules) for p in hand.players)


def score_contro(hand: Hand, rules: Rules) -> dict[str, int]:
    """Each player's points for one ControTamalo hand."""
    points: dict[str, int] = {}
    counter = counter_won(hand)
    for report in hand.reports:
        player, total = report.player, report.total
        if player == hand.caller:
            points[player] = TAMALO_WON if tamalo_won(hand, rules) else TAMALO_LOST
        elif player == hand.counter_caller:
            points[player] = CONTRO_WON if counter else CONTRO_LOST
        elif hand.counter_caller is not None and total < hand.total_of(hand.counter_caller):
            points[player] = BEAT_CONTRO
        elif beats_tamalo(hand, player, rules) or player in hand.out:
            points[player] = BEAT_TAMALO
        else:
            points[player] = bracket(total)
    return points
