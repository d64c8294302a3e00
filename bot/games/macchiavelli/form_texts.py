"""What Macchiavelli's form on the table's screen says (``form``). Italian, looked up in the
chat's language."""

from __future__ import annotations

from bot.i18n import _


def title(number: int) -> str:
    return _("Macchiavelli · smazzata {number}").format(number=number)


def hint() -> str:
    return _(
        "Chi ha chiuso (o nessuno, se il mazzo è finito), poi le carte rimaste in mano agli "
        "altri: tocca «—» e poi le carte."
    )


def deal(number: int) -> str:
    return _("Smazzata {number}").format(number=number)


def closer() -> str:
    return _("Chi ha chiuso")


def who_closed() -> str:
    """What is missing when nobody was tapped as closing, not even "nobody"."""
    return _("chi ha chiuso")


def nobody() -> str:
    return _("nessuno (mazzo finito)")


def cards() -> str:
    return _("Carte in mano")


def cards_of(player: str) -> str:
    """What is missing when a player who did not close has no cards tapped."""
    return _("le carte di {player}").format(player=player)


def closed_with_cards(player: str) -> str:
    return _(
        "{player} ha chiuso: niente carte in mano. Togli le sue carte, o scegli chi ha chiuso."
    ).format(player=player)
