"""Screens laid out cleanly: nothing covered, nothing wider than the window (e2e/layout.py)."""

import random

from e2e.layout import assert_laid_out
from e2e.test_link_play import devices, play_turn, start  # noqa: F401 (devices is a fixture)


def test_the_notice_after_a_link_turn_is_not_under_the_corner(devices):  # noqa: F811
    """At 1100x800 "Turn played. Send the link to Red." sat under the Rules button and the
    language menu."""
    red, _blue = start(devices, "Casual")
    play_turn(red, 1, random.Random(3))
    assert red.screen == "link-send"
    assert "Send the link to Blue" in red.page.inner_text(".message")
    assert_laid_out(red.page, "link-send at 1100x800")
