"""Invariants of a night over random hands: no chip is made or lost, nobody goes below zero,
the night rebuilt from its events is the same, the settle-up settles everyone."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.tago import (
    DECK,
    JACKPOT,
    Entry,
    Hand,
    Night,
    Party,
    Stakes,
    Table,
    punto_options,
)

PLAYERS = ("Anna", "Bruno", "Carlo", "Dario", "Elena")
TABLE = Table(Stakes.HEAVY, min_bet=500, stack=3000, ante=250, jackpot_percent=15)


def random_hand(data: st.DataObject, night: Night) -> Hand | None:
    able = [p for p in night.players if night.totals()[p] >= TABLE.ante]
    if len(able) < 2:
        return None
    players = data.draw(st.lists(st.sampled_from(able), min_size=2, max_size=5, unique=True))
    cards = data.draw(st.permutations(DECK))
    folds = data.draw(st.lists(st.booleans(), min_size=len(players), max_size=len(players)))
    if all(folds):
        folds[0] = False
    entries = []
    for seat, player in enumerate(players):
        paid = data.draw(st.integers(TABLE.ante, night.totals()[player]))
        hand_cards = None if folds[seat] else tuple(cards[3 + 3 * seat : 6 + 3 * seat])
        entries.append(Entry(player, paid, hand_cards, folded=folds[seat]))
    punto = tuple(cards[:3])
    choice = data.draw(st.sampled_from(punto_options(punto)))
    return Hand(tuple(entries), punto=punto, choice=choice)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_no_chip_is_made_or_lost_and_the_replay_is_the_same_night(data: st.DataObject) -> None:
    night = Night.open(TABLE, dict.fromkeys(PLAYERS), jackpot=data.draw(st.integers(0, 9999)))
    for _ in range(data.draw(st.integers(1, 8))):
        if data.draw(st.booleans()):
            night = night.with_rebuy(data.draw(st.sampled_from(PLAYERS)), 1000)
        hand = random_hand(data, night)
        if hand is None:
            break
        night = night.with_hand(hand)
        if data.draw(st.booleans()):
            folded = [e.player for e in hand.entries if e.folded]
            if folded and night.totals()[folded[0]] >= TABLE.ante:
                night = night.with_curioso(folded[0])

    chips = sum(night.totals().values()) + night.jackpot
    assert chips == sum(night.ledger.bought_in.values()) + night.jackpot_in
    assert all(stack >= 0 for stack in night.totals().values())
    assert sum(night.results().values()) == -night.jackpot_grown
    assert Night.replay(TABLE, night.opening, night.events, jackpot=night.jackpot_in) == night
    balances: dict[Party, int] = dict(night.results().items())
    balances[JACKPOT] = night.jackpot_grown
    for payment in night.settle_up():
        balances[payment.payer] += payment.amount
        balances[payment.payee] -= payment.amount
    assert set(balances.values()) <= {0}
