"""A refused option says the range the rules allow, as the chat's refusal repeats it ("si può
da 1 in su", "da 1–50"): found by make mutate, where the target's lower bound could be said
wrong and no test read it."""

from collections.abc import Mapping

import pytest

from scoring.macchiavelli import HomeRules, OptionOutOfRange


@pytest.mark.parametrize(
    ("options", "allowed"),
    [
        ({"target": 0}, (1, None)),
        ({"target": -5}, (1, None)),
        ({"deals": 0}, (1, 50)),
        ({"deals": 51}, (1, 50)),
        ({"cards_dealt": 9}, (10, 13)),
    ],
)
def test_a_refused_option_says_the_range_allowed(
    options: Mapping[str, int], allowed: tuple[int, int | None]
) -> None:
    with pytest.raises(OptionOutOfRange) as refused:
        HomeRules(**options)  # type: ignore[arg-type]

    assert (refused.value.low, refused.value.high) == allowed
    assert str(refused.value).endswith(
        f"allowed {allowed[0]}" + (f"–{allowed[1]}" if allowed[1] else "")
    )
