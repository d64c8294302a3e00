"""A points game's rules: its end at the target (reached exactly, one under; not by a side
that left), a tie played on or shared, lowest wins, a fixed number of rounds (one at least),
teams, negative points, who plays which round (joined after it, left after it, after an undo),
the sides found by name, and the rules read back from what is stored."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.match import Place
from scoring.punti import (
    GameOver,
    Match,
    MissingSides,
    NoSuchRound,
    NotPlaying,
    PlayerTwice,
    Rules,
    TooFewSides,
)


def played(match: Match, *rounds: dict[str, int]) -> Match:
    for points in rounds:
        match = match.with_round(points)
    return match


TO_11 = Rules(target=11)
DUO = Match.start([["Anna"], ["Bruno"]], TO_11)


def test_exactly_the_target_ends_the_game_and_one_under_does_not() -> None:
    under = played(DUO, {"Anna": 10, "Bruno": 3})
    assert not under.is_over()
    assert under.winners() == ()
    exactly = played(DUO, {"Anna": 11, "Bruno": 3})
    assert exactly.is_over()
    assert exactly.winners() == ("Anna",)
    assert [p.won for p in under.places()] == [False, False]
    assert [p.won for p in under.places(closed=True)] == [True, False]
    with pytest.raises(GameOver):
        exactly.with_round({"Anna": 1, "Bruno": 1})


def test_a_tie_at_the_target_plays_another_round() -> None:
    tied = played(DUO, {"Anna": 6, "Bruno": 6}, {"Anna": 5, "Bruno": 5})
    assert tied.end_reached()
    assert tied.tied_at_the_end()
    assert not tied.is_over()
    after = tied.with_round({"Anna": 1, "Bruno": 0})
    assert after.is_over()
    assert after.winners() == ("Anna",)
    assert [(p.player, p.rank, p.total, p.won) for p in after.places()] == [
        ("Anna", 1, 12, True),
        ("Bruno", 2, 11, False),
    ]


def test_a_tie_below_the_leader_ends_the_game() -> None:
    trio = Match.start([["Anna"], ["Bruno"], ["Carlo"]], TO_11)
    over = played(trio, {"Anna": 12, "Bruno": 5, "Carlo": 5})
    assert over.is_over()
    assert [p.rank for p in over.places()] == [1, 2, 2]


def test_a_shared_tie_ends_the_game_with_two_winners() -> None:
    shared = Match.start([["Anna"], ["Bruno"]], Rules(target=11, shared=True))
    over = played(shared, {"Anna": 11, "Bruno": 11})
    assert over.is_over()
    assert over.winners() == ("Anna", "Bruno")
    assert [p.rank for p in over.places()] == [1, 1]


def test_lowest_wins_ends_when_someone_reaches_the_target() -> None:
    hearts = Match.start([["Anna"], ["Bruno"], ["Carlo"]], Rules(target=100, lowest=True))
    under = played(hearts, {"Anna": 99, "Bruno": 20, "Carlo": 40})
    assert not under.is_over()
    over = under.with_round({"Anna": 1, "Bruno": 0, "Carlo": 0})
    assert over.is_over()
    assert over.winners() == ("Bruno",)
    assert [p.player for p in over.places()] == ["Bruno", "Carlo", "Anna"]


def test_a_fixed_number_of_rounds_ends_after_the_last_one() -> None:
    three = Match.start([["Anna"], ["Bruno"]], Rules(target=None, rounds=3))
    two = played(three, {"Anna": 50, "Bruno": 1}, {"Anna": 50, "Bruno": 1})
    assert not two.is_over()  # 100 points: no target here
    over = two.with_round({"Anna": 0, "Bruno": 0})
    assert over.is_over()
    assert over.winners() == ("Anna",)


def test_a_tie_after_the_last_round_plays_another() -> None:
    one = Match.start([["Anna"], ["Bruno"]], Rules(target=None, rounds=1))
    tied = played(one, {"Anna": 3, "Bruno": 3})
    assert not tied.is_over()
    assert played(tied, {"Anna": 0, "Bruno": 1}).winners() == ("Bruno",)


def test_teams_share_their_points_and_negative_points_count() -> None:
    burraco = Match.start([["Anna", "Carla"], ["Bruno", "Dario"]], Rules(target=2005))
    game = played(burraco, {"Anna+Carla": -150, "Bruno+Dario": 1200})
    assert game.totals() == {"Anna": -150, "Carla": -150, "Bruno": 1200, "Dario": 1200}
    game = game.with_round({"Anna+Carla": 900, "Bruno+Dario": 805})
    assert game.side_totals() == {"Anna+Carla": 750, "Bruno+Dario": 2005}
    assert game.is_over()
    assert game.winners() == ("Bruno", "Dario")
    assert [p.player for p in game.places()] == ["Bruno", "Dario", "Anna", "Carla"]
    assert game.side_of("carla") == game.sides[0]


def test_a_game_refuses_a_player_twice_and_a_single_side() -> None:
    with pytest.raises(PlayerTwice):
        Match.start([["Anna", "Bruno"], ["anna", "Carlo"]], TO_11)
    with pytest.raises(TooFewSides):
        Match.start([["Anna", "Bruno"]], TO_11)


def test_a_round_needs_every_side_playing() -> None:
    with pytest.raises(MissingSides) as missing:
        DUO.with_round({"Anna": 3})
    assert missing.value.sides == ("Bruno",)
    with pytest.raises(NotPlaying):
        DUO.with_round({"Anna": 3, "Bruno": 1, "Carlo": 2})


def test_a_side_joins_from_the_next_round_and_leaves_after_the_last() -> None:
    trio = played(DUO, {"Anna": 3, "Bruno": 4}).with_side(["Carlo"])
    with pytest.raises(MissingSides):
        trio.with_round({"Anna": 1, "Bruno": 1})
    trio = trio.with_round({"Anna": 1, "Bruno": 1, "Carlo": 9})
    assert trio.side_totals() == {"Anna": 4, "Bruno": 5, "Carlo": 9}
    with pytest.raises(PlayerTwice):
        trio.with_side(["ANNA"])
    left = trio.without_side(trio.sides[2])
    with pytest.raises(NotPlaying):
        left.with_round({"Anna": 1, "Bruno": 1, "Carlo": 1})
    # The side that left stays in the standings, after those still in.
    assert [p.player for p in left.places()] == ["Bruno", "Anna", "Carlo"]
    assert [p.rank for p in left.places()] == [1, 2, 3]
    with pytest.raises(TooFewSides):
        left.without_side(left.sides[0])


def test_a_round_fixed_or_undone() -> None:
    game = played(DUO, {"Anna": 3, "Bruno": 4}, {"Anna": 1, "Bruno": 1})
    fixed = game.with_round_fixed(1, {"Anna": 10, "Bruno": 4})
    assert fixed.side_totals() == {"Anna": 11, "Bruno": 5}
    assert fixed.is_over()
    with pytest.raises(NoSuchRound):
        game.with_round_fixed(3, {"Anna": 1, "Bruno": 1})
    with pytest.raises(NoSuchRound):
        game.with_round_fixed(0, {"Anna": 1, "Bruno": 1})
    assert game.without_last_round().side_totals() == {"Anna": 3, "Bruno": 4}
    with pytest.raises(NoSuchRound):
        DUO.without_last_round()


def test_rules_are_kept_as_options_and_read_back() -> None:
    for rules in (Rules(), Rules(target=None, rounds=5, lowest=True, shared=True)):
        assert Rules.from_options(rules.as_options()) == rules


@given(st.lists(st.tuples(st.integers(-50, 50), st.integers(-50, 50)), max_size=12))
def test_the_winner_leads_alone_unless_shared(rounds: list[tuple[int, int]]) -> None:
    game = DUO
    for anna, bruno in rounds:
        if game.is_over():
            break
        game = game.with_round({"Anna": anna, "Bruno": bruno})
    totals = game.totals()
    if game.is_over():
        (winner,) = game.winners()
        assert max(totals.values()) >= 11
        assert totals[winner] > min(totals.values())
    else:
        assert max(totals.values()) < 11 or totals["Anna"] == totals["Bruno"] or not rounds
    assert all(isinstance(place, Place) for place in game.places())


def test_a_player_or_a_team_is_found_by_any_name_and_a_stranger_is_not() -> None:
    burraco = Match.start([["Anna", "Carla"], ["Bruno", "Dario"]], TO_11)
    assert burraco.side_of("BRUNO") == burraco.sides[1]
    assert burraco.side_of("bruno+dario") == burraco.sides[1]
    assert burraco.side_of("anna+carla") == burraco.sides[0]
    assert burraco.side_of("Zeno") is None
    assert DUO.side_of("bruno") == DUO.sides[1]


def test_undoing_takes_back_the_last_round_only() -> None:
    game = played(DUO, {"Anna": 3, "Bruno": 4}, {"Anna": 1, "Bruno": 1}, {"Anna": 2, "Bruno": 5})
    back = game.without_last_round()
    assert back.rounds == game.rounds[:2]
    assert back.side_totals() == {"Anna": 4, "Bruno": 5}


def test_a_side_that_joined_plays_from_the_round_after_and_one_that_left_the_last_it_played() -> (
    None
):
    trio = played(DUO, {"Anna": 3, "Bruno": 4}).with_side(["Carlo"])
    trio = trio.with_round({"Anna": 1, "Bruno": 1, "Carlo": 2})
    # Round 1 was played before Carlo sat down: it is fixed without him, and not with him.
    fixed = trio.with_round_fixed(1, {"Anna": 5, "Bruno": 4})
    assert fixed.side_totals() == {"Anna": 6, "Bruno": 5, "Carlo": 2}
    with pytest.raises(NotPlaying):
        trio.with_round_fixed(1, {"Anna": 5, "Bruno": 4, "Carlo": 1})
    # Round 2 is the last Carlo played before he left: it is fixed with his points.
    left = trio.without_side(trio.sides[2])
    assert [s.name for s in left.playing(2)] == ["Anna", "Bruno", "Carlo"]
    assert [s.name for s in left.playing(3)] == ["Anna", "Bruno"]
    refixed = left.with_round_fixed(2, {"Anna": 1, "Bruno": 1, "Carlo": 7})
    assert refixed.side_totals() == {"Anna": 4, "Bruno": 5, "Carlo": 7}
    with pytest.raises(MissingSides):
        left.with_round_fixed(2, {"Anna": 1, "Bruno": 1})


def test_the_round_after_an_undo_is_played_by_those_who_played_it() -> None:
    game = played(DUO, {"Anna": 3, "Bruno": 4}, {"Anna": 1, "Bruno": 1}).with_side(["Carlo"])
    back = game.without_last_round()  # Carlo sat down after round 2: he joins from round 3
    again = back.with_round({"Anna": 2, "Bruno": 2})
    assert again.side_totals() == {"Anna": 5, "Bruno": 6, "Carlo": 0}
    with pytest.raises(NotPlaying):
        back.with_round({"Anna": 2, "Bruno": 2, "Carlo": 2})


def test_a_side_that_left_ends_nothing_by_reaching_the_target() -> None:
    trio = Match.start([["Anna"], ["Bruno"], ["Carlo"]], TO_11)
    game = played(trio, {"Anna": 5, "Bruno": 3, "Carlo": 9})
    left = game.without_side(game.sides[2])
    # Carlo's round corrected past the target: he cannot win, so the game goes on.
    fixed = left.with_round_fixed(1, {"Anna": 5, "Bruno": 3, "Carlo": 12})
    assert not fixed.end_reached()
    assert not fixed.is_over()
    assert fixed.winners() == ()
    over = fixed.with_round({"Anna": 6, "Bruno": 0})
    assert over.winners() == ("Anna",)
    assert [(p.player, p.rank, p.total) for p in over.places()] == [
        ("Anna", 1, 11),
        ("Bruno", 2, 3),
        ("Carlo", 3, 12),
    ]


def test_a_game_of_no_rounds_is_refused_and_one_round_is_a_game() -> None:
    with pytest.raises(AssertionError):
        Rules(target=None, rounds=0)
    one = Match.start([["Anna"], ["Bruno"]], Rules(target=None, rounds=1))
    assert not one.end_reached()
    assert played(one, {"Anna": 1, "Bruno": 0}).winners() == ("Anna",)


def test_rules_stored_without_a_flag_read_as_the_usual_game() -> None:
    """A flag missing from the stored options (a game kept before the flag existed) is the
    usual rule: the highest total wins, and a tie for the win is played on."""
    rules = Rules.from_options({"target": 11, "rounds": None})
    assert rules == Rules(target=11)
    assert not rules.lowest
    assert not rules.shared
    tied = played(Match.start([["Anna"], ["Bruno"]], rules), {"Anna": 11, "Bruno": 11})
    assert not tied.is_over()
