"""A points game's ``/aiuto``: what the bot keeps, and its commands (the first few a table
needs, then every one)."""

from __future__ import annotations

from bot.i18n import _
from bot.texts.help import game_help


def help_text(everything: bool) -> str:
    """``/aiuto`` during a points game (``everything``: ``/aiuto tutto``)."""
    intro = _(
        "🎲 Punti: ogni altro gioco (Scopa, Briscola, Burraco…): i punti di ogni smazzata, per "
        "giocatore o per squadra, fino a una soglia o per un numero di smazzate."
    )
    lines = [
        _(
            "/nuova punti soglia=11 nome=Scopa Anna+Carla Bruno+Dario — una partita: le "
            "regole (soglia=100, smazzate=N, basso, pari=condivisa), il nome, chi gioca"
        ),
        _(
            "/mano Anna 4 Bruno 7 (/hand), o in ordine /mano 4 7 — i punti di una smazzata "
            "(/mano da solo: i pulsanti)"
        ),
        _("/classifica (/standings) — i totali"),
        _("/annulla (/undo) — toglie l'ultima smazzata"),
        _("/fine (/end) — chiude la partita (vince chi è in testa)"),
        _("/correggi 2 Anna 4 Bruno 7 (/fix) — riscrive la smazzata 2"),
        _("/nuova scopa Anna Bruno — di nuovo un gioco con un nome, con le sue regole"),
        _("/giochi (/games) — i giochi con un nome di questa chat e le loro regole"),
        _("/entra Elena (/join), /esci Anna (/leave) — chi arriva, chi va (con la squadra)"),
        _("/riapri (/reopen) — riapre la partita chiusa con /fine"),
        _("/rivincita (/rematch) — un'altra partita, stesse regole e stessi giocatori"),
        _("/grafico (/chart) — i totali di ognuno, smazzata per smazzata"),
    ]
    return game_help(intro, lines, first=5, everything=everything)
