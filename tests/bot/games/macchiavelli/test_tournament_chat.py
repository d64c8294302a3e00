"""A Macchiavelli tournament played in the chat through the real Application, offline: the
draw, each table's deals by names, the round posted when every table has played (the VP of
RULES-macchiavelli.md's worked example and the difference tables' boundaries), a fix until
the next round starts, a withdrawal, a late arrival refused, a restart, the printable PDF,
/esporta, and English."""

from __future__ import annotations

import csv
import io
import re

from pypdf import PdfReader

from tests.bot.conftest import StartBot, Table

NINE = "Anna Bruno Carlo Dario Elena Franco Gino Ida Luca"
#: Each table's three deals, its first seat closing each: MP 0, 31, 40 (the worked example's
#: table of 3: VP 12, 6, 4), then 0, 30, 60 (differences 90 → 4 and 30 → 0), then 0, 31, 62
#: (93 → 6 and 31 → 2).
DEALS = (
    ((10, 20), (11, 10), (10, 10)),
    ((10, 20), (10, 20), (10, 20)),
    ((11, 22), (10, 20), (10, 20)),
)


def seated(reply: str) -> list[list[str]]:
    """The players of each table line (``Tavolo 1: N Anna · S Bruno · E Carlo · O —``), in
    seat order, BYEs left out."""
    lines = re.findall(r"^(?:Tavolo|Table) \d: (N .+)$", reply, flags=re.MULTILINE)
    return [
        [s.split(" ", 1)[1] for s in line.split(" · ") if not s.endswith("—")] for line in lines
    ]


def deal(players: list[str], counts: tuple[int, ...]) -> str:
    return "/mano " + " ".join(f"{p} {c}" for p, c in zip(players, (0, *counts), strict=False))


async def play_table(
    table: Table, players: list[str], deals: tuple[tuple[int, ...], ...]
) -> list[str]:
    replies: list[str] = []
    for counts in deals:
        replies = await table.send(deal(players, counts))
    return replies


async def test_nine_players_two_rounds_a_fix_a_withdrawal_and_a_restart(
    start_bot: StartBot,
) -> None:
    async with start_bot() as table:
        started = await table.reply(f"/torneo macchiavelli turni=3 smazzate=3 {NINE}")
        assert started.startswith("🏆 Torneo di Macchiavelli: 9 giocatori, 3 turni di 3 smazzate")
        assert started.count(" · O —") == 3  # three tables of 3, the BYE West
        tables = seated(started)
        assert sorted(p for t in tables for p in t) == sorted(NINE.split())
        one, two, three = tables

        assert "con i nomi" in await table.reply("/mano 0 10 20")
        mixed = await table.reply(f"/mano {one[0]} 0 {two[0]} 10")
        joined = "ed" if two[0].casefold().startswith("e") else "e"  # "ed Elena", euphonic
        assert f"{one[0]} gioca al tavolo 1 {joined} {two[0]} al tavolo 2" in mixed

        first = table.update(deal(one, DEALS[0][0]))
        await table.deliver(first)
        edited = await table.deliver(table.edit(first, deal(one, (1, 1))))
        assert len(edited) == 1
        assert "/correggi" in edited[0]  # an edit changes nothing: how to correct instead
        replies = await play_table(table, one, DEALS[0][1:])
        assert replies[-1].endswith("aspettiamo gli altri tavoli (/tavoli).")
        assert "ha giocato le sue 3 smazzate" in await table.reply(deal(one, (1, 2)))
        status = await table.reply("/tavoli")
        assert "Turno 1 di 3." in status
        assert "Tavolo 1: ha finito, aspetta" in status
        assert "Tavolo 2: gioca (0 di 3 smazzate)" in status

        await play_table(table, two, DEALS[1])
        closing = await play_table(table, three, DEALS[2])
        assert len(closing) == 2
        posted = closing[1]
        a, b, c = one
        assert f"{a}: MP 0 · piazzamento 8 · differenza 71 → 4 · VP 12" in posted
        assert f"{b}: MP 31 · piazzamento 6 · differenza 9 → 0 · VP 6" in posted
        assert f"{c}: MP 40 · piazzamento 4 · differenza 0 → 0 · VP 4" in posted
        assert f"{two[0]}: MP 0 · piazzamento 8 · differenza 90 → 4 · VP 12" in posted
        assert f"{two[1]}: MP 30 · piazzamento 6 · differenza 30 → 0 · VP 6" in posted
        assert f"{three[0]}: MP 0 · piazzamento 8 · differenza 93 → 6 · VP 14" in posted
        assert f"{three[1]}: MP 31 · piazzamento 6 · differenza 31 → 2 · VP 8" in posted
        assert f"Classifica dopo il turno 1:\n1. {three[0]} 14 VP (MP 0)" in posted
        assert "Turno 2:" in posted
        # The Nava movement: North up one table, South down one, East up two.
        assert f"{a}: tavolo 1 → 2 (N)" in posted
        assert f"{b}: tavolo 1 → 3 (S)" in posted
        assert f"{c}: tavolo 1 → 3 (E)" in posted

        late = await table.reply("/entra Zoe")
        assert late.startswith("Il torneo è cominciato: Zoe non può entrare dopo il turno 1")

        # Round 1 can still be fixed: round 2 has not started. The round is posted again.
        fixed = await table.reply(f"/correggi 3 {a} 0 {b} 10 {c} 30")
        assert fixed.startswith("Turno 1, tavolo 1: smazzata 3 corretta.")
        assert f"{c}: MP 60 · piazzamento 4" in fixed

    async with start_bot() as table:  # a restart: the tournament is rebuilt from the database
        status = await table.reply("/tavoli")
        assert "Turno 2 di 3." in status
        round_2 = seated(status)

        gone = round_2[0][0]
        left = await table.reply(f"/esci {gone}")
        assert left.startswith(f"{gone} si ritira: dal turno 2 al suo posto c'è un BYE.")
        round_2 = seated(await table.reply("/tavoli"))
        assert gone not in [p for t in round_2 for p in t]

        await table.reply(deal(round_2[1], (5, 6)))
        refused = await table.reply(f"/correggi turno=1 1 {a} 0 {b} 10 {c} 30")
        assert refused == "Il turno 1 non si può più cambiare: si gioca il turno 2."
        undone = await table.reply("/annulla")
        assert undone.startswith("Turno 2, tavolo 2: smazzata 1 annullata.")

        standings = await table.reply("/classifica")
        assert re.search(
            rf"^\d\. {gone} \d+ VP \(MP \d+\) — ha lasciato il torneo$", standings, re.MULTILINE
        )

        pdf = await table.files("/cartellini", "sendDocument")
        assert len(pdf) == 1
        name, content = pdf[0]
        assert name == "cartellini.pdf"
        assert content.startswith(b"%PDF")
        pages = PdfReader(io.BytesIO(content)).pages
        # 9 cards, 8 to a page: 2 pages; 3 tables × 3 rounds = 9 sheets, 2 to a page: 5.
        assert len(pages) == 7
        assert gone in pages[0].extract_text() + pages[1].extract_text()  # the cards

        await table.reply(deal(round_2[0], (5, 6)))
        exported = await table.files("/esporta", "sendDocument")
        rows = list(csv.reader(io.StringIO(exported[0][1].decode())))
        assert rows[0] == ["round", "table", "seat", "player", "deal", "points", "mp", "vp"]
        assert len(rows) == 1 + 9 * 3 + len(round_2[0])
        # After the fix: a 0, b 31, c 60 (a's difference 91 → 6).
        assert [a, "0", "0", "14"] == [rows[1][3], rows[1][5], rows[1][6], rows[1][7]]


async def test_in_english(table: Table) -> None:
    await table.send("/lingua en")
    started = await table.reply(f"/tournament machiavelli rounds=3 deals=3 {NINE}")
    assert started.startswith("🏆 Machiavelli tournament: 9 players, 3 rounds of 3 deals")
    one = seated(started)[0]
    replies = await play_table(table, one, DEALS[0])
    assert "Round 1, table 1." in replies[-1]
    assert "Table 2: playing (0 of 3 deals)" in await table.reply("/tables")
    late = await table.reply("/join Zoe")
    assert late.startswith("The tournament has begun: Zoe cannot join after round 1")
    assert (await table.files("/cards", "sendDocument"))[0][1].startswith(b"%PDF")


async def test_a_danese_last_round_the_winner_then_a_home_game_of_tamalo(table: Table) -> None:
    seating = seated(await table.reply(f"/torneo macchiavelli turni=3 smazzate=3 danese {NINE}"))
    posts: list[str] = []
    for _round in range(3):
        for players, deals in zip(seating, DEALS, strict=True):
            replies = await play_table(table, players, deals)
        posts.append(replies[-1])
        seating = seated(replies[-1].split("Spostamenti:")[0].split("Turno ")[-1])
    assert "Turno 3, la Danese: seduti per classifica." in posts[1]
    danese = seated(posts[1].split("la Danese")[1])
    # By the standings after round 2: the first three at table 1.
    standings = re.findall(r"^\d+\. (\w+) ", posts[1], flags=re.MULTILINE)
    assert danese[0] == standings[:3]
    assert re.search(r"🥇 \w+ vince il torneo!|🥇 .+ vincono il torneo a pari merito!", posts[2])

    assert await table.reply("/mano Anna 0 Bruno 1 Carlo 2") == (
        "Il torneo è finito: tutti i turni sono giocati."
    )
    assert (await table.reply("/classifica")).startswith("Classifica finale:\n1. ")
    assert await table.reply("/fine") == "Il torneo è già chiuso."

    # A Tamalo game after it: the chat's commands are Tamalo's again.
    assert (await table.reply("/nuova Anna Bruno Carlo")).startswith("🃏")
    assert "Anna" in await table.reply("/mano Anna 3 Bruno 12 Carlo 7")
    night = await table.reply("/serata")  # Tamalo's game and the tournament, each its panel
    assert "· 2 partite\n\nTamalo\n" in night
    assert "\n\nMacchiavelli\n" in night


FOURTEEN = NINE + " Marco Nadia Oscar Paola Rita"
#: RULES-macchiavelli.md, "The Nava movement": North up one table, South down one, East up
#: two, West down two, tables wrapping around.
NAVA = {"N": 1, "S": -1, "E": 2, "O": -2}


async def test_fourteen_players_three_rounds_moved_as_the_rules_example(table: Table) -> None:
    seating = seated(await table.reply(f"/torneo macchiavelli turni=3 smazzate=3 {FOURTEEN}"))
    assert [len(t) for t in seating] == [4, 4, 3, 3]
    for round_ in (1, 2, 3):
        for players in seating:
            replies = await play_table(table, players, ((10, 20, 30),) * 3)
        if round_ == 1:  # a fix while round 2 has not started: the round posted again
            fixed = await table.reply(f"/correggi 1 {seating[0][0]} 0 {seating[0][1]} 5 "
                                      f"{seating[0][2]} 20 {seating[0][3]} 30")  # fmt: skip
            assert f"{seating[0][1]}: MP 25 ·" in fixed
            replies = [fixed]
            gone = seating[3][0]
            assert (await table.reply(f"/esci {gone}")).startswith(f"{gone} si ritira: dal turno 2")
        if round_ < 3:
            moves = re.findall(r"^(\w+): tavolo (\d) → (\d) \((\w)\)$", replies[-1], re.MULTILINE)
            assert len(moves) == (14 if round_ == 1 else 13)
            for _player, before, after, seat in moves:
                assert int(after) == (int(before) - 1 + NAVA[seat]) % 4 + 1
            status = await table.reply("/tavoli")
            seating = seated(status)
            if round_ == 1:
                # Tables 1 and 2 are now the tables of 3 (the BYEs moved West, two down);
                # who withdrew (North at table 4, so up to table 1) left a BYE there.
                assert [len(t) for t in seating] == [2, 3, 4, 4]
                assert gone not in [p for t in seating for p in t]
    assert re.search(r"🥇 .+ (vince il torneo!|vincono il torneo a pari merito!)", replies[-1])
    standings = await table.reply("/classifica")
    assert re.search(
        rf"^\d+\. {gone} \d+ VP \(MP 0\) — ha lasciato il torneo$", standings, re.MULTILINE
    )


async def test_each_mistake_is_one_message_and_changes_nothing(table: Table) -> None:
    one, two, _three = seated(await table.reply(f"/torneo macchiavelli {NINE}"))
    wrong = await table.refusals(
        [
            ("/mano 0 10 20", "scrivete le smazzate con i nomi"),
            (f"/mano {one[0]} 0 Zoe 3", "Zoe non gioca qui"),
            (f"/mano {one[0]} 0 {two[0]} 10", f"{two[0]} al tavolo 2"),
            (f"/mano {one[0]} 0 {one[1]} 0 {one[2]} 4", "chiude uno solo"),
            (f"/mano {one[0]} 0 {one[1]} JK {one[2]} 4", "senza jolly"),
            (f"/mano {one[0]} 0 {one[1]} 12", f"Mancano i punti di {one[2]}"),
            ("/correggi", "Scrivete il numero della smazzata"),
            (f"/correggi 1 {one[0]} 0 {one[1]} 1 {one[2]} 2", "Non c'è ancora nessuna smazzata"),
            ("/annulla", "Non c'è ancora nessuna smazzata"),
            ("/esci", "Scrivete chi si ritira"),
            ("/esci Zoe", "Zoe non gioca in questo torneo"),
            ("/entra Zoe", "Zoe non può entrare"),
            ("/classifica", "Nessun turno è ancora finito"),
            (f"/torneo macchiavelli {NINE}", "C'è già un torneo in corso"),
            ("/nuova Anna Bruno", "C'è un torneo di Macchiavelli in corso"),
            ("/fine Ada", "/fine si scrive da solo"),
        ]
    )
    assert wrong == []


async def test_a_tournament_needs_nine_names_and_known_options(table: Table) -> None:
    wrong = await table.refusals(
        [
            ("/torneo macchiavelli Anna Bruno Carlo", "almeno 9"),
            (f"/torneo macchiavelli turni=7 {NINE}", "turni=7 non va"),
            (f"/torneo macchiavelli colpi=2 {NINE}", "Non conosco l'opzione «colpi=2»"),
            ("/tavoli", "Nessun torneo di Macchiavelli"),
            ("/cartellini", "Nessun torneo di Macchiavelli"),
        ]
    )
    assert wrong == []
