"""Pots and side pots (RULES-tago.md, "Pots and side pots"): the worked example, the odd
cents, and random hands against an implementation written apart, by strength of hand."""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scoring.tago import Pot, layer_pots, split

NAMES = ("Anna", "Bruno", "Carlo", "Dario", "Elena", "Franco", "Gino", "Lia")


def test_worked_example_main_pot_490_and_side_pot_100() -> None:
    paid = {"Anna": 200, "Bruno": 150, "Carlo": 200, "Dario": 40}

    pots = layer_pots(paid, live={"Anna", "Bruno", "Carlo"})

    assert pots == (
        Pot(490, ("Anna", "Bruno", "Carlo"), 150),
        Pot(100, ("Anna", "Carlo"), 200),
    )


def test_a_folded_players_money_above_the_last_level_goes_to_the_last_pot() -> None:
    pots = layer_pots({"Anna": 100, "Bruno": 60, "Carlo": 150}, live={"Anna", "Bruno"})

    assert pots == (Pot(180, ("Anna", "Bruno"), 60), Pot(130, ("Anna",), 100))


def test_a_bet_nobody_called_is_a_pot_of_its_own_back_to_who_made_it() -> None:
    pots = layer_pots({"Anna": 300, "Bruno": 100}, live={"Anna", "Bruno"})

    assert pots == (Pot(200, ("Anna", "Bruno"), 100), Pot(200, ("Anna",), 300, uncalled=True))


def test_the_odd_cents_go_to_the_tied_winners_first_from_the_dealers_left() -> None:
    order = ["Carlo", "Dario", "Anna", "Bruno"]  # Bruno dealt

    assert split(100, ["Anna", "Bruno", "Carlo"], order) == {"Carlo": 34, "Anna": 33, "Bruno": 33}
    assert split(101, ["Anna", "Bruno", "Carlo"], order) == {"Carlo": 34, "Anna": 34, "Bruno": 33}
    assert split(99, ["Anna", "Bruno", "Carlo"], order) == {"Carlo": 33, "Anna": 33, "Bruno": 33}
    assert split(7, ["Bruno"], order) == {"Bruno": 7}


def by_strength(
    paid: dict[str, int], live: set[str], strength: dict[str, int]
) -> dict[str, Fraction]:
    """Written apart: the strongest hands take, from every player's money, the slice up to
    their own stake, shared among those of them who reach each height; then the next
    strongest the slices above; money above every stake still in goes to the best of those
    who staked most."""
    won = dict.fromkeys(paid, Fraction(0))
    claimed = 0  # every column is taken up to this height
    for level in sorted({strength[p] for p in live}, reverse=True):
        group = [p for p in live if strength[p] == level]
        for top in sorted({paid[p] for p in group}):
            if top <= claimed:
                continue
            reaching = [p for p in group if paid[p] >= top]
            money = sum(max(0, min(c, top) - claimed) for c in paid.values())
            for p in reaching:
                won[p] += Fraction(money, len(reaching))
            claimed = top
    rest = sum(max(0, c - claimed) for c in paid.values())
    if rest:
        highest = max(paid[p] for p in live)
        stakers = [p for p in live if paid[p] == highest]
        best = max(strength[p] for p in stakers)
        takers = [p for p in stakers if strength[p] == best]
        for p in takers:
            won[p] += Fraction(rest, len(takers))
    return won


@st.composite
def hands(draw: st.DrawFn) -> tuple[dict[str, int], set[str], dict[str, int]]:
    players = NAMES[: draw(st.integers(2, 8))]
    paid = {p: draw(st.integers(1, 40) | st.sampled_from([10, 20, 30])) for p in players}
    live = {p for p in players if draw(st.booleans())} or {players[0]}
    strength = {p: draw(st.integers(0, 3)) for p in players}
    return paid, live, strength


def engine(paid: dict[str, int], live: set[str], strength: dict[str, int]) -> dict[str, int]:
    won = dict.fromkeys(paid, 0)
    for pot in layer_pots(paid, live):
        best = max(strength[p] for p in pot.contestants)
        winners = [p for p in pot.contestants if strength[p] == best]
        for player, amount in split(pot.amount, winners, list(paid)).items():
            won[player] += amount
    return won


@given(hands())
def test_every_cent_goes_to_a_player_still_in(hand) -> None:
    paid, live, strength = hand
    won = engine(paid, live, strength)

    assert sum(won.values()) == sum(paid.values())
    assert all(won[p] == 0 for p in paid if p not in live)


@given(hands())
def test_each_player_wins_what_the_strength_order_gives_them_to_the_odd_cents(hand) -> None:
    paid, live, strength = hand
    won = engine(paid, live, strength)
    expected = by_strength(paid, live, strength)
    pots = len(layer_pots(paid, live))

    for player in paid:
        assert abs(won[player] - expected[player]) < pots


@given(hands())
def test_without_ties_the_strength_order_gives_exactly_the_same(hand) -> None:
    paid, live, _ = hand
    strength = {p: n for n, p in enumerate(paid)}  # all different

    assert engine(paid, live, strength) == by_strength(paid, live, strength)


@given(hands())
def test_the_pots_are_contested_by_who_reached_them_and_still_in(hand) -> None:
    paid, live, _ = hand
    pots = layer_pots(paid, live)

    assert [pot.level for pot in pots] == sorted({paid[p] for p in live})
    for pot in pots:
        assert set(pot.contestants) == {p for p in live if paid[p] >= pot.level}
