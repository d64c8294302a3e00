"""Logging that can never print the bot token."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterable


class RedactingFormatter(logging.Formatter):
    """Replaces every secret in the finished line, tracebacks and URLs included."""

    def __init__(self, fmt: str, secrets: Iterable[str]) -> None:
        super().__init__(fmt)
        self._secrets = [s for s in secrets if s]

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        for secret in self._secrets:
            line = line.replace(secret, "[token]")
        return line


def configure_logging(level: str, secrets: Iterable[str]) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(
        RedactingFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s", secrets)
    )
    logging.basicConfig(level=level, handlers=[handler], force=True)
    # httpx logs every request URL, and Bot API URLs carry the token.
    logging.getLogger("httpx").setLevel(logging.WARNING)
