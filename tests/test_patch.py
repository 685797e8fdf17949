"""ui/patch.py: the patches that turn the page's markup into the next render's."""

import json
import random
import re

import pytest

from tests.test_app import page, press, tap, to_play
from ui.markup import Element
from ui.patch import MAX_PATCHES, Patch, apply, as_json, children, diff, diff_screens, element_at, path_of
from ui.render import ROW_START, SQUARE_START

BUTTON = re.compile(r'<button [^>]*data-action="([^"]*)"(?: data-arg="([^"]*)")?[^>]*>')
SQUARE = re.compile(r'data-square="([a-j]\d+)"')


def squares_patched(before, patches):
    """The square each patch falls in, by name (None for a patch outside the squares)."""
    found = set()
    for patch in patches:
        enclosing = (element_at(before, patch.path[:depth]) for depth in range(1, len(patch.path) + 1))
        square = next((e for e in enclosing if e.startswith(SQUARE_START)), None)
        found.add(SQUARE.search(square).group(1) if square else None)
    return found


def test_unchanged_markup_needs_no_patch():
    app = to_play()
    assert diff(app.html(), app.html()) == []


def test_selecting_a_piece_redraws_only_the_marks_over_the_board():
    app = to_play(seed=3)
    view = app.turn.view()
    piece = next(m.from_square for m in view.legal_moves())
    name = view_name(piece)
    tap(app, name)
    tap(app, name)  # select and deselect once: the opponent's last turn leaves the panel
    before = app.html()
    tap(app, name)
    after = app.html()
    patches = diff(before, after)
    reach = {view_name(sq) for sq in app.turn.targets()}
    assert reach
    # the squares: only those, and only what they say (classes, accessible names), none drawn again
    assert squares_patched(before, patches) == {name, None} | reach
    assert {p.kind for p in patches if on_board(before, p)} == {"attrs"}
    # off the squares: the marks laid over the board, and the panel's line naming the selection
    marks, panel = '<canvas class="board-marks"', '<div class="panel"'
    off = [p for p in patches if not on_board(before, p)]
    assert [p.kind for p in off if element_at(before, p.path).startswith(marks)] == ["attrs"]  # its data-marks
    assert all(element_at(before, p.path).startswith(marks) or element_at(before, p.path[:3]).startswith(panel) for p in off)
    assert apply(before, patches) == after
    tap(app, name)
    assert squares_patched(after, diff(after, app.html())) == {name, None} | reach


def on_board(markup, patch):
    return any(
        element_at(markup, patch.path[:depth]).startswith(SQUARE_START) for depth in range(1, len(patch.path) + 1)
    )


def test_planning_a_move_patches_its_squares_the_arrows_and_the_panel():
    app = to_play(seed=4)
    move = app.turn.view().legal_moves()[0]
    tap(app, view_name(move.from_square))
    before = app.html()
    tap(app, view_name(move.to_square))
    after = app.html()
    patches = diff(before, after)
    assert apply(before, patches) == after
    squares = squares_patched(before, patches)
    assert {view_name(move.from_square), view_name(move.to_square)} <= squares
    assert None in squares  # the arrows and the panel
    assert 'data-move="' in "".join(p.markup for p in patches)
    assert len(patches) < 40


def test_a_board_screen_keeps_its_parts_so_its_markup_is_not_read_again():
    app = to_play()
    markup = app.html()
    assert isinstance(markup, Element)
    (layout,) = markup.content.items
    wrap, panel = layout.content.items
    board, marks = wrap.content.items
    assert marks.startswith('<canvas class="board-marks"')
    rows = [part for part in board.content.items if part.startswith(ROW_START)]
    squares = [square for row in rows for square in row.content.items if square.startswith(SQUARE_START)]
    assert len(rows) == 10 and len(squares) == 100
    assert children(board.content, board=True) is board.content.items
    assert children(str(board.content), board=True) == board.content.items  # as read from the markup
    assert panel.startswith('<div class="panel">')


def test_a_new_screen_is_written_whole():
    app = to_play()
    before = app.html()
    press(app, "Home")
    after = app.html()
    patches = diff(before, after)
    assert len(patches) == 1
    assert apply(before, patches) == after
    assert 'data-screen="home"' in patches[0].markup


def test_text_attributes_and_children_are_patched_in_place():
    before = '<p class="a" title="x">one &amp; two</p><div><span>1</span><i>2</i></div><input id="n" disabled>'
    after = '<p class="b">three &lt; four</p><div><span>1</span><b>new</b><i>2</i></div><input id="n">'
    patches = diff(before, after)
    assert Patch("attrs", (0,), '<p class="b">', attributes=(("class", "b"), ("title", None))) in patches
    text = next(p for p in patches if p.kind == "text")
    assert text.path == (0,) and text.text == "three < four"
    assert Patch("splice", (1,), "<b>new</b>", 1, 0) in patches
    assert Patch("attrs", (2,), '<input id="n">', attributes=(("disabled", None),)) in patches
    assert apply(before, patches) == after


def test_children_of_nested_and_void_elements():
    markup = '<div><div>a</div></div><input type="text"><svg><g><g/></g></svg> <p>b</p>'
    assert children(markup) == ("<div><div>a</div></div>", '<input type="text">', "<svg><g><g/></g></svg>", "<p>b</p>")
    assert children("text <b>bold</b>") is None
    assert children("") == ()
    with pytest.raises(ValueError):
        children("<div><div></div>")


def test_too_many_changes_write_the_page_whole():
    before = "".join(f"<p>{i}</p>" for i in range(MAX_PATCHES + 5))
    after = "".join(f"<p>{i + 1}</p>" for i in range(MAX_PATCHES + 5))
    assert diff(before, after) == [Patch("inner", (), after)]


@pytest.mark.parametrize("seed", range(4))
def test_patching_the_shown_markup_gives_the_full_render_after_every_action(seed):
    """Random taps, keys and buttons through setup and play: the page patched step by
    step is always exactly the new render."""
    rng = random.Random(seed)
    app = to_play(seed=seed) if seed % 2 else None
    if app is None:
        from tests.test_app import new_app

        app = new_app(seed)
    shown = app.html()
    for _ in range(150):
        markup = page(app).html
        roll = rng.random()
        if roll < 0.6:
            app.dispatch("square", rng.choice(SQUARE.findall(markup) or ["a1"]))
        elif roll < 0.7:
            app.dispatch("key", rng.choice(["ArrowUp", "ArrowLeft", "Enter", "Escape"]))
        else:
            buttons = [(a, g or "") for a, g in BUTTON.findall(markup) if a not in ("home", "resign", "delete")]
            if buttons:
                app.dispatch(*rng.choice(buttons))
        new = app.html()
        patches = diff(shown, new)
        assert apply(shown, patches) == new
        assert patches == diff(str(shown), str(new))  # the parts a render keeps change nothing
        shown = new


def view_name(square):
    return "abcdefghij"[square % 10] + str(square // 10 + 1)


def test_patches_go_to_the_page_as_json_an_attrs_patch_without_its_tag():
    old = '<div><p class="a">x</p><p>y</p></div>'
    new = '<div><p class="b">x</p><p>z</p></div>'
    sent = json.loads(as_json(diff(old, new)))
    assert sent == [["attrs", [0, 0], "", 0, 0, [["class", "b"]]], ["text", [0, 1], "z", 0, 0, []]]


def test_path_of_finds_an_element_breadth_first_within_its_depth():
    markup = '<section><div class="layout"><div class="board-wrap"><svg></svg></div><div class="panel"></div></div></section>'
    assert path_of(markup, '<div class="board-wrap">') == (0, 0, 0)
    assert path_of(markup, '<div class="panel">') == (0, 0, 1)
    assert path_of(markup, "<svg>") is None  # four levels down: beyond the depth looked at
    assert path_of(markup, "<svg>", depth=4) == (0, 0, 0, 0)


def test_a_changed_run_of_children_keeps_those_both_renders_hold():
    tray, lines = "<ul>" + "<li>piece</li>" * 30 + "</ul>", ("<p>a</p>", "<p>b</p>", "<p>c</p>")
    before = f"<div>{lines[0]}<p>x</p>{tray}<p>y</p></div>"
    after = f"<div>{lines[0]}<h1>z</h1><p>w</p>{tray}<p>v</p><p>u</p></div>"
    patches = diff(before, after)
    assert apply(before, patches) == after
    assert all(p.kind == "splice" and "piece" not in p.markup for p in patches)  # the list stays on the page
    assert [p.start for p in patches] == sorted((p.start for p in patches), reverse=True)


def test_a_child_that_changed_between_kept_ones_is_patched_in_place():
    tray = "<ul>" + "<li>piece</li>" * 30 + "</ul>"
    before = f"<div><p>a</p><h2>old title</h2>{tray}</div>"
    after = f"<div><p>a</p><h2>new title</h2>{tray}<p>x</p></div>"
    patches = diff(before, after)
    assert apply(before, patches) == after
    assert [(p.kind, p.path) for p in patches] == [("splice", (0,)), ("text", (0, 1))]  # the last first


@pytest.mark.parametrize("seed", range(6))
def test_children_spliced_in_any_order_give_the_new_markup(seed):
    rng = random.Random(seed)
    pool = [f"<p>{i}</p>" for i in range(4)] + ["<h2>a</h2>", "<h2>b</h2>", "<ul><li>c</li></ul>"]
    for _ in range(40):
        olds, news = rng.choices(pool, k=rng.randint(0, 9)), rng.choices(pool, k=rng.randint(0, 9))
        before, after = f"<div>{''.join(olds)}</div>", f"<div>{''.join(news)}</div>"
        assert apply(before, diff(before, after)) == after


def test_a_board_screen_after_another_keeps_its_board_when_patched_as_one():
    app = to_play(seed=4)
    for move in app.turn.view().legal_moves()[:1]:
        tap(app, view_name(move.from_square))
        tap(app, view_name(move.to_square))
    while not app.turn.complete:
        move = app.turn.next_moves()[0]
        tap(app, view_name(move.from_square))
        tap(app, view_name(move.to_square))
    before = app.html()
    press(app, "Submit turn")
    after = app.html()
    assert app.screen == "results" and [p.kind for p in diff(before, after)] == ["outer"]  # a new screen, written whole
    patches = diff_screens(before, after)
    assert apply(before, patches) == after and len(patches) < MAX_PATCHES
    assert patches[0].path == (0,) and dict(patches[0].attributes)["data-screen"] == "results"
    assert not any(p.path == (0,) and p.kind == "outer" for p in patches)
    assert "<svg" not in "".join(p.markup for p in patches if p.kind != "attrs")  # no board, no tray written again
    results = app.html()
    press(app, "Hand over")
    assert apply(results, diff_screens(results, app.html())) == app.html()


def test_element_at_finds_an_element_by_its_path_as_patches_name_it():
    markup = '<main><p>One</p><div class="a"><span>x</span><b>y</b></div></main>'
    assert element_at(markup, (0, 1, 1)) == "<b>y</b>"
    assert element_at(markup, (0, 0)) == "<p>One</p>"
    assert element_at(markup, (0, 2)) is None and element_at(markup, (0, 0, 0)) is None
