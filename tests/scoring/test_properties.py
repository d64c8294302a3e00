"""Invariants of the rules engine, over many random hands and games."""

from hypothesis import given
from hypothesis import strategies as st

from scoring import Game, Hand, Report, Rules, score_classic

PLAYERS = ("Anna", "Bruno", "Carlo", "Dario", "Elena", "Franco")


@st.composite
def hands(draw: st.DrawFn, players: tuple[str, ...] = PLAYERS[:4]) -> Hand:
    totals = draw(st.lists(st.integers(0, 60), min_size=len(players), max_size=len(players)))
    caller = draw(st.none() | st.sampled_from(players))
    return Hand(tuple(Report(p, s) for p, s in zip(players, totals, strict=True)), caller)


rules = st.builds(Rules, tie_beats_caller=st.booleans())


@given(hands(), rules)
def test_classic_points_are_never_negative(hand: Hand, rules: Rules) -> None:
    assert all(points >= 0 for points in score_classic(hand, rules).values())


@given(hands(), rules)
def test_only_the_caller_scores_other_than_base(hand: Hand, rules: Rules) -> None:
    points = score_classic(hand, rules)
    for report in hand.reports:
        if report.player != hand.caller:
            assert points[report.player] == (0 if report.total < 5 else report.total)


@given(hands(), rules)
def test_a_lost_call_costs_at_least_15(hand: Hand, rules: Rules) -> None:
    points = score_classic(hand, rules)
    if hand.caller is not None and points[hand.caller] not in (0, 5):
        assert points[hand.caller] >= 15


@given(st.lists(hands(), max_size=12))
def test_totals_are_the_sums_of_hand_points(played: list[Hand]) -> None:
    game = Game(PLAYERS[:4])
    for hand in played:
        game = game.with_hand(hand)
    totals = game.totals()
    for player in PLAYERS[:4]:
        assert totals[player] == sum(h.points[player] for h in game.hands)


@given(st.lists(hands(), max_size=8), st.lists(hands(PLAYERS[:5]), max_size=4))
def test_a_late_joiner_never_starts_ahead_of_anyone(before: list[Hand], after: list[Hand]) -> None:
    game = Game(PLAYERS[:4])
    for hand in before:
        game = game.with_hand(hand)
    joined = game.with_player("Elena")
    start = joined.totals()["Elena"]
    assert all(start >= total for total in game.totals().values())
    for hand in after:
        joined = joined.with_hand(hand)
    assert joined.totals()["Elena"] == start + sum(
        h.points["Elena"] for h in joined.hands[len(before) :]
    )


@given(st.lists(hands(), min_size=1, max_size=12))
def test_winners_hold_the_lowest_total(played: list[Hand]) -> None:
    game = Game(PLAYERS[:4])
    for hand in played:
        game = game.with_hand(hand)
    lowest = min(game.totals().values())
    assert game.winners() == tuple(p for p in PLAYERS[:4] if game.totals()[p] == lowest)
