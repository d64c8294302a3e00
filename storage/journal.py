"""Updates received from Telegram, kept from their arrival until handled (and a day more), so
that a crash loses none and a redelivery is not handled twice."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import timedelta
from typing import Any, cast

from sqlalchemy import Table, delete, select, update

from storage import models
from storage.db import Database

#: Telegram delivers an update again only until a later poll confirms it: minutes at most.
KEPT_AFTER_HANDLED = timedelta(days=1)

_RECEIVED = cast(Table, models.ReceivedUpdate.__table__)


class UpdateJournal:
    """Each call its own unit of work."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def keep(self, updates: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        """Keep the updates Telegram sent (JSON objects with an ``update_id``); returns those
        never received before, the others being deliveries again of updates already here."""
        ids = [u["update_id"] for u in updates]
        async with self.db.transaction() as session:
            known = set(
                await session.scalars(
                    select(_RECEIVED.c.update_id).where(_RECEIVED.c.update_id.in_(ids))
                )
            )
            new = [u for u in updates if u["update_id"] not in known]
            if new:
                await session.execute(
                    _RECEIVED.insert(),
                    [
                        {
                            "update_id": u["update_id"],
                            "payload": json.dumps(u, ensure_ascii=False),
                            "received_at": models.utcnow(),
                        }
                        for u in new
                    ],
                )
        return new

    async def handled(self, update_id: int) -> None:
        async with self.db.transaction() as session:
            await session.execute(
                update(_RECEIVED)
                .where(_RECEIVED.c.update_id == update_id)
                .values(handled_at=models.utcnow())
            )

    async def let_go(self) -> None:
        """Forget the updates handled long ago."""
        async with self.db.transaction() as session:
            await session.execute(
                delete(_RECEIVED).where(
                    _RECEIVED.c.handled_at < models.utcnow() - KEPT_AFTER_HANDLED
                )
            )

    async def pending(self) -> list[dict[str, Any]]:
        """Updates received and never handled to the end, oldest first."""
        await self.let_go()
        async with self.db.reading() as session:
            payloads = await session.scalars(
                select(_RECEIVED.c.payload)
                .where(_RECEIVED.c.handled_at.is_(None))
                .order_by(_RECEIVED.c.update_id)
            )
            return [json.loads(payload) for payload in payloads]
