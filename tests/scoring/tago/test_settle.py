"""The settle-up (RULES-tago.md, "Settle-up"): the worked example, and random ledgers."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.tago import JACKPOT, Party, Payment, payments, settle_up


def test_worked_example_three_payments_the_jackpot_one_of_the_parties() -> None:
    results = {"Anna": 30000, "Bruno": -30000, "Carlo": -5000, "Dario": 3000}

    assert settle_up(results, jackpot_grown=2000) == (
        Payment("Bruno", "Anna", 30000),
        Payment("Carlo", "Dario", 3000),
        Payment("Carlo", JACKPOT, 2000),
    )


def test_one_loser_owing_several_winners_pays_each() -> None:
    # The case friendly_poker gets wrong: +400, +600, -1000.
    assert payments({"Anna": 400, "Bruno": 600, "Carlo": -1000}) == (
        Payment("Carlo", "Bruno", 600),
        Payment("Carlo", "Anna", 400),
    )


def test_a_jackpot_won_tonight_is_paid_out_by_its_cashier() -> None:
    assert settle_up({"Anna": 900, "Bruno": -100}, jackpot_grown=-800) == (
        Payment(JACKPOT, "Anna", 800),
        Payment("Bruno", "Anna", 100),
    )


def test_everyone_even_pays_nothing() -> None:
    assert settle_up({"Anna": 0, "Bruno": 0}, jackpot_grown=0) == ()


def test_balances_that_do_not_add_up_are_a_bug_not_a_settle_up() -> None:
    with pytest.raises(ValueError, match="add up"):
        payments({"Anna": 10, "Bruno": -9})


ledgers = st.lists(st.integers(-100_000, 100_000), min_size=1, max_size=9).map(
    lambda amounts: {f"P{n}": a for n, a in enumerate(amounts)}
)


@given(ledgers)
def test_the_payments_settle_everyone_exactly_in_at_most_one_fewer_than_the_parties(
    results: dict[str, int],
) -> None:
    grown = -sum(results.values())
    paid = settle_up(results, grown)
    balances: dict[Party, int] = dict(results.items())
    balances[JACKPOT] = grown
    for payment in paid:
        assert payment.amount > 0
        assert balances[payment.payer] < 0 < balances[payment.payee]  # debtors pay creditors
        balances[payment.payer] += payment.amount
        balances[payment.payee] -= payment.amount
    assert all(amount == 0 for amount in balances.values())
    parties = sum(1 for amount in (*results.values(), grown) if amount)
    assert len(paid) <= max(0, parties - 1)
