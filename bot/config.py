"""Settings from the environment and an optional ``.env`` file; nothing else reads them."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from dotenv import dotenv_values

from storage.db import DEFAULT_URL

DEFAULT_BASE_URL = "https://api.telegram.org/bot"
DEFAULT_BASE_FILE_URL = "https://api.telegram.org/file/bot"
DEFAULT_PORT = 8080
DEFAULT_LISTEN = "0.0.0.0"
#: BotFather's rule for a Mini App's short name (``/newapp``), the ``<app>`` of its direct link.
MINI_APP_PATTERN = re.compile(r"[A-Za-z0-9_]{3,30}")
#: Yes and no, as a setting may say them.
YES, NO = ("1", "yes", "on", "true", "sì", "si"), ("0", "no", "off", "false", "")
#: Telegram's rule for setWebhook's secret_token.
WEBHOOK_SECRET_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,256}")
#: The settings that are secrets: never shown, whatever else goes wrong.
SECRETS = ("TELEGRAM_BOT_TOKEN", "WEBHOOK_SECRET")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


class Secret:
    """A value that never shows itself in a repr, a log line or a traceback."""

    def __init__(self, value: str) -> None:
        self._value = value

    def get(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "Secret('**********')"

    __str__ = __repr__


class SettingsError(ValueError):
    """A setting is missing or malformed; the message says which and how to fix it."""


@dataclass(frozen=True)
class Settings:
    token: Secret | None
    database_url: str = DEFAULT_URL
    base_url: str = DEFAULT_BASE_URL
    base_file_url: str = DEFAULT_BASE_FILE_URL
    log_level: str = "INFO"
    #: Processes drawing charts; 0 draws them in a thread of the bot process.
    chart_workers: int = 1
    #: Public URL Telegram posts updates to; set, ``python -m bot`` runs as a webhook.
    webhook_url: str | None = None
    #: Telegram sends it with every update; requests without it are refused.
    webhook_secret: Secret | None = None
    #: Where the webhook's web server listens (behind the platform's HTTPS proxy).
    port: int = DEFAULT_PORT
    webhook_listen: str = DEFAULT_LISTEN
    #: The bot's public HTTPS address (``https://tamalo.example.com``): the live scoreboard
    #: (``/tavolo``) is served under it. Unset, a webhook's own address's is used.
    public_url: str | None = None
    #: The Mini App's short name given to BotFather (``/newapp``): ``/tavolo`` adds its
    #: direct link, ``https://t.me/<bot>/<app>?startapp=<token>``.
    mini_app: str | None = None
    #: With long polling, serve the scoreboard (and the health check) on
    #: ``WEBHOOK_LISTEN:PORT`` all the same; a webhook always serves it.
    web_server: bool = False

    @classmethod
    def load(
        cls, environ: Mapping[str, str] | None = None, env_file: Path | str = ".env"
    ) -> Settings:
        """Read the environment; a ``.env`` file fills in what the environment leaves out."""
        return cls.from_values(read_values(environ, env_file))

    @classmethod
    def from_values(cls, values: Mapping[str, str]) -> Settings:
        """The settings ``values`` (as ``read_values`` returns them) give."""

        def get(name: str, default: str) -> str:
            return values.get(name, "").strip() or default

        token = values.get("TELEGRAM_BOT_TOKEN", "").strip()
        webhook_url = get("WEBHOOK_URL", "")
        webhook_secret = get("WEBHOOK_SECRET", "")
        return cls(
            token=Secret(token) if token else None,
            database_url=get("DATABASE_URL", DEFAULT_URL),
            base_url=get("TELEGRAM_BASE_URL", DEFAULT_BASE_URL),
            base_file_url=get("TELEGRAM_BASE_FILE_URL", DEFAULT_BASE_FILE_URL),
            log_level=_log_level(get("LOG_LEVEL", "INFO")),
            chart_workers=_count("CHART_WORKERS", get("CHART_WORKERS", "1")),
            webhook_url=_webhook_url(webhook_url) if webhook_url else None,
            webhook_secret=_webhook_secret(webhook_secret) if webhook_secret else None,
            port=_port(get("PORT", str(DEFAULT_PORT))),
            webhook_listen=get("WEBHOOK_LISTEN", DEFAULT_LISTEN),
            public_url=_public_url(get("PUBLIC_URL", "")),
            mini_app=_mini_app(get("MINI_APP_NAME", "")),
            web_server=_yes_or_no("WEB_SERVER", get("WEB_SERVER", "no")),
        )

    def require_token(self) -> str:
        if self.token is None:
            raise SettingsError(
                "TELEGRAM_BOT_TOKEN is not set: ask @BotFather for a token and put it in the "
                "environment or in .env (see .env.example)."
            )
        return self.token.get()

    @property
    def board_url(self) -> str | None:
        """Where the live scoreboard is reached from outside (no trailing ``/``): the public
        address, else a webhook's own; ``None`` without an HTTPS address."""
        if self.public_url is not None:
            return self.public_url
        if self.webhook_url is not None and self.webhook_url.startswith("https://"):
            parts = urlsplit(self.webhook_url)
            return f"https://{parts.netloc}"
        return None

    def require_webhook(self) -> tuple[str, str]:
        """The webhook's URL and secret, both needed to run as a webhook."""
        if self.webhook_url is None:
            raise SettingsError(
                "WEBHOOK_URL is not set: webhook mode needs the public HTTPS address Telegram "
                "posts updates to, e.g. https://tamalo.example.com/telegram (or run with "
                "--polling)."
            )
        if self.webhook_secret is None:
            raise SettingsError(
                "WEBHOOK_SECRET is not set: webhook mode needs a secret of 1 to 256 letters, "
                "digits, _ or -, so that only Telegram can send updates to WEBHOOK_URL."
            )
        return self.webhook_url, self.webhook_secret.get()


def read_values(
    environ: Mapping[str, str] | None = None, env_file: Path | str = ".env"
) -> dict[str, str]:
    """The environment, with what ``.env`` adds: every setting as written, not yet checked."""
    values = {k: v for k, v in dotenv_values(env_file).items() if v is not None}
    values.update(os.environ if environ is None else environ)
    return values


def secrets_in(values: Mapping[str, str]) -> list[str]:
    """The token, the webhook secret and the database's password as written, however
    malformed: read before the settings are checked, so that even a message about a bad
    setting never shows them."""
    found = [value for name in SECRETS if (value := values.get(name, "").strip())]
    return found + _password_in(values.get("DATABASE_URL", ""))


def _password_in(url: str) -> list[str]:
    """The password in a database URL (``postgresql+asyncpg://bot:PASSWORD@host/db``), as
    written and decoded."""
    try:
        password = urlsplit(url.strip()).password
    except ValueError:  # not a URL at all: the settings say so, without quoting it
        return []
    return sorted({password, unquote(password)}) if password else []


def _log_level(value: str) -> str:
    if value.upper() not in LOG_LEVELS:
        raise SettingsError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {value!r}.")
    return value.upper()


def _count(name: str, value: str) -> int:
    if not value.isdigit():
        raise SettingsError(f"{name} must be a whole number (0 or more), not {value!r}.")
    return int(value)


def _port(value: str) -> int:
    if not (value.isascii() and value.isdigit()) or not 1 <= int(value) <= 65535:
        raise SettingsError(f"PORT must be a whole number from 1 to 65535, not {value!r}.")
    return int(value)


def _webhook_url(value: str) -> str:
    try:
        parts = urlsplit(value)
    except ValueError:  # such as a broken [IPv6] host
        parts = urlsplit("")
    if parts.scheme not in ("https", "http") or not parts.hostname:
        raise SettingsError(
            f"WEBHOOK_URL must be a full https:// address, such as "
            f"https://tamalo.example.com/telegram, not {value!r}."
        )
    return value


def _webhook_secret(value: str) -> Secret:
    # The message never quotes the value: it is a secret, however malformed.
    if not WEBHOOK_SECRET_PATTERN.fullmatch(value):
        raise SettingsError(
            f"WEBHOOK_SECRET must be 1 to 256 characters, each a letter A-Z or a-z, a digit, "
            f"_ or - (Telegram's rule); the one set has {len(value)} characters. Generate one "
            f"with: python -c 'import secrets; print(secrets.token_urlsafe(32))'"
        )
    return Secret(value)


def _public_url(value: str) -> str | None:
    if not value:
        return None
    try:
        parts = urlsplit(value)
    except ValueError:
        parts = urlsplit("")
    if parts.scheme != "https" or not parts.hostname or parts.query or parts.fragment:
        raise SettingsError(
            f"PUBLIC_URL must be the bot's public https:// address, such as "
            f"https://tamalo.example.com (Telegram opens Mini Apps over HTTPS only), not {value!r}."
        )
    return value.rstrip("/")


def _mini_app(value: str) -> str | None:
    if not value:
        return None
    if not MINI_APP_PATTERN.fullmatch(value):
        raise SettingsError(
            f"MINI_APP_NAME must be the Mini App's short name given to @BotFather with /newapp "
            f"(3 to 30 letters, digits or _), not {value!r}."
        )
    return value


def _yes_or_no(name: str, value: str) -> bool:
    if value.casefold() not in YES + NO:
        raise SettingsError(f"{name} must be yes or no, not {value!r}.")
    return value.casefold() in YES
