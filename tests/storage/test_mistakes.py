"""When a second /annulla was sent before the first one's reply could be seen."""

from datetime import UTC, datetime, timedelta

from storage import Undo
from storage.mistakes import READING_TIME

UNDONE_AT = datetime(2026, 11, 23, 21, 0, tzinfo=UTC)


def undo(reply_id: int | None) -> Undo:
    return Undo(game_id=1, number=3, user_id=1, undone_at=UNDONE_AT, reply_id=reply_id)


def test_someone_else_before_the_reply_is_unseen() -> None:
    assert undo(reply_id=50).unseen_by(2, 49, UNDONE_AT)
    assert not undo(reply_id=50).unseen_by(2, 51, UNDONE_AT)  # typed after the reply


def test_the_same_person_twice_means_two_undos() -> None:
    assert not undo(reply_id=50).unseen_by(1, 49, UNDONE_AT)
    assert not undo(reply_id=50).unseen_by(None, 49, UNDONE_AT)  # nobody to tell apart


def test_long_after_the_undo_it_was_seen_whatever_the_ids() -> None:
    assert undo(reply_id=None).unseen_by(2, 49, UNDONE_AT + READING_TIME)
    assert not undo(reply_id=None).unseen_by(2, 49, UNDONE_AT + READING_TIME + timedelta(seconds=1))
    assert not undo(reply_id=50).unseen_by(2, 49, UNDONE_AT + READING_TIME + timedelta(seconds=1))
