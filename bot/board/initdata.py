"""A Mini App's ``initData`` checked as Telegram's documentation says ("Validating data
received via the Mini App", core.telegram.org/bots/webapps): the key is HMAC-SHA256 of the
bot token under the key ``WebAppData``; the hash is HMAC-SHA256, under that key, of every
field but ``hash``, decoded, sorted by name, as ``name=value`` lines joined by ``\\n``. Pure:
the clock is given."""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qsl

#: ``initData`` older than this is refused (a link copied out of Telegram and replayed).
MOST_AGE = timedelta(days=1)
#: A little of the future allowed: the client's ``auth_date`` is Telegram's clock, not ours.
CLOCK_SKEW = timedelta(minutes=5)


class InitDataRefused(Exception):
    """``initData`` not to be trusted; ``reason`` says why, for the log (never the data)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class InitData:
    """What a checked ``initData`` says: who opened the Mini App, when, and with which
    ``startapp`` parameter (a scoreboard's token)."""

    user_id: int | None
    user_name: str
    auth_date: datetime
    start_param: str | None
    chat_instance: str | None


def secret_key(bot_token: str) -> bytes:
    """The key Telegram signs a bot's ``initData`` with."""
    return hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()


def data_check_string(fields: dict[str, str]) -> str:
    """Every field but ``hash``, sorted by name, as ``name=value`` lines."""
    return "\n".join(f"{name}={fields[name]}" for name in sorted(fields) if name != "hash")


def sign(fields: dict[str, str], bot_token: str) -> str:
    """The hash Telegram would give ``fields`` (for tests and the console)."""
    check = data_check_string(fields).encode()
    return hmac.new(secret_key(bot_token), check, hashlib.sha256).hexdigest()


def verify(
    init_data: str, bot_token: str, now: datetime, most_age: timedelta = MOST_AGE
) -> InitData:
    """``init_data`` (the query string ``Telegram.WebApp.initData``) as Telegram signed it
    for this bot, no older than ``most_age``; else ``InitDataRefused``."""
    try:
        pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        raise InitDataRefused("not a query string") from None
    fields = dict(pairs)
    if len(fields) != len(pairs):
        raise InitDataRefused("a field given twice")
    given = fields.get("hash", "")
    if not given:
        raise InitDataRefused("no hash")
    if not hmac.compare_digest(sign(fields, bot_token).encode(), given.lower().encode()):
        raise InitDataRefused("hash does not match")
    try:
        signed_at = datetime.fromtimestamp(int(fields.get("auth_date", "")), UTC)
    except (ValueError, OverflowError, OSError):
        raise InitDataRefused("no auth_date") from None
    if now - signed_at > most_age:
        raise InitDataRefused("expired")
    if signed_at - now > CLOCK_SKEW:
        raise InitDataRefused("signed in the future")
    user = _user(fields.get("user"))
    return InitData(
        user_id=user.get("id") if isinstance(user.get("id"), int) else None,
        user_name=str(user.get("first_name", "")),
        auth_date=signed_at,
        start_param=fields.get("start_param") or None,
        chat_instance=fields.get("chat_instance") or None,
    )


def verify_for(
    init_data: str, bot_token: str, token: str, now: datetime, most_age: timedelta = MOST_AGE
) -> InitData:
    """``verify``, and opened for the scoreboard ``token``: ``initData`` signed for another
    link (another chat's game) is refused."""
    checked = verify(init_data, bot_token, now, most_age)
    opened = (checked.start_param or "").encode()
    if not opened or not hmac.compare_digest(opened, token.encode()):
        raise InitDataRefused("opened for another scoreboard")
    return checked


def _user(text: str | None) -> dict[str, Any]:
    if not text:
        return {}
    try:
        found = json.loads(text)
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}
