"""Tagò's ``/aiuto``: what the bot does at a night of chips, and its commands (the first few
a table needs, then every one)."""

from __future__ import annotations

from bot.i18n import _
from bot.texts.help import game_help


def help_text(everything: bool) -> str:
    """``/aiuto`` during a night of Tagò (``everything``: ``/aiuto tutto``)."""
    intro = _(
        "🎲 Tagò: il bot fa da giudice e da banco della serata, con piatti, piatti laterali, "
        "jackpot e pagamenti finali."
    )
    lines = [
        _(
            "/nuova tago light 5/300 ante=2.5 jackpot=10% Anna Bruno Carlo — apre la serata: "
            "il tavolo (light o heavy, puntata minima/fiches), i posti in ordine"
        ),
        _(
            "/mano punto=4,½,0 Anna 200 4,4,2 Bruno 150 3,1,½ Dario 40 lascia (/hand) — una "
            "mano: il PUNTO, poi la puntata e le carte di ognuno (lascia: chi lascia)"
        ),
        _("/classifica (/standings) — le fiches al tavolo e il risultato di ognuno"),
        _("/annulla (/undo) — toglie l'ultima cosa registrata (mano, ricarica, curioso…)"),
        _("/fine (/end) o /saldo (/settle) — chiude la serata: risultati e pagamenti"),
        _("/correggi 3 punto=… Anna 200 … (/fix) — riscrive la mano 3"),
        _("/ricarica Anna 300 (/rebuy) — una ricarica tra le mani"),
        _("/curioso Dario (/curious) — chi ha lasciato vede la carta coperta, per un'ante"),
        _("/entra Elena (/join), /esci Dario (/leave) — chi arriva tardi, chi va a casa"),
        _("/jackpot — il jackpot, che passa da una serata all'altra"),
        _("/mazziere (/dealer) — chi distribuisce la prossima mano"),
        _("/riapri (/reopen) — riapre la serata chiusa, con le fiches di prima"),
        _("/rivincita (/rematch) — una nuova serata allo stesso tavolo, con gli stessi"),
        _("/grafico (/chart) — le fiches di ognuno, mano per mano"),
        _("/giudica punto=4,½,0 Anna 4,4,2 Bruno 3,1,½ (/judge) — chi vince, senza serata"),
        _("/quote punto=4,½ Anna 4,4 Bruno 3,1 (/odds) — le probabilità di ognuno"),
    ]
    return game_help(intro, lines, first=5, everything=everything)
