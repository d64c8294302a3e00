"""The languages the bot speaks: one message catalogue, Italian by default.

The Italian texts in ``bot.texts`` are the catalogue's message ids (gettext's "source
language"); other languages are gettext catalogues in ``bot/locales/<language>/LC_MESSAGES``,
kept as ``.po`` files and read with Babel the first time a chat asks for that language.

The language in force is a context variable: set once per update, from the chat's setting
(``bot.app``), it follows the update through every handler, and each text looks itself up
in it. A chat that never chose a language speaks Italian.

To add or change a text: write it in Italian inside ``_()`` (``N_()`` where it is only
defined, ``ngettext`` for a count), run ``make messages`` to bring the catalogues up to date,
and translate what it marks as new; ``tests/bot/test_i18n.py`` fails until every text has its
translation.
"""

from __future__ import annotations

import functools
import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Final

DEFAULT: Final = "it"
#: Every language a chat can choose, the default first.
LANGUAGES: Final = ("it", "en")
DOMAIN: Final = "tamalobot"
LOCALES: Final = Path(__file__).parent / "locales"

_current: ContextVar[str] = ContextVar("language", default=DEFAULT)


def language() -> str:
    """The language of the update being handled."""
    return _current.get()


def use(lang: str) -> None:
    """From now on, in this update's context, speak ``lang``."""
    _current.set(_known(lang))


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside the block (work outside an update: sweeps, chart workers)."""
    token = _current.set(_known(lang))
    try:
        yield
    finally:
        _current.reset(token)


def _known(lang: str) -> str:
    """``lang`` if the bot speaks it, else the default."""
    return lang if lang in LANGUAGES else DEFAULT


def catalogue_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """``lang``'s catalogue, compiled in memory from its ``.po`` file on first use."""
    if lang == DEFAULT:
        return gettext.NullTranslations()  # the message ids are the Italian texts
    from babel.messages.mofile import write_mo  # only when a chat speaks another language
    from babel.messages.pofile import read_po

    with catalogue_path(lang).open("rb") as po:
        catalogue = read_po(po, locale=lang, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalogue)  # fuzzy (unchecked) translations are left out
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def _(message: str) -> str:
    """``message`` (Italian) in the language in force."""
    lang = _current.get()
    return message if lang == DEFAULT else translations(lang).gettext(message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue where it is defined; ``_()`` translates it on use."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form for ``count`` (``"{n} mano"``, ``"{n} mani"``) in the language in force."""
    lang = _current.get()
    if lang == DEFAULT:
        return singular if count == 1 else plural
    return translations(lang).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """A short word whose translation depends on where it is used (a command, an option)."""
    lang = _current.get()
    return message if lang == DEFAULT else translations(lang).pgettext(context, message)
