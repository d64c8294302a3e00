"""/esporta's rows of a night: each player's stack column follows from the rows before it, and
ends where the engine's ledger does, over random nights with re-buys, arrivals and curiosi."""

from hypothesis import given, settings
from hypothesis import strategies as st

from play.tago.export import FOLD, Kind, Row, rows_of
from scoring.tago import Entry, Hand, Night
from tests.scoring.tago.test_night_properties import PLAYERS, TABLE, random_hand


def chained(rows: list[Row]) -> dict[str, int]:
    """Each player's stack walked from their rows, checked against every row's ``stack``."""
    stacks: dict[str, int] = {}
    for row in rows:
        if row.player not in stacks:
            assert row.kind is Kind.BUY_IN, row
        before = stacks.get(row.player, 0)
        after = before + row.bought_in - row.contribution + row.winnings + row.jackpot
        assert after == row.stack, row
        stacks[row.player] = after
    return stacks


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_each_stack_column_adds_up_to_the_ledger(data: st.DataObject) -> None:
    night = Night.open(TABLE, dict.fromkeys(PLAYERS[:3]), jackpot=data.draw(st.integers(0, 999)))
    for _ in range(data.draw(st.integers(1, 8))):
        if data.draw(st.booleans()):
            night = night.with_rebuy(data.draw(st.sampled_from(night.players)), 1000)
        if len(night.players) < len(PLAYERS) and data.draw(st.booleans()):
            night = night.with_player(PLAYERS[len(night.players)])
        hand = random_hand(data, night)
        if hand is None:
            break
        night = night.with_hand(hand)
        folded = [e.player for e in hand.entries if e.folded]
        if folded and night.totals()[folded[0]] >= TABLE.ante and data.draw(st.booleans()):
            night = night.with_curioso(folded[0])

    rows = rows_of(night)
    assert chained(rows) == night.totals()
    bought: dict[str, int] = {}
    for row in rows:
        bought[row.player] = bought.get(row.player, 0) + row.bought_in
    assert bought == dict(night.ledger.bought_in)
    hands = [row for row in rows if row.kind is Kind.HAND]
    assert len(hands) == sum(len(deal.hand.entries) for deal in night.deals)
    assert sum(row.jackpot for row in hands) == sum(deal.jackpot_won for deal in night.deals)


def test_a_hand_s_rows_name_the_fold_the_category_and_an_in_hand_rebuy() -> None:
    night = Night.open(TABLE, {"Anna": None, "Bruno": None, "Carlo": None})
    night = night.with_hand(
        Hand(
            (
                Entry("Anna", 3000, (8, 8, 4)),
                Entry("Bruno", 4000, (6, 2, 1), rebuy=1000),
                Entry("Carlo", 250, folded=True),
            ),
            punto=(8, 1, 0),
        )
    )
    *_, anna, bruno, carlo = rows_of(night)
    assert (anna.category, anna.cards, anna.punto) == ("PUNTEGGIO", "4,4,2", "4,½,0")
    assert (bruno.category, bruno.bought_in, bruno.contribution) == ("VALORE", 1000, 4000)
    assert (carlo.category, carlo.cards, carlo.winnings) == (FOLD, "", 0)
    # 15% of a 2,50 ante to the jackpot: 0,37 from each of three; the pot is the rest.
    assert bruno.winnings == 3000 + 4000 + 250 - 3 * 37
    assert bruno.stack == 3000 + 1000 - 4000 + bruno.winnings
