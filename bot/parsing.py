"""Command arguments to values: pure functions, each error a message for the chat."""

from __future__ import annotations

import functools
import re
import zoneinfo
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace

from bot import i18n, names, texts
from bot.lore import MOVE_BY_SLUG, MOVES, Move, slug
from scoring import (
    DEFAULT_TARGET,
    MAX_TOTAL,
    QUADRI_PLAYERS,
    TOURNAMENT_MIN_PLAYERS,
    CardError,
    Hand,
    Mode,
    Report,
    Rules,
    is_card,
    parse_cards,
)
from storage import ChatSettings

MAX_NAME = 32
#: More than a table holds; it also keeps every reply well under Telegram's 4096 characters.
MAX_PLAYERS = 12

_NAME = re.compile(r"[^\W\d_][\w'.\-]*")
_NUMBER = re.compile(r"[+-]?[0-9]+")
_SPACED_SEPARATOR = re.compile(r"\s*([,=])\s*")


#: A word typed and quoted back in a mistake's reply is cut to this: quoted whole, a pasted
#: wall of text could make the reply longer than the 4096 characters Telegram accepts.
QUOTED_WORD = 60
_LONG_WORD = re.compile(rf"[^\s«»]{{{QUOTED_WORD + 1},}}")


class UserError(ValueError):
    """Something typed that the bot cannot take; ``message`` tells the chat what to type."""

    def __init__(self, message: str) -> None:
        message = _LONG_WORD.sub(lambda word: word[0][: QUOTED_WORD - 1] + "…", message)
        super().__init__(message)
        self.message = message


def tokens(text: str) -> list[str]:
    """Split arguments on spaces, keeping ``A, 7, KN`` and ``t = Anna`` together; letters and
    digits in their usual form (a full-width ``３`` is a ``3``)."""
    return _SPACED_SEPARATOR.sub(r"\1", names.normal(text).strip()).split()


def parse_nothing(text: str, command: str) -> None:
    """A command that takes no arguments refuses any, so that ``/annulla 1`` is not taken
    for ``/annulla``."""
    if words := tokens(text):
        raise UserError(texts.no_arguments(command, " ".join(words)))


def parse_name(token: str) -> str:
    """A player's name as typed (in its usual Unicode form): a word starting with a letter,
    never a card or a number, and nothing in it that cannot be seen."""
    token = names.normal(token)
    if names.invisible(token):
        raise UserError(texts.invisible_name(token))
    if len(token.casefold()) > MAX_NAME or not _NAME.fullmatch(token):
        raise UserError(texts.bad_name(token))
    if is_card(token):
        raise UserError(texts.name_is_a_card(token))
    return token


@dataclass(frozen=True)
class NewGame:
    """What ``/nuova`` asks for: the seats in order, the rules, who deals first."""

    players: tuple[str, ...]
    rules: Rules
    first_dealer: int = 0
    #: ``soglia=`` was typed (ControTamalo proposes a lower target only when it was not).
    target_given: bool = False


#: Mode words at ``/nuova``.
MODE_WORDS = {"classica": Mode.CLASSIC, "classic": Mode.CLASSIC, "contro": Mode.CONTRO,
              "controtamalo": Mode.CONTRO}  # fmt: skip
QUADRI_WORDS = frozenset({"quadri", "4quadri"})
FLAG_WORDS = {"jokes": "jokers", "jolly": "jokers", "jokers": "jokers",
              "pari_perde": "tie_beats_caller", "tie_loses": "tie_beats_caller",
              "6carte": "six_cards", "6cards": "six_cards",
              "spareggio": "dealer_tiebreak", "tiebreak": "dealer_tiebreak"}  # fmt: skip
TARGET_KEYS = frozenset({"soglia", "target"})
DEALER_KEYS = frozenset({"mazziere", "dealer"})
#: Every word that chooses a game's mode or an option at ``/nuova``, in any language.
GAME_OPTION_WORDS = frozenset(MODE_WORDS) | QUADRI_WORDS | frozenset(FLAG_WORDS)
MIN_TARGET, MAX_TARGET = 5, 1000


def parse_new_game(text: str) -> NewGame:
    """``contro soglia=30 Anna Bruno Carlo mazziere=Bruno`` → seats, rules, first dealer."""
    mode: Mode | None = None
    flags: set[str] = set()
    target: int | None = None
    dealer: str | None = None
    players: list[str] = []
    for token in tokens(text):
        word = token.casefold()
        if word in MODE_WORDS:
            if mode is not None and mode is not MODE_WORDS[word]:
                raise UserError(texts.TWO_MODES)
            mode = MODE_WORDS[word]
        elif word in QUADRI_WORDS:
            flags.add("quadri")
        elif word in FLAG_WORDS:
            flags.add(FLAG_WORDS[word])
        elif "=" in word:
            key, _, value = token.partition("=")
            if key.casefold() in TARGET_KEYS:
                target = _target(value)
            elif key.casefold() in DEALER_KEYS:
                dealer = value
            else:
                raise UserError(texts.unknown_game_option(token))
        else:
            players.append(parse_name(token))
    rules = Rules(
        mode=mode or Mode.CLASSIC,
        target=target or DEFAULT_TARGET,
        tie_beats_caller="tie_beats_caller" in flags,
        jokers="jokers" in flags,
        quadri="quadri" in flags,
        six_cards="six_cards" in flags,
        dealer_tiebreak="dealer_tiebreak" in flags,
    )
    seats = _seats(players, rules)
    first = 0
    if dealer is not None:
        found = _find(dealer, seats)
        if found is None:
            raise UserError(texts.dealer_not_playing(dealer, seats))
        first = seats.index(found)
    return NewGame(seats, rules, first, target_given=target is not None)


def _target(value: str) -> int:
    if not re.fullmatch(r"[0-9]+", value) or not MIN_TARGET <= int(value) <= MAX_TARGET:
        raise UserError(texts.bad_target(value, MIN_TARGET, MAX_TARGET))
    return int(value)


def _seats(players: list[str], rules: Rules) -> tuple[str, ...]:
    if not players:
        raise UserError(texts.NEW_GAME_EMPTY)
    _refuse_duplicates(players)
    if len(players) < 2:
        raise UserError(texts.NEW_GAME_ONE_PLAYER)
    if len(players) > MAX_PLAYERS:
        raise UserError(texts.too_many_players(MAX_PLAYERS))
    if rules.quadri and len(players) != QUADRI_PLAYERS:
        raise UserError(texts.quadri_players(len(players)))
    if rules.dealer_tiebreak and not rules.quadri:
        raise UserError(texts.TIEBREAK_ONLY_QUADRI)
    if rules.six_cards and len(players) != 2:
        raise UserError(texts.SIX_CARDS_TWO_PLAYERS)
    return tuple(players)


def parse_tournament(text: str) -> NewGame:
    """``/torneo`` takes the options of ``/nuova`` but Jokers, 4 Quadri and a first dealer,
    and at least 6 players."""
    new = parse_new_game(text)
    if new.rules.jokers:
        raise UserError(texts.TOURNAMENT_NO_JOKERS)
    if new.rules.quadri or new.rules.six_cards:
        raise UserError(texts.TOURNAMENT_PLAIN)
    if new.first_dealer:
        raise UserError(texts.TOURNAMENT_NO_DEALER)
    if len(new.players) < TOURNAMENT_MIN_PLAYERS:
        raise UserError(texts.tournament_players(TOURNAMENT_MIN_PLAYERS))
    return new


def parse_join(text: str, players: Sequence[str], left: Collection[str] = ()) -> str:
    """``Dario`` → the late joiner's name, who must not be playing already or have left. A
    name a letter or two off a seated player's is asked about (a typo seats a stranger);
    ``Dario nuovo`` seats that name all the same."""
    words = tokens(text)
    if not words:
        raise UserError(texts.join_empty(players))
    new = len(words) == 2 and words[1].casefold() in texts.NEW_PLAYER_WORDS
    if len(words) > 1 and not new:
        raise UserError(texts.join_many(_newcomers(words, players) or [texts.newcomer(players)]))
    name = parse_name(words[0])
    if (seated := _find(name, players)) is not None:
        if seated in left:
            raise UserError(texts.left_for_good(seated))
        raise UserError(texts.already_seated(seated))
    if (twin := names.lookalike(name, players)) is not None:
        raise UserError(texts.name_looks_like(name, twin))
    if not new and (near := names.close(name, players)) is not None:
        raise UserError(texts.join_meant(name, near))
    return name


def _newcomers(words: Sequence[str], players: Sequence[str]) -> list[str]:
    """The first two of ``words`` that could join: names, of nobody at the table."""
    found: list[str] = []
    for word in words:
        try:
            name = parse_name(word)
        except UserError:
            continue
        if _find(name, [*players, *found]) is None and names.lookalike(name, players) is None:
            found.append(name)
        if len(found) == 2:
            break
    return found


def parse_value(token: str, rules: Rules) -> int:
    """A hand total: a number (``21``) or a card list (``A,7,KN``)."""
    if _NUMBER.fullmatch(token):
        value = int(token)
        if value < 0:
            raise UserError(texts.negative_value(token))
    elif re.fullmatch(r"[\w,]+", token):
        value = _cards(token, rules)
    else:
        raise UserError(texts.not_a_value(token))
    if value > MAX_TOTAL:
        raise UserError(texts.value_too_high(token, MAX_TOTAL))
    return value


def _cards(token: str, rules: Rules) -> int:
    try:
        return parse_cards(token, jokers=rules.jokers)
    except CardError as error:
        if error.joker:
            raise UserError(texts.joker_not_allowed()) from error
        if "," not in token:
            raise UserError(texts.not_a_value(token)) from error
        raise UserError(texts.unknown_card(error.token.strip() or token)) from error


CALLER_KEYS = frozenset({"t", "tamalo"})
COUNTER_KEYS = frozenset({"ct", "contro", "controtamalo", "counter"})
OUT_KEYS = frozenset({"f", "fuori", "out"})
MARKER_KEYS = CALLER_KEYS | COUNTER_KEYS | OUT_KEYS


def parse_hand(
    text: str,
    players: Sequence[str],
    rules: Rules,
    *,
    absent: Sequence[str] = (),
    number: int | None = None,
    elsewhere: Mapping[str, str] | None = None,
    joinable: bool = True,
) -> Hand:
    """``Anna 3 Bruno 12 t=Anna`` or ``3 12 t=Anna`` (seat order) → a hand of every player.

    Markers: ``t=`` the Tamalo caller, ``ct=`` the ControTamalo counter-caller, ``f=`` who got
    rid of all cards (total 0; their total may be left out). ``absent`` are players of the
    game who do not play this hand (hand ``number``, or the next one): named, they are told so.
    ``elsewhere``: players of another game (a tournament's), each with what to tell them;
    ``joinable``: whether the game takes late joiners (4 Quadri and six cards never do), for
    what an unknown name is told.
    """
    words = tokens(text)
    _refuse_game_options(words, [*players, *absent], rules)
    values, markers = _split_markers(words, players, rules)
    caller = _one_marker(markers, CALLER_KEYS, players)
    counter = _one_marker(markers, COUNTER_KEYS, players)
    out = _out(markers, players)
    if counter is not None:
        counter_key = _key_typed(markers, COUNTER_KEYS)
        if rules.mode is not Mode.CONTRO:
            raise UserError(texts.counter_needs_contro(counter_key))
        if caller is None:
            raise UserError(texts.counter_without_caller(counter))
        if counter == caller:
            raise UserError(texts.counter_is_caller(counter, counter_key))
    if not values and len(out) < len(players):
        raise UserError(texts.HAND_EMPTY)
    if values and _looks_like_name(values[0]):
        joinable = joinable and not rules.quadri and not rules.six_cards
        about = _Elsewhere(absent, number, elsewhere or {}, joinable)
        totals = _by_name(values, players, rules, list(out), about)
    else:
        totals = _by_seat(values, players, rules, list(out))
    for player, key in out.items():
        if totals[player] != 0:
            raise UserError(texts.out_with_cards(player, totals[player], key))
    return Hand(tuple(Report(p, totals[p]) for p in players), caller, counter, frozenset(out))


def _refuse_game_options(words: list[str], players: Sequence[str], rules: Rules) -> None:
    """``pari_perde`` or ``soglia=50`` in a hand: an option of the game, chosen at ``/nuova``,
    not a player (unless a player of the game has that name) nor a card (``Jolly``). A bare
    ``contro`` in a ControTamalo game is a counter-call without its name, said as such."""
    for piece in (piece for word in words for piece in word.split(",")):
        key, equals, _value = piece.partition("=")
        folded = key.casefold()
        if equals and folded in TARGET_KEYS | DEALER_KEYS:
            options = f"{folded}=50" if folded in TARGET_KEYS else f"{folded}=Bruno"
            raise UserError(texts.game_option_in_hand(piece, options, key=True))
        if equals or folded not in GAME_OPTION_WORDS or is_card(piece):
            continue
        if _find(piece, players) is not None:
            continue
        if folded in MARKER_KEYS and rules.mode is Mode.CONTRO:
            continue
        if FLAG_WORDS.get(folded) == "dealer_tiebreak":
            raise UserError(texts.game_option_in_hand(piece, f"quadri {piece}", four=True))
        raise UserError(texts.game_option_in_hand(piece, piece, four=folded in QUADRI_WORDS))


def _split_markers(
    words: list[str], players: Sequence[str], rules: Rules
) -> tuple[list[str], list[tuple[str, str]]]:
    """Values apart from markers. In a word such as ``7,t=Anna,f=Bruno,Carlo`` the markers run
    from the first ``=`` to the end of the word, each name going with the key before it."""
    values: list[str] = []
    markers: list[tuple[str, str]] = []
    for word in words:
        head, marker, _ = word.partition("=")
        if not marker:
            bare_key = word.casefold() in MARKER_KEYS and not is_card(word)
            if bare_key and _find(word, players) is None:
                raise UserError(texts.marker_empty(word.casefold()))
            values.append(word)
            continue
        before, _, _ = head.rpartition(",")
        if before:
            values.append(before)
        key = ""
        for piece in word[len(before) + 1 if before else 0 :].split(","):
            if "=" in piece:
                key, _, name = piece.partition("=")
                if key.casefold() not in MARKER_KEYS:
                    raise UserError(texts.unknown_option(piece, rules))
                if not name:
                    raise UserError(texts.marker_empty(key.casefold()))
            else:
                name = piece
            if name:
                markers.append((key.casefold(), name))
    return _split_at_names(values, players), markers


def _one_marker(
    markers: list[tuple[str, str]], keys: frozenset[str], players: Sequence[str]
) -> str | None:
    found: str | None = None
    for key, name in markers:
        if key not in keys:
            continue
        player = _find(name, players)
        if player is None:
            raise UserError(texts.marked_not_playing(key, name, players))
        if found is not None and found != player:
            raise UserError(texts.two_marked(key, found, player))
        found = player
    return found


def _key_typed(markers: list[tuple[str, str]], keys: frozenset[str]) -> str:
    """The word the person used for a marker (``ct`` or ``contro``), to answer in it."""
    return next(key for key, _name in markers if key in keys)


def _out(markers: list[tuple[str, str]], players: Sequence[str]) -> dict[str, str]:
    """Who got rid of all cards, each with the key they were marked with (``f``, ``out``…)."""
    out: dict[str, str] = {}
    for key, name in markers:
        if key in OUT_KEYS:
            player = _find(name, players)
            if player is None:
                raise UserError(texts.marked_not_playing(key, name, players))
            out.setdefault(player, key)
    return out


def parse_fix(text: str, hands_played: int, players: Sequence[str] = ()) -> tuple[int, str]:
    """``3 Anna 5 Bruno 7`` → hand 3, and the rest to read as ``/mano`` (``players``: who
    is at the table, for the example)."""
    number, _, rest = text.strip().partition(" ")
    if not re.fullmatch(r"[0-9]+", number):
        raise UserError(texts.fix_empty(hands_played, players))
    if not 1 <= int(number) <= hands_played:
        raise UserError(texts.no_such_hand(number, hands_played))
    return int(number), rest


def parse_leave(text: str, players: Sequence[str]) -> str:
    """``Carlo`` → the player who leaves, who must be playing."""
    words = tokens(text)
    if not words:
        raise UserError(texts.leave_empty(players))
    if len(words) > 1:
        leavers = list(dict.fromkeys(p for w in words if (p := _find(w, players)) is not None))
        raise UserError(texts.leave_many(leavers[:2] or players[-1:]))
    player = _find(words[0], players)
    if player is None:
        raise UserError(texts.leaver_not_playing(words[0], players))
    return player


def pick_table(tables: Sequence[Sequence[str]], text: str) -> int:
    """Which of the tables playing side by side (a tournament) the names typed belong to."""
    if len(tables) == 1:
        return 0
    words = [w for w in re.split(r"[\s,=]+", names.normal(text)) if w]
    found = [i for i, table in enumerate(tables) if any(_find(w, table) for w in words)]
    if len(found) == 1:
        return found[0]
    if not found:
        raise UserError(texts.which_table(tables))
    raise UserError(texts.TWO_TABLES_NAMED)


def parse_table(tables: Sequence[Sequence[str]], text: str, command: str) -> int:
    """``/fine`` alone, or ``/fine Anna`` (at a tournament: the table Anna plays at); anything
    else is refused rather than taken for ``/fine`` alone, which would close a game."""
    words = tokens(text)
    if not words:
        return pick_table(tables, "")
    everyone = [p for table in tables for p in table]
    if len(words) == 1 and _find(words[0], everyone) is not None:
        return pick_table(tables, words[0])
    raise UserError(texts.names_nobody(command, " ".join(words), everyone))


def parse_leaderboard(text: str) -> None:
    """``/leaderboard`` alone, or ``/classifica generale`` passed on."""
    words = tokens(text)
    if words and not (len(words) == 1 and words[0].casefold() in texts.GENERAL_WORDS):
        parse_nothing(text, "leaderboard")


@dataclass(frozen=True)
class _Elsewhere:
    """What to tell a name that is not of this hand's players."""

    absent: Sequence[str]
    number: int | None
    players: Mapping[str, str]
    joinable: bool

    def refuse(self, token: str, players: Sequence[str]) -> UserError:
        if (absent := _find(token, self.absent)) is not None:
            return UserError(texts.not_in_this_hand(absent, players, self.number))
        if (other := _find(token, list(self.players))) is not None:
            return UserError(self.players[other])
        return UserError(texts.unknown_player(token, players, joinable=self.joinable))


def _by_name(
    values: list[str],
    players: Sequence[str],
    rules: Rules,
    out: Sequence[str],
    elsewhere: _Elsewhere,
) -> dict[str, int]:
    totals: dict[str, int] = {}
    pairs = iter(enumerate(values))
    for index, token in pairs:
        player = _find(token, players)
        if player is None:
            if not _looks_like_name(token):
                _refuse_spaced_cards(values, index, list(totals)[-1:])
                raise UserError(texts.value_without_name(token))
            raise elsewhere.refuse(token, players)
        if player in totals:
            raise UserError(texts.duplicate_player(player))
        value = next(pairs, (0, None))[1]
        if value is None or _find(value, players) is not None:
            raise UserError(texts.missing_value(player))
        totals[player] = parse_value(value, rules)
    for player in out:
        totals.setdefault(player, 0)
    if missing := [p for p in players if p not in totals]:
        raise UserError(texts.missing_players(missing))
    return totals


def _refuse_spaced_cards(values: list[str], index: int, previous: list[str]) -> None:
    """``Anna A 7 KN``: the cards of one player written with spaces; say to join them with
    commas (``A,7,KN``) rather than that ``7`` has no name."""
    if not previous:
        return
    end = next((i for i in range(index, len(values)) if _looks_like_name(values[i])), len(values))
    run = values[index - 1 : end]
    if any(is_card(word) and not _NUMBER.fullmatch(word) for word in run):
        raise UserError(texts.cards_with_commas(previous[0], ",".join(run)))


def _by_seat(
    values: list[str], players: Sequence[str], rules: Rules, out: Sequence[str]
) -> dict[str, int]:
    """Totals in seat order: for everyone, or for everyone but who finished the cards."""
    parsed = [parse_value(token, rules) for token in values]
    if len(parsed) == len(players):
        return dict(zip(players, parsed, strict=True))
    holding = [p for p in players if p not in out]
    if out and len(parsed) == len(holding):
        return {**dict.fromkeys(out, 0), **dict(zip(holding, parsed, strict=True))}
    raise UserError(texts.wrong_count(len(parsed), players))


def _split_at_names(words: list[str], players: Sequence[str]) -> list[str]:
    """``Anna 3, Bruno 12,`` reads as ``Anna 3 Bruno 12``: a comma before a seated player's
    name separates pairs, while ``A,7,KN`` stays one card list."""
    split: list[str] = []
    for word in words:
        pieces: list[str] = []
        for piece in word.split(","):
            if pieces and _find(piece, players) is None:
                pieces[-1] += "," + piece
            else:
                pieces.append(piece)
        split.extend(piece.strip(",") for piece in pieces if piece.strip(","))
    return split


def _looks_like_name(token: str) -> bool:
    return bool(_NAME.fullmatch(token)) and not is_card(token)


def _find(name: str, players: Sequence[str]) -> str | None:
    """The seated player with this name, whatever its case or accents."""
    return names.same(name, players)


def _refuse_duplicates(players: Sequence[str]) -> None:
    """Each seat once: the same name twice (in any case, with or without accents), or two
    names nobody could tell apart by eye."""
    seen: dict[str, str] = {}
    for player in players:
        if (twin := seen.get(names.skeleton(player))) is not None:
            if names.fold(twin) == names.fold(player):
                raise UserError(texts.duplicate_player(player))
            raise UserError(texts.name_looks_like(player, twin))
        seen[names.skeleton(player)] = player


def parse_standings(text: str) -> bool:
    """``/classifica`` alone is the running game; ``/classifica generale`` the all-time one."""
    words = tokens(text)
    if not words:
        return False
    if len(words) == 1 and words[0].casefold() in texts.GENERAL_WORDS:
        return True
    raise UserError(texts.STANDINGS_ARGUMENT)


def parse_stats(text: str) -> str | None:
    """``/stats Anna`` → "Anna"; ``/stats`` alone → ``None``, the whole chat."""
    words = tokens(text)
    if len(words) > 1:
        raise UserError(texts.STATS_ONE_NAME)
    return words[0] if words else None


#: ``/sonoio no``: the person is no longer the player they said.
UNDO_WORDS = frozenset({"no", "not"})


@dataclass(frozen=True)
class Claim:
    """What ``/sonoio`` asks: who the sender is (``undo``: is no longer), of which player
    (``None``: the sender's own)."""

    undo: bool
    player: str | None


def parse_iam(text: str) -> Claim:
    """``Anna`` → I am Anna; ``no`` → I am nobody any more; ``no Anna`` → nobody is Anna."""
    words = tokens(text)
    undo = bool(words) and words[0].casefold() in UNDO_WORDS
    if undo:
        words = words[1:]
    if len(words) > 1:
        raise UserError(texts.IAM_ONE_NAME)
    return Claim(undo, words[0] if words else None)


TIMEZONE_KEYS = frozenset({"fuso", "timezone", "tz"})
ADMIN_KEYS = frozenset({"admin", "amministratori"})
YES = frozenset({"sì", "si", "yes", "on", "1"})
NO = frozenset({"no", "off", "0"})


def parse_settings(text: str, current: ChatSettings) -> ChatSettings | None:
    """``fuso=Europe/London`` → the settings with that change; nothing typed → ``None``."""
    words = tokens(text)
    if not words:
        return None
    settings = current
    for word in words:
        key, _, value = word.partition("=")
        key = key.casefold()
        if key in TIMEZONE_KEYS and value:
            settings = replace(settings, timezone=parse_timezone(value))
        elif key in ADMIN_KEYS and value:
            settings = replace(settings, admins_only=parse_yes_no(value, word))
        else:
            raise UserError(texts.unknown_setting(word))
    return settings


def parse_yes_no(value: str, word: str) -> bool:
    folded = value.casefold()
    if folded in YES:
        return True
    if folded in NO:
        return False
    raise UserError(texts.yes_or_no(word))


def parse_timezone(value: str) -> str:
    """An IANA time zone, whatever its case: ``europe/rome`` → ``Europe/Rome``."""
    found = _timezones().get(value.casefold())
    if found is None:
        raise UserError(texts.unknown_timezone(value))
    return found


@functools.cache
def _timezones() -> dict[str, str]:
    return {name.casefold(): name for name in zoneinfo.available_timezones()}


#: The longest move name, in words (``O' Babbà servito``, ``Il Ratto delle Sabine``).
MOVE_WORDS = 4


def parse_move(text: str) -> tuple[Move, str]:
    """``coppiona Anna`` → the move Coppiona, made by "Anna"; the move's name may have
    several words, any case, with or without accents and apostrophes."""
    words = tokens(text)
    if not words:
        raise UserError(texts.MOVE_EMPTY)
    moves = _moves_by_slug()
    for length in range(min(MOVE_WORDS, len(words)), 0, -1):
        move = moves.get(slug(" ".join(words[:length])))
        if move is None:
            continue
        who = words[length:]
        if len(who) != 1:
            raise UserError(texts.move_who(move))
        return move, parse_name(who[0])
    raise UserError(texts.unknown_move(" ".join(words[: len(words) - 1] or words)))


@functools.cache
def _moves_by_slug() -> dict[str, Move]:
    """Every way a move may be typed, in any chat: its key, its Italian name, and its name in
    every other language ("The Quickie", "quickie")."""
    translated: dict[str, Move] = {}
    for language in i18n.LANGUAGES:
        with i18n.speaking(language):
            for move in MOVES:
                name = i18n._(move.name)
                translated[slug(name)] = move
                translated[slug(re.sub(r"^the\s+", "", name, flags=re.IGNORECASE))] = move
    return translated | MOVE_BY_SLUG


#: What ``/lingua`` understands, each language by its code and its names.
LANGUAGE_WORDS = {
    "it": "it", "ita": "it", "italiano": "it", "italian": "it",
    "en": "en", "eng": "en", "inglese": "en", "english": "en",
}  # fmt: skip


def parse_language(text: str) -> str | None:
    """``/lingua en`` → "en"; ``/lingua`` alone → ``None``, show the chat's language."""
    words = tokens(text)
    if not words:
        return None
    if len(words) > 1 or words[0].casefold() not in LANGUAGE_WORDS:
        raise UserError(texts.unknown_language(" ".join(words)))
    return LANGUAGE_WORDS[words[0].casefold()]
