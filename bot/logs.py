"""Logging that can never print the bot token or the webhook secret."""

from __future__ import annotations

import logging
import re
import sys
import threading
from asyncio import CancelledError
from collections.abc import Iterable
from types import TracebackType

from telegram.error import BadRequest, NetworkError

#: What a bot token looks like (``123456789:AAH…``): hidden even when it is not the one set,
#: such as a token pasted into the wrong setting.
TOKEN_LIKE = r"\d{3,}:[A-Za-z0-9_-]{20,}"
HIDDEN = "[secret]"

log = logging.getLogger("bot")


def redactor(secrets: Iterable[str]) -> re.Pattern[str]:
    """Matches each secret, in any case (a setting may have been upper-cased), and any
    token-like value."""
    known = sorted({s for s in secrets if s}, key=len, reverse=True)
    return re.compile("|".join([*map(re.escape, known), TOKEN_LIKE]), re.IGNORECASE)


class RedactingFormatter(logging.Formatter):
    """Replaces every secret in the finished line, tracebacks and URLs included."""

    def __init__(self, fmt: str, secrets: Iterable[str]) -> None:
        super().__init__(fmt)
        self._secrets = redactor(secrets)

    def format(self, record: logging.LogRecord) -> str:
        return self._secrets.sub(HIDDEN, super().format(record))


class NetworkTroubleInOneLine(logging.Filter):
    """python-telegram-bot logs a whole traceback when Telegram cannot be reached: the
    reason, on the same line, says it all."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if record.name.startswith("telegram") and _is_network_trouble(error):
            record.msg, record.args = f"{record.getMessage()} ({error})", None
            record.exc_info = record.exc_text = None
        return True


class ConnectionsLetGoAtStop(logging.Filter):
    """A stopping bot cancels the units of work still under way (``bot.inbox``): one cancelled
    as it let go of its connection has SQLAlchemy log an ERROR and a traceback about closing
    it. Nothing is wrong (the server ends the session with the socket, the unit of work is
    rolled back and done again at the next start): it is left out."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return not (record.name.startswith("sqlalchemy.pool") and isinstance(error, CancelledError))


class QueriesCutAtStop(logging.Filter):
    """The same stop, on PostgreSQL: a unit of work cancelled in the middle of a query leaves
    asyncpg's wait for that query's answer to nobody, and when the server's connection is
    closed under it, asyncio logs an ERROR that the wait's exception was never retrieved
    (``ConnectionError: unexpected connection_lost() call``). Nobody waited for it any more:
    one line at INFO says so, without the traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if (
            record.name == "asyncio"
            and isinstance(error, ConnectionError)
            and "connection_lost" in str(error)
        ):
            record.levelno, record.levelname = logging.INFO, logging.getLevelName(logging.INFO)
            record.msg, record.args = "A query cut short lost its connection (%s)", (error,)
            record.exc_info = record.exc_text = None
        return True


def _is_network_trouble(error: BaseException | None) -> bool:
    return isinstance(error, NetworkError) and not isinstance(error, BadRequest)


def one_line(error: BaseException) -> str:
    """What went wrong, in one line for the log: the driver's own error, its type and first
    line (SQLAlchemy wraps it, and asyncpg's again); a timeout, which says nothing, as one."""
    reason = getattr(error, "orig", None) or error
    if type(reason).__module__.startswith("sqlalchemy") and reason.__cause__ is not None:
        reason = reason.__cause__  # asyncpg's own error, under SQLAlchemy's adapter
    lines = str(reason).strip().splitlines()
    said = lines[0] if lines else "no answer in time" if isinstance(reason, TimeoutError) else ""
    return f"{type(reason).__name__}: {said}" if said else type(reason).__name__


def configure_logging(level: str, secrets: Iterable[str]) -> None:
    """Every line goes through the redacting formatter: log records, warnings, and the
    errors nobody caught (Python would print them, secrets and all, to stderr)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(
        RedactingFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s", secrets)
    )
    handler.addFilter(NetworkTroubleInOneLine())
    handler.addFilter(ConnectionsLetGoAtStop())
    handler.addFilter(QueriesCutAtStop())
    logging.basicConfig(level=level, handlers=[handler], force=True)
    logging.captureWarnings(True)
    sys.excepthook = _log_uncaught
    threading.excepthook = _log_uncaught_in_thread
    # httpx logs every request URL, and Bot API URLs carry the token.
    logging.getLogger("httpx").setLevel(logging.WARNING)


def _log_uncaught(
    kind: type[BaseException], error: BaseException, traceback: TracebackType | None
) -> None:
    if issubclass(kind, KeyboardInterrupt):  # Ctrl-C: the person knows why it stopped
        return
    log.critical("TamaloBot stopped on an error", exc_info=(kind, error, traceback))


def _log_uncaught_in_thread(uncaught: threading.ExceptHookArgs) -> None:
    if uncaught.exc_value is not None:
        _log_uncaught(uncaught.exc_type, uncaught.exc_value, uncaught.exc_traceback)
