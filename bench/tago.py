"""Tagò's speed goals (issue 26, "Speed"), each beside a reference measured in the same run:

- a hand with pots recorded (``/mano`` at a night of 4 to 8 players, one of them all in, so
  a side pot), through the real Application on the same database as Tamalo's night, beside
  Tamalo's ``/mano`` (≤ 1.2×, ``bench.beside_tamalo``);
- the judge alone (``scoring.tago.judge``), an 8-player showdown (≤ 1 ms), beside a
  2-player one;
- ``/quote`` for 8 players with two of the PUNTO's cards known, a pair, through the real
  Application (≤ 300 ms): the slowest case there is, sampled, and the PUNTO's value still
  the first player's to choose, so every draw is judged twice. It is worked out in the bot's
  worker process, as ``python -m bot`` has it (the first ``/quote`` starts it, a warm-up): in
  runs of their own, taking turns with the timed ones, a ticker on the loop measures
  the loop's longest pause meanwhile, judged against the whole ``/quote`` (≤ 0.5×; on the
  loop it would be the whole of it).

``python -m bench --only tago`` runs them.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench.beside_tamalo import Replies, beside_tamalo
from bench.common import Figure, Typist, bot_running, median, sqlite_url, to_update
from bench.mano import NoCharts
from bot.games.tago.answers import odds_of
from bot.games.tago.parsing import parse_odds
from scoring.errors import RuleBroken
from scoring.tago import (
    DECK,
    Cards,
    Entry,
    Hand,
    Night,
    Stakes,
    Table,
    format_amount,
    format_cards,
    format_halves,
    judge,
    punto_options,
)

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia", "Luca")
#: ``light 5/300 ante=5 jackpot=20%``, in cents: the jackpot's share a whole chip.
TABLE = Table(Stakes.LIGHT, 500, 30_000, 500, 20)
OPEN = "/nuova tago light 5/300 ante=5 jackpot=20%"
#: How the reply to a recorded hand starts.
REPLY = "🃏 Mano "
#: The chats: above ``bench.beside_tamalo.TAMALO_CHATS``.
FIRST_CHAT = -60_000
#: Hands in a night before the table closes it and opens the next.
NIGHT_HANDS = 10
#: The worst case of ``/quote``: 8 players, two of the PUNTO's cards known and a pair.
QUOTE = "/quote punto=2,2 Anna 0,½ Bruno 1,3 Carla 4,5 Dario 6,7 Elena 8,0 Franco ½,1 Giulia 3,4 Luca 5,6"  # noqa: E501


#: A showdown: the PUNTO, each player's cards, the first player's choice.
Shown = tuple[Cards, dict[str, Cards], int]


def amount(cents: int) -> str:
    return format_amount(cents).replace(",", ".")


def hand_with_pots(rng: random.Random, night: Night) -> tuple[str, Hand] | None:
    """A hand of everyone with chips: the shortest stack all in, the others folding now and
    then or putting in more (a side pot); ``None`` when fewer than 4 have chips."""
    stacks = night.ledger.stacks
    players = [p for p in night.players if stacks[p] >= TABLE.ante]
    if len(players) < 4:
        return None
    maximum = TABLE.max_contribution()
    assert maximum is not None
    all_in = min(players, key=lambda p: stacks[p])
    short = min(stacks[all_in], maximum)
    paid, folded = {all_in: short}, set()
    for player in players:
        if player == all_in:
            continue
        if rng.random() < 0.2:
            paid[player] = TABLE.ante
            folded.add(player)
        else:
            paid[player] = min(stacks[player], maximum, short + 100 * rng.randint(5, 60))
    if len(players) - len(folded) < 2:
        return None
    while True:
        deck = list(DECK)
        rng.shuffle(deck)
        punto = tuple(deck.pop() for _ in range(3))
        options = punto_options(punto)
        cards = {p: tuple(deck.pop() for _ in range(3)) for p in players if p not in folded}
        entries = tuple(Entry(p, paid[p], cards.get(p), folded=p in folded) for p in players)
        hand = Hand(entries, punto, options[0] if len(options) > 1 else None)
        try:
            night.with_hand(hand)
        except RuleBroken:  # a tie to play off: deal the cards again
            continue
        choice = f" scelta={format_halves(options[0])}" if len(options) > 1 else ""
        words = [
            f"{p} {amount(paid[p])} " + ("lascia" if p in folded else format_cards(cards[p]))
            for p in players
        ]
        return f"/mano punto={format_cards(punto)}{choice} " + " ".join(words), hand


def chat_script(rng: random.Random, hands: int) -> list[str]:
    """One chat's evening: nights of 4 to 8 players, ``hands`` hands in all; a night closes
    (``/saldo``: its results, the night closed at once) after ``NIGHT_HANDS`` hands, or when
    fewer than 4 have chips left."""
    texts: list[str] = []
    night: Night | None = None
    played = 0
    while played < hands:
        made = (
            None if night is None or len(night.deals) >= NIGHT_HANDS else hand_with_pots(rng, night)
        )
        if made is None:
            if night is not None:
                texts.append("/saldo")
            seated = rng.sample(NAMES, rng.randint(4, 8))
            # Buy-ins of 300 to 600 chips: stacks that differ, so that the shortest all in
            # leaves a side pot from the first hand.
            buy_ins = {p: TABLE.stack + 5_000 * rng.randint(0, 6) for p in seated}
            night = Night.open(TABLE, buy_ins)
            typed = [p if b == TABLE.stack else f"{p}={amount(b)}" for p, b in buy_ins.items()]
            texts.append(f"{OPEN} {' '.join(typed)}")
            continue
        text, hand = made
        assert night is not None
        night = night.with_hand(hand)
        texts.append(text)
        played += 1
    return texts


def hand_night(chats: int, hands: int, seed: int = 26) -> list[tuple[int, str]]:
    """(chat, text) in the order they arrive: the chats take turns."""
    rng = random.Random(seed)
    scripts = [(FIRST_CHAT - n, chat_script(rng, hands)) for n in range(chats)]
    night: list[tuple[int, str]] = []
    for turn in range(max(len(texts) for _, texts in scripts)):
        night += [(chat, texts[turn]) for chat, texts in scripts if turn < len(texts)]
    return night


async def hand_figure(quick: bool) -> Figure:
    chats, hands = (4, 6) if quick else (20, 20)
    measured = await beside_tamalo(
        hand_night(chats, hands),
        expected=REPLY,
        kind="tago",
        tamalo_chats=chats,
        tamalo_hands=hands,
    )
    per_hand, per_tamalo = median(measured.other) * 1000, median(measured.tamalo) * 1000
    return Figure(
        "a hand with pots recorded (/mano), through the Application",
        per_hand,
        "ms",
        "Tamalo's /mano",
        per_tamalo,
        1.2,
        note=f"median of {len(measured.other)} hands in {chats} chats (nights of 4–8, the "
        f"shortest stack all in: a side pot), beside the median of {len(measured.tamalo)} "
        "Tamalo hands in as many chats, in one Application on one SQLite file (WAL, "
        "synchronous=FULL), taking turns update by update; every reply checked, every hand "
        "read back",
        details={
            "hands": len(measured.other),
            "tamalo_hands": len(measured.tamalo),
            "mean_ms": round(sum(measured.other) / len(measured.other) * 1000, 4),
            "tamalo_mean_ms": round(sum(measured.tamalo) / len(measured.tamalo) * 1000, 4),
        },
    )


def showdowns(rng: random.Random, players: int, count: int) -> list[Shown]:
    """``count`` showdowns of ``players``, dealt from the deck: PUNTO, hands, the value the
    first player chose (the PUNTO's pair taken away, when it has one)."""
    made: list[Shown] = []
    for _ in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        punto = tuple(deck.pop() for _ in range(3))
        hands = {NAMES[n]: tuple(deck.pop() for _ in range(3)) for n in range(players)}
        made.append((punto, hands, punto_options(punto)[-1]))
    return made


def per_call(work: Callable[[], object], calls: int) -> float:
    started = time.perf_counter()
    for _ in range(calls):
        work()
    return (time.perf_counter() - started) / calls


def judge_figure(quick: bool) -> Figure:
    rng = random.Random(26)
    count, rounds = (200, 3) if quick else (1000, 9)
    eight, two = showdowns(rng, 8, count), showdowns(rng, 2, count)

    def judge_all(shows: list[Shown]) -> None:
        for punto, hands, choice in shows:
            judge(punto, hands, choice)

    big, small = [], []
    for _ in range(rounds):  # taking turns
        big.append(per_call(lambda: judge_all(eight), 1) / count)
        small.append(per_call(lambda: judge_all(two), 1) / count)
    return Figure(
        "the judge alone, an 8-player showdown",
        median(big) * 1000,
        "ms",
        "a 2-player showdown",
        median(small) * 1000,
        limit=1.0,
        absolute=True,
        note=f"scoring.tago.judge on {count} dealt showdowns each (a pair in the PUNTO "
        f"chosen away), median of {rounds} rounds taking turns",
    )


class Ticker:
    """Wakes every millisecond on the event loop, keeping the longest wait between two
    wake-ups: how long the loop was held meanwhile."""

    def __init__(self) -> None:
        self.longest = 0.0
        self.stopped = False

    async def run(self) -> None:
        last = time.perf_counter()
        while not self.stopped:
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            self.longest = max(self.longest, now - last)
            last = now


async def quote_figures(quick: bool) -> list[Figure]:
    """``/quote``'s worst case through the Application, with the loop's longest pause."""
    runs = 3 if quick else 9
    typist = Typist()
    request = Replies()
    with tempfile.TemporaryDirectory(prefix="tamalo-bench-") as directory:
        async with bot_running(sqlite_url(Path(directory)), request) as app:
            app.bot_data.renderer = NoCharts(1)  # the odds in a worker process, as the bot's
            punto, hands, choice = showdowns(random.Random(8), 8, 1)[0]
            judged = f"/giudica punto={format_cards(punto)} scelta={format_halves(choice)} "
            judged += " ".join(f"{p} {format_cards(c)}" for p, c in hands.items())
            quoting: list[float] = []
            pauses: list[float] = []
            ticked: list[float] = []
            judging: list[float] = []
            for n in range(runs + 1):
                # Taking turns: /quote alone (timed), /quote with the ticker on the loop (its
                # longest pause; the ticker's own wake-ups, a thousand a second, are not part
                # of /quote's time), /giudica.
                for ticking in (False, True):
                    chat = -70_000 - 2 * n - ticking
                    update = to_update(app.bot, typist.message(chat, QUOTE))
                    ticker = Ticker()
                    ticks = asyncio.create_task(ticker.run()) if ticking else None
                    await asyncio.sleep(0)
                    started = time.perf_counter()
                    await app.process_update(update)
                    took = time.perf_counter() - started
                    ticker.stopped = True
                    if ticks is not None:
                        await ticks
                    reply = request.last.pop(chat, "")
                    assert reply.startswith("📊 "), reply[:300]
                    assert "±" in reply, "not the sampled case"  # the slowest one
                    if n and ticking:  # the first of each is a warm-up
                        pauses.append(ticker.longest)
                        ticked.append(took)
                    elif n:
                        quoting.append(took)
                judge_update = to_update(app.bot, typist.message(chat, judged))
                started = time.perf_counter()
                await app.process_update(judge_update)
                judge_took = time.perf_counter() - started
                verdict = request.last.pop(chat, "")
                assert verdict.startswith("PUNTO "), (judged, verdict[:300])
                if n:
                    judging.append(judge_took)
    per_quote = median(quoting) * 1000
    # The odds alone, in CPU time: what the machine's other work does not stretch.
    request_ = parse_odds(QUOTE.split(" ", 1)[1])
    cpu = []
    for _ in range(runs):
        started = time.thread_time()
        odds_of(request_)
        cpu.append(time.thread_time() - started)
    return [
        Figure(
            "/quote, 8 players, 2 of the PUNTO's cards known (worst case)",
            per_quote,
            "ms",
            "/giudica, 8 players",
            median(judging) * 1000,
            limit=300,
            absolute=True,
            note=f"median of {runs}, through the Application: {QUOTE[:40]}…, sampled (40,000 "
            "draws), the PUNTO's pair leaving its value to the first player's choice; the odds "
            f"alone {median(cpu) * 1000:.0f} ms of CPU time",
            details={
                "worst_ms": round(max(quoting) * 1000, 2),
                "odds_cpu_ms": round(median(cpu) * 1000, 2),
            },
        ),
        Figure(
            "the event loop's longest pause during /quote",
            median(pauses) * 1000,
            "ms",
            "that /quote, the ticker on",
            median(ticked) * 1000,
            limit=0.5,
            note="a ticker on the loop every 1 ms while the odds are worked out in the worker "
            "process, in "
            "runs of their own taking turns with the timed ones: work on the loop would pause "
            "it for the whole /quote",
            details={"worst_ms": round(max(pauses) * 1000, 2)},
        ),
    ]


async def measure(quick: bool = False) -> list[Figure]:
    return [await hand_figure(quick), judge_figure(quick), *await quote_figures(quick)]


if __name__ == "__main__":
    for figure in asyncio.run(measure()):
        print(
            f"{figure.name}: {figure.value:.4g} {figure.unit} ({figure.reference_name} "
            f"{figure.reference:.4g} {figure.unit}), target {figure.target}: {figure.verdict}"
        )
