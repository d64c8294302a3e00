"""Two people typing at once, even into two bot processes, never lose or double a hand."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import text
from telegram import Update

from bot import texts
from play.tamalo import records
from storage import UnitOfWork
from tests.bot.conftest import StartBot, Table


async def test_two_instances_record_concurrent_hands_one_after_the_other(
    start_bot: StartBot,
) -> None:
    async with start_bot() as first, start_bot() as second:
        await first.send("/nuova Anna Bruno")
        tables = [first, second] * 5
        hands = [table.update(f"/mano Anna {n} Bruno 0") for n, table in enumerate(tables, 5)]
        await asyncio.gather(*(t.deliver(u) for t, u in zip(tables, hands, strict=True)))

        replies = first.request.sent_texts()[1:] + second.request.sent_texts()
        numbers = sorted(int(reply.split(":")[0].removeprefix("Mano ")) for reply in replies)
        assert numbers == list(range(1, 11))
        assert await second.totals() == {"Anna": sum(range(5, 15)), "Bruno": 0}
        assert (await first.reply("/classifica")).endswith("1. Bruno 0\n2. Anna 95")


# --- /mano, /annulla and /correggi at once, each update delivered up to four times ---

#: Far above any total reached here: the game never ends, every hand stays changeable.
TARGET = 1000
#: A chat of its own where the commands acknowledged are typed again, one at a time.
REPLAY_CHAT = -100_456

Values = tuple[int, int]  # what Anna and Bruno report in a hand


@dataclass(frozen=True)
class Command:
    """One message typed in the chat; ``values`` are unique to it, so that a stored hand
    tells which message it came from."""

    kind: str  # "mano", "annulla" or "correggi"
    values: Values | None = None
    number: int | None = None  # the hand /correggi replaces

    @property
    def text(self) -> str:
        if self.kind == "annulla":
            return "/annulla"
        assert self.values is not None
        anna, bruno = self.values
        fixed = f" {self.number}" if self.kind == "correggi" else ""
        return f"/{self.kind}{fixed} Anna {anna} Bruno {bruno}"


@dataclass(frozen=True)
class Outcome:
    """What a reply says happened: a hand ``added``, ``fixed`` or ``undone`` (its number, the
    values it has, the totals after), or a fix ``rejected`` (the hands there were)."""

    kind: str
    number: int | None = None
    values: Values | None = None
    totals: Values | None = None


#: A stored hand as the model keeps it: the /mano message it came from, and its values.
ModelHand = tuple[int, Values]


def totals_of(hands: Sequence[ModelHand]) -> Values:
    """Classic scoring with every value at least 5 and no caller: points are the values."""
    return sum(v[0] for _, v in hands), sum(v[1] for _, v in hands)


def apply(
    command: Command, message_id: int, hands: tuple[ModelHand, ...]
) -> tuple[tuple[ModelHand, ...], Outcome]:
    """The rules of the three commands, on a game that is a list of hands."""
    if command.kind == "mano":
        assert command.values is not None
        after = (*hands, (message_id, command.values))
        return after, Outcome("added", len(after), command.values, totals_of(after))
    if command.kind == "annulla":
        assert hands, "every burst leaves hands to undo"
        after = hands[:-1]
        return after, Outcome("undone", len(hands), hands[-1][1], totals_of(after))
    number = command.number
    assert number is not None
    assert command.values is not None
    if number > len(hands):
        return hands, Outcome("rejected", len(hands))
    after = (*hands[: number - 1], (hands[number - 1][0], command.values), *hands[number:])
    return after, Outcome("fixed", number, command.values, totals_of(after))


TITLE = re.compile(r"Mano (\d+):|Mano (\d+) corretta:|Ho annullato la mano (\d+)\.")
NO_SUCH_HAND = re.compile(
    r"Non c'è una mano \d+: (?:le mani giocate vanno da 1 a (\d+)|finora si è giocata solo la"
    r" mano (1))\.$"
)
HAND_LINE = re.compile(r"^(Anna|Bruno) (\d+)$", re.MULTILINE)
STANDING_LINE = re.compile(r"^\d+\. (Anna|Bruno) (\d+)$", re.MULTILINE)
UNDONE_LINE = re.compile(r"^/mano Anna (\d+) Bruno (\d+)$", re.MULTILINE)


def outcome_of(reply: str) -> Outcome:
    title = TITLE.match(reply)
    if title is None:
        rejected = NO_SUCH_HAND.match(reply)
        assert rejected is not None, reply
        return Outcome("rejected", int(rejected[1] or rejected[2]))
    added, fixed, undone = title.groups()
    standing = {name: int(n) for name, n in STANDING_LINE.findall(reply)}
    totals = (standing["Anna"], standing["Bruno"])
    if undone:  # the reply ends with the hand removed, as a /mano line to copy
        [removed] = UNDONE_LINE.findall(reply)
        return Outcome("undone", int(undone), (int(removed[0]), int(removed[1])), totals)
    line = {name: int(n) for name, n in HAND_LINE.findall(reply)}
    kind = "added" if added else "fixed"
    return Outcome(kind, int(added or fixed), (line["Anna"], line["Bruno"]), totals)


def linearize(
    hands: tuple[ModelHand, ...],
    observed: dict[int, tuple[Command, Outcome]],
    final: Sequence[ModelHand],
) -> list[int] | None:
    """An order of the messages (by id) in which, applied one at a time from ``hands``, each
    command does exactly what its reply says and the last leaves ``final``; ``None`` if there
    is none. (Replies alone may fit two orders: a hand added and undone, then another added
    with the same number, say the same as the other way round.)"""
    if not observed:
        return [] if list(hands) == list(final) else None
    for message_id, (command, outcome) in observed.items():
        after, expected = apply(command, message_id, hands)
        if expected == outcome:
            rest = {m: o for m, o in observed.items() if m != message_id}
            order = linearize(after, rest, final)
            if order is not None:
                return [message_id, *order]
    return None


@dataclass(frozen=True)
class StoredHand:
    number: int
    message_id: int | None
    reported: Values
    points: Values


async def stored_hands(table: Table) -> list[StoredHand]:
    """The hands of the chat's game as the database holds them, in number order."""
    async with table.app.bot_data.db.reading() as session:
        record = await records.latest(UnitOfWork(session), table.chat_id)
        assert record is not None
        rows = await session.execute(
            text(
                "SELECT h.number, h.message_id, p.name, r.value, r.points"
                " FROM hands h JOIN hand_results r ON r.hand_id = h.id"
                " JOIN players p ON p.id = r.player_id"
                " WHERE h.game_id = :game ORDER BY h.number, r.position"
            ),
            {"game": record.id},
        )
        lines: dict[tuple[int, int | None], dict[str, tuple[int, int]]] = {}
        for number, message_id, name, reported, points in rows:
            lines.setdefault((number, message_id), {})[name] = (reported, points)
    return [
        StoredHand(
            number,
            message_id,
            (line["Anna"][0], line["Bruno"][0]),
            (line["Anna"][1], line["Bruno"][1]),
        )
        for (number, message_id), line in lines.items()
    ]


def bound_to(update: Update, table: Table) -> Update:
    """The same update (same update and message ids) as ``table``'s bot instance receives it."""
    return Update.de_json(update.to_dict(), table.app.bot)


def reply_target(parameters: dict[str, Any]) -> int | None:
    reply = parameters.get("reply_parameters")
    return None if reply is None else int(reply["message_id"])


def replies_to(tables: Sequence[Table], message_id: int) -> list[str]:
    """Every message any instance sent in reply to ``message_id``."""
    return [
        parameters["text"]
        for table in tables
        for name, parameters in table.request.calls
        if name == "sendMessage" and reply_target(parameters) == message_id
    ]


def acting_reply(tables: Sequence[Table], message_id: int) -> list[str]:
    """The answer the message got: every delivery of it that was not told "already handled"
    (one arriving while the first was still answering) got this same one."""
    replies = [r for r in replies_to(tables, message_id) if r != texts.common.already_handled()]
    assert len(set(replies)) == 1, replies
    return replies[:1]


def distinct_values() -> Iterator[Values]:
    """Values no other message uses, all at least 5 (each scores what it reports)."""
    for n in range(40):
        yield 10 + n, 60 - n


SETUP_HANDS = 5
#: The burst: 8 hands, 3 undos, 3 fixes. The hands before the burst up to the last 3 are never
#: undone ("correggi 1" and "correggi fermo" always apply); the last one before the burst may
#: be undone, re-added or fixed in any order, so "correggi ultima" may find no such hand.
BURST = ("mano", "mano", "annulla", "correggi 1", "mano", "annulla", "mano", "correggi ultima",
         "mano", "mano", "annulla", "correggi fermo", "mano", "mano")  # fmt: skip
#: How many times each update of the burst reaches the bots (as a webhook redelivers it),
#: alternating between the two instances. A rejected command may be taken afresh when
#: redelivered (its mistake rolled its claim back), so the fix that may be rejected comes once.
COPIES = {"mano": (1, 2, 3), "annulla": (4, 2, 3), "correggi": (2, 1, 2)}
#: Two bursts, the second on top of the first, each shuffled its own way.
SEEDS = (1, 2)


@dataclass(frozen=True)
class Done:
    """A command as the database applied it: the update that carried it, what it did."""

    command: Command
    update: Update
    outcome: Outcome

    @property
    def message_id(self) -> int:
        return message_id_of(self.update)


def message_id_of(update: Update) -> int:
    assert update.effective_message is not None
    return update.effective_message.message_id


async def test_two_instances_fed_concurrent_hands_undos_and_fixes_keep_one_history(
    start_bot: StartBot,
) -> None:
    """Whatever order the database takes them in, the acknowledged commands are exactly a
    one-at-a-time history: every hand is there once, numbered 1..n in order, totals agree with
    the hands, and a redelivered update changes nothing."""
    async with start_bot() as first, start_bot() as second:
        tables = (first, second)
        values = distinct_values()
        new_game = first.update(f"/nuova soglia={TARGET} Anna Bruno")
        assert (await first.deliver(new_game))[0].startswith("🃏 Nuova partita classica")
        history: list[Done] = []  # every command after /nuova, in the order applied
        hands: tuple[ModelHand, ...] = ()
        for n in range(1, SETUP_HANDS + 1):
            command = Command("mano", next(values))
            update = tables[n % 2].update(command.text)
            [reply] = await tables[n % 2].deliver(update)
            outcome = outcome_of(reply)
            hands, expected = apply(command, message_id_of(update), hands)
            assert outcome == expected
            history.append(Done(command, update, outcome))

        for seed in SEEDS:
            hands = await burst(tables, seed, values, hands, history)
            await check_game(tables, history, hands)
        stored, totals = await stored_hands(first), await first.totals()

        # Typed one at a time in a chat of its own, the same commands in that order give
        # the same replies, and the same game.
        replay = first.in_chat(REPLAY_CHAT)
        await replay.send(f"/nuova soglia={TARGET} Anna Bruno")
        for done in history:
            assert await replay.send(done.command.text) == acting_reply(tables, done.message_id)
        replayed = await stored_hands(replay)
        assert [(h.number, h.reported, h.points) for h in replayed] == [
            (h.number, h.reported, h.points) for h in stored
        ]
        assert await replay.totals() == totals

        # Every update acknowledged, again, to each instance: the same answer, nothing changes.
        before = await first.dump()
        for update in [new_game, *(d.update for d in history if d.outcome.kind != "rejected")]:
            answer = acting_reply(tables, message_id_of(update))
            for table in tables:
                replies = await table.deliver(bound_to(update, table))
                assert replies == answer, update.effective_message
        assert await second.dump() == before


async def check_game(
    tables: tuple[Table, Table], history: list[Done], hands: tuple[ModelHand, ...]
) -> None:
    """The game stored is the one ``history`` makes: hands 1..n, each from its own
    acknowledged /mano (values as typed, or as the last acknowledged /correggi of its number
    made them), none twice, and totals that add up the hands' points on both instances."""
    first, second = tables
    stored = await stored_hands(second)
    outcomes = [done.outcome for done in history]
    assert [h.number for h in stored] == list(range(1, len(stored) + 1))
    added = sum(o.kind == "added" for o in outcomes)
    undone = sum(o.kind == "undone" for o in outcomes)
    assert len(stored) == added - undone
    assert [(h.message_id, h.reported) for h in stored] == list(hands)
    assert len({h.reported for h in stored}) == len(stored)
    assert {h.reported for h in stored} <= {o.values for o in outcomes if o.values}
    assert all(h.points == h.reported for h in stored)
    totals = {
        "Anna": sum(h.points[0] for h in stored),
        "Bruno": sum(h.points[1] for h in stored),
    }
    assert await first.totals() == await second.totals() == totals


async def burst(
    tables: tuple[Table, Table],
    seed: int,
    values: Iterator[Values],
    hands: tuple[ModelHand, ...],
    history: list[Done],
) -> tuple[ModelHand, ...]:
    """Deliver the burst at once, each update to both instances and some more than once;
    check that each was acted on once and that the replies tell one order in which they were
    applied; add them to ``history`` in that order and return the game after them."""
    first, second = tables
    assert len(hands) > BURST.count("annulla") + 1
    deliveries: list[tuple[Table, Update]] = []
    sent: dict[int, tuple[Command, Update, int]] = {}  # by message id
    targets = {"1": 1, "fermo": len(hands) - BURST.count("annulla"), "ultima": len(hands)}
    for i, word in enumerate(BURST):
        kind, _, target = word.partition(" ")
        number = targets[target] if target else None
        command = Command(kind, None if kind == "annulla" else next(values), number)
        update = tables[i % 2].update(command.text)
        earlier = sum(w.startswith(kind) for w in BURST[:i])
        copies = 1 if target == "ultima" else COPIES[kind][earlier % len(COPIES[kind])]
        sent[message_id_of(update)] = command, update, copies
        deliveries += [(tables[(i + k) % 2], update) for k in range(copies)]
    random.Random(seed).shuffle(deliveries)
    await asyncio.gather(*(t.deliver(bound_to(u, t)) for t, u in deliveries))
    assert not first.errors
    assert not second.errors

    # One reply per delivery: the answer of the one that acted, or "already handled".
    observed: dict[int, tuple[Command, Outcome]] = {}
    for message_id, (command, _, copies) in sent.items():
        replies = replies_to(tables, message_id)
        assert len(replies) == copies, (command, replies)
        acting = acting_reply(tables, message_id)
        outcome = outcome_of(acting[0])
        if outcome.kind == "rejected":  # only the fix of a hand that may be undone, as it was
            assert command.number == len(hands), acting
            assert acting[0].startswith(f"Non c'è una mano {command.number}:"), acting
        observed[message_id] = command, outcome

    # The replies and the game stored tell one order in which the commands were applied.
    stored = await stored_hands(first)
    final = [(h.message_id or 0, h.reported) for h in stored]
    order = linearize(hands, observed, final)
    assert order is not None, (hands, observed, final)
    for message_id in order:
        command, outcome = observed[message_id]
        hands, _ = apply(command, message_id, hands)
        history.append(Done(command, sent[message_id][1], outcome))
    return hands
