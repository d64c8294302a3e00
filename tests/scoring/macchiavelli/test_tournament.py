"""RULES-macchiavelli.md, "Tournament": rounds played table by table, Victory Points and
standings, the movement between rounds, the Danese, corrections and withdrawals."""

import random

import pytest

from scoring.macchiavelli import (
    AlreadyWithdrawn,
    Deal,
    DealNotSeated,
    Movement,
    NoJokers,
    NoRoundLeft,
    NoSuchDeal,
    NoSuchTable,
    NotInTournament,
    OptionOutOfRange,
    Ranking,
    RoundClosed,
    Seat,
    Seating,
    TableDone,
    TableLeftAlone,
    TableScore,
    Tournament,
    TournamentOver,
    TournamentRules,
    nava,
    nava_plan,
    parse_cards,
    rank_players,
    repeated_meetings,
    score_table,
)

#: Round 1 of the 14-player example: ``T2S`` sits South at table 2, the BYEs West at 3 and 4.
FOURTEEN = Seating(
    tuple(
        tuple(
            None if (table > 2 and seat is Seat.WEST) else f"T{table}{seat.name[0]}"
            for seat in Seat
        )
        for table in range(1, 5)
    )
)


def counted(players: tuple[str, ...], round_: int, number: int) -> Deal:
    """A deal the first seated closes; the others' points vary with seat, round and deal."""
    return Deal.of(
        {
            p: 0 if i == 0 else 1 + (17 * i + 7 * number + 11 * round_) % 50
            for i, p in enumerate(players)
        }
    )


def play_round(tournament: Tournament, skip: tuple[int, ...] = ()) -> Tournament:
    """Every table of the current round plays the deals it has left (but those in ``skip``)."""
    round_ = tournament.current_round
    seating = tournament.seating(round_)
    for table in range(1, len(seating.tables) + 1):
        if table in skip:
            continue
        for number in range(
            len(tournament.deals_at(round_, table)) + 1, tournament.rules.deals + 1
        ):
            deal = counted(seating.players_at(table), round_, number)
            tournament = tournament.with_deal(table, deal)
    return tournament


def fourteen(**rules: object) -> Tournament:
    options = TournamentRules(**rules)  # type: ignore[arg-type]
    return Tournament(options, nava_plan(FOURTEEN, options.moved_rounds))


def test_a_round_is_played_table_by_table_and_then_moves() -> None:
    tournament = fourteen(rounds=3, deals=3)
    assert tournament.tables_playing() == (1, 2, 3, 4)
    tournament = play_round(tournament, skip=(3,))
    assert tournament.current_round == 1
    assert tournament.tables_playing() == (3,)
    with pytest.raises(TableDone) as done:
        tournament.with_deal(1, counted(FOURTEEN.players_at(1), 1, 4))
    assert (done.value.table, done.value.deals) == (1, 3)
    for number in (1, 2, 3):
        tournament = tournament.with_deal(3, counted(FOURTEEN.players_at(3), 1, number))
    assert tournament.current_round == 2
    assert tournament.seating(2) == nava(FOURTEEN)
    assert tournament.tables_playing() == (1, 2, 3, 4)


def test_a_table_round_scores_the_mp_of_its_deals() -> None:
    tournament = fourteen(rounds=3, deals=4)
    deals = [
        Deal.of({"T1N": 0, "T1S": 10, "T1E": 20, "T1W": 30}),
        Deal.of({"T1N": 20, "T1S": 0, "T1E": 20, "T1W": 50}),
        Deal.of({"T1N": 0, "T1S": 25, "T1E": 30, "T1W": 50}),
        Deal.of({"T1N": 0, "T1S": 20, "T1E": 1, "T1W": 1}),
    ]
    assert tournament.match_points(1, 1) == {"T1N": 0, "T1S": 0, "T1E": 0, "T1W": 0}
    for deal in deals:
        tournament = tournament.with_deal(1, deal)
        if len(tournament.deals_at(1, 1)) == 2:
            assert tournament.match_points(1, 1) == {"T1N": 20, "T1S": 10, "T1E": 40, "T1W": 80}
    assert [(s.player, s.mp) for s in tournament.table_scores(1, 1)] == [
        ("T1N", 20),
        ("T1S", 55),
        ("T1E", 71),
        ("T1W", 131),
    ]
    with pytest.raises(ValueError, match="deals to play"):
        tournament.table_scores(1, 2)


def test_a_tournament_is_rebuilt_from_its_plan_deals_and_withdrawals() -> None:
    tournament = play_round(fourteen(rounds=3)).with_withdrawal("T3N")
    tournament = tournament.with_deal(2, counted(tournament.seating(2).players_at(2), 2, 1))
    assert len(tournament.played) == 2
    stored = (tournament.plan, tournament.played, dict(tournament.withdrawn))
    assert Tournament(TournamentRules(rounds=3), *stored) == tournament
    assert tournament.withdrawn == {"T3N": 2}


def test_the_standings_add_up_every_round_vp() -> None:
    tournament = play_round(play_round(fourteen(rounds=3, deals=3)))
    vp = dict.fromkeys(tournament.players, 0)
    mp = dict.fromkeys(tournament.players, 0)
    for round_ in (1, 2):
        for table in tournament.round_scores(round_):
            for score in table:
                vp[score.player] += score.vp
                mp[score.player] += score.mp
    standings = tournament.standings()
    assert {r.player: (r.vp, r.mp) for r in standings} == {p: (vp[p], mp[p]) for p in vp}
    assert [(-r.vp, r.mp) for r in standings] == sorted((-r.vp, r.mp) for r in standings)
    assert tournament.standings(1) != standings


def score(player: str, vp: int, mp: int) -> TableScore:
    return TableScore(player, mp, vp, 0, 0)


def test_level_on_vp_fewer_mp_first_then_a_shared_place() -> None:
    round_ = [[score("Anna", 10, 90), score("Bruno", 12, 150)], [score("Carlo", 10, 80)]]
    more = [[score("Dario", 10, 90), score("Elena", 2, 10)]]
    assert rank_players(["Anna", "Bruno", "Carlo", "Dario", "Elena"], [round_, more]) == (
        Ranking(1, "Bruno", 12, 150),
        Ranking(2, "Carlo", 10, 80),
        Ranking(3, "Anna", 10, 90),
        Ranking(3, "Dario", 10, 90),
        Ranking(5, "Elena", 2, 10),
    )


def test_the_danese_seats_the_last_round_by_the_standings() -> None:
    tournament = fourteen(rounds=3, deals=3, danese=True)
    assert len(tournament.plan) == 2
    tournament = play_round(tournament)
    tournament = play_round(tournament, skip=(2,))
    with pytest.raises(ValueError, match="no seating yet"):
        tournament.seating(3)
    tournament = play_round(tournament)  # table 2 ends round 2
    ranked = [r.player for r in tournament.standings(2)]
    seating = tournament.seating(3)
    assert seating.tables[0] == tuple(ranked[:4])
    assert seating.tables[1] == tuple(ranked[4:8])
    assert seating.tables[2] == (*ranked[8:11], None)
    assert seating.tables[3] == (*ranked[11:], None)
    tournament = play_round(tournament)
    assert tournament.is_over()
    with pytest.raises(TournamentOver):
        tournament.with_deal(1, counted(seating.players_at(1), 3, 1))


def test_a_deal_names_its_table_players() -> None:
    tournament = fourteen()
    with pytest.raises(NoSuchTable) as table:
        tournament.with_deal(5, counted(FOURTEEN.players_at(1), 1, 1))
    assert (table.value.table, table.value.tables) == (5, 4)
    with pytest.raises(DealNotSeated) as seated:
        tournament.with_deal(1, counted(("T1N", "T1S", "T1E", "T2N"), 1, 1))
    assert (seated.value.missing, seated.value.strangers) == (("T1W",), ("T2N",))
    jolly = Deal.of({"T3N": 0, "T3S": parse_cards("JK", jokers=True), "T3E": 4})
    with pytest.raises(NoJokers):
        tournament.with_deal(3, jolly)
    assert fourteen(jokers=True).with_deal(3, jolly).deals_at(1, 3) == (jolly,)


def test_a_deal_is_corrected_until_the_next_round_starts() -> None:
    tournament = play_round(fourteen())
    fixed = Deal.of({"T1N": 0, "T1S": 1, "T1E": 2, "T1W": 3})
    corrected = tournament.with_deal_replaced(1, 1, 2, fixed)
    assert corrected.deals_at(1, 1)[1] == fixed
    assert corrected.table_scores(1, 1) != tournament.table_scores(1, 1)
    undone = tournament.without_last_deal(1, 1)
    assert (undone.current_round, undone.tables_playing()) == (1, (1,))
    assert tournament.with_deal_replaced(1, 1, 1, fixed).deals_at(1, 1)[0] == fixed
    assert tournament.with_deal_replaced(1, 1, 3, fixed).deals_at(1, 1)[2] == fixed
    for number in (0, 4):
        with pytest.raises(NoSuchDeal):
            tournament.with_deal_replaced(1, 1, number, fixed)
    with pytest.raises(NoSuchDeal):
        tournament.with_deal_replaced(2, 1, 1, fixed)  # round 2 is open, with no deal yet
    with pytest.raises(RoundClosed):
        tournament.with_deal_replaced(3, 1, 1, fixed)
    started = tournament.with_deal(1, counted(tournament.seating(2).players_at(1), 2, 1))
    with pytest.raises(RoundClosed) as closed:
        started.with_deal_replaced(1, 1, 2, fixed)
    assert (closed.value.round, closed.value.current) == (1, 2)
    with pytest.raises(RoundClosed):
        started.without_last_deal(1, 1)
    assert started.without_last_deal(2, 1).without_last_deal(1, 1).current_round == 1
    with pytest.raises(NoSuchDeal):
        started.without_last_deal(2, 2)


def test_a_withdrawal_turns_the_seat_into_a_bye_from_the_next_round() -> None:
    tournament = fourteen(rounds=3)
    tournament = tournament.with_deal(1, counted(FOURTEEN.players_at(1), 1, 1))
    gone = tournament.with_withdrawal("T1S")
    assert gone.seating(1) == FOURTEEN  # round 1 is under way: she finishes it
    assert "T1S" not in gone.seating(2).players
    assert gone.seating(2).tables == nava(FOURTEEN).without({"T1S"}).tables
    gone = play_round(gone)
    table = gone.seating(2).where("T2S")[0]
    with pytest.raises(DealNotSeated):
        gone.with_deal(table, counted((*gone.seating(2).players_at(table), "T1S"), 2, 1))
    gone = play_round(play_round(gone))
    assert gone.is_over()
    row = next(r for r in gone.standings() if r.player == "T1S")
    assert row.withdrawn
    assert row.vp == next(s.vp for s in gone.round_scores(1)[0] if s.player == "T1S")
    assert [r.player for r in gone.standings() if r.withdrawn] == ["T1S"]


def test_a_withdrawal_between_rounds_takes_the_next_round() -> None:
    tournament = play_round(fourteen(rounds=3))
    assert "T2E" not in tournament.with_withdrawal("T2E").seating(2).players
    assert "T2E" not in fourteen().with_withdrawal("T2E").seating(1).players


def test_who_withdraws_does_so_once_and_only_while_a_round_is_left() -> None:
    tournament = fourteen(rounds=3).with_withdrawal("T1N")
    with pytest.raises(AlreadyWithdrawn):
        tournament.with_withdrawal("T1N")
    with pytest.raises(NotInTournament):
        tournament.with_withdrawal("Zeno")
    last = play_round(play_round(fourteen(rounds=3)))
    last = last.with_deal(1, counted(last.seating(3).players_at(1), 3, 1))
    with pytest.raises(NoRoundLeft):
        last.with_withdrawal("T1N")


def test_a_withdrawal_leaving_a_table_with_one_player_is_refused() -> None:
    nine = Seating(
        (
            ("Bruno", "Anna", "Dario", None),
            ("Carlo", "Elena", "Franco", None),
            ("Gino", "Ivo", "Lia", None),
        )
    )
    tournament = Tournament(TournamentRules(), nava_plan(nine, 3)).with_withdrawal("Anna")
    assert tournament.seating(1).players_at(1) == ("Bruno", "Dario")  # heads-up
    with pytest.raises(TableLeftAlone) as alone:
        tournament.with_withdrawal("Dario")
    assert (alone.value.player, alone.value.round, alone.value.table) == ("Dario", 1, 1)


def test_a_withdrawal_is_checked_against_every_coming_round() -> None:
    nine = Seating(
        (
            ("Bruno", "Anna", "Dario", None),
            ("Carlo", "Elena", "Franco", None),
            ("Gino", "Ivo", "Lia", None),
        )
    )
    tournament = Tournament(TournamentRules(), nava_plan(nine, 3)).with_withdrawal("Bruno")
    # North of table 1 meets South of table 2 once, in round 3, at table 3, with Franco.
    with pytest.raises(TableLeftAlone) as alone:
        tournament.with_withdrawal("Elena")
    assert (alone.value.round, alone.value.table) == (3, 3)


def test_a_withdrawal_before_the_danese_keeps_its_tables_from_being_too_small() -> None:
    nine = Seating(
        (
            ("Bruno", "Anna", "Dario", None),
            ("Carlo", "Elena", "Franco", None),
            ("Gino", "Ivo", "Lia", None),
        )
    )
    tournament = Tournament(TournamentRules(danese=True), nava_plan(nine, 2))
    tournament = play_round(play_round(tournament)).with_withdrawal("Anna")
    assert sorted(tournament.seating(3).sizes) == [2, 3, 3]
    assert tournament.seating(3).sizes == (3, 3, 2)
    with pytest.raises(TableLeftAlone) as alone:
        tournament.with_withdrawal("Dario")  # Anna's and Dario's round-2 table
    assert alone.value.round == 3


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ({"rounds": 2}, "rounds"),
        ({"rounds": 6}, "rounds"),
        ({"deals": 2}, "round_deals"),
        ({"deals": 6}, "round_deals"),
    ],
)
def test_three_to_five_rounds_of_three_to_five_deals(options: dict[str, int], option: str) -> None:
    with pytest.raises(OptionOutOfRange) as caught:
        TournamentRules(**options)  # type: ignore[arg-type]
    assert caught.value.option == option
    assert TournamentRules(rounds=5, deals=5).moved_rounds == 5
    assert TournamentRules(rounds=3, deals=3, danese=True).moved_rounds == 2


def test_a_tournament_starts_from_the_random_source_given() -> None:
    names = [f"P{n:02}" for n in range(16)]
    rules = TournamentRules(rounds=5, movement=Movement.MIXED)
    first = Tournament.start(names, rules, random.Random(4))
    assert first == Tournament.start(names, rules, random.Random(4))
    assert len(first.plan) == 5
    nava_rules = TournamentRules(rounds=5)
    by_nava = Tournament.start(names, nava_rules, random.Random(4))
    assert by_nava.plan == nava_plan(by_nava.plan[0], 5)
    assert repeated_meetings(first.plan) < repeated_meetings(nava_plan(first.plan[0], 5))


def test_every_score_of_a_round_comes_from_the_table_rules() -> None:
    tournament = play_round(fourteen(rounds=3, deals=5))
    for table, scores in enumerate(tournament.round_scores(1), start=1):
        mp = {s.player: s.mp for s in scores}
        assert scores == score_table(mp, 5)
        assert set(mp) == set(FOURTEEN.players_at(table))


def test_fourteen_players_three_rounds_end_to_end() -> None:
    names = [f"P{n:02}" for n in range(14)]
    tournament = Tournament.start(names, TournamentRules(rounds=3, deals=4), random.Random(8))
    assert tournament.seating(1).sizes == (4, 4, 3, 3)
    tournament = play_round(tournament)
    table = tournament.seating(1).players_at(4)
    fixed = Deal.of(dict(zip(table, (0, 99, 98), strict=True)))
    tournament = tournament.with_deal_replaced(1, 4, 2, fixed)
    leaving = table[1]
    tournament = play_round(tournament, skip=(1,)).with_withdrawal(leaving)
    tournament = play_round(play_round(tournament))
    assert tournament.is_over()
    assert leaving in tournament.seating(2).players
    assert leaving not in tournament.seating(3).players
    vp = dict.fromkeys(names, 0)
    for round_ in (1, 2, 3):
        for scores in tournament.round_scores(round_):
            placement = sum(s.placement_vp for s in scores)
            assert placement == {4: 20, 3: 18, 2: 14}[len(scores)]
            for s in scores:
                vp[s.player] += s.vp
    assert leaving not in {s.player for t in tournament.round_scores(3) for s in t}
    standings = tournament.standings()
    assert {r.player: r.vp for r in standings} == vp
    assert [r.player for r in standings if r.withdrawn] == [leaving]
    assert next(s.mp for s in tournament.round_scores(1)[3] if s.player == leaving) >= 99
