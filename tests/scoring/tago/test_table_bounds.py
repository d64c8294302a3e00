"""The table's rules at their boundaries (found by make mutate): amounts as typed and said,
the minimum bet, the ante and the jackpot's share at the edges of what is allowed, and the
Light table's maximum bet. In cents."""

import pytest

from scoring.tago import Stakes, Table, format_amount, parse_amount
from scoring.tago.chip_errors import (
    BadAnte,
    BadJackpotShare,
    BadTable,
    OverTableMaximum,
    UnknownAmount,
)


@pytest.mark.parametrize(
    ("typed", "cents"),
    [("5", 500), ("2.5", 250), ("2,5", 250), ("12,34", 1234), (" 0,05 ", 5), ("0", 0)],
)
def test_an_amount_as_typed_is_read_in_cents(typed: str, cents: int) -> None:
    assert parse_amount(typed) == cents


@pytest.mark.parametrize("typed", ["", "x", "-5", "2.345", "2,"])
def test_what_is_no_amount_is_refused_and_named(typed: str) -> None:
    with pytest.raises(UnknownAmount):
        parse_amount(typed)


@pytest.mark.parametrize(
    ("cents", "said"),
    [
        (500, "5"),
        (250, "2,5"),
        (1234, "12,34"),
        (5, "0,05"),
        (0, "0"),
        (-250, "-2,5"),
        (-1, "-0,01"),
    ],
)
def test_an_amount_is_said_as_the_table_says_it(cents: int, said: str) -> None:
    assert format_amount(cents) == said


def test_the_minimum_bet_is_one_cent_to_the_stack() -> None:
    assert Table(Stakes.HEAVY, min_bet=1, stack=1, ante=1).min_bet == 1
    assert Table(Stakes.HEAVY, min_bet=300, stack=300, ante=150).stack == 300
    for min_bet, stack in ((0, 300), (301, 300), (-2, 300)):
        with pytest.raises(BadTable):
            Table(Stakes.HEAVY, min_bet=min_bet, stack=stack, ante=min_bet)


def test_the_ante_is_the_minimum_bet_or_its_half_only() -> None:
    assert Table(Stakes.HEAVY, min_bet=500, stack=30000, ante=500).ante == 500
    assert Table(Stakes.HEAVY, min_bet=500, stack=30000, ante=250).ante == 250
    for ante in (1000, 166, 251, 499):
        with pytest.raises(BadAnte):
            Table(Stakes.HEAVY, min_bet=500, stack=30000, ante=ante)


def test_the_jackpots_share_is_zero_to_fifty_percent() -> None:
    for percent in (0, 50):
        table = Table(Stakes.HEAVY, 500, 30000, 500, jackpot_percent=percent)
        assert table.jackpot_share == 500 * percent // 100
    for percent in (-1, 51):
        with pytest.raises(BadJackpotShare):
            Table(Stakes.HEAVY, 500, 30000, 500, jackpot_percent=percent)


def test_a_light_table_refuses_one_bet_above_its_stack_and_heavy_none() -> None:
    light = Table(Stakes.LIGHT, min_bet=500, stack=30000, ante=500)
    light.check_bet("Anna", 30000)
    with pytest.raises(OverTableMaximum) as refused:
        light.check_bet("Anna", 30001)
    assert (refused.value.player, refused.value.maximum) == ("Anna", 30000)
    Table(Stakes.HEAVY, min_bet=500, stack=30000, ante=500).check_bet("Anna", 10**9)
