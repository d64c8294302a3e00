"""Invariants of the rules engine, over many random hands and games."""

from hypothesis import given
from hypothesis import strategies as st

from scoring.tamalo import Game, Hand, Mode, Report, Rules, score_classic, score_contro

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


@st.composite
def contro_hands(draw: st.DrawFn, players: tuple[str, ...] = PLAYERS[:4]) -> Hand:
    """Hands with every marker: a caller, maybe a counter-caller, who finished the cards."""
    totals = draw(st.lists(st.integers(0, 60), min_size=len(players), max_size=len(players)))
    out = draw(st.sets(st.sampled_from(players)))
    totals = [0 if p in out else s for p, s in zip(players, totals, strict=True)]
    caller = draw(st.none() | st.sampled_from(players))
    others = [p for p in players if p != caller]
    counter = draw(st.none() | st.sampled_from(others)) if caller else None
    reports = tuple(Report(p, s) for p, s in zip(players, totals, strict=True))
    return Hand(reports, caller, counter, frozenset(out))


@given(contro_hands(), rules)
def test_controtamalo_calls_score_two_or_three_either_way(hand: Hand, rules: Rules) -> None:
    points = score_contro(hand, rules)
    if hand.caller is not None:
        assert points[hand.caller] in (-2, 2)
    if hand.counter_caller is not None:
        assert points[hand.counter_caller] in (-3, 3)
        # A won ControTamalo always means a lost Tamalo.
        if points[hand.counter_caller] == -3:
            assert hand.caller is not None
            assert points[hand.caller] == 2


@given(contro_hands(), rules)
def test_controtamalo_never_rewards_a_higher_total(hand: Hand, rules: Rules) -> None:
    """Among players without a call, a lower total never scores more points."""
    points = score_contro(hand, rules)
    plain = [r for r in hand.reports if r.player not in (hand.caller, hand.counter_caller)]
    for a in plain:
        for b in plain:
            if a.total < b.total:
                assert points[a.player] <= points[b.player]


@given(st.lists(contro_hands(), min_size=1, max_size=10), st.integers(0, 3), st.data())
def test_a_correction_with_the_same_hand_changes_nothing(
    played: list[Hand], first_dealer: int, data: st.DataObject
) -> None:
    game = Game(PLAYERS[:4], Rules(mode=Mode.CONTRO), first_dealer=first_dealer)
    for hand in played:
        game = game.with_hand(hand)
    number = data.draw(st.integers(1, len(played)))
    assert game.with_hand_replaced(number, played[number - 1]) == game


@given(st.lists(hands(), max_size=16), st.integers(0, 3))
def test_the_deal_goes_round_the_table_once_every_four_hands(
    played: list[Hand], first_dealer: int
) -> None:
    game = Game(PLAYERS[:4], Rules(quadri=True), first_dealer=first_dealer)
    for hand in played:
        game = game.with_hand(hand)
    dealers = [game.dealer_of(n) for n in range(1, 17)]
    for quadro in range(4):
        assert sorted(dealers[quadro * 4 : quadro * 4 + 4]) == sorted(PLAYERS[:4])
    assert dealers[0] == PLAYERS[first_dealer]


@given(st.lists(hands(), max_size=16))
def test_every_closed_quadro_has_a_winner(played: list[Hand]) -> None:
    game = Game(PLAYERS[:4], Rules(quadri=True))
    for hand in played:
        game = game.with_hand(hand)
    assert sum(game.quadri_won().values()) >= len(played) // 4
    assert game.is_over() == (len(played) == 16)
