"""Settings from the environment and an optional ``.env`` file; nothing else reads them."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

from storage.db import DEFAULT_URL

DEFAULT_BASE_URL = "https://api.telegram.org/bot"
DEFAULT_BASE_FILE_URL = "https://api.telegram.org/file/bot"


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

    @classmethod
    def load(
        cls, environ: Mapping[str, str] | None = None, env_file: Path | str = ".env"
    ) -> Settings:
        """Read the environment; a ``.env`` file fills in what the environment leaves out."""
        values = {k: v for k, v in dotenv_values(env_file).items() if v is not None}
        values.update(os.environ if environ is None else environ)

        def get(name: str, default: str) -> str:
            return values.get(name, "").strip() or default

        token = values.get("TELEGRAM_BOT_TOKEN", "").strip()
        return cls(
            token=Secret(token) if token else None,
            database_url=get("DATABASE_URL", DEFAULT_URL),
            base_url=get("TELEGRAM_BASE_URL", DEFAULT_BASE_URL),
            base_file_url=get("TELEGRAM_BASE_FILE_URL", DEFAULT_BASE_FILE_URL),
            log_level=get("LOG_LEVEL", "INFO").upper(),
            chart_workers=_count("CHART_WORKERS", get("CHART_WORKERS", "1")),
        )

    def require_token(self) -> str:
        if self.token is None:
            raise SettingsError(
                "TELEGRAM_BOT_TOKEN is not set: ask @BotFather for a token and put it in the "
                "environment or in .env (see .env.example)."
            )
        return self.token.get()


def _count(name: str, value: str) -> int:
    if not value.isdigit():
        raise SettingsError(f"{name} must be a whole number (0 or more), not {value!r}.")
    return int(value)
