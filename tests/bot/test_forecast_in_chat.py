"""Chi vince? The forecast's line under each hand and /previsione's chart, as the chat sees
them (issue 18)."""

import asyncio
import re

import pytest

from bot.games.tamalo.texts import entry as keypad_texts
from bot.texts.forecast_lines import percentages
from play.tamalo import forecast
from storage import UnitOfWork
from tests.bot.conftest import StartBot, Table
from tests.bot.test_charts import pixels
from tests.bot.test_modes import tables_of


@pytest.fixture
def forecast_lines() -> bool:
    """The chat's setting decides (on by default), as in the bot."""
    return True


HANDS = ("/mano Anna 3 Bruno 12 Carlo 7 t=Anna", "/mano Anna 20 Bruno 2 Carlo 9")
#: "Anna 61%": a player and a whole percentage (never "<1%" nor ">99%" in these games).
CHANCE = re.compile(r"(\w+) (\d+)%")


def forecast_of(reply: str, lead: str = "Chi vince? ") -> dict[str, int]:
    """The forecast's line, the reply's last, as each player's percentage."""
    head, _, line = reply.rpartition("\n\n")
    assert head, reply
    assert line.startswith(lead), reply
    chances = line.removeprefix(lead).split(" · ")
    found = {m[1]: int(m[2]) for m in (CHANCE.fullmatch(c) for c in chances) if m}
    assert len(found) == len(chances), line
    return found


async def test_each_hand_says_who_wins_until_the_chat_turns_it_off(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    first = forecast_of(await table.reply(HANDS[0]))
    assert set(first) == {"Anna", "Bruno", "Carlo"}
    assert sum(first.values()) == 100
    assert list(first.values()) == sorted(first.values(), reverse=True)  # favourite first

    settings = await table.reply("/impostazioni previsione=no")
    assert "Previsione «Chi vince?» sotto ogni mano: no (/previsione per il grafico)." in settings
    second = await table.reply(HANDS[1])
    assert "Chi vince?" not in second
    assert second.endswith("Prossimo mazziere: Carlo.")

    settings = await table.reply("/impostazioni previsione=sì")
    assert "sotto ogni mano: sì (predefinito)" in settings
    assert sum(forecast_of(await table.reply("/mano 5 5 5")).values()) == 100
    assert await table.reply("/impostazioni previsione=forse") == (
        "«previsione=forse»: scrivi previsione=sì oppure previsione=no."
    )


async def test_every_hand_reply_carries_the_line(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send(HANDS[0])
    await table.send(HANDS[1])
    assert (
        sum(forecast_of(await table.reply("/correggi 2 Anna 2 Bruno 20 Carlo 9")).values()) == 100
    )
    undone = await table.reply("/annulla")
    assert undone.startswith("Ho annullato la mano 2")
    assert sum(forecast_of(undone).values()) == 100
    # The buttons: who called, then each total; "Registra" records the hand.
    await table.send("/mano")
    ok = keypad_texts.entry_ok()
    for label in ("Nessuno", *["7", ok] * 3, keypad_texts.entry_record()):
        _, edited = await table.press(table.buttons()[label])
    assert edited is not None
    assert edited.startswith("Mano 2:")
    assert sum(forecast_of(edited).values()) == 100


async def test_a_finished_game_shows_its_winner_at_100(table: Table) -> None:
    await table.send("/nuova Anna Bruno soglia=50")
    ended = await table.send("/mano Anna 3 Bruno 60")
    assert forecast_of(ended[0]) == {"Anna": 100, "Bruno": 0}


async def test_the_same_hand_gets_the_same_line(table: Table, start_bot: StartBot) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send(HANDS[0])
    update = table.update(HANDS[1])
    answer = await table.deliver(update)
    assert await table.deliver(update) == answer  # delivered again: the same answer
    await table.send("/annulla")
    assert (await table.reply(HANDS[1])) == answer[0]  # typed again: the same forecast
    await table.send("/annulla")
    async with start_bot() as restarted:  # nothing kept: the history is read again
        assert await restarted.reply(HANDS[1]) == answer[0]


async def test_without_its_forecast_a_hand_is_still_answered(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(self: forecast.Outlook, *_: object) -> dict[str, float]:
        raise RuntimeError("no forecast today")

    monkeypatch.setattr(forecast.Outlook, "worked_out", broken)
    await table.send("/nuova Anna Bruno Carlo")
    reply = await table.reply(HANDS[0])
    assert "Chi vince?" not in reply
    assert reply.endswith("Prossimo mazziere: Bruno.")
    assert "No forecast for game" in caplog.text
    assert await table.totals() == {"Anna": 0, "Bruno": 12, "Carlo": 7}


async def test_a_tournament_table_says_who_goes_to_the_final(table: Table) -> None:
    first, _ = tables_of(await table.reply("/torneo Anna Bruno Carlo Dario Elena Franco"))
    a, b, c = first
    chances = forecast_of(
        await table.reply(f"/mano {a} 10 {b} 20 {c} 30 t={a}"), "Chi va in finale? "
    )
    assert set(chances) == set(first)
    assert 195 <= sum(chances.values()) <= 205  # two of the three go: rounded each


async def test_previsione_sends_the_story_of_the_game(table: Table) -> None:
    assert await table.reply("/previsione") == (
        "In questa chat non si è ancora giocato. Iniziate con /nuova Anna Bruno Carlo."
    )
    await table.send("/nuova Anna Bruno Carlo")
    assert await table.reply("/previsione") == (
        "Non c'è ancora nessuna mano da disegnare: registra la prima con /mano."
    )
    for hand in HANDS:
        await table.send(hand)

    calls = await table.calls("/previsione")

    assert [name for name, _ in calls] == ["sendChatAction", "sendPhoto"]
    ((_, png),) = [p["photo"] for name, p in calls if name == "sendPhoto"]
    assert pixels(png).shape == (960, 1280, 3)
    assert calls[1][1]["caption"].startswith("📈 La probabilità di vincere di ognuno")


async def test_previsione_takes_nothing_else(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send(HANDS[0])
    before = await table.dump()
    assert await table.reply("/previsione Anna") == (
        "/previsione si scrive da solo, senza altro: «Anna» non lo capisco. "
        "Non ho cambiato nulla; scrivi solo /previsione."
    )
    assert await table.dump() == before


async def test_in_english_who_wins(table: Table) -> None:
    await table.send("/lingua en")
    await table.send("/new Anna Bruno Carlo")
    reply = await table.reply("/hand Anna 3 Bruno 12 Carlo 7 t=Anna")
    assert sum(forecast_of(reply, "Who wins? ").values()) == 100
    assert "Forecast “Who wins?” under each hand: yes (default)" in await table.reply("/settings")
    assert "Forecast “Who wins?” under each hand: no" in await table.reply("/settings forecast=off")
    files = await table.files("/forecast")
    assert len(files) == 1
    calls = table.request.calls
    caption = next(p["caption"] for name, p in reversed(calls) if name == "sendPhoto")
    assert caption.startswith("📈 Each player's chance to win")


#: Every chance on a line, shown as the chat sees it: "61%", ">99%", "<1%".
SHOWN = re.compile(r"(\w+) ([<>]?\d+)%")


def shown_of(reply: str, lead: str = "Chi vince? ") -> dict[str, str]:
    """The forecast's line as shown: each player's percentage, "<1" and ">99" kept."""
    line = reply.rpartition("\n\n")[2]
    assert line.startswith(lead), reply
    return {m[1]: m[2] for m in SHOWN.finditer(line.removeprefix(lead))}


def whole(shown: dict[str, str]) -> dict[str, int]:
    """Shown percentages as whole ones: "<1" is 0, ">99" is 100 (as ``percentages`` says)."""
    bounds = {"<1": 0, ">99": 100}
    return {p: bounds[text] if text in bounds else int(text) for p, text in shown.items()}


async def test_one_hand_of_a_new_groups_controtamalo_game_is_not_decisive(table: Table) -> None:
    """Issue 23: five hands of history (RULES.md's ControTamalo examples, one game) are no
    proof of skill; one hand into a game to 100, nobody is above 70%, nor two hands later."""
    await table.send("/nuova contro Anna Bruno Carlo Dario")
    for hand in ("/mano 3 7 12 0 f=Dario t=Anna", "/mano 4 2 9 23 t=Anna ct=Bruno",
                 "/mano 2 3 1 14 t=Anna ct=Bruno", "/mano 1 4 30 5 t=Anna",
                 "/mano 4 5 10 31"):  # fmt: skip
        await table.send(hand)
    assert "Partita chiusa" in (await table.close())[0]
    await table.send("/nuova contro Anna Bruno Carlo")
    first = whole(shown_of(await table.reply("/mano 1 4 30 t=Anna")))
    assert max(first.values()) <= 70, first
    await table.send("/mano 7 4 12")
    third = whole(shown_of(await table.reply("/mano 9 9 9")))
    assert await table.totals() == {"Anna": 0, "Bruno": -1, "Carlo": 7}
    assert max(third.values()) <= 70, third  # Bruno leads, with some 100 points to play


async def test_a_running_game_is_never_100_percent(table: Table) -> None:
    """Issue 23: far ahead near the end is ">99%", far behind "<1%": the rules make neither
    certain until the game ends."""
    await table.send("/nuova Anna Bruno Carlo Dario")
    for hand in ("/mano 5 5 5 5", "/mano 6 6 6 6", "/mano 2 20 25 30",
                 "/mano 3 25 20 30 t=Anna", "/mano 0 20 25 20 t=Anna"):  # fmt: skip
        chances = shown_of(await table.reply(hand))
        assert set(chances) == {"Anna", "Bruno", "Carlo", "Dario"}
        assert not {"100", "0"} & set(chances.values()), chances
    assert chances["Anna"] == ">99", chances
    assert await table.totals() == {"Anna": 11, "Bruno": 76, "Carlo": 81, "Dario": 91}


async def test_previsione_draws_each_hand_as_its_reply_said(table: Table) -> None:
    """Issue 23: a leaver's line stops where they left, a joiner's starts where they joined,
    and every point is the line under that hand's reply."""
    await table.send("/nuova Anna Bruno Carlo Dario")
    said = [whole(shown_of(await table.reply("/mano 5 9 10 8")))]
    await table.send("/esci Dario")
    said.append(whole(shown_of(await table.reply("/mano 5 9 10"))))
    await table.send("/entra Elena")
    said.append(whole(shown_of(await table.reply("/mano 5 5 5 5"))))
    assert set(said[0]) == {"Anna", "Bruno", "Carlo", "Dario"}
    assert set(said[2]) == {"Anna", "Bruno", "Carlo", "Elena"}
    async with table.app.bot_data.db.reading() as session:
        stories = await forecast.stories(UnitOfWork(session), forecast.Histories(), table.chat_id)
    ((_, outlook),) = stories
    story = outlook.story()
    assert set(story[0]) == {"Anna", "Bruno", "Carlo", "Dario"}
    assert [percentages(point) for point in story[1:]] == said
    assert await table.files("/previsione")


HANDS_OF_FOUR = [f"/mano {a} {b} {c} {d}" for a, b, c, d in
                 [(5, 9, 10, 8), (0, 7, 3, 12), (6, 2, 9, 4), (3, 3, 8, 1), (9, 0, 4, 7),
                  (2, 8, 1, 6), (4, 5, 7, 0), (7, 1, 2, 9), (1, 6, 5, 3)]]  # fmt: skip


async def drawn_ahead(table: Table) -> None:
    """The futures being drawn in the background, drawn."""
    if drawing := table.app.bot_data.drawing:
        await asyncio.wait(drawing)


def spy_on_play_outs(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Each forecast worked out from now on, in order: whether it played out kept futures."""
    played_out: list[bool] = []
    worked_out = forecast.Outlook.worked_out

    def spied(self: forecast.Outlook, futures: object = None) -> object:
        played_out.append(futures is not None)
        return worked_out(self, futures)  # type: ignore[arg-type]

    monkeypatch.setattr(forecast.Outlook, "worked_out", spied)
    return played_out


async def test_lines_drawn_ahead_are_the_lines_drawn_anew(
    table: Table, start_bot: StartBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hands between two draw points play out the futures drawn at the first (kept by the
    bot, drawn ahead at /nuova and after hands 4 and 8): the same lines as a bot that kept
    nothing, and as the story of the game tells them."""
    played_out = spy_on_play_outs(monkeypatch)
    await table.send("/nuova Anna Bruno Carlo Dario")
    said = []
    for text in HANDS_OF_FOUR:
        await drawn_ahead(table)
        said.append(shown_of(await table.reply(text)))
    assert played_out == [True] * len(HANDS_OF_FOUR)  # every hand found its futures kept
    # The game's latest point's (after hand 8).
    assert len(table.app.bot_data.kept(forecast.Drawn)) == 1
    for _ in HANDS_OF_FOUR[4:]:
        await table.send("/annulla")
    async with start_bot() as restarted:  # nothing kept: hands 5 and 9 draw their own
        anew = [shown_of(await restarted.reply(text)) for text in HANDS_OF_FOUR[4:]]
    assert anew == said[4:]
    async with table.app.bot_data.db.reading() as session:
        stories = await forecast.stories(UnitOfWork(session), forecast.Histories(), table.chat_id)
    ((_, outlook),) = stories
    assert [percentages(point) for point in outlook.story()[1:]] == [whole(s) for s in said]


async def test_a_hand_undone_or_fixed_across_a_draw_point_is_forecast_anew(
    table: Table, start_bot: StartBot
) -> None:
    """Futures kept for a later point, or drawn after a hand since fixed, are not played out
    for a game that no longer stands there: the lines are a restarted bot's."""
    await table.send("/nuova Anna Bruno Carlo Dario")
    for text in HANDS_OF_FOUR:
        await drawn_ahead(table)
        await table.send(text)
    for _ in range(3):  # back to hand 6: the point after hand 4, while hand 8's is kept
        await table.send("/annulla")
    other = ["/mano 0 0 20 20", "/mano 1 2 3 4", "/mano 12 0 0 3", "/mano 2 2 2 2"]
    fix = "/correggi 2 Anna 20 Bruno 0 Carlo 0 Dario 0"
    said = [shown_of(await table.reply(fix))]
    for text in other:
        said.append(shown_of(await table.reply(text)))
        await drawn_ahead(table)
    for _ in other:
        await table.send("/annulla")
    async with start_bot() as restarted:
        anew = [shown_of(await restarted.reply(fix))]
        anew += [shown_of(await restarted.reply(text)) for text in other]
    assert anew == said


async def test_a_rematch_draws_its_first_hands_ahead(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    await table.send("/nuova Anna Bruno soglia=30")
    await table.send("/mano Anna 3 Bruno 40")
    played_out = spy_on_play_outs(monkeypatch)
    assert (await table.reply("/rivincita")).startswith("🔁")
    await drawn_ahead(table)
    assert sum(forecast_of(await table.reply("/mano 5 7")).values()) == 100
    assert played_out == [True]
