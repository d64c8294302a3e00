"""What Tagò's form on the table's screen says."""

from __future__ import annotations

from bot.games.tago.amounts import chips
from bot.i18n import _
from bot.texts.common import command_name


def title(number: int) -> str:
    return _("Tagò · mano {number}").format(number=number)


def hint() -> str:
    return _(
        "Il PUNTO, poi per chi è rimasto nella mano quanto ha messo in tutto e le sue carte; "
        "per chi ha lasciato dopo aver puntato, quanto ha messo e «lascia». Chi resta vuoto "
        "ha lasciato con l'ante, come chi non è scritto in /{hand}."
    ).format(hand=command_name("mano"))


def hint_beyond_ante(ante: int) -> str:
    return _(
        "Il PUNTO, poi per chi è rimasto nella mano quanto ha puntato oltre l'ante di {ante} "
        "e le sue carte; per chi ha lasciato dopo aver puntato, quanto ha puntato e «lascia». "
        "Chi resta vuoto ha lasciato con l'ante, come chi non è scritto in /{hand}."
    ).format(ante=chips(ante), hand=command_name("mano"))


def hand(number: int, dealer: str) -> str:
    return _("Mano {number} · mazziere {dealer}").format(number=number, dealer=dealer)


def punto() -> str:
    return _("PUNTO (le tre carte del mazziere)")


def choice() -> str:
    return _("Se il PUNTO ha una coppia, il primo di mano sceglie")


def summed() -> str:
    return _("la somma")


def pair_dropped() -> str:
    return _("coppia tolta")


def choice_of_punto() -> str:
    return _("la scelta del primo di mano per il PUNTO con la coppia")


def seat(player: str, stack: int) -> str:
    return _("{player} · {stack} fiches").format(player=player, stack=chips(stack))


def play() -> str:
    return _("Nella mano")


def plays() -> str:
    return _("gioca")


def all_in(stack: int) -> str:
    return _("tutto ({stack})").format(stack=chips(stack))


def folds() -> str:
    return _("lascia")


def put_in() -> str:
    return _("Fiches messe, ante compresa")


def put_in_beyond(ante: int) -> str:
    return _("Fiches puntate oltre l'ante di {ante}").format(ante=chips(ante))


def put_in_by(player: str) -> str:
    return _("le fiches messe da {player}").format(player=player)


def cards() -> str:
    return _("Carte")


def in_or_out(player: str) -> str:
    return _("{player} ha messo delle fiches ma non ha carte: tocca «gioca» o «lascia».").format(
        player=player
    )


def all_in_and_amount(player: str, stack: int) -> str:
    return _(
        "{player} va con tutte le sue fiches ({stack}): lascia vuote le fiches messe, "
        "oppure tocca «gioca»."
    ).format(player=player, stack=chips(stack))


def preview(reply: str) -> str:
    return _("👁 Anteprima, non ancora registrata:\n{reply}").format(reply=reply)
