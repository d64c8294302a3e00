"""A chat's settings: ``/impostazioni`` and ``/lingua``."""

from __future__ import annotations

import functools
import zoneinfo
from collections.abc import Callable
from dataclasses import replace

from bot import texts
from bot.parsing.words import tokens
from bot.refusals import UserError
from storage import ChatSettings

TIMEZONE_KEYS = frozenset({"fuso", "timezone", "tz"})
ADMIN_KEYS = frozenset({"admin", "amministratori"})
FORECAST_KEYS = frozenset({"previsione", "forecast"})
YES = frozenset({"sì", "si", "yes", "on", "1"})
NO = frozenset({"no", "off", "0"})


def parse_settings(text: str, current: ChatSettings) -> ChatSettings | None:
    """``fuso=Europe/London`` → the settings with that change; nothing typed → ``None``."""
    words = tokens(text)
    if not words:
        return None
    settings = current
    for word in words:
        key, _, value = word.partition("=")
        key = key.casefold()
        if key in TIMEZONE_KEYS and value:
            settings = replace(settings, timezone=parse_timezone(value))
        elif key in ADMIN_KEYS and value:
            settings = replace(settings, admins_only=parse_yes_no(value, word))
        elif key in FORECAST_KEYS and value:
            forecast = parse_yes_no(value, word, texts.settings.forecast_yes_or_no)
            settings = replace(settings, forecast=forecast)
        else:
            raise UserError(texts.settings.unknown_setting(word))
    return settings


def parse_yes_no(
    value: str, word: str, refusal: Callable[[str], str] = texts.settings.yes_or_no
) -> bool:
    """``sì``/``no`` and their English; anything else is refused with ``refusal(word)``."""
    folded = value.casefold()
    if folded in YES:
        return True
    if folded in NO:
        return False
    raise UserError(refusal(word))


def parse_timezone(value: str) -> str:
    """An IANA time zone, whatever its case: ``europe/rome`` → ``Europe/Rome``."""
    found = _timezones().get(value.casefold())
    if found is None:
        raise UserError(texts.settings.unknown_timezone(value))
    return found


@functools.cache
def _timezones() -> dict[str, str]:
    return {name.casefold(): name for name in zoneinfo.available_timezones()}


#: What ``/lingua`` understands, each language by its code and its names.
LANGUAGE_WORDS = {
    "it": "it", "ita": "it", "italiano": "it", "italian": "it",
    "en": "en", "eng": "en", "inglese": "en", "english": "en",
}  # fmt: skip


def parse_language(text: str) -> str | None:
    """``/lingua en`` → "en"; ``/lingua`` alone → ``None``, show the chat's language."""
    words = tokens(text)
    if not words:
        return None
    if len(words) > 1 or words[0].casefold() not in LANGUAGE_WORDS:
        raise UserError(texts.settings.unknown_language(" ".join(words)))
    return LANGUAGE_WORDS[words[0].casefold()]
