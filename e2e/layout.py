"""Layout checks on a shown page: text and controls that cover one another, a page wider
than its window. They read element boxes in the browser, so a collision that only a
particular window size makes (a notice under the corner's Rules button) fails a test.
"""

# The boxes of every visible piece of text or control outside the board, with which of
# them contain which (a label holds its input: that is no collision). Text is measured by
# its lines (a heading's box may pass under the corner's float while its words wrap
# beside it); a control or the notice (a filled box) by its whole box; each only as far as
# the boxes that scroll it let it be seen, and only above a bar that stays at the window's
# bottom edge while what comes before it scrolls under it (the turn's line and buttons on a phone).
BOXES = """() => {
    const bars = [...document.querySelectorAll('section.screen .turn-bar')]
        .filter(bar => getComputedStyle(bar).position === 'sticky'
                       && Math.abs(bar.getBoundingClientRect().bottom - window.innerHeight) <= 1);
    const picked = [...document.querySelectorAll(
        'section.screen :is(h1, h2, h3, p, li, label, summary, button, select, input, textarea, a, .message)')]
        .filter(el => !el.closest('svg, .board-wrap, .visually-hidden'));
    const seen = el => {
        const r = el.getBoundingClientRect();
        const open = el.checkVisibility ? el.checkVisibility({visibilityProperty: true})
                                        : getComputedStyle(el).visibility !== 'hidden';
        return r.width >= 2 && r.height >= 2 && open;
    };
    const shown = picked.filter(seen);
    const filled = el => el.matches('button, select, input, textarea, .message');
    const rects = el => {
        if (filled(el)) return [el.getBoundingClientRect()];
        const range = document.createRange();
        range.selectNodeContents(el);
        return [...range.getClientRects()].filter(r => r.width >= 2 && r.height >= 2);
    };
    const clipped = (el, r) => {  // what of r a scrolling box around el lets be seen
        let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
        for (let box = el.parentElement; box; box = box.parentElement) {
            const style = getComputedStyle(box);
            if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
            const c = box.getBoundingClientRect();
            [left, top, right, bottom] = [Math.max(left, c.left), Math.max(top, c.top),
                                          Math.min(right, c.right), Math.min(bottom, c.bottom)];
        }
        for (const bar of bars) {
            const c = bar.getBoundingClientRect();
            const before = bar.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING;
            if (before && !bar.contains(el) && left < c.right && right > c.left) bottom = Math.min(bottom, c.top);
        }
        return [left, top, right, bottom];
    };
    return shown.map((el, i) => {
        const name = el.tagName.toLowerCase() + (el.className && typeof el.className === 'string'
            ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
        const text = (el.tagName === 'SELECT' ? el.selectedOptions[0]?.text || '' : el.innerText || el.value || '')
            .trim().slice(0, 40);
        const related = shown.map((other, j) => other !== el && (el.contains(other) || other.contains(el)) ? j : -1)
            .filter(j => j >= 0);
        return {i, name, text, related,
                boxes: rects(el).map(r => clipped(el, r).map(Math.round)).filter(b => b[2] > b[0] && b[3] > b[1])};
    });
}"""

SIZES = {"phone": (390, 844), "tablet": (820, 1180), "tablet-landscape": (1180, 820), "desktop": (1280, 800)}
"""The window sizes every screen is checked at: a phone, a tablet both ways, a desktop."""

SLACK = 1  # px: boxes that only touch (rounding) do not collide


def _overlap(a, b):
    return min(a[2], b[2]) - max(a[0], b[0]) > SLACK and min(a[3], b[3]) - max(a[1], b[1]) > SLACK


def collisions(page):
    """Pairs of text or controls (not one inside the other) whose boxes overlap."""
    boxes = page.evaluate(BOXES)
    found = []
    for a in boxes:
        for b in boxes[a["i"] + 1:]:
            if b["i"] in a["related"]:
                continue
            hit = next(((p, q) for p in a["boxes"] for q in b["boxes"] if _overlap(p, q)), None)
            if hit:
                found.append(f'{a["name"]} "{a["text"]}" {hit[0]} / {b["name"]} "{b["text"]}" {hit[1]}')
    return found


def overflow(page):
    """How many pixels the page is wider than its window (0 when it fits)."""
    return page.evaluate("() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth)")


OUT_OF_REACH = """() => [...document.querySelectorAll('section.screen :is(button, select, input, a)')]
    .filter(el => el.checkVisibility ? el.checkVisibility({visibilityProperty: true}) : true)
    .map(el => [el, el.getBoundingClientRect()])
    .filter(([, r]) => r.width >= 2 && (r.left < 0 || r.right > window.innerWidth + 1))
    .map(([el, r]) => `${el.tagName} "${(el.innerText || '').trim().slice(0, 40)}" ${r.left}-${r.right}`)"""

BOARD_FITS = """() => {
    const r = document.querySelector('svg.espionage-board').getBoundingClientRect();
    return r.left >= 0 && r.right <= window.innerWidth + 1 && r.height <= window.innerHeight + 1;
}"""


HEADING_BESIDE_CORNER = """() => {
    const bar = document.querySelector('section.screen .rules-bar');
    const heading = bar && bar.parentElement.querySelector(':scope > h1');
    if (window.innerWidth > 600 || !heading || getComputedStyle(bar).position === 'absolute') return '';
    const [b, h] = [bar.getBoundingClientRect(), heading.getBoundingClientRect()];
    return h.top < b.bottom - 1 ? `"${heading.innerText.trim().slice(0, 40)}" from ${h.top}, the corner to ${b.bottom}` : '';
}"""
"""On a phone upright, the heading that follows the corner's Rules button and language menu, if it
starts beside them (where its words wrap a word or two a line), else ''."""


def assert_board_fits(page, where):
    """The whole board can be seen at once: as wide as the window at most, and as tall."""
    assert page.evaluate(BOARD_FITS), f"{where}: the board does not fit in the window"


def assert_laid_out(page, where):
    """Nothing covers anything, nothing is wider than the window, every control within reach, and
    on a phone upright the heading below the corner."""
    hits = collisions(page)
    assert not hits, f"{where}: text or controls overlap:\n" + "\n".join(hits)
    wider = overflow(page)
    assert not wider, f"{where}: the page is {wider}px wider than the window"
    outside = page.evaluate(OUT_OF_REACH)
    assert not outside, f"{where}: controls outside the window:\n" + "\n".join(outside)
    squeezed = page.evaluate(HEADING_BESIDE_CORNER)
    assert not squeezed, f"{where}: the heading wraps beside the corner: {squeezed}"
