"""Placement VP at their boundary (found by make mutate): players level on MP share the VP of
the places they cover, and a share is a whole number, as the chat shows it."""

from scoring.macchiavelli import score_table


def test_level_players_share_whole_placement_vp() -> None:
    scores = score_table({"Anna": 10, "Bruno": 10, "Carlo": 40, "Dario": 40}, deals=3)

    assert [(s.player, s.placement_vp) for s in scores] == [
        ("Anna", 7),
        ("Bruno", 7),
        ("Carlo", 3),
        ("Dario", 3),
    ]
    assert all(type(s.placement_vp) is int and type(s.vp) is int for s in scores)
    assert f"{scores[0].vp}" == str(7 + scores[0].difference_vp)
