"""Whatever is typed after a command, the bot answers with one message: what it recorded, or
what was wrong; a refused command changes nothing."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, assume, event, example, given, settings
from hypothesis import strategies as st
from telegram.constants import MessageLimit

from bot.games.tamalo import texts as tamalo_texts
from bot.games.tamalo.keypad import Entry, EntryMistake, Step, parse_callback
from bot.games.tamalo.parsing import (
    MAX_PLAYERS,
    parse_fix,
    parse_hand,
    parse_join,
    parse_leave,
    parse_move,
    parse_new_game,
    parse_table,
    parse_tournament,
    parse_value,
    pick_table,
)
from bot.games.tamalo.texts import entry as keypad_texts
from bot.parsing import (
    parse_iam,
    parse_leaderboard,
    parse_name,
    parse_nothing,
    parse_settings,
    parse_standings,
    parse_stats,
    parse_timezone,
    parse_yes_no,
    tokens,
)
from bot.periods import PERIOD_WORDS
from bot.refusals import UserError
from bot.texts import mistakes as shared_mistakes
from play.tamalo import records
from play.tamalo.records import GameRecord
from scoring.tamalo import MAX_TOTAL, Game, Mode, Rules
from storage import ChatSettings, UnitOfWork
from tests.bot.conftest import Table
from tests.conftest import examples

T = TypeVar("T")

# --- What people type ------------------------------------------------------------------------

SEATS = ("Anna", "Bruno", "Carlo")
#: Tables the hand parsers are fuzzed against: two seats, odd spellings, a full table.
TABLES = (
    ("Anna", "Bruno"),
    SEATS,
    ("Zoë", "Gian-Luca", "D'Amico", "Straße"),
    tuple(f"Giocatore{chr(ord('a') + n)}" for n in range(MAX_PLAYERS)),
)
#: Telegram delivers no longer message; a command's arguments are a little shorter.
LONGEST = MessageLimit.MAX_TEXT_LENGTH - len("/correggi@TamaloBot ")

words = st.sampled_from(
    [
        *SEATS, "anna", "BRUNO", "Dario", "Zoë", "ZOË", "straße", "STRASSE", "Gian-Luca",
        "D'Amico", "ß", "İ", "ǰ", "Ⅻ", "ﬁ",
        "A", "a", "7", "10", "KN", "kr", "JK", "Jolly", "Q", "F", "RR", "A,7,KN", "a, 7 ,kn",
        "A,,7", ",", ",,", "KN,", ",KR", "JK,JK", "1,2,3",
        "0", "-0", "+5", "-3", "007", "500", "501", "٣", "²", "½", "3.5", "1e3", "0x10",
        "t=Anna", "T = anna", "tamalo=Bruno", "ct=Bruno", "contro=Carlo", "f=Anna",
        "fuori=Bruno,Carlo", "f=Anna,Bruno", "t=", "t", "=", "==", "t==Anna", "t=Dario",
        "x=1", "7,t=Anna,f=Bruno", "Anna 3,", ",Bruno",
        "classica", "contro", "CONTRO", "quadri", "4quadri", "jokes", "jolly", "pari_perde",
        "6carte", "spareggio", "soglia=50", "soglia=4", "soglia=1001", "soglia=", "target=30",
        "soglia=-5", "soglia=٣٠", "mazziere=Anna", "mazziere=", "dealer=Dario",
        "fuso=Europe/London", "fuso=europe/rome", "fuso=Mars/Olympus", "admin=sì", "admin=forse",
        "generale", "@TamaloBot", "@altroBot", "/mano", "🃏", "\u200b", "\x00", "'", "-", ".",
        "\u3164", "Аnna", "ΒRUNO", "Nicolò", "NICOLO", "Ana", "Brno", "Ａｎｎａ", "３", "no", "NO",
    ]
)  # fmt: skip
numbers = st.one_of(
    st.integers(-(10**30), 10**30),
    st.integers(-1000, 1000),
    st.just(10**30),
    st.just(-(10**30)),
).map(str)
#: Words as long as Telegram lets through: digits, a name, a card list.
huge_words = st.integers(33, LONGEST).flatmap(
    lambda n: st.sampled_from(["9" * n, "Z" * n, "Anna" + "a" * (n - 4), "A," * (n // 2)])
)
any_word = st.text(max_size=12)
token = st.one_of(words, words, numbers, any_word, huge_words)
separators = st.sampled_from(
    [" ", " ", " ", "  ", "\t", "\n", "\r\n", ",", ", ", " , ", "=", " = ", "\u00a0", "\u2003"]
)


@st.composite
def arguments(draw: st.DrawFn) -> str:
    """What follows a command: words, numbers, cards and markers, oddly spaced."""
    parts = draw(st.lists(st.tuples(token, separators), max_size=10))
    text = draw(st.sampled_from(["", " ", "\t", "\n"])) + "".join(w + s for w, s in parts)
    return text[:LONGEST]


totals = st.one_of(
    st.integers(0, 40).map(str),
    st.sampled_from(["A,7,KN", "KR", "q, 2", "JK", "0", "500", "501", "-1", "x"]),
)


@st.composite
def hands_typed(draw: st.DrawFn, players: Sequence[str]) -> str:
    """A hand as people type it, right or nearly: names (any case) and totals (numbers or
    cards) in any order, or totals alone in seat order; markers; a pair left out or doubled."""
    named = draw(st.booleans())
    pairs = []
    for player in players:
        name = draw(st.sampled_from([player, player.upper(), player.casefold()]))
        pairs.append(f"{name} {draw(totals)}" if named else draw(totals))
    if named:
        pairs = draw(st.permutations(pairs))
    if pairs and draw(st.integers(0, 4)) == 0:
        pairs.pop(draw(st.integers(0, len(pairs) - 1)))
    if pairs and draw(st.integers(0, 4)) == 0:
        pairs.append(draw(st.sampled_from(pairs)))
    keys = st.sampled_from(["t", "T", "tamalo", "ct", "contro", "f", "fuori"])
    markers = st.tuples(keys, st.sampled_from([*players, "Dario"])).map("=".join)
    pairs += draw(st.lists(markers, max_size=2))
    return "".join(pair + draw(separators) for pair in pairs)


def refused_well(call: Callable[[], T]) -> T | None:
    """The value, or ``None`` if refused with a message that fits one chat message."""
    try:
        return call()
    except UserError as error:
        refusal = error.message
    assert refusal.strip(), "an empty message"
    assert len(refusal) <= MessageLimit.MAX_TEXT_LENGTH, refusal[:200]
    return None


# --- The pure parsers ------------------------------------------------------------------------

MANY = settings(max_examples=examples(600), deadline=None)
SOME = settings(max_examples=examples(300), deadline=None)


@st.composite
def tables_and_hands(draw: st.DrawFn) -> tuple[tuple[str, ...], str]:
    players = draw(st.sampled_from(TABLES))
    return players, draw(st.one_of(arguments(), hands_typed(players[:-1])))


@MANY
@given(tables_and_hands(), st.sampled_from(Mode), st.booleans())
@example((SEATS, "Anna " + "Z" * LONGEST), Mode.CLASSIC, False)
@example((SEATS, "9" * LONGEST), Mode.CLASSIC, False)
def test_a_hand_is_read_or_refused_with_one_message(
    typed: tuple[tuple[str, ...], str], mode: Mode, jokers: bool
) -> None:
    players, text = typed
    rules = Rules(mode=mode, jokers=jokers)
    hand = refused_well(lambda: parse_hand(text, players[:-1], rules, absent=players[-1:]))
    event("refused" if hand is None else "read")
    if hand is None:
        return
    assert hand.players == players[:-1]
    assert all(0 <= r.total <= MAX_TOTAL for r in hand.reports)
    assert hand.caller is None or hand.caller in hand.players
    assert hand.counter_caller is None or (mode is Mode.CONTRO and hand.caller is not None)
    assert all(hand.total_of(p) == 0 for p in hand.out)
    Game(players[:-1], rules).with_hand(hand)  # the rules take every hand the parser gives


@MANY
@given(arguments())
@example("Anna " + "Z" * LONGEST)
@example("soglia=" + "9" * LONGEST + " Anna Bruno")
def test_a_new_game_is_read_or_refused_with_one_message(text: str) -> None:
    new = refused_well(lambda: parse_new_game(text))
    if new is None:
        return
    assert 2 <= len(new.players) <= MAX_PLAYERS
    assert len({p.casefold() for p in new.players}) == len(new.players)
    assert all(parse_name(p) == p for p in new.players)
    assert 5 <= new.rules.target <= 1000
    Game(new.players, new.rules, first_dealer=new.first_dealer)  # a game the rules accept
    refused_well(lambda: parse_tournament(text))


@MANY
@given(arguments(), st.integers(0, 30))
@example("9" * LONGEST + " Anna 3 Bruno 4", 3)
@example("-1 Anna 3", 3)
def test_a_fix_is_read_or_refused_with_one_message(text: str, played: int) -> None:
    fix = refused_well(lambda: parse_fix(text, played))
    if fix is None:
        return
    number, rest = fix
    assert 1 <= number <= played
    refused_well(lambda: parse_hand(rest, SEATS, Rules(), number=number))


@SOME
@given(arguments(), st.sampled_from(TABLES), st.sets(st.sampled_from(SEATS)))
def test_joining_and_leaving_are_read_or_refused_with_one_message(
    text: str, players: tuple[str, ...], left: set[str]
) -> None:
    joiner = refused_well(lambda: parse_join(text, players, left))
    if joiner is not None:
        assert joiner.casefold() not in {p.casefold() for p in players}
    leaver = refused_well(lambda: parse_leave(text, players))
    assert leaver is None or leaver in players


@SOME
@given(arguments())
def test_the_other_commands_arguments_are_read_or_refused_with_one_message(text: str) -> None:
    refused_well(lambda: parse_standings(text))
    refused_well(lambda: parse_stats(text))
    refused_well(lambda: parse_move(text))
    refused_well(lambda: pick_table([SEATS, ("Dario", "Elena", "Franco")], text))
    refused_well(lambda: parse_leaderboard(text))
    claim = refused_well(lambda: parse_iam(text))
    assert claim is None or claim.player is None or claim.player in tokens(text)
    table = refused_well(lambda: parse_table([SEATS, ("Dario", "Elena", "Franco")], text, "fine"))
    assert table is None or (table in (0, 1) and len(tokens(text)) == 1)
    if tokens(text):
        with pytest.raises(UserError, match="si scrive da solo"):
            parse_nothing(text, "annulla")
    else:
        parse_nothing(text, "annulla")
    settings = refused_well(lambda: parse_settings(text, ChatSettings()))
    assert settings is None or isinstance(settings, ChatSettings)
    assert all(not any(c.isspace() for c in word) for word in tokens(text))


#: What a button sends back: the bot's own ``mano:<entry>:<version>:<action>``, or anything
#: else (callback data comes from the client: the bot cannot count on getting back its own).
ACTIONS = ["c0", "c1", "c-", "x0", "x1", "x-", "d0", "d7", "del", "out", "ok", "back", "yes", "no"]
button_data = st.one_of(
    st.tuples(st.just("mano"), st.integers(0, 99).map(str), st.integers(0, 9).map(str),
              st.sampled_from(ACTIONS)).map(":".join),
    st.tuples(st.just("mano"), st.text(max_size=4), st.text(max_size=4), st.text(max_size=6))
    .map(":".join),
    st.text(max_size=64),
)  # fmt: skip


@st.composite
def entered(draw: st.DrawFn, players: Sequence[str]) -> list[str]:
    """The buttons of a whole hand, pressed as a player would, with a slip now and then."""
    seats = st.sampled_from(["-", *map(str, range(len(players)))])
    actions = [f"c{draw(seats)}", f"x{draw(seats)}"]
    for _ in players:
        digits = draw(st.lists(st.sampled_from("0123456789"), min_size=1, max_size=3))
        actions += draw(st.sampled_from([["out"], [f"d{d}" for d in digits] + ["ok"]]))
    actions.append("yes")
    for _ in range(draw(st.integers(0, 3))):
        actions.insert(draw(st.integers(0, len(actions))), draw(st.sampled_from(ACTIONS)))
    return [f"mano:1:{n}:{a}" for n, a in enumerate(actions)]


@st.composite
def presses(draw: st.DrawFn) -> tuple[tuple[str, ...], list[str]]:
    players = draw(st.sampled_from(TABLES))
    return players, draw(st.one_of(st.lists(button_data, max_size=30), entered(players)))


@SOME
@given(presses(), st.booleans())
@example((SEATS, ["mano:²:1:ok", "mano:1:1:d²", "mano:1:1:c²"]), False)
def test_buttons_pressed_move_an_entry_on_or_are_refused(
    pressed: tuple[tuple[str, ...], list[str]], contro: bool
) -> None:
    players, presses = pressed
    entry = Entry(players, contro)
    rules = Rules(mode=Mode.CONTRO if contro else Mode.CLASSIC)
    for data in presses:
        parsed = parse_callback(data)
        if parsed is None:
            continue
        entry_id, version, action = parsed
        assert min(entry_id, version) >= 0
        reason = None
        try:
            entry = entry.press(action)
        except EntryMistake as mistake:
            reason = mistake.reason
        assert reason is None or reason in keypad_texts.ENTRY_MISTAKES
        assert Entry.from_json(entry.to_json()) == entry
        event(f"step {entry.step}")
        if entry.step is Step.CONFIRM:  # the hand it makes is one /mano takes
            refused_well(functools.partial(parse_hand, entry.hand_text(), players, rules))


@MANY
@given(st.one_of(token, st.text()), st.sampled_from(Mode), st.booleans())
def test_a_single_word_is_a_value_a_name_or_one_message(
    word: str, mode: Mode, jokers: bool
) -> None:
    value = refused_well(lambda: parse_value(word, Rules(mode=mode, jokers=jokers)))
    assert value is None or 0 <= value <= MAX_TOTAL
    refused_well(lambda: parse_name(word))
    refused_well(lambda: parse_timezone(word))
    refused_well(lambda: parse_yes_no(word, f"admin={word}"))


# --- Through the bot, in a chat with a running game ------------------------------------------

#: How the command itself is written: aliases, any case, addressed to this bot or another.
COMMANDS = {
    "mano": ["/mano", "/hand", "/MANO", "/mano@TamaloBot", "/Mano@tamalobot", "/mano@AltroBot"],
    "nuova": ["/nuova", "/new", "/nuova@TamaloBot", "/nuova@AltroBot"],
    "correggi": ["/correggi", "/fix", "/correggi@TamaloBot", "/correggi@AltroBot"],
}


@st.composite
def commands(draw: st.DrawFn) -> tuple[str, str]:
    """(command family, the whole message)."""
    family = draw(st.sampled_from(sorted(COMMANDS)))
    command = draw(st.sampled_from(COMMANDS[family]))
    rest = draw(st.one_of(arguments(), hands_typed(SEATS), hands_typed(SEATS)))
    if family == "correggi" and draw(st.integers(0, 3)):
        rest = f"{draw(st.sampled_from(['1', '1', '2', '0', '-1', '9' * 40]))} {rest}"
    separator = draw(st.sampled_from([" ", "  ", "\t", "\n"]))
    return family, (command + separator + rest)[: MessageLimit.MAX_TEXT_LENGTH]


#: Chats the fuzzed game moves to when its totals get high: a game never ends mid-test.
_chats = itertools.count(-100_900, -1)
#: A hand adds at most a caller's penalty, 15 plus the total: a game to 1000 cannot end from
#: below this.
HIGH = 1000 - (15 + MAX_TOTAL)


async def running(table: Table) -> GameRecord | None:
    async with table.app.bot_data.db.transaction() as session:
        return await records.running(UnitOfWork(session), table.chat_id)


class Chat:
    """The chat the fuzzed commands are typed in, moved to a fresh one when needed."""

    def __init__(self, table: Table) -> None:
        self.table = table

    async def with_game(self) -> tuple[Table, GameRecord]:
        record = await running(self.table)
        if record is None or max(record.game.totals().values()) >= HIGH:
            self.table = self.table.in_chat(next(_chats))
            await self.table.reply("/nuova soglia=1000 Anna Bruno Carlo")
            await self.table.reply("/mano Anna 3 Bruno 12 Carlo 7 t=Anna")
            record = await running(self.table)
        assert record is not None
        return self.table, record


def expected(family: str, arguments: str, game: Game) -> tuple[str, Game | None]:
    """What the bot must answer, worked out with the pure parsers and rules: the reply, and
    the game as it must be stored after it (``None``: unchanged)."""
    try:
        if family == "mano":
            absent = [p for p in game.players if p not in game.next_players]
            hand = parse_hand(arguments, game.next_players, game.rules, absent=absent)
            if game.hands and hand == game.hands[-1].hand:  # asked about, not recorded
                return tamalo_texts.hands.same_hand_again(len(game.hands) + 1, hand), None
            after = game.with_hand(hand)
            return tamalo_texts.hands.hand_recorded(after), after
        if family == "correggi":
            number, rest = parse_fix(arguments, len(game.hands), game.ranked)
            if not rest:  # hand N alone: shown as recorded, to edit
                command = tamalo_texts.words.hand_command(game.hands[number - 1].hand, number)
                return tamalo_texts.hands.hand_to_fix(number, command), None
            seated = game.seated_for(number)
            absent = [p for p in game.players if p not in seated]
            hand = parse_hand(rest, seated, game.rules, absent=absent, number=number)
            after = game.with_hand_replaced(number, hand)
            return tamalo_texts.hands.hand_fixed(after, number), after
        parse_new_game(arguments)
        return shared_mistakes.game_running(game.players), None
    except UserError as error:
        return error.message, None


def arguments_of(message: str) -> str:
    """The arguments as the handler reads them (python-telegram-bot splits on whitespace)."""
    return " ".join(message.split()[1:])


@pytest.fixture
def chat(table: Table) -> Chat:
    return Chat(table)


@settings(
    max_examples=examples(120),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(typed=commands())
@example(typed=("mano", "/mano Anna " + "Z" * 4000 + " 3"))
@example(typed=("mano", "/mano@AltroBot 1 2 3"))
async def test_fuzzed_commands_get_one_reply_and_a_refusal_changes_nothing(
    chat: Chat, typed: tuple[str, str]
) -> None:
    family, message = typed
    table, record = await chat.with_game()
    before = await table.dump()

    replies = await table.send(message)

    if "@altrobot" in message.split()[0].casefold():  # another bot's command: not ours
        assert replies == []
        assert await table.dump() == before
        return
    if family == "mano" and not arguments_of(message):
        # /mano alone asks for the hand (with buttons, where the bot offers them): one
        # message, and nothing stored until the hand is complete.
        assert len(replies) == 1
        assert await table.dump() == before
        return
    reply, after = expected(family, arguments_of(message), record.game)
    event("refused" if after is None else "recorded")
    assert replies == [reply]
    assert len(reply) <= MessageLimit.MAX_TEXT_LENGTH
    if after is None:
        assert await table.dump() == before
    else:
        stored = await running(table)
        assert stored is not None
        assert stored.game.hands == after.hands


#: Commands that take nothing after them, or at most a table's player (``/fine Anna``).
BARE_COMMANDS = ["/annulla", "/undo", "/mazziere", "/dealer", "/grafico", "/serata", "/esporta",
                 "/regole", "/mosse", "/dicono", "/leaderboard", "/aiuto", "/fine", "/end",
                 "/tresei"]  # fmt: skip
#: What each says to an argument it does not take (``/aiuto`` takes only ``tutto``,
#: ``/leaderboard`` only a period).
REFUSAL = {"/aiuto": "/aiuto tutto tutti i comandi", "/leaderboard": "» non è un periodo."}


@settings(
    max_examples=examples(80),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(command=st.sampled_from(BARE_COMMANDS), rest=arguments())
@example(command="/annulla", rest="1")
@example(command="/fine", rest="Zed")
@example(command="/fine", rest="#" * 3000)
async def test_a_command_refuses_arguments_it_does_not_take_and_changes_nothing(
    chat: Chat, command: str, rest: str
) -> None:
    words = tokens(rest)
    assume(words)
    names_a_player = len(words) == 1 and any(w.casefold() == p.casefold() for w in words
                                               for p in SEATS)  # fmt: skip
    assume(not (command in {"/fine", "/end", "/tresei"} and names_a_player))
    assume(not (command == "/aiuto" and words[0].casefold() in {"tutto", "tutti", "all"}))
    assume(
        not (command == "/leaderboard" and len(words) == 1 and words[0].casefold() in PERIOD_WORDS)
    )
    table, _record = await chat.with_game()
    before = await table.dump()

    replies = await table.send(f"{command} {rest}"[: MessageLimit.MAX_TEXT_LENGTH])

    assert len(replies) == 1
    assert REFUSAL.get(command, "si scrive da solo") in replies[0]
    assert len(replies[0]) <= MessageLimit.MAX_TEXT_LENGTH
    assert await table.dump() == before
