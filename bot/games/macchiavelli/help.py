"""Macchiavelli's ``/aiuto``: what the bot keeps of a home game or a club tournament, and its
commands (the first few a table needs, then every one)."""

from __future__ import annotations

from bot.i18n import _
from bot.texts.help import game_help


def help_text(everything: bool) -> str:
    """``/aiuto`` during a Macchiavelli game or tournament (``everything``: ``/aiuto tutto``)."""
    intro = _(
        "🃏 Macchiavelli: a fine smazzata si contano le carte rimaste in mano; chi ha meno "
        "punti vince. Partite in casa e tornei di circolo."
    )
    lines = [
        _(
            "/nuova macchiavelli smazzate=3 Anna Bruno Carlo (/new) — una partita in casa "
            "(o soglia=200), in senso orario"
        ),
        _(
            "/mano Anna 0 Bruno K,A,7 Carlo 12 (/hand, /smazzata) — una smazzata: chi chiude "
            "(0), le carte o i punti di ognuno; /mano 0 28 12 nell'ordine dei posti"
        ),
        _("/mano da solo — la smazzata si inserisce con i pulsanti delle carte"),
        _("/classifica (/standings) — la classifica"),
        _("/annulla (/undo) — toglie l'ultima smazzata"),
        _("/fine (/end) — chiude la partita o il torneo così com'è (chiede conferma)"),
        _("/correggi 2 Anna 27 Bruno 40 Carlo 0 (/fix) — riscrive la smazzata 2"),
        _("/mazziere (/dealer) — chi distribuisce la prossima smazzata"),
        _("/riapri (/reopen) — riapre la partita o il torneo chiuso con /fine"),
        _("/rivincita (/rematch) — stessi giocatori e stesse regole"),
        _("/grafico (/chart) — i punti di ognuno, smazzata per smazzata"),
        _(
            "/torneo macchiavelli turni=4 smazzate=4 Anna Bruno … (/tournament) — un torneo di "
            "circolo, almeno 9 nomi: tavoli da 3–4 e movimento Nava"
        ),
        _("/tavoli (/tables) — il turno in corso e i tavoli che giocano"),
        _("/cartellini (/cards) — cartellini e segnapunti da stampare (PDF)"),
        _("/esci Anna (/leave) — nel torneo: si ritira, al suo posto un BYE"),
    ]
    return game_help(intro, lines, first=6, everything=everything)
