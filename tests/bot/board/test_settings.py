"""Where the scoreboard is reached from: PUBLIC_URL, else a webhook's own HTTPS address."""

from __future__ import annotations

import pytest

from bot.config import Settings, SettingsError


def board_url(**values: str) -> str | None:
    return Settings.from_values(values).board_url


def test_the_public_address_or_else_the_webhooks_own() -> None:
    assert board_url(PUBLIC_URL="https://tamalo.example.com/") == "https://tamalo.example.com"
    webhook = "https://hooks.example.com:8443/telegram"
    assert board_url(WEBHOOK_URL=webhook) == "https://hooks.example.com:8443"
    assert board_url(WEBHOOK_URL=webhook, PUBLIC_URL="https://a.example") == "https://a.example"
    assert board_url(WEBHOOK_URL="http://hooks.example.com/telegram") is None  # not HTTPS
    assert board_url() is None


@pytest.mark.parametrize(
    "value", ["http://tamalo.example.com", "tamalo.example.com", "https://", "https://a.b/?x=1"]
)
def test_a_public_address_that_is_not_https_is_refused(value: str) -> None:
    with pytest.raises(SettingsError, match="PUBLIC_URL must"):
        board_url(PUBLIC_URL=value)


def test_the_mini_app_and_the_polling_web_server() -> None:
    settings = Settings.from_values({"MINI_APP_NAME": "tavolo", "WEB_SERVER": "yes"})
    assert (settings.mini_app, settings.web_server) == ("tavolo", True)
    assert Settings.from_values({}).web_server is False
    with pytest.raises(SettingsError, match="MINI_APP_NAME"):
        Settings.from_values({"MINI_APP_NAME": "tavolo/app"})
