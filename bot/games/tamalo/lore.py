"""The Tamalo lore the rulebook promises for while the dealer shuffles, in the project's own
words: the named moves (their names are the table's tradition; what they mean is retold
here) and a collection of "Dicono che…" curiosities made up for this bot."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from bot.i18n import N_


@dataclass(frozen=True)
class Move:
    """A move with a name: ``key`` is what ``/mossa`` stores, ``name`` how it is shown
    (``name`` and ``meaning`` are Italian message ids: ``bot.texts`` translates them)."""

    key: str
    name: str
    meaning: str
    #: A forbidden move: counted all the same, with a frown.
    forbidden: bool = False


MOVES: tuple[Move, ...] = (
    Move(
        "coppiona",
        N_("Coppiona"),
        N_(
            "scambi la carta pescata con una coperta che non conoscevi, e scopri che "
            "sono gemelle: via subito, una sopra l'altra."
        ),
    ),
    Move(
        "twin-towers",
        N_("Twin Towers"),
        N_("due coppione una dietro l'altra. Il tavolo ammutolisce."),
    ),
    Move(
        "o-babba",
        N_("O' Babbà"),
        N_("butti un Re rosso senza sapere cosa fosse: zero punti regalati a chi gioca dopo."),
    ),
    Move(
        "o-babba-servito",
        N_("O' Babbà servito"),
        N_("butti il Re rosso sapendo benissimo di averlo: generosità o strategia?"),
    ),
    Move(
        "open-lock",
        N_("Open Lock"),
        N_("un Re rosso finisce sopra un Re nero negli scarti."),
    ),
    Move(
        "double-open-lock",
        N_("Double Open Lock"),
        N_("un Re rosso finisce sopra un altro Re rosso."),
    ),
    Move(
        "closed-lock",
        N_("Closed Lock"),
        N_("un Re nero chiude sopra un Re rosso."),
    ),
    Move(
        "pozioni",
        N_("Pozioni"),
        N_("con il potere di un Jack o di una Donna scambi tra loro due carte di due avversari."),
    ),
    Move(
        "ricetta",
        N_("Ricetta"),
        N_("lo stesso scambio tra avversari, ma con il Re nero: il caos è garantito."),
    ),
    Move(
        "ratto-delle-sabine",
        N_("Il Ratto delle Sabine"),
        N_(
            "riprendi al volo dagli scarti la carta appena buttata mentre qualcuno "
            "stava per scartarci sopra la sua gemella: resta con la carta in mano."
        ),
    ),
    Move(
        "volpe",
        N_("La Volpe"),
        N_(
            "in uno scambio dai all'avversario proprio la carta che gli prendi; lui "
            "la butta, e tu ti liberi della tua."
        ),
    ),
    Move(
        "pd",
        N_("PD"),
        N_(
            "stai per ripescare dagli scarti per fare coppia, e un altro ti infila "
            "prima una carta uguale tra le tue."
        ),
    ),
    Move(
        "malaccio",
        N_("Il Malaccio"),
        N_("il Re nero, quando finisce negli scarti."),
    ),
    Move(
        "tamalo-switch",
        N_("Tamalo Switch"),
        N_(
            "se il tavolo lo permette, scarti una carta di un avversario che conosci "
            "e gli passi una delle tue; vale solo se lo gridi."
        ),
    ),
    Move(
        "sveltina",
        N_("La Sveltina"),
        N_("tre carte uguali buttate sulla prima dopo che era già stata coperta: vietata."),
        forbidden=True,
    ),
)

#: ``/dicono``: curiosities invented for this bot, one at random.
RUMOURS: tuple[str, ...] = (
    N_("Dicono che chi mischia con la sinistra chiami Tamalo una mano prima degli altri."),
    N_("Dicono che il Re rosso preferisca chi non lo cerca."),
    N_("Dicono che a Tamalo non si perda mai: si arriva solo a 100 prima degli altri."),
    N_("Dicono che il primo Tamalo della serata porti sfortuna a chi lo chiama troppo presto."),
    N_("Dicono che il mazzo degli scarti ricordi ogni coppiona che ha visto."),
    N_("Dicono che un 9 guardato due volte valga ancora nove punti."),
    N_("Dicono che il mazziere più lento abbia vinto più partite: mentre mischiava, pensava."),
    N_(
        "Dicono che in una casa di Bologna una partita sia finita a 99 a 99, e che la si "
        "stia ancora contando."
    ),
    N_("Dicono che chi annuncia «tanto chiamo io» non chiami mai."),
    N_("Dicono che il Re nero sia stato chiamato Malaccio per la prima volta alle tre di notte."),
    N_(
        "Dicono che esista un giocatore che non ha mai sbagliato un Tamalo: nessuno l'ha "
        "mai visto giocare."
    ),
    N_("Dicono che il Jolly, quando c'è, si nasconda sempre sotto il Re rosso."),
    N_("Dicono che con sei carte in mano si veda meglio il futuro, ma peggio le proprie carte."),
    N_("Dicono che la prima mano non conti mai: poi però la si segna lo stesso."),
    N_("Dicono che un ControTamalo ben chiamato faccia più rumore di dieci Tamalo riusciti."),
    N_("Dicono che chi segna i punti al telefono perda sempre le coppione degli altri."),
    N_("Dicono che il tres sex sia nato perché qualcuno non voleva ammettere di aver perso."),
    N_("Dicono che le carte coperte si scaldino quando sono basse."),
    N_("Dicono che 4 Quadri sia stato inventato da chi non riusciva mai ad arrivare a 100."),
    N_("Dicono che chi tocca le proprie carte coperte troppo spesso abbia un Re nero."),
    N_("Dicono che i tornei migliori finiscano con una finale vinta di un punto."),
    N_("Dicono che il mazzo preferisca chi lo mischia tre volte, né due né quattro."),
)


def slug(text: str) -> str:
    """``O' Babbà`` → ``obabba``: what a move typed any way reads as."""
    plain = unicodedata.normalize("NFKD", text.casefold())
    return re.sub(r"[^a-z0-9]", "", plain.encode("ascii", "ignore").decode())


#: Every way a move may be typed, by its slug: its key and its name (``il``/``la`` optional).
MOVE_BY_SLUG: dict[str, Move] = {
    alias: move
    for move in MOVES
    for alias in {
        slug(move.key),
        slug(move.name),
        slug(re.sub(r"^(il|la|lo|l')\s*", "", move.name, flags=re.IGNORECASE)),
    }
}
MOVE_BY_SLUG[slug("Two Towers")] = MOVE_BY_SLUG[slug("Twin Towers")]
MOVE_BY_SLUG[slug("The Fox")] = MOVE_BY_SLUG[slug("La Volpe")]
MOVE_BY_KEY = {move.key: move for move in MOVES}
