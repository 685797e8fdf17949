"""The player's display preferences in real Chromium: a dark colour scheme gives a dark
page and a dark board; reduced motion plays no animation, also for keyboard moves."""

import pytest

from e2e.test_keyboard_play import FOCUSED, saved_position, walk_to

LUMINANCE = """(colour) => {
    const [r, g, b] = colour.match(/[\\d.]+/g).map(Number).map(c => {
        c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}"""


def luminance(page, selector, prop):
    colour = page.evaluate(f"() => getComputedStyle(document.querySelector('{selector}')).{prop}")
    return page.evaluate(LUMINANCE, colour)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_colour_scheme_colours_page_and_board(browser, server_url, scheme):
    context = browser.new_context(base_url=server_url, color_scheme=scheme, reduced_motion="reduce")
    page = context.new_page()
    try:
        page.add_init_script("window.__animations = []; const animate = Element.prototype.animate;"
                             "Element.prototype.animate = function (...a) {"
                             " const x = animate.apply(this, a); window.__animations.push(x); return x; };")
        saved_position(page)
        page.get_by_role("button", name="Resume", exact=True).focus()
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")  # the cover's button has the focus
        paper = luminance(page, "html", "backgroundColor")
        cell = luminance(page, 'g.square[data-square="e3"] rect.cell', "fill")
        text = luminance(page, ".panel h1", "color")
        if scheme == "dark":
            assert paper < 0.05 and cell < 0.05 and text > 0.5
        else:
            assert paper > 0.8 and cell > 0.6 and text < 0.1
        # a move planned by keys slides nowhere: reduced motion
        assert page.evaluate(FOCUSED) is not None
        walk_to(page, "d4")
        page.keyboard.press("Enter")
        walk_to(page, "d5")
        page.keyboard.press("Enter")
        assert page.locator('[data-move="d4-d5"]').count() == 1
        assert page.evaluate("window.__animations.length") == 0
        assert page.locator(".motion-overlay").count() == 0
    finally:
        context.close()
