"""What the person typing at a night of Tagò gets wrong (issue 34), typed through the real
Application: each mistake is forgiven the way the table means it, or refused with one message
that says what to type, changing nothing."""

from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import text

from bot.games.tago.charts.plan import Mark, Spot, plan_night
from scoring.tago import Night
from tests.bot.conftest import Table

OPEN = "/nuova tago light 5/300 ante=2.5 jackpot=10% Anna Bruno Carlo Dario"


async def test_a_mistyped_table_kind_is_refused_naming_both_kinds(table: Table) -> None:
    for kind in ("lite", "medium"):
        said = await table.reply(f"/nuova tago {kind} 5/300 Anna Bruno Carlo")
        assert said.startswith(f"«{kind}» non è un tavolo del Tagò: i tavoli sono light"), said
        assert "heavy" in said
    assert "Nessuna serata di Tagò in corso" in await table.reply("/saldo")
    await table.send("/lingua en")
    said = await table.reply("/new tago medium 5/300 Anna Bruno Carlo")
    assert said.startswith("“medium” is not a kind of Tagò table: the kinds are light"), said


async def test_a_seated_player_left_out_of_a_hand_folds_and_pays_the_ante(table: Table) -> None:
    await table.send(OPEN)
    hand = await table.reply("/mano punto=1,2,3 Anna 10 1,2,4 Bruno 10 5,6,7")
    assert "Carlo e Dario lasciano (non erano nella mano scritta: pagano l'ante).\n" in hand
    assert "🎰 Al jackpot dalle ante: 1 (4 × 0,25)\n" in hand
    assert hand.endswith(
        "Fiches dopo la mano:\n"
        "Anna 314 (+14)\nBruno 290 (−10)\nCarlo 297,50 (−2,50)\nDario 297,50 (−2,50)\n"
        "🎰 Jackpot: 1"
    )
    # Reported again with Carlo's fold typed: only Dario is left out now.
    fixed = await table.reply(
        "/correggi 1 punto=1,2,3 Anna 10 1,2,4 Bruno 10 5,6,7 Carlo 10 lascia"
    )
    assert "Lasciano la mano: Carlo\nDario lascia (non era nella mano scritta: paga l'ante).\n" in (
        fixed
    )
    assert "Carlo 290 (−10)\nDario 297,50 (−2,50)\n" in fixed
    # Bruno loses all he has: left out of the next hand, he sits it out, paying nothing.
    await table.send("/mano punto=1,2,3 Anna 290 1,2,4 Bruno 290 5,6,7")
    hand = await table.reply("/mano Anna 5 Carlo 5 lascia")
    assert (
        "Dario lascia (non era nella mano scritta: paga l'ante).\n"
        "Bruno non gioca: ha meno dell'ante (per tornare in gioco: /ricarica Bruno 300).\n"
    ) in hand
    assert "Bruno 0\n" in hand
    assert "Dario 292,50 (−2,50)\n" in hand


async def test_chips_nobody_called_go_back_and_an_empty_jackpot_is_not_won(table: Table) -> None:
    await table.send("/nuova tago heavy 5/300 ante=5 jackpot=0% Anna Bruno Elena=1000")
    hand = await table.reply("/mano punto=4,½,0 Anna 100 4,4,2 Bruno 300 3,1,½ Elena 900 5,6,½")
    assert (
        "💰 Piatto principale 300 · Anna, Bruno, Elena → Bruno\n"
        "💰 Piatto laterale 400 · Bruno, Elena → Bruno\n"
        "↩️ Fiches restituite a Elena: 600 (nessuno le ha coperte)\n"
    ) in hand
    assert "Elena 700 (−300)\n" in hand
    # Everyone else folded: the pot has their chips too, and goes to who stayed.
    hand = await table.reply("/mano Anna 50 lascia Bruno 5 lascia Elena 100")
    assert "💰 Piatto principale 155 → Elena\n" in hand
    hand = await table.reply("/mano punto=1,2,3 Anna 5 0,0,0 Bruno 5 1,2,4 Elena 5 lascia")
    assert "🎉 ZERO di Anna: vincerebbe il jackpot, ma è vuoto.\n" in hand
    assert "vince il jackpot, 0" not in hand


async def test_the_jackpot_share_rounded_to_the_cent_is_said_and_its_rest_stays_in_the_pot(
    table: Table,
) -> None:
    opened = await table.reply("/nuova tago light 5/300 ante=2.5 jackpot=15% Anna Bruno")
    assert (
        "Di ogni ante vanno al jackpot 0,37 (il 15% di 2,50, arrotondato al centesimo per "
        "difetto): il resto resta nel piatto.\n"
    ) in opened
    # Amounts are chips with cents (stacks have them once a share is rounded): 10,25 is read.
    hand = await table.reply("/mano punto=1,2,3 Anna 10.25 1,2,4 Bruno 10 5,6,7")
    assert "🎰 Al jackpot dalle ante: 0,74 (2 × 0,37)\n" in hand
    assert (
        "💰 Piatto principale 19,26 · Anna, Bruno → Anna\n"
        "↩️ Fiches restituite ad Anna: 0,25 (nessuno le ha coperte)\n"
    ) in hand
    assert "Anna 309,26 (+9,26)\nBruno 290 (−10)\n🎰 Jackpot: 0,74" in hand


async def test_more_arrivals_than_seats_left_seat_nobody_and_say_so(table: Table) -> None:
    await table.send(OPEN)
    assert (
        await table.refusals(
            [
                (
                    "/entra Elena Fabio Gina Ugo Zeno",
                    "Al tavolo c'è posto per 4 giocatori (al Tagò si gioca al massimo in 8, e ci "
                    "sono Anna, Bruno, Carlo e Dario), non per 5: non è entrato nessuno. Scrivi al "
                    "massimo 4 nomi, per esempio /entra Elena Fabio Gina Ugo; gli altri entrano "
                    "quando qualcuno lascia la serata.",
                )
            ]
        )
        == []
    )
    assert "Gina non è al tavolo" in await table.reply("/esci Gina")
    await table.send("/entra Elena Fabio Gina Ugo")
    full = await table.reply("/entra Zeno Wanda=400")
    assert full == (
        "Il tavolo è pieno: al Tagò si gioca al massimo in 8 (Anna, Bruno, Carlo, Dario, Elena, "
        "Fabio, Gina e Ugo). Non è entrato nessuno: Zeno e Wanda entrano quando qualcuno "
        "lascia la serata (/esci Nome)."
    )


async def drawn(table: Table, monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """What ``/grafico`` hands the chart worker, call by call (the drawing runs as ever)."""
    renderer = table.app.bot_data.renderer
    calls: list[tuple[Any, ...]] = []
    draw = renderer.draw

    async def spy(function: Any, *args: object) -> Any:
        calls.append(args)
        return await draw(function, *args)

    monkeypatch.setattr(renderer, "draw", spy)
    return calls


async def started_at(table: Table, moment: datetime) -> None:
    """The chat's games started at ``moment``, as if opened then."""
    async with table.app.bot_data.db.transaction() as session:
        await session.execute(text("UPDATE games SET started_at = :at"), {"at": moment})


async def test_the_chart_is_titled_with_the_evening_s_day_and_marks_who_left(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = await drawn(table, monkeypatch)
    await table.send(OPEN)
    await started_at(table, datetime(2026, 12, 1, 23, 24, tzinfo=UTC))  # 00:24 on 2/12 in Rome
    await table.send("/mano punto=1,2,3 Anna 10 1,2,4 Bruno 10 5,6,7")
    await table.send("/esci Dario")
    await table.send("/mano punto=1,2,3 Anna 10 1,2,4 Bruno 10 5,6,7")
    await table.files("/grafico")
    [(night, title, _colours, _language)] = calls
    assert title == "Serata di Tagò del 01/12/2026 · light 5/300"
    assert isinstance(night, Night)
    plan = plan_night(night)
    dario = next(line for line in plan.lines if line.player == "Dario")
    assert (dario.xs, dario.ys) == ([0, 1], [300, 297.5])  # ends where he left
    assert Spot(Mark.LEFT, "Dario", 1, 297.5) in plan.spots


async def test_the_punto_reads_as_typed_and_apart_and_english_says_the_pair_rule_plainly(
    table: Table,
) -> None:
    odds = await table.reply("/quote punto=0,0,5 Anna 4,4 Bruno 3,1")
    assert odds.startswith("📊 Quote con PUNTO 0,0,5\n"), odds
    apart = await table.reply("/quote punto=4 ½ 0 Anna 4,4 Bruno 3,1")
    assert apart.startswith("📊 Quote con PUNTO 4,½,0\n"), apart
    judged = await table.reply("/giudica punto=4 ½ 0 Anna 4,4,2 Bruno 3,1,½")
    assert judged.startswith("PUNTO 4,½,0 → 4½\n"), judged
    await table.send("/lingua en")
    judged = await table.reply("/judge point=4,½,0 Anna 4,4,2 Bruno 3,1,½ Carlo 5,6,½")
    assert "Anna 4,4,2 → 2, pair of 4 dropped, 2½ away\n" in judged
    assert "Carlo 5,6,½ → 11½, 7 away\n" in judged


async def test_every_amount_is_bounded_and_a_wall_of_digits_is_refused_in_a_line(
    table: Table,
) -> None:
    nines = "9" * 400
    limit = "è troppo: al Tagò un importo arriva al massimo a 1000000 fiches."
    opening = await table.reply(f"/nuova tago light 5/{nines} Anna Bruno")
    assert opening == f"«{'9' * 23}…» {limit}"
    await table.send("/nuova tago heavy 5/300 Anna Bruno Carlo")
    cases = [
        (f"/ricarica Anna {nines}", limit),
        ("/ricarica Anna 1000000.5", limit),
        (f"/mano Anna {nines} lascia Bruno 5", limit),
        (f"/mano Anna 5 ricarica={nines} lascia Bruno 5", limit),
        (f"/entra Elena={nines}", limit),
        (f"/giudica punto=6,6,2 scelta={nines} Anna 1,1,2 Bruno 0,0,0", "non è un valore"),
        (f"/quote punto=4,{nines} Anna 4,4 Bruno 3,1", "non è una carta del Tagò"),
        (f"/correggi {nines} Anna 5 Bruno 5 lascia", "Scrivi il numero della mano"),
        (f"/esci A{'a' * 400}", "non è al tavolo stasera"),
    ]
    assert await table.refusals(cases) == []
    for typed, _said in cases:
        assert len(await table.reply(typed)) < 250, typed
    assert (await table.reply("/ricarica Anna 1000000")).startswith(
        "💶 Anna ricarica 1000000: ora ha 1000300"
    )


async def test_a_newcomer_is_told_what_is_missing(table: Table) -> None:
    """Found trying every command as a newcomer: each says what is missing, not "the cards"."""
    assert (await table.reply("/nuova tago light 5/300")).startswith(
        "Mancano i giocatori, in ordine di posto. Scrivi per esempio: /nuova tago light 5/300"
    )
    await table.send(OPEN)
    assert (await table.reply("/mano")).startswith("Scrivi per esempio: /mano punto=4,½,0 Anna 200")
    assert await table.reply("/ricarica Carlo") == (
        "Scrivi anche quanto ricarica Carlo, per esempio: /ricarica Carlo 300"
    )
