"""A Tamalo game rebuilt from what storage holds (its rules as options, its seats and its
hands' lines), and a hand as storage keeps it. The engine scores each hand once: a hand
added leaves the game it makes here for the game's next load (``remember``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from play.kept import Kept
from scoring.tamalo import Game, Hand, Mode, Report, Rules, ScoredHand
from storage import Options, StoredGame
from storage.snapshots import StoredHand
from storage.tamalo import CALLER, COUNTER, OUT, HandLine

#: Games rebuilt lately, by what they were rebuilt from: their snapshot's text, options and
#: first dealer (so never stale: another text is another game). A game's next load, as a rule
#: its next hand, finds it here instead of scoring every hand again: a hand added puts the
#: game it leaves here (``remember``). Per process, the latest few hundred.
Key = tuple[str, Options, int]
_REBUILT_MOST = 512
_REBUILT: Kept[Key, Game] = Kept(most=_REBUILT_MOST)


def key_of(stored: StoredGame, snapshot: str | None = None) -> Key:
    return (snapshot or stored.snapshot, stored.options, stored.first_dealer)


def remember(key: Key, game: Game) -> None:
    _REBUILT.keep(key, game)


def game_of(stored: StoredGame) -> Game:
    """The game its stored seats and hands make (rebuilt, or found rebuilt)."""
    key = key_of(stored)
    if (found := _REBUILT.found(key)) is not None:
        return found
    game = replayed(stored)
    remember(key, game)
    return game


def rules_of(options: Options) -> Rules:
    own: dict[str, Any] = dict(options)
    return Rules(
        mode=Mode(own["mode"]),
        target=own["target"],
        tie_beats_caller=own["tie_beats_caller"],
        jokers=own["jokers"],
        quadri=own["quadri"],
        six_cards=own["six_cards"],
        dealer_tiebreak=own["dealer_tiebreak"],
    )


def options_of(rules: Rules) -> dict[str, object]:
    """The rules as storage keeps them."""
    return {
        "mode": rules.mode.value,
        "target": rules.target,
        "tie_beats_caller": rules.tie_beats_caller,
        "jokers": rules.jokers,
        "quadri": rules.quadri,
        "six_cards": rules.six_cards,
        "dealer_tiebreak": rules.dealer_tiebreak,
    }


def hand_of(lines: StoredHand, names: Mapping[int, str]) -> Hand:
    """A stored hand, its lines in seat order (the first line marked caller is the
    caller's)."""
    caller = counter = None
    reports, out = [], []
    for player_id, total, flags in lines:
        name = names[player_id]
        reports.append(Report(name, total))
        if flags & CALLER and caller is None:
            caller = name
        if flags & COUNTER and counter is None:
            counter = name
        if flags & OUT:
            out.append(name)
    return Hand(tuple(reports), caller, counter, frozenset(out))


def replayed(stored: StoredGame) -> Game:
    """Rebuild the game from its hands' reported totals.

    Points are scored again by the rules engine; the stored ``points`` column is a copy kept
    for statistics in SQL.
    """
    seats = stored.played.seats
    game = Game(
        players=tuple(seat.name for seat in seats),
        rules=rules_of(stored.options),
        joined_after={s.name: s.joined_after for s in seats if s.joined_after},
        left_after={s.name: s.left_after for s in seats if s.left_after is not None},
        left_before_seat={
            s.name: s.left_before_seat for s in seats if s.left_before_seat is not None
        },
        first_dealer=stored.first_dealer,
    )
    names = stored.played.names()
    for lines in stored.played.hands:
        game = game.with_hand(hand_of(lines, names))
    return game


def lines_of(scored: ScoredHand) -> list[HandLine]:
    """A scored hand as storage keeps it: each player's line with their markers and points."""
    hand = scored.hand
    return [
        HandLine(
            player=report.player,
            total=report.total,
            points=scored.points[report.player],
            caller=report.player == hand.caller,
            counter_caller=report.player == hand.counter_caller,
            out=report.player in hand.out,
            call_won=_call_won(scored, report.player),
        )
        for report in hand.reports
    ]


def _call_won(scored: ScoredHand, player: str) -> bool | None:
    if player == scored.hand.caller:
        return scored.call_won
    if player == scored.hand.counter_caller:
        return scored.counter_won
    return None
