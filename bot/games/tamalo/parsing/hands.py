"""A Tamalo hand's totals and markers (``/mano``, and ``/correggi`` after its number)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.games.tamalo import texts
from bot.games.tamalo.parsing.new_game import DEALER_KEYS, GAME_OPTION_WORDS, OPTION_OF, TARGET_KEYS
from bot.parsing.words import find, looks_like_name, tokens
from bot.refusals import UserError
from scoring.tamalo import MAX_TOTAL, CardError, Hand, Mode, Report, Rules, is_card, parse_cards

_NUMBER = re.compile(r"[+-]?[0-9]+")


def parse_value(token: str, rules: Rules) -> int:
    """A hand total: a number (``21``) or a card list (``A,7,KN``)."""
    if _NUMBER.fullmatch(token):
        value = int(token)
        if value < 0:
            raise UserError(texts.mistakes.negative_value(token))
    elif re.fullmatch(r"[\w,]+", token):
        value = _cards(token, rules)
    else:
        raise UserError(texts.mistakes.not_a_value(token))
    if value > MAX_TOTAL:
        raise UserError(texts.mistakes.value_too_high(token, MAX_TOTAL))
    return value


def _cards(token: str, rules: Rules) -> int:
    try:
        return parse_cards(token, jokers=rules.jokers)
    except CardError as error:
        if error.joker:
            raise UserError(texts.mistakes.joker_not_allowed()) from error
        if "," not in token:
            raise UserError(texts.mistakes.not_a_value(token)) from error
        raise UserError(texts.mistakes.unknown_card(error.token.strip() or token)) from error


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
    words = _without_full_stop(tokens(text), players)
    _refuse_glued(words, players)
    _refuse_game_options(words, [*players, *absent], rules)
    values, markers = _split_markers(words, players, rules)
    caller = _one_marker(markers, CALLER_KEYS, players)
    counter = _one_marker(markers, COUNTER_KEYS, players)
    out = _out(markers, players)
    if counter is not None:
        counter_key = _key_typed(markers, COUNTER_KEYS)
        if rules.mode is not Mode.CONTRO:
            raise UserError(texts.mistakes.counter_needs_contro(counter_key))
        if caller is None:
            raise UserError(texts.mistakes.counter_without_caller(counter))
        if counter == caller:
            raise UserError(texts.mistakes.counter_is_caller(counter, counter_key))
    if not values and len(out) < len(players):
        raise UserError(texts.mistakes.hand_empty())
    if values and looks_like_name(values[0], is_card):
        joinable = joinable and not rules.quadri and not rules.six_cards
        about = _Elsewhere(absent, number, elsewhere or {}, joinable)
        totals = _by_name(values, players, rules, list(out), about)
    else:
        totals = _by_seat(values, players, rules, list(out))
    for player, key in out.items():
        if totals[player] != 0:
            raise UserError(texts.mistakes.out_with_cards(player, totals[player], key))
    return Hand(tuple(Report(p, totals[p]) for p in players), caller, counter, frozenset(out))


def _without_full_stop(words: list[str], players: Sequence[str]) -> list[str]:
    """``3 12 7 t=Anna.``: the full stop that ends a sentence is not part of the last word
    (unless it is a player's name that ends in one, ``t=G.``)."""
    if not words or not words[-1].endswith(".") or words[-1] == ".":
        return words
    name = words[-1].rpartition("=")[2].rpartition(",")[2]
    if find(name, players) is not None:
        return words
    return [*words[:-1], words[-1][:-1]]


#: A name and a number with no space between (``Anna3``).
_GLUED = re.compile(r"([^\W\d_][\w'.\-]*?)([0-9]+)")


def _refuse_glued(words: list[str], players: Sequence[str]) -> None:
    """``Anna3 Bruno12``: a seated player's name and their total with no space between, not a
    stranger called Anna3 to let join. Told with the whole hand written right."""
    glued: str | None = None
    spaced: list[str] = []
    for word in words:
        match = _GLUED.fullmatch(word)
        if match and find(word, players) is None and find(match[1], players) is not None:
            glued = glued or word
            spaced += [match[1], match[2]]
        else:
            spaced.append(word)
    if glued is not None:
        raise UserError(texts.mistakes.name_glued_to_total(glued, " ".join(spaced)))


def _refuse_game_options(words: list[str], players: Sequence[str], rules: Rules) -> None:
    """``pari_perde`` or ``soglia=50`` in a hand: an option of the game, chosen at ``/nuova``,
    not a player (unless a player of the game has that name) nor a card (``Jolly``). A bare
    ``contro`` in a ControTamalo game is a counter-call without its name, said as such."""
    for piece in (piece for word in words for piece in word.split(",")):
        key, equals, _value = piece.partition("=")
        folded = key.casefold()
        option = OPTION_OF.get(folded)
        if equals and folded in TARGET_KEYS | DEALER_KEYS:
            example = f"{option}=50" if folded in TARGET_KEYS else f"{option}=Bruno"
            raise UserError(texts.setup.game_option_in_hand(piece, [example], key=True))
        if equals or folded not in GAME_OPTION_WORDS or is_card(piece):
            continue
        if find(piece, players) is not None:
            continue
        if folded in MARKER_KEYS and rules.mode is Mode.CONTRO:
            continue
        assert option is not None  # every word of GAME_OPTION_WORDS stands for one
        if option == "spareggio":  # a tie-break of 4 Quadri
            raise UserError(texts.setup.game_option_in_hand(piece, ["quadri", option], four=True))
        four = option == "quadri"
        raise UserError(texts.setup.game_option_in_hand(piece, [option], four=four))


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
            if bare_key and find(word, players) is None:
                raise UserError(texts.mistakes.marker_empty(word.casefold()))
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
                    raise UserError(texts.mistakes.unknown_option(piece, rules))
                if not name:
                    raise UserError(texts.mistakes.marker_empty(key.casefold()))
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
        player = find(name, players)
        if player is None:
            raise UserError(texts.mistakes.marked_not_playing(key, name, players))
        if found is not None and found != player:
            raise UserError(texts.mistakes.two_marked(key, found, player))
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
            player = find(name, players)
            if player is None:
                raise UserError(texts.mistakes.marked_not_playing(key, name, players))
            out.setdefault(player, key)
    return out


@dataclass(frozen=True)
class _Elsewhere:
    """What to tell a name that is not of this hand's players."""

    absent: Sequence[str]
    number: int | None
    players: Mapping[str, str]
    joinable: bool

    def refuse(self, token: str, players: Sequence[str], *, totals: bool) -> UserError:
        """``totals``: whether the hand has any total in it; without one, a word that is no
        player is no late joiner either (``/mano abc``)."""
        if (absent := find(token, self.absent)) is not None:
            return UserError(texts.mistakes.not_in_this_hand(absent, players, self.number))
        if (other := find(token, list(self.players))) is not None:
            return UserError(self.players[other])
        if not totals:
            return UserError(texts.mistakes.not_a_hand(token, players))
        return UserError(texts.mistakes.unknown_player(token, players, joinable=self.joinable))


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
        player = find(token, players)
        if player is None:
            if not looks_like_name(token, is_card):
                _refuse_spaced_cards(values, index, list(totals)[-1:])
                raise UserError(texts.mistakes.value_without_name(token))
            totals_typed = any(not looks_like_name(value, is_card) for value in values)
            raise elsewhere.refuse(token, players, totals=totals_typed)
        if player in totals:
            raise UserError(texts.mistakes.duplicate_player(player))
        value = next(pairs, (0, None))[1]
        if value is None or find(value, players) is not None:
            raise UserError(texts.mistakes.missing_value(player))
        totals[player] = parse_value(value, rules)
    for player in out:
        totals.setdefault(player, 0)
    if missing := [p for p in players if p not in totals]:
        raise UserError(texts.mistakes.missing_players(missing))
    return totals


def _refuse_spaced_cards(values: list[str], index: int, previous: list[str]) -> None:
    """``Anna A 7 KN``: the cards of one player written with spaces; say to join them with
    commas (``A,7,KN``) rather than that ``7`` has no name."""
    if not previous:
        return
    end = next(
        (i for i in range(index, len(values)) if looks_like_name(values[i], is_card)), len(values)
    )
    run = values[index - 1 : end]
    if any(is_card(word) and not _NUMBER.fullmatch(word) for word in run):
        raise UserError(texts.mistakes.cards_with_commas(previous[0], ",".join(run)))


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
    raise UserError(texts.mistakes.wrong_count(len(parsed), players))


def _split_at_names(words: list[str], players: Sequence[str]) -> list[str]:
    """``Anna 3, Bruno 12,`` reads as ``Anna 3 Bruno 12``: a comma before a seated player's
    name separates pairs, while ``A,7,KN`` stays one card list."""
    split: list[str] = []
    for word in words:
        pieces: list[str] = []
        for piece in word.split(","):
            if pieces and find(piece, players) is None:
                pieces[-1] += "," + piece
            else:
                pieces.append(piece)
        split.extend(piece.strip(",") for piece in pieces if piece.strip(","))
    return split
