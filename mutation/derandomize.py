"""A pytest plugin for ``make mutate``: hypothesis's ``ci`` profile, derandomized and without
its example database, so every mutant meets the same examples and two runs compare."""

from __future__ import annotations

import pytest
from hypothesis import settings


def pytest_configure(config: pytest.Config) -> None:
    # After tests/conftest.py has loaded ``ci``: the same settings, a fixed seed per test.
    settings.register_profile("mutate", parent=settings(), derandomize=True, database=None)
    settings.load_profile("mutate")
