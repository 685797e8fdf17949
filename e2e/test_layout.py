"""Screens laid out cleanly: nothing covered, nothing wider than the window (e2e/layout.py)."""

import random

from e2e.conftest import open_app_page
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


def _to_setup(page):
    for name in ("New game", "Pass and play", "Start"):
        page.get_by_role("button", name=name, exact=True).click()
    assert page.get_attribute("section.screen", "data-screen") == "setup"


def test_the_keys_help_shows_on_a_phone_only_once_a_key_is_pressed(browser, server_url):
    """A phone's setup and play screens ended with "Keys: arrows move on the board…", which a
    touch player cannot use; a tablet with a keyboard gets it at the first key."""
    context = browser.new_context(base_url=server_url, viewport={"width": 390, "height": 844},
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        open_app_page(page)
        _to_setup(page)
        assert page.evaluate("matchMedia('(hover: none)').matches")
        assert page.locator(".key-hint").count() == 1 and not page.locator(".key-hint").is_visible()
        page.keyboard.press("Tab")
        assert page.locator(".key-hint").is_visible()
        assert_laid_out(page, "setup on a phone")
    finally:
        context.close()
    assert not errors


def test_the_keys_help_shows_where_the_pointer_hovers(page, open_app):
    open_app(page)
    _to_setup(page)
    assert page.locator(".key-hint").is_visible()
