"""What a process keeps of games it rebuilt, so that a game's next command finds it instead of
running the engine over every deal again: the latest few hundred, by what each was rebuilt
from (so never stale: other stored values are another key). Only a cache: a game not kept is
rebuilt from the database."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import Any, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Kept(OrderedDict[K, V]):
    """The ``most`` values kept last, the least recently used dropped first."""

    def __init__(self, *args: Any, most: int = 256) -> None:
        super().__init__(*args)
        self.most = most

    def keep(self, key: K, value: V) -> None:
        self[key] = value
        self.move_to_end(key)
        if len(self) > self.most:
            self.popitem(last=False)

    def found(self, key: K) -> V | None:
        value = self.get(key)
        if value is not None:
            self.move_to_end(key)
        return value
