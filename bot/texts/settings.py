"""The chat's settings and its language."""

from __future__ import annotations

from bot.i18n import N_, _, language
from storage import DEFAULT_TIMEZONE, ChatSettings

LANGUAGE_NAMES = {"it": N_("italiano"), "en": N_("inglese")}


def language_shown(current: str) -> str:
    return _(
        "In questa chat parlo {language}. Per cambiare: /lingua en (English) o /lingua it."
    ).format(language=_(LANGUAGE_NAMES[current]))


def language_changed() -> str:
    """Said in the language just chosen."""
    return _("Fatto: da ora in questa chat parlo italiano. /aiuto per i comandi.")


def unknown_language(token: str) -> str:
    return _("«{token}» non è una lingua che conosco. Scrivi /lingua it o /lingua en.").format(
        token=token
    )


def settings_shown(settings: ChatSettings) -> str:
    timezone = settings.timezone
    if settings.timezone == DEFAULT_TIMEZONE:
        timezone += _(" (predefinito)")
    if settings.admins_only:
        who = _("solo gli amministratori del gruppo")
    else:
        who = _("tutti (predefinito)")
    forecast = _("sì (predefinito)") if settings.forecast else _("no")
    return _(
        "⚙️ Impostazioni del gruppo\n"
        "Fuso orario: {timezone}. Decide le date e cos'è «stasera» "
        "(la serata dura fino alle 6 del mattino).\n"
        "Annullare, correggere, chiudere, tres sex: {who}.\n"
        "Lingua: {language} (/lingua).\n"
        "Previsione «Chi vince?» sotto ogni mano: {forecast} (/previsione per il grafico).\n"
        "Per cambiare: /impostazioni fuso=Europe/London · /impostazioni admin=sì (o admin=no) "
        "· /impostazioni previsione=no (o previsione=sì)"
    ).format(
        timezone=timezone,
        who=who,
        language=_(LANGUAGE_NAMES[language()]),
        forecast=forecast,
    )


def settings_changed(settings: ChatSettings) -> str:
    return _("Fatto.") + " " + settings_shown(settings)


def unknown_setting(token: str) -> str:
    return _(
        "Non conosco l'impostazione «{token}». Si possono cambiare: fuso=Europe/Rome, "
        "admin=sì o admin=no e previsione=sì o previsione=no."
    ).format(token=token)


def yes_or_no(token: str) -> str:
    return _("«{token}»: scrivi admin=sì oppure admin=no.").format(token=token)


def forecast_yes_or_no(token: str) -> str:
    return _("«{token}»: scrivi previsione=sì oppure previsione=no.").format(token=token)


def admins_only() -> str:
    return _(
        "In questo gruppo annullare, correggere, chiudere una partita e il tres sex spettano agli "
        "amministratori: chiedi a uno di loro. Non ho cambiato nulla."
    )


def admin_setting_for_admins() -> str:
    return _(
        "Solo un amministratore del gruppo può decidere chi annulla e corregge. Non ho cambiato "
        "nulla."
    )


def unknown_timezone(value: str) -> str:
    return _(
        "«{value}» non è un fuso orario che conosco. Scrivilo come Continente/Città, "
        "per esempio fuso=Europe/Rome o fuso=America/New_York."
    ).format(value=value)
