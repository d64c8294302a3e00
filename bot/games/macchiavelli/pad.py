"""A Macchiavelli deal entered with buttons (``/mano`` alone): where the entry stands, and what
each button does to it. Pure: no Telegram, no database; the entry is stored as JSON between
taps (in the same table as Tamalo's entries: one open entry per game).

Player by player, in seat order: the cards left in their hand tapped on a card pad (2…10, J,
Q, K, A, and Jolly in a game with jokers), or "chiude" for who closed with 0; then a last
confirm. A tap the rules refuse (a ninth king, a jolly without jokers, a second closer) is a
``PadMistake`` and changes nothing. The deal it makes is the deal ``/mano`` takes when typed
with these card lists (``typed``), checked by the same ``resolve`` and recorded by the same
play function.
"""

from __future__ import annotations

import enum
import json
from collections import Counter
from dataclasses import dataclass, replace

from bot import callback_data
from bot.games.macchiavelli.parsing import DealByName
from scoring.macchiavelli import CardList, Rank
from scoring.macchiavelli.cards import card

#: Callback data: ``mpad:<entry id>:<version>:<action>``, far below Telegram's 64 bytes.
PREFIX = "mpad"
#: The largest id a database row has (a 32-bit integer): larger is forged.
MAX_ID = callback_data.MAX_ID
#: What the stored JSON says it is: an entry of another game's pad is never read as this.
KIND = "macchiavelli"
#: The card pad's values, in the pad's order (the jolly last, only with jokers).
RANKS = tuple(Rank)


class Step(enum.StrEnum):
    CARDS = "cards"
    CONFIRM = "confirm"


class Action(enum.StrEnum):
    """What a button does; a card's button also carries its value (``cK``, ``c10``, ``cJK``)."""

    CARD = "c"
    UNDO = "undo"
    CLOSE = "close"
    NEXT = "next"
    BACK = "back"
    RECORD = "yes"
    CANCEL = "no"


class PadMistake(Exception):
    """A tap that cannot apply now: ``reason`` says which, ``player``/``rank`` its details."""

    def __init__(self, reason: str, player: str = "", rank: Rank | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.player = player
        self.rank = rank


class NotAPad(Exception):
    """Stored state that is not a Macchiavelli pad (another game's entry)."""


@dataclass(frozen=True)
class Pad:
    """A deal being entered for ``players`` (seat order), as deal ``number``."""

    players: tuple[str, ...]
    jokers: bool
    number: int
    step: Step = Step.CARDS
    #: Each player's cards tapped so far (their values), in seat order.
    hands: tuple[tuple[Rank, ...], ...] = ()
    #: The seat of who closed with 0, if anyone has.
    closer: int | None = None
    #: Whose cards are being tapped (an index into ``players``).
    current: int = 0
    #: Goes up with every change: a button from an older view is told apart.
    version: int = 0
    #: The version it was last shown from in a new message: older buttons are another's.
    shown_from: int = 0

    def __post_init__(self) -> None:
        if not self.hands:
            object.__setattr__(self, "hands", ((),) * len(self.players))

    # --- what it shows, and the deal it makes ---

    @property
    def player(self) -> str:
        return self.players[self.current]

    def cards_of(self, seat: int) -> CardList:
        return CardList(tuple(card(rank.value, jokers=True) for rank in self.hands[seat]))

    def done(self, seat: int) -> bool:
        """Whether the seat's count is entered: cards tapped, or closed."""
        return seat == self.closer or bool(self.hands[seat])

    def typed(self) -> DealByName:
        """The deal as ``/mano Anna 0 Bruno K,A,7 Carlo 9,3`` reads it."""
        return DealByName(
            tuple(
                (player, 0 if seat == self.closer else self.cards_of(seat))
                for seat, player in enumerate(self.players)
            )
        )

    @property
    def blank(self) -> bool:
        return self.closer is None and not any(self.hands)

    def renumbered(self, number: int) -> Pad:
        """The entry as deal ``number``: deals were typed or undone meanwhile."""
        return replace(self, number=number, version=self.version + 1)

    def shown_again(self) -> Pad:
        """The entry shown in a new message: the buttons of the old one stop working."""
        return replace(self, version=self.version + 1, shown_from=self.version + 1)

    # --- buttons ---

    def press(self, action: str) -> Pad:
        """The entry after a tap; ``PadMistake`` if it cannot apply now."""
        verb, argument = _split(action)
        if verb is Action.BACK:
            changed = self._back()
        elif self.step is not Step.CARDS:
            raise PadMistake("stale")
        elif verb is Action.CARD:
            changed = self._card(argument)
        elif verb is Action.UNDO:
            changed = self._undo()
        elif verb is Action.CLOSE:
            changed = self._close()
        elif verb is Action.NEXT:
            if not self.done(self.current):
                raise PadMistake("empty", self.player)
            changed = self._next()
        else:  # record and cancel are the caller's, in the confirm step only
            raise PadMistake("stale")
        return replace(changed, version=self.version + 1)

    def _card(self, value: str) -> Pad:
        rank = _rank(value)
        if rank is Rank.JOLLY and not self.jokers:
            raise PadMistake("no_jokers")
        if self.current == self.closer:
            raise PadMistake("closed", self.player)
        named = Counter(r for hand in self.hands for r in hand)
        if named[rank] + 1 > rank.copies:  # across the whole deal, as typed
            raise PadMistake("copies", rank=rank)
        return self._with_hand(self.hands[self.current] + (rank,))

    def _undo(self) -> Pad:
        if self.current == self.closer:
            return replace(self, closer=None)
        if not self.hands[self.current]:
            raise PadMistake("nothing_to_undo", self.player)
        return self._with_hand(self.hands[self.current][:-1])

    def _close(self) -> Pad:
        if self.closer is not None and self.closer != self.current:
            raise PadMistake("two_closers", self.players[self.closer])
        if self.hands[self.current]:
            raise PadMistake("close_with_cards", self.player)
        return replace(self, closer=self.current)._next()

    def _next(self) -> Pad:
        if self.current + 1 < len(self.players):
            return replace(self, current=self.current + 1)
        return replace(self, step=Step.CONFIRM)

    def _back(self) -> Pad:
        if self.step is Step.CONFIRM:
            return replace(self, step=Step.CARDS, current=len(self.players) - 1)
        if self.current == 0:
            raise PadMistake("first")
        return replace(self, current=self.current - 1)

    def _with_hand(self, hand: tuple[Rank, ...]) -> Pad:
        hands = list(self.hands)
        hands[self.current] = hand
        return replace(self, hands=tuple(hands))

    # --- stored between taps ---

    def to_json(self) -> str:
        return json.dumps(
            {
                "kind": KIND,
                "players": list(self.players),
                "jokers": self.jokers,
                "number": self.number,
                "step": self.step.value,
                "hands": [[rank.value for rank in hand] for hand in self.hands],
                "closer": self.closer,
                "current": self.current,
                "version": self.version,
                "shown_from": self.shown_from,
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, stored: str) -> Pad:
        """The stored pad; ``NotAPad`` for anything else (another game's entry)."""
        data = json.loads(stored)
        if not isinstance(data, dict) or data.get("kind") != KIND:
            raise NotAPad(stored)
        return cls(
            players=tuple(data["players"]),
            jokers=bool(data["jokers"]),
            number=int(data["number"]),
            step=Step(data["step"]),
            hands=tuple(tuple(Rank(value) for value in hand) for hand in data["hands"]),
            closer=data["closer"],
            current=int(data["current"]),
            version=int(data["version"]),
            shown_from=int(data["shown_from"]),
        )


def callback(entry_id: int, version: int, action: str) -> str:
    return callback_data.callback(PREFIX, entry_id, version, action)


def parse_callback(data: str) -> tuple[int, int, str] | None:
    """``mpad:12:3:cK`` → (entry 12, version 3, action ``cK``); ``None`` if malformed."""
    return callback_data.parse_callback(PREFIX, data)


def _split(action: str) -> tuple[Action, str]:
    for verb in Action:
        if verb is not Action.CARD and action == verb.value:
            return verb, ""
    if action.startswith(Action.CARD.value) and len(action) > 1:
        return Action.CARD, action[1:]
    raise PadMistake("stale")


def _rank(value: str) -> Rank:
    try:
        return Rank(value)
    except ValueError:
        raise PadMistake("stale") from None
