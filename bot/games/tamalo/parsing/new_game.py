"""The options of a new game: ``/nuova`` and ``/torneo``."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot import names
from bot.games.tamalo import texts
from bot.parsing.words import find, parse_name, tokens
from bot.refusals import UserError
from scoring.tamalo import (
    DEFAULT_TARGET,
    QUADRI_PLAYERS,
    TOURNAMENT_MIN_PLAYERS,
    Mode,
    Rules,
    is_card,
)

#: More than a table holds; it also keeps every reply well under Telegram's 4096 characters.
MAX_PLAYERS = 12


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
_FLAG_OPTIONS = {"jokers": "jokes", "tie_beats_caller": "pari_perde", "six_cards": "6carte",
                 "dealer_tiebreak": "spareggio"}  # fmt: skip
#: Each word of ``/nuova``, in any language, as the option it stands for in Italian (the
#: texts write it in the chat's language): ``tie_loses`` → ``pari_perde``.
OPTION_OF = {
    **{word: "classica" if mode is Mode.CLASSIC else "contro" for word, mode in MODE_WORDS.items()},
    **dict.fromkeys(QUADRI_WORDS, "quadri"),
    **{word: _FLAG_OPTIONS[flag] for word, flag in FLAG_WORDS.items()},
    **dict.fromkeys(TARGET_KEYS, "soglia"),
    **dict.fromkeys(DEALER_KEYS, "mazziere"),
}
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
                raise UserError(texts.setup.two_modes())
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
                raise UserError(texts.setup.unknown_game_option(token))
        else:
            players.append(parse_name(token, is_card))
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
        found = find(dealer, seats)
        if found is None:
            raise UserError(texts.setup.dealer_not_playing(dealer, seats))
        first = seats.index(found)
    return NewGame(seats, rules, first, target_given=target is not None)


def _target(value: str) -> int:
    if not re.fullmatch(r"[0-9]+", value) or not MIN_TARGET <= int(value) <= MAX_TARGET:
        raise UserError(texts.setup.bad_target(value, MIN_TARGET, MAX_TARGET))
    return int(value)


def _seats(players: list[str], rules: Rules) -> tuple[str, ...]:
    if not players:
        raise UserError(texts.mistakes.new_game_empty())
    _refuse_duplicates(players)
    if len(players) < 2:
        raise UserError(texts.mistakes.new_game_one_player())
    if len(players) > MAX_PLAYERS:
        raise UserError(texts.mistakes.too_many_players(MAX_PLAYERS))
    if rules.quadri and len(players) != QUADRI_PLAYERS:
        raise UserError(texts.setup.quadri_players(len(players)))
    if rules.dealer_tiebreak and not rules.quadri:
        raise UserError(texts.setup.tiebreak_only_quadri())
    if rules.six_cards and len(players) != 2:
        raise UserError(texts.setup.six_cards_two_players())
    return tuple(players)


def parse_tournament(text: str) -> NewGame:
    """``/torneo`` takes the options of ``/nuova`` but Jokers, 4 Quadri and a first dealer,
    and at least 6 players."""
    new = parse_new_game(text)
    if new.rules.jokers:
        raise UserError(texts.setup.tournament_no_jokers())
    if new.rules.quadri or new.rules.six_cards:
        raise UserError(texts.setup.tournament_plain())
    if new.first_dealer:
        raise UserError(texts.setup.tournament_no_dealer())
    if len(new.players) < TOURNAMENT_MIN_PLAYERS:
        raise UserError(texts.setup.tournament_players(TOURNAMENT_MIN_PLAYERS))
    return new


def _refuse_duplicates(players: Sequence[str]) -> None:
    """Each seat once: the same name twice (in any case, with or without accents), or two
    names nobody could tell apart by eye."""
    seen: dict[str, str] = {}
    for player in players:
        if (twin := seen.get(names.skeleton(player))) is not None:
            if names.fold(twin) == names.fold(player):
                raise UserError(texts.mistakes.duplicate_player(player))
            raise UserError(texts.mistakes.name_looks_like(player, twin))
        seen[names.skeleton(player)] = player
