"""What the chat reads about Macchiavelli: the home game's worked example deal by deal (the
breakdown ``Bruno K,A,7 = 28``, the standings, who deals next, the end), and a tournament's
tables, rounds, standings, moves and status; in Italian and in English."""

from __future__ import annotations

from bot import i18n
from bot.games.macchiavelli import texts, tournament_texts
from bot.games.macchiavelli.parsing import parse_deal, parse_new_game, resolve, resolve_at_table
from scoring.macchiavelli import (
    Match,
    Seat,
    Seating,
    Tournament,
    TournamentRules,
    nava_plan,
    score_table,
    table_sizes,
)

WORKED = ("Anna 0 Bruno K,A,7 Carlo 12", "Carlo 0 Anna JK,2 Bruno 40", "Bruno 0 Anna 5 Carlo A,A")


def _played(new: str, deals: tuple[str, ...]) -> Match:
    match = parse_new_game(new).match()
    for typed in deals:
        match = match.with_deal(resolve(parse_deal(typed), match.players, match.rules))
    return match


def test_the_worked_example_deal_one() -> None:
    match = _played("macchiavelli Anna Bruno Carlo smazzate=3 jolly", WORKED[:1])

    assert texts.deal_recorded(match) == (
        "Smazzata 1: chiude Anna.\n"
        "Anna 0\n"
        "Bruno K,A,7 = 28\n"
        "Carlo 12\n"
        "\n"
        "Classifica (vince chi ha meno punti):\n"
        "1. Anna 0\n"
        "2. Carlo 12\n"
        "3. Bruno 28\n"
        "\n"
        "Smazzata 2 di 3: distribuisce Bruno."
    )


def test_the_worked_example_ends_after_deal_three_anna_winning_with_32() -> None:
    match = _played("Anna Bruno Carlo smazzate=3 jolly", WORKED)

    reply = texts.deal_recorded(match)

    assert reply.startswith("Smazzata 3: chiude Bruno.\nAnna 5\nBruno 0\nCarlo A,A = 22\n")
    assert "1. Anna 32\n2. Carlo 34\n3. Bruno 68" in reply
    assert reply.endswith("🏁 Partita finita dopo 3 smazzate: vince Anna con 32!")
    assert "distribuisce" not in reply


def test_the_worked_example_in_english() -> None:
    match = _played("Anna Bruno Carlo deals=3 jokers", WORKED[:2])
    with i18n.speaking("en"):
        reply = texts.deal_recorded(match)

    assert reply == (
        "Deal 2: Carlo closes.\n"
        "Anna JK,2 = 27\n"
        "Bruno 40\n"
        "Carlo 0\n"
        "\n"
        "Standings (fewest points win):\n"
        "1. Carlo 12\n"
        "2. Anna 27\n"
        "3. Bruno 68\n"
        "\n"
        "Deal 3 of 3: Carlo deals."
    )


def test_a_game_without_an_end_names_the_next_dealer_only() -> None:
    match = _played("Anna Bruno Carlo mazziere=Carlo", ("3 28 12",))

    reply = texts.deal_recorded(match)

    assert reply.startswith("Smazzata 1: nessuno chiude, il tallone è finito.\n")
    assert reply.endswith("Smazzata 2: distribuisce Anna.")


def test_the_target_ends_the_game_and_is_named() -> None:
    match = _played("Anna Bruno soglia=50", ("0 30", "0 25"))

    assert texts.deal_recorded(match).endswith(
        "🏁 Bruno a quota 50 o più. Partita finita dopo 2 smazzate: vince Anna con 0!"
    )


def test_level_totals_win_together() -> None:
    match = _played("Anna Bruno Carlo smazzate=2", ("0 10 20", "10 0 5"))

    assert texts.match_over(match) == (
        "🏁 Partita finita dopo 2 smazzate: vincono a pari merito Anna e Bruno con 10!"
    )


def test_a_single_game_is_won_by_who_closes() -> None:
    match = _played("Anna Bruno Carlo singola", ("Bruno 0 Anna 40 Carlo 3",))

    assert texts.match_over(match) == "🏁 Bruno chiude e vince la partita!"
    with i18n.speaking("en"):
        assert texts.match_over(match) == "🏁 Bruno closes and wins the game!"


def test_the_start_of_a_game_shows_a_deal_to_copy_with_every_player() -> None:
    match = parse_new_game("Anna Bruno Carlo Dario Elena smazzate=3 mazziere=Dario").match()

    started = texts.match_started(match)

    assert "(a punti, fino a 3 smazzate, senza jolly)" in started
    assert "Prima smazzata: distribuisce Dario." in started
    assert started.endswith("/mano Anna 0 Bruno K,A,7 Carlo 12 Dario 5 Elena 30")
    typed = started.rpartition("/mano ")[2]
    assert resolve(parse_deal(typed), match.players, match.rules).closer == "Anna"


# --- a tournament ---


def test_a_table_line_shows_every_seat_and_the_bye() -> None:
    assert tournament_texts.table_line(1, ("Anna", "Bruno", "Carlo", "Dario")) == (
        "Tavolo 1: N Anna · S Bruno · E Carlo · O Dario"
    )
    assert tournament_texts.table_line(3, ("Elena", "Franco", "Gino", None)) == (
        "Tavolo 3: N Elena · S Franco · E Gino · O —"
    )
    with i18n.speaking("en"):
        assert tournament_texts.table_line(3, ("Elena", "Franco", "Gino", None)) == (
            "Table 3: N Elena · S Franco · E Gino · W —"
        )


def test_the_rules_three_worked_tables_of_victory_points() -> None:
    four = score_table({"Anna": 20, "Bruno": 55, "Carlo": 70, "Dario": 130}, 4)
    three = score_table({"Elena": 0, "Franco": 31, "Gino": 40}, 3)
    tie = score_table({"Anna": 40, "Bruno": 40, "Carlo": 121, "Dario": 300}, 5)

    assert tournament_texts.table_round(1, 1, four).splitlines() == [
        "Turno 1, tavolo 1:",
        "Anna: MP 20 · piazzamento 8 · differenza 195 → 10 · VP 18",
        "Bruno: MP 55 · piazzamento 6 · differenza 90 → 4 · VP 10",
        "Carlo: MP 70 · piazzamento 4 · differenza 60 → 2 · VP 6",
        "Dario: MP 130 · piazzamento 2 · differenza 0 → 0 · VP 2",
    ]
    assert tournament_texts.table_round(1, 3, three).splitlines()[1:] == [
        "Elena: MP 0 · piazzamento 8 · differenza 71 → 4 · VP 12",
        "Franco: MP 31 · piazzamento 6 · differenza 9 → 0 · VP 6",
        "Gino: MP 40 · piazzamento 4 · differenza 0 → 0 · VP 4",
    ]
    with i18n.speaking("en"):
        assert tournament_texts.table_round(2, 1, tie).splitlines()[:3] == [
            "Round 2, table 1:",
            "Anna: MP 40 · placement 7 · difference 341 → 12 · VP 19",
            "Bruno: MP 40 · placement 7 · difference 341 → 12 · VP 19",
        ]


def test_a_move_names_both_tables_and_the_seat() -> None:
    assert tournament_texts.move_line("Anna", 2, 3, Seat.NORTH) == "Anna: tavolo 2 → 3 (N)"
    with i18n.speaking("en"):
        assert tournament_texts.move_line("Bruno", 1, 3, Seat.WEST) == "Bruno: table 1 → 3 (W)"


FOURTEEN = ("Anna", "Bruno", "Carlo", "Dario", "Elena", "Franco", "Gino",
            "Ida", "Luca", "Marta", "Nino", "Olga", "Pia", "Rino")  # fmt: skip


def _fixed(rules: TournamentRules, players: tuple[str, ...] = FOURTEEN) -> Tournament:
    """Seated in the order given (tables of 4 first), moved by Nava."""
    first = Seating.filled(players, table_sizes(len(players)))
    return Tournament(rules, nava_plan(first, rules.moved_rounds))


def _play_round(tournament: Tournament) -> Tournament:
    """Every table of the current round plays its deals: the first seated closes each."""
    round_ = tournament.current_round
    seating = tournament.seating(round_)
    for table in range(1, tournament.table_count + 1):
        at = seating.players_at(table)
        for _deal in range(tournament.rules.deals):
            typed = " ".join(f"{p} {10 * i}" for i, p in enumerate(at))
            number, deal = resolve_at_table(parse_deal(typed), seating, tournament.rules)
            tournament = tournament.with_deal(number, deal)
    return tournament


def test_a_round_closed_shows_the_tables_the_standings_and_the_moves() -> None:
    tournament = _play_round(_fixed(TournamentRules(rounds=3, deals=3)))

    reply = tournament_texts.round_closed(tournament, 1)

    assert "Turno 1, tavolo 1:\nAnna: MP 0 · piazzamento 8 · differenza 180 → 10 · VP 18" in reply
    assert "Classifica dopo il turno 1:\n1. Anna 18 VP (MP 0)\n1. Elena 18 VP (MP 0)\n" in reply
    # RULES: table 1 has N from table 4, S from 2, E from 3 and the BYE from 3's West
    assert "Turno 2:\nTavolo 1: N Olga · S Franco · E Nino · O —\n" in reply
    assert "Spostamenti:\nAnna: tavolo 1 → 2 (N)\nBruno: tavolo 1 → 4 (S)\n" in reply
    assert "Carlo: tavolo 1 → 3 (E)\nDario: tavolo 1 → 3 (O)" in reply


def test_before_a_danese_the_seating_is_by_the_standings() -> None:
    tournament = _fixed(TournamentRules(rounds=3, deals=3, danese=True))
    tournament = _play_round(_play_round(tournament))

    reply = tournament_texts.round_closed(tournament, 2)

    assert "Turno 3, la Danese: seduti per classifica.\nTavolo 1: N " in reply
    assert "Spostamenti" not in reply
    leaders = [r.player for r in tournament.standings(2)][:4]
    assert tournament_texts.table_line(1, tuple(leaders)) in reply


def test_the_last_round_names_the_winner() -> None:
    tournament = _fixed(TournamentRules(rounds=3, deals=3))
    for _round in range(3):
        tournament = _play_round(tournament)

    reply = tournament_texts.round_closed(tournament, 3)

    winners = [r.player for r in tournament.standings() if r.rank == 1]
    assert reply.endswith(tournament_texts.tournament_won(tournament))
    assert all(w in reply.rpartition("🥇")[2] for w in winners)


def test_tables_shows_who_is_still_playing() -> None:
    tournament = _fixed(TournamentRules(rounds=3, deals=3))
    seating = tournament.seating(1)
    for _deal in range(3):
        typed = " ".join(f"{p} {i}" for i, p in enumerate(seating.players_at(2)))
        tournament = tournament.with_deal(
            *resolve_at_table(parse_deal(typed), seating, tournament.rules)
        )
    first = resolve_at_table(
        parse_deal("Anna 0 Bruno 3 Carlo 4 Dario 5"), seating, tournament.rules
    )
    tournament = tournament.with_deal(*first)

    assert tournament_texts.tables_status(tournament).splitlines() == [
        "Turno 1 di 3.",
        "Tavolo 1: gioca (1 di 3 smazzate)",
        "Tavolo 2: ha finito, aspetta",
        "Tavolo 3: gioca (0 di 3 smazzate)",
        "Tavolo 4: gioca (0 di 3 smazzate)",
    ]
    with i18n.speaking("en"):
        assert (
            tournament_texts.tables_status(tournament).splitlines()[1]
            == "Table 1: playing (1 of 3 deals)"
        )


def test_before_round_one_the_meetings_that_repeat_are_told() -> None:
    twelve = FOURTEEN[:12]
    tournament = _fixed(TournamentRules(rounds=3, deals=3), twelve)

    started = tournament_texts.tournament_started(tournament)

    assert "Tavolo 3: N Luca · S Marta · E Nino · O Olga" in started
    assert "Con 3 tavoli si incontrano in ogni turno: " in started
    assert "Incontri ripetuti: " in started
    assert started.endswith("/mano Anna 0 Bruno K,A,7 Carlo 12 Dario 5")
    with i18n.speaking("en"):
        assert "With 3 tables these meet in every round: " in tournament_texts.tournament_started(
            tournament
        )


def test_one_pair_always_together_is_named_in_words() -> None:
    tournament = _fixed(TournamentRules(rounds=3, deals=3), FOURTEEN[:13])

    note = tournament_texts.meetings_note(tournament)

    assert note.startswith("Con 4 tavoli Carlo e Dario si incontrano in ogni turno.\n")
    with i18n.speaking("en"):
        assert tournament_texts.meetings_note(tournament).startswith(
            "With 4 tables Carlo and Dario meet in every round.\n"
        )


def test_with_five_tables_nobody_meets_in_every_round() -> None:
    players = (*FOURTEEN, "Sara", "Tina", "Ugo")
    tournament = _fixed(TournamentRules(rounds=3, deals=3), players)

    assert tournament_texts.meetings_note(tournament).startswith("Incontri ripetuti: ")


def test_a_table_deal_shows_the_tables_mp_and_the_deals_left() -> None:
    tournament = _fixed(TournamentRules(rounds=3, deals=3))
    seating = tournament.seating(1)
    typed = "Dario 0 Carlo K,A,7 Bruno 12 Anna 5"
    tournament = tournament.with_deal(
        *resolve_at_table(parse_deal(typed), seating, tournament.rules)
    )

    assert tournament_texts.table_deal_recorded(tournament, 1, 1) == (
        "Turno 1, tavolo 1.\n"
        "\n"
        "Smazzata 1: chiude Dario.\n"
        "Anna 5\n"
        "Bruno 12\n"
        "Carlo K,A,7 = 28\n"
        "Dario 0\n"
        "\n"
        "MP: Dario 0, Anna 5, Bruno 12, Carlo 28\n"
        "\n"
        "Mancano 2 smazzate a questo tavolo."
    )
    for _deal in range(2):
        tournament = tournament.with_deal(
            *resolve_at_table(
                parse_deal("Anna 0 Bruno 1 Carlo 2 Dario 3"), seating, tournament.rules
            )
        )
    with i18n.speaking("en"):
        assert tournament_texts.table_deal_recorded(tournament, 1, 1).endswith(
            "MP: Anna 5, Dario 6, Bruno 14, Carlo 32\n"
            "\n"
            "The table has finished the round: waiting for the other tables (/tables)."
        )
