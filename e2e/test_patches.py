"""The page after many patches is exactly the page a full render writes.

main.py puts only what changed on the page (ui/patch.py). After each step of a
game played by taps, keys and buttons, the page's DOM is compared with a fresh
parse of the app's whole markup (``window.espionageMarkup()``), node by node:
tag, attributes (in any order) and text. A typed setup name and the focus
and an open section of the panel survive taps that do not change them.
"""

import random

from e2e.conftest import MARKS_PAINTED, marks_painted, settled, tap_square
from e2e.test_pass_and_play import click, saved_game

SAME_AS_FULL_RENDER = """() => {
  const shown = document.getElementById('app').cloneNode(true);
  for (const canvas of shown.querySelectorAll('canvas.board-marks')) {  // sized to the screen, transparent when empty, by the page
    canvas.removeAttribute('width');
    canvas.removeAttribute('height');
    canvas.removeAttribute('style');
  }
  const fresh = document.createElement('main');
  fresh.id = 'app';
  fresh.innerHTML = window.espionageMarkup();
  if (fresh.isEqualNode(shown)) return null;
  const path = [];
  let [a, b] = [shown, fresh];
  for (;;) {
    const i = [...a.childNodes].findIndex((n, k) => !b.childNodes[k] || !n.isEqualNode(b.childNodes[k]));
    if (i < 0 || a.childNodes.length !== b.childNodes.length && i >= Math.min(a.childNodes.length, b.childNodes.length)) {
      return {path, shown: a.outerHTML.slice(0, 600), fresh: b.outerHTML.slice(0, 600)};
    }
    [a, b] = [a.childNodes[i], b.childNodes[i]];
    path.push(a.nodeName + (a.getAttribute?.('data-square') ? `[${a.getAttribute('data-square')}]` : ''));
    if (a.nodeType !== 1 || b.nodeType !== 1 || a.nodeName !== b.nodeName || !a.cloneNode(false).isEqualNode(b.cloneNode(false))) {
      return {path, shown: (a.outerHTML ?? a.textContent).slice(0, 600), fresh: (b.outerHTML ?? b.textContent).slice(0, 600)};
    }
  }
}"""


def assert_same_as_full_render(page, step):
    difference = page.evaluate(SAME_AS_FULL_RENDER)
    assert difference is None, f"after {step}: the patched page differs from a full render: {difference}"


def tap(page, square):
    tap_square(page, square)


def test_patched_page_equals_full_render_through_setup_and_play(page, open_app):
    rng = random.Random(7)
    # no motion: a piece on the move is hidden under its overlay until the motion ends
    page.emulate_media(reduced_motion="reduce")
    open_app(page)
    click(page, "Pass and play")
    click(page, "Start")
    for square in ("a1", "b1", "c2", "a1", "c2"):  # place with the picked kind, then swap two pieces
        tap(page, square)
        assert_same_as_full_render(page, f"setup tap on {square}")
    page.locator("[data-drag='M']").click()
    tap(page, "d3")
    assert_same_as_full_render(page, "picking a Mine and placing it")
    click(page, "Random setup")
    assert_same_as_full_render(page, "random setup")
    click(page, "Ready")
    click(page, "Show Blue's board")
    click(page, "Random setup")
    click(page, "Ready")
    click(page, "Show Red's board")
    assert_same_as_full_render(page, "opening Red's board")
    for turn in range(6):
        game, _ = saved_game(page)
        viewer = game.turn
        view = game.view(viewer)
        planned = []
        for _ in range(2):
            moves = view.legal_moves_after(planned)
            if not moves:
                break
            move = rng.choice(moves)
            decoy = rng.choice(moves).from_square
            for square in (decoy, decoy, move.from_square, move.to_square):  # select, deselect, select, move
                tap(page, _name(square))
                assert_same_as_full_render(page, f"turn {turn}: tap on {_name(square)}")
            planned.append(move)
        if turn == 2:
            click(page, "Undo move")  # the board at once, the panel a frame later: click waits for both
            assert_same_as_full_render(page, "undo")
            break
        page.keyboard.press("ArrowUp")
        page.keyboard.press("ArrowRight")
        assert_same_as_full_render(page, f"turn {turn}: arrow keys")
        click(page, "Submit turn")  # the board at once, the app has the turn a frame later
        assert_same_as_full_render(page, f"turn {turn}: submit")
        click(page, "Hand over")
        click(page, f"Show {'Blue' if viewer == 'red' else 'Red'}'s board")
        assert_same_as_full_render(page, f"turn {turn}: the next board")
    click(page, "Resign")
    assert_same_as_full_render(page, "resign: asked to confirm")
    click(page, "Resign")  # "Resign this game?"
    assert_same_as_full_render(page, "resignation")
    click(page, "First")
    click(page, "Forward")
    assert_same_as_full_render(page, "replay")


IN_THE_TAPS_TASK = (
    """([name, target]) => {
  document.querySelector(`g.square[data-square="${name}"]`).dispatchEvent(new MouseEvent("click", {bubbles: true}));
  const selected = [...document.querySelectorAll("g.square.selected")].map((g) => g.dataset.square);
  return { ...(""" + MARKS_PAINTED + """)(target), selected };
}"""
)


def test_a_tap_that_selects_draws_its_marks_at_once_and_the_rest_a_frame_later(page, open_app):
    page.emulate_media(reduced_motion="reduce")
    open_app(page)
    click(page, "Pass and play")
    click(page, "Start")
    click(page, "Random setup")
    click(page, "Ready")
    click(page, "Show Blue's board")
    click(page, "Random setup")
    click(page, "Ready")
    click(page, "Show Red's board")
    game, _ = saved_game(page)
    move = game.view("red").legal_moves()[0]
    piece, target = _name(move.from_square), _name(move.to_square)
    assert marks_painted(page, target)["pixel"][3] == 0  # nothing over the board yet
    seen = page.evaluate(IN_THE_TAPS_TASK, [piece, target])
    assert f"sel {piece}" in seen["marks"] and f"hint move {target}" in seen["marks"]  # painted in the tap's task:
    red, green, blue, alpha = seen["pixel"]
    assert alpha > 200 and green > red and green > blue  # the green dot where the piece may go
    assert seen["page"] == seen["selected"] == []  # the page (the squares' names) not yet: it follows the frame
    settled(page)
    assert page.locator("g.square.selected").evaluate_all("gs => gs.map(g => g.dataset.square)") == [piece]
    assert marks_painted(page)["page"] == seen["marks"]
    assert_same_as_full_render(page, "a selecting tap, settled")
    page.evaluate(PREPARED)  # the board a move draws (with reduced motion, at once), made a bitmap at rest
    selecting = marks_painted(page)["page"]
    seen = page.evaluate(IN_THE_TAPS_TASK, [target, target])  # a move: its board painted from that bitmap
    assert seen["marks"] == [] and seen["pixel"][3] == 255  # over the board: the piece on its new square
    assert seen["selected"] == [piece] and seen["page"] == selecting  # the page patched after the frame
    settled(page)
    assert page.locator(f'g.square[data-square="{target}"] g.piece.red').count() == 1
    seen = marks_painted(page, target)
    assert seen["marks"] == seen["page"] == [] and seen["pixel"][3] == 0
    assert_same_as_full_render(page, "a move")
    # Taps faster than frames: the app has a tap painted ahead before whatever comes after it.
    first = {move.from_square, move.to_square}
    second = next(m for m in game.view("red").legal_moves() if not first & {m.from_square, m.to_square}
                  and abs(m.to_square - m.from_square) in (1, 10))  # a step clear of the first move
    piece, target = _name(second.from_square), _name(second.to_square)
    page.evaluate(TAPS_IN_ONE_TASK, [piece, piece, piece, target])  # select, let go, select, move
    settled(page)
    assert page.locator("path.planned-move").evaluate_all("ps => ps.map(p => p.dataset.move)")[-1] == f"{piece}-{target}"
    assert_same_as_full_render(page, "four taps in one task")
    seen = marks_painted(page, target)
    assert seen["marks"] == seen["page"] == [] and seen["pixel"][3] == 0  # and the canvas shows the page's marks


TAPS_IN_ONE_TASK = """(names) => {
  for (const name of names) {
    document.querySelector(`g.square[data-square="${name}"]`).dispatchEvent(new MouseEvent("click", {bubbles: true}));
  }
}"""


BOARD_IMAGE_IN_THE_TAPS_TASK = """([action, squares]) => {  // the tap, then the canvas and the board's SVG as its frame shows them
  document.querySelector(`button[data-action="${action}"]`).click();
  const canvas = document.querySelector("canvas.board-marks"), box = canvas.getBoundingClientRect();
  const seen = (name) => {
    const square = document.querySelector(`g.square[data-square="${name}"]`), cell = square.querySelector("rect.cell");
    const at = cell.getBoundingClientRect();
    const x = Math.floor((at.x + at.width / 2 - box.x) * canvas.width / box.width);
    const y = Math.floor((at.y + at.height / 2 - box.y) * canvas.height / box.height);
    return { pixel: [...canvas.getContext("2d").getImageData(x, y, 1, 1).data], fill: cell.getAttribute("fill"),
             piece: square.querySelector("g.piece") !== null };
  };
  return { painted: canvas.espionagePainted, screen: document.querySelector("section.screen").dataset.screen,
           squares: Object.fromEntries(squares.map((name) => [name, seen(name)])) };
}"""
PREPARED = "() => window.espionageBinding.prepared()"


def _colour(fill):
    return [int(fill[i : i + 2], 16) for i in (1, 3, 5)]


def test_undo_and_submit_paint_the_board_from_an_image_and_patch_its_svg_after_the_frame(page, open_app):
    open_app(page)
    for name in ("Pass and play", "Start", "Random setup", "Ready", "Show Blue's board", "Random setup", "Ready",
                 "Show Red's board"):  # fmt: skip
        click(page, name)
    game, _ = saved_game(page)
    move = game.view("red").legal_moves()[0]
    piece, target = _name(move.from_square), _name(move.to_square)
    page.emulate_media(reduced_motion="reduce")  # the planned move shown at once, not sliding
    tap(page, piece)
    tap(page, target)
    page.evaluate(PREPARED)  # the board Undo would draw, made a bitmap while the page is at rest
    seen = page.evaluate(BOARD_IMAGE_IN_THE_TAPS_TASK, ["undo", [piece, target]])
    assert seen["painted"] is None  # the canvas shows the image, the SVG is as it was:
    assert seen["squares"][target]["piece"] and not seen["squares"][piece]["piece"]
    assert seen["squares"][piece]["pixel"][3] == 255  # the piece drawn back where it came from,
    assert seen["squares"][target]["pixel"] == [*_colour(seen["squares"][target]["fill"]), 255]  # its square empty
    settled(page)
    assert page.locator(f'g.square[data-square="{piece}"] g.piece.red').count() == 1
    assert marks_painted(page, piece)["pixel"][3] == 0 and marks_painted(page, target)["pixel"][3] == 0
    assert_same_as_full_render(page, "an Undo painted from its image")
    second = game.view("red").legal_moves_after([move])[0]
    for square in (piece, target, _name(second.from_square), _name(second.to_square)):  # a whole turn
        tap(page, square)
    page.evaluate(PREPARED)
    seen = page.evaluate(BOARD_IMAGE_IN_THE_TAPS_TASK, ["submit", [_name(second.to_square)]])
    assert seen["painted"] is None and seen["screen"] == "play"  # the turn's board first, the next screen after
    assert seen["squares"][_name(second.to_square)]["pixel"][3] == 255
    settled(page)
    assert page.locator('[data-screen="results"]').count() == 1
    assert_same_as_full_render(page, "a Submit painted from its image")


def test_typed_setup_name_and_open_details_survive_taps(page, open_app):
    open_app(page)
    click(page, "Pass and play")
    click(page, "Start")
    page.locator("details.saved-setups summary").click()
    page.fill("#setup-name", "my army")
    for square in ("a1", "b1", "c1"):
        tap(page, square)
    assert page.locator("details.saved-setups").evaluate("d => d.open")
    assert page.input_value("#setup-name") == "my army"
    page.locator("details.saved-setups summary").click()  # closed again, as a full render writes it
    assert_same_as_full_render(page, "taps with a typed name")


def _name(square):
    return "abcdefghij"[square % 10] + str(square // 10 + 1)
