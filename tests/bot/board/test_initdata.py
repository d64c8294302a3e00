"""A Mini App's ``initData`` checked as Telegram signs it: the right bot's, fresh, for the
scoreboard it was opened for; forged, expired and cross-chat ones refused."""

from __future__ import annotations

import hashlib
import hmac
import json
from datetime import UTC, datetime, timedelta
from urllib.parse import urlencode

import pytest

from bot.board.initdata import MOST_AGE, InitDataRefused, sign, verify, verify_for

TOKEN = "123456:TEST-token"
NOW = datetime(2026, 12, 2, 20, 0, tzinfo=UTC)


def init_data(
    *,
    bot_token: str = TOKEN,
    signed_at: datetime = NOW,
    start_param: str = "board-A",
    **changed: str,
) -> str:
    """``initData`` as Telegram would give the Mini App, signed for ``bot_token``."""
    fields = {
        "query_id": "AAHdF6IQAAAAAN0XohDhrOrc",
        "user": json.dumps({"id": 42, "first_name": "Anna", "language_code": "it"}),
        "auth_date": str(int(signed_at.timestamp())),
        "start_param": start_param,
        "chat_instance": "-8134722200314281151",
        "chat_type": "group",
    }
    fields["hash"] = sign(fields, bot_token)
    fields.update(changed)
    return urlencode(fields)


def test_the_signature_is_telegrams_own_algorithm() -> None:
    """Worked independently of the module: the key is HMAC-SHA256("WebAppData", token), the
    hash HMAC-SHA256 of the sorted ``key=value`` lines without ``hash``."""
    fields = {"auth_date": "1700000000", "user": '{"id":1}', "query_id": "Q"}
    key = hmac.new(b"WebAppData", TOKEN.encode(), hashlib.sha256).digest()
    check = 'auth_date=1700000000\nquery_id=Q\nuser={"id":1}'
    assert sign(fields, TOKEN) == hmac.new(key, check.encode(), hashlib.sha256).hexdigest()


def test_a_valid_init_data_says_who_opened_which_board() -> None:
    checked = verify(init_data(), TOKEN, NOW)
    assert (checked.user_id, checked.user_name) == (42, "Anna")
    assert checked.start_param == "board-A"
    assert checked.auth_date == NOW
    assert verify_for(init_data(), TOKEN, "board-A", NOW).user_id == 42


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (init_data(bot_token="654321:ANOTHER-bot"), "hash does not match"),  # another bot's
        (init_data(user=json.dumps({"id": 1, "first_name": "Mallory"})), "hash does not match"),
        (init_data(hash="0" * 64), "hash does not match"),
        (init_data(hash="é" * 64), "hash does not match"),
        (init_data(hash=""), "no hash"),
        ("auth_date=1&hash=abc&hash=abc", "a field given twice"),
        ("", "no hash"),
        ("auth_date", "not a query string"),
    ],
    ids=[
        "another-bot",
        "user-changed",
        "zeros",
        "not-ascii",
        "no-hash",
        "twice",
        "empty",
        "no-equals",
    ],
)
def test_forged_init_data_is_refused(data: str, reason: str) -> None:
    with pytest.raises(InitDataRefused) as refused:
        verify(data, TOKEN, NOW)
    assert refused.value.reason == reason


def test_a_field_changed_after_signing_is_refused() -> None:
    signed = init_data(start_param="board-A")
    forged = signed.replace("start_param=board-A", "start_param=board-B")
    assert forged != signed
    with pytest.raises(InitDataRefused, match="hash does not match"):
        verify(forged, TOKEN, NOW)


def test_init_data_a_day_old_is_accepted_and_a_second_more_is_refused() -> None:
    assert verify(init_data(signed_at=NOW - MOST_AGE), TOKEN, NOW).user_id == 42
    with pytest.raises(InitDataRefused, match="expired"):
        verify(init_data(signed_at=NOW - MOST_AGE - timedelta(seconds=1)), TOKEN, NOW)


def test_init_data_signed_in_the_future_is_refused() -> None:
    assert verify(init_data(signed_at=NOW + timedelta(minutes=5)), TOKEN, NOW).user_id == 42
    with pytest.raises(InitDataRefused, match="future"):
        verify(init_data(signed_at=NOW + timedelta(minutes=6)), TOKEN, NOW)


def test_init_data_without_a_date_is_refused() -> None:
    fields = {"user": json.dumps({"id": 42}), "start_param": "board-A"}
    data = urlencode(fields | {"hash": sign(fields, TOKEN)})
    with pytest.raises(InitDataRefused, match="no auth_date"):
        verify(data, TOKEN, NOW)


def test_init_data_of_another_chats_board_is_refused() -> None:
    """Signed by Telegram, fresh, but opened for board A (another chat's game): it does not
    open board B."""
    with pytest.raises(InitDataRefused, match="another scoreboard"):
        verify_for(init_data(start_param="board-A"), TOKEN, "board-B", NOW)
    without = init_data(start_param="")
    with pytest.raises(InitDataRefused, match="another scoreboard"):
        verify_for(without, TOKEN, "board-B", NOW)
