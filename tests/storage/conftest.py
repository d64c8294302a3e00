from pathlib import Path

import pytest

from storage import Database


@pytest.fixture
def db(tmp_path: Path) -> Database:
    return Database(f"sqlite+aiosqlite:///{tmp_path / 'tamalo.db'}")
