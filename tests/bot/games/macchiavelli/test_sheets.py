"""/cartellini's printable PDF, read back: one card per player with their table and seat in
every round (the Danese "by standings" until seated), one score sheet per table per round
with the names filled in, in the chat's language."""

from __future__ import annotations

import io
import pickle
import re

import pytest
from pypdf import PdfReader

from bot import i18n
from bot.games.macchiavelli import tournament_texts
from bot.games.macchiavelli.render import draw_sheets
from bot.games.macchiavelli.sheets import (
    Programme,
    page_count,
    player_cards,
    programme_of,
    score_sheets,
)
from scoring.macchiavelli import (
    Deal,
    Seating,
    Tournament,
    TournamentRules,
    nava_plan,
    table_sizes,
)

FOURTEEN = ("Anna", "Bruno", "Carlo", "Dario", "Elena", "Franco", "Gino",
            "Ida", "Luca", "Marta", "Nino", "Olga", "Pia", "Rino")  # fmt: skip


def _tournament(rules: TournamentRules, players: tuple[str, ...] = FOURTEEN) -> Tournament:
    first = Seating.filled(players, table_sizes(len(players)))
    return Tournament(rules, nava_plan(first, rules.moved_rounds))


def _pages(programme: Programme, language: str = "it") -> list[str]:
    with i18n.speaking(language):
        pdf = draw_sheets(programme, tournament_texts.sheet_words())
    assert pdf.startswith(b"%PDF-")
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


@pytest.fixture(scope="module")
def fourteen() -> list[str]:
    """14 players, 3 rounds of 4 deals, the last a Danese: read once, tested many ways."""
    tournament = _tournament(TournamentRules(rounds=3, deals=4, danese=True))
    return _pages(programme_of(tournament, "Torneo del circolo"))


def test_eight_cards_a_page_then_two_sheets_a_page(fourteen: list[str]) -> None:
    # 14 cards: 2 pages; 4 tables × 3 rounds = 12 sheets: 6 pages
    assert len(fourteen) == 8
    assert fourteen[0].count("Cartellino") == 8
    assert fourteen[1].count("Cartellino") == 6
    assert all(page.count("Segnapunti") == 2 for page in fourteen[2:])
    assert fourteen[-1].rstrip().endswith("pagina 8 di 8")


def test_every_player_has_a_card_with_each_rounds_table_and_seat(fourteen: list[str]) -> None:
    cards = "\n".join(fourteen[:2])
    # Anna sits N at table 1, then moves up a table by Nava; round 3 is the Danese
    assert re.search(
        r"Anna\nTurno Tavolo Posto MP VP\n1 1 N\n2 2 N\n3 Danese, per classifica", cards
    )
    # Dario sits West at table 1, then two tables down: 1 → 3 (the one before last)
    assert re.search(r"Dario\nTurno Tavolo Posto MP VP\n1 1 O\n2 3 O\n", cards)
    for player in FOURTEEN:
        assert f"\n{player}\n" in f"\n{cards}"


def test_every_table_of_every_round_has_its_sheet_with_the_names(fourteen: list[str]) -> None:
    sheets = "\n".join(fourteen[2:])
    headings = re.findall(r"Turno (\d)( · Danese)? · Tavolo (\d)", sheets)
    assert [(int(r), int(t)) for r, _d, t in headings] == [
        (r, t) for r in (1, 2, 3) for t in (1, 2, 3, 4)
    ]
    # round 1 as drawn; round 2 by RULES' movement: table 1 is N from 4, S from 2, E from 3
    assert "Turno 1 · Tavolo 1\nN\nAnna\nS\nBruno\nE\nCarlo\nO\nDario\n" in sheets
    assert "Turno 1 · Tavolo 3\nN\nLuca\nS\nMarta\nE\nNino\nO\nBYE\n" in sheets
    assert "Turno 2 · Tavolo 1\nN\nOlga\nS\nFranco\nE\nNino\nO\nBYE\n" in sheets
    for row in ("Smazzata 1", "Smazzata 4", "Totale MP", "VP piazzamento", "VP del turno"):
        assert sheets.count(row) == 12
    assert "Smazzata 5" not in sheets


def test_the_danese_is_printed_by_standings_until_it_is_seated(fourteen: list[str]) -> None:
    sheets = "\n".join(fourteen[2:])
    danese = sheets[sheets.index("Turno 3 · Danese · Tavolo 1") :]
    assert "N\nDanese, per classifica\n" in danese
    # the tables of 3 keep their BYE in the West seat
    table_four = danese[danese.index("Tavolo 4") :]
    assert "E\nDanese, per classifica\nO\nBYE\n" in table_four


def test_once_the_round_before_is_played_the_danese_has_its_names() -> None:
    tournament = _tournament(TournamentRules(rounds=3, deals=3, danese=True))
    for round_ in (1, 2):
        seating = tournament.seating(round_)
        for table in range(1, tournament.table_count + 1):
            at = seating.players_at(table)
            for _deal in range(3):
                points = {p: (0 if i == 0 else 10 * i + table) for i, p in enumerate(at)}
                tournament = tournament.with_deal(table, Deal.of(points))
    programme = programme_of(tournament, "Torneo")
    danese = tournament.seating(3)

    pages = _pages(programme)
    cards = "\n".join(pages[:2])

    leader = danese.tables[0][0]
    assert leader is not None
    assert re.search(rf"{leader}\nTurno Tavolo Posto MP VP\n1 \d [NSEO]\n2 \d [NSEO]\n3 1 N", cards)
    sheets = "\n".join(pages[2:])
    names = "\n".join(f"{s}\n{p or 'BYE'}" for s, p in zip("NSEO", danese.tables[0], strict=True))
    assert f"Turno 3 · Danese · Tavolo 1\n{names}\n" in sheets


def test_a_withdrawn_player_is_marked_and_their_seat_is_a_bye() -> None:
    tournament = _tournament(TournamentRules(rounds=3, deals=3)).with_withdrawal("Anna")
    programme = programme_of(tournament, "Torneo")

    (anna,) = [card for card in player_cards(programme) if card.player == "Anna"]
    assert [line.note for line in anna.lines] == ["withdrawn"] * 3
    pages = _pages(programme)
    assert re.search(
        r"Anna\nTurno Tavolo Posto MP VP\n1 fuori dal torneo\n2 fuori dal torneo\n"
        r"3 fuori dal torneo",
        pages[0],
    )
    assert "Turno 1 · Tavolo 1\nN\nBYE\nS\nBruno\n" in "\n".join(pages[2:])


def test_in_english_seats_are_n_s_e_w() -> None:
    tournament = _tournament(TournamentRules(rounds=3, deals=5))
    pages = _pages(programme_of(tournament, "Club night"), "en")

    assert "Player card · Club night\nAnna\nRound Table Seat MP VP\n1 1 N" in pages[0]
    assert re.search(r"Dario\nRound Table Seat MP VP\n1 1 W\n", pages[0])
    sheets = "\n".join(pages[2:])
    assert (
        "Score sheet · Club night\nRound 1 · Table 3\nN\nLuca\nS\nMarta\nE\nNino\nW\nBYE" in sheets
    )
    assert "Deal 5" in sheets
    assert "page 8 of 8" in pages[-1]


@pytest.mark.parametrize(("players", "rounds"), [(9, 3), (14, 4), (17, 5), (64, 5)])
def test_page_count(players: int, rounds: int) -> None:
    names = tuple(f"Nome{i:02d}" for i in range(players))
    tournament = _tournament(TournamentRules(rounds=rounds, deals=3), names)
    programme = programme_of(tournament, "Torneo")

    tables = len(table_sizes(players))
    assert len(score_sheets(programme)) == tables * rounds
    assert page_count(programme) == -(-players // 8) + -(-tables * rounds // 2)
    if players <= 14:
        assert len(_pages(programme)) == page_count(programme)


def test_what_the_worker_is_sent_can_cross_to_a_process() -> None:
    tournament = _tournament(TournamentRules(rounds=4, deals=3, danese=True))
    programme = programme_of(tournament, "Torneo")
    words = tournament_texts.sheet_words()

    assert pickle.loads(pickle.dumps((programme, words))) == (programme, words)
