"""ui/accessible.py: the board as an ARIA grid with named cells, and what each action announces."""

import random
import xml.etree.ElementTree as ET

import pytest

from espionage import Game, Setup, Variant
from espionage.board import BLUE, RED, SETUP_SQUARES, square_name
from espionage.pieces import KINDS
from tests.helpers import epn
from ui.accessible import cell_name, cell_notes, live_text
from ui.app import App
from ui.render import BoardPicture, board_svg, square_origin
from ui.saves import Match, MemoryStorage

NS = "{http://www.w3.org/2000/svg}"
KIND_WORDS = [k.name.lower() for k in KINDS.values()]


def grid(svg):
    """The grid's rows, each the list of its cells (elements), as the markup nests them."""
    root = ET.fromstring(svg)
    assert root.get("role") == "grid" and root.get("aria-label")
    rows = [g for g in root if g.get("role") == "row"]
    return [[c for c in row if c.get("role") == "gridcell"] for row in rows]


def cells(svg):
    return {c.get("data-square"): c for row in grid(svg) for c in row}


# -- cell names -------------------------------------------------------------------------


def test_cell_names_say_square_piece_and_what_is_known():
    assert cell_name(34, "K", RED, RED, unmasked=True) == "e4, your Captain, unmasked"
    assert cell_name(34, "K", RED, RED) == "e4, your Captain"
    assert cell_name(64, "?", BLUE, RED) == "e7, enemy piece, unknown"
    assert cell_name(52, "V", None, RED) == "c6, volcano"
    assert cell_name(3, None, None, RED) == "d1, empty"
    assert cell_name(64, "s", BLUE, RED, unmasked=True) == "e7, Blue's Spy, unmasked"
    assert cell_name(64, "s", BLUE, RED, learned=True) == "e7, Blue's Spy, known though masked"
    assert cell_name(44, None, None, RED, notes=cell_notes(target=True)) == "e5, empty, move here"
    notes = cell_notes(selected=True, last_to=True)
    assert cell_name(34, "K", RED, RED, notes=notes) == "e4, your Captain, selected, last turn moved here"
    assert cell_notes(target=True, attack=True) == ("attack here",)


@pytest.mark.parametrize("bottom", [RED, BLUE])
def test_the_board_is_a_grid_of_ten_rows_of_ten_cells_in_reading_order(bottom):
    letters = [None] * 100
    letters[34], letters[64], letters[44] = "K", "?", "V"
    svg = board_svg(BoardPicture(letters=tuple(letters), unknown_side=1 - bottom, bottom=bottom, selected=34,
                                 targets=frozenset({24}), cursor=None))
    rows = grid(svg)
    assert [len(r) for r in rows] == [10] * 10
    for y, row in enumerate(rows):  # each row's cells drawn left to right, rows top to bottom
        origins = [square_origin(_sq(c), bottom) for c in row]
        assert origins == [(100 * x, 100 * y) for x in range(10)]
    by_name = cells(svg)
    owner = "your" if bottom == RED else "Red's"
    assert by_name["e4"].get("aria-label") == f"e4, {owner} Captain, selected"
    assert by_name["e4"].get("aria-selected") == "true"
    assert sum(c.get("aria-selected") == "true" for c in by_name.values()) == 1
    assert by_name["e3"].get("aria-label").endswith("move here")
    stops = [name for name, c in by_name.items() if c.get("tabindex") == "0"]
    assert stops == ["a1" if bottom == RED else "j10"]  # the bottom left corner until the cursor moves
    assert {c.get("tabindex") for c in by_name.values()} == {"0", "-1"}


def _sq(cell):
    name = cell.get("data-square")
    return (int(name[1:]) - 1) * 10 + "abcdefghij".index(name[0])


def test_the_tab_stop_follows_the_keyboard_cursor():
    svg = board_svg(BoardPicture(letters=(None,) * 100, cursor=55))
    assert [n for n, c in cells(svg).items() if c.get("tabindex") == "0"] == ["f6"]


def test_no_cell_name_tells_a_hidden_kind():
    """Random games: every "?" cell of a player's board is named without a kind."""
    rng = random.Random(7)
    for _ in range(3):
        game = Game(Setup.random(RED, rng), Setup.random(BLUE, rng), frozenset(), Variant())
        for _ in range(rng.randrange(10, 60)):
            if game.outcome is not None:
                break
            game.play(rng.choice(game.legal_moves()))
        for viewer in ("red", "blue"):
            view = game.view(viewer)
            side = 0 if viewer == "red" else 1
            svg = board_svg(BoardPicture(letters=view.drawn_letters(), unknown_side=1 - side, bottom=side,
                                         unmasked=frozenset(view.unmasked)))
            for name, cell in cells(svg).items():
                label = cell.get("aria-label")
                assert label.startswith(name + ", ")
                if "unknown" in label:
                    assert not any(word in label.lower() for word in KIND_WORDS), label


# -- announcements ----------------------------------------------------------------------


def setup_app(seed=1):
    app = App(MemoryStorage(), rng=random.Random(seed))
    for action, arg in (("mode", "pass"), ("start", "")):
        app.dispatch(action, arg)
    assert app.screen == "setup" and app.announcement == ""
    return app


def test_setup_announces_picks_placements_swaps_and_cancels():
    app = setup_app()
    app.dispatch("pick", "K")
    assert app.announcement == "Captain picked: 3 left. Choose a square in your zone."
    app.dispatch("square", "b2")
    assert app.announcement == "Captain placed on b2. 1 of 30 placed."
    app.dispatch("key", "2")  # a rank picks its kind from the keyboard
    assert app.announcement == "Lieutenant picked: 4 left. Choose a square in your zone."
    app.dispatch("square", "c2")
    app.dispatch("key", "Escape")
    assert app.announcement == "Selection cancelled."
    app.dispatch("square", "b2")
    assert app.announcement == "Captain on b2 selected: choose the square it goes to."
    app.dispatch("square", "c2")
    assert app.announcement == "Swapped: Lieutenant now on b2, Captain now on c2."
    app.dispatch("square", "c2")
    app.dispatch("square", "d1")
    assert app.announcement == "Captain moved to d1."
    app.dispatch("square", "d1")
    app.dispatch("pick", "M")  # a selected piece goes back to the tray
    assert app.announcement == "Captain taken back from d1. 1 of 30 placed."
    app.dispatch("random-setup")
    assert app.announcement == "30 of 30 placed."


def test_clear_of_two_placed_pieces_announces_the_count():
    """Two squares emptied at once are neither a swap nor a move."""
    app = setup_app()
    app.dispatch("pick", "L")
    app.dispatch("square", "c3")
    app.dispatch("square", "d1")
    app.dispatch("clear")
    assert app.placed == {}
    assert app.announcement == "0 of 30 placed."


def play_app(position, seed=0):
    game = Game.from_position(position, 2)
    match = Match(id="m", variant=Variant(2, 0), volcanoes=game.volcanoes, game=game)
    storage = MemoryStorage()
    match.save(storage)
    app = App(storage, rng=random.Random(seed))
    app.dispatch("resume", match.key)
    app.dispatch("reveal")
    return app


# Red: a General on d4 and a Corporal on e4 before Blue's Spy (e5) and Headquarters (e6).
POSITION = epn({"a1": "H", "d4": "G", "e4": "C", "e5": "s", "e6": "h", "j9": "c"}, hq=False)


def test_play_announces_selection_targets_plans_results_and_the_end():
    app = play_app(POSITION)
    assert app.screen == "play"
    app.dispatch("square", "d4")
    assert app.announcement == "General (5) on d4 selected: 3 squares to go to."
    app.dispatch("key", "Escape")
    assert app.announcement == "Selection cancelled."
    app.dispatch("square", "d4")
    app.dispatch("square", "d5")
    assert app.announcement == "Planned d4-d5. Now move another piece."
    app.dispatch("undo")
    assert app.announcement == "Move d4-d5 undone."
    app.dispatch("square", "d4")
    app.dispatch("square", "d5")
    app.dispatch("square", "e4")
    app.dispatch("square", "e5")
    assert app.announcement == "Planned e4-e5. Turn complete: submit it."
    app.dispatch("submit")
    assert app.screen == "results"
    assert app.announcement.startswith("Your turn was played: your General moved d4-d5;")
    assert "your Corporal attacked Blue's Spy on e5: Blue's Spy was removed." in app.announcement
    assert live_text(app) == app.announcement
    app.dispatch("hand-over")
    assert app.announcement == ""
    assert live_text(app) == ""  # the cover empties the live region: Red's news is not left for Blue
    app.dispatch("reveal")
    assert app.announcement.startswith("Red's last turn: Red's General moved d4-d5;")
    assert app.announcement.endswith("your Spy was removed. Your turn.")
    app.dispatch("square", "j9")
    app.dispatch("square", "j8")
    app.dispatch("submit")
    app.dispatch("hand-over")
    app.dispatch("reveal")
    assert app.announcement == "Blue's last turn: Blue's piece moved j9-j8. Your turn."
    for sq in ("d5", "d6", "e5", "e6"):
        app.dispatch("square", sq)
    app.dispatch("submit")
    assert app.screen == "over"
    assert app.announcement == "Game over. Red wins: Red captured Blue's Headquarters."
    app.dispatch("replay", "first")
    assert app.announcement == ""  # the replay's caption says each step
    assert live_text(app) is None  # the live region keeps what it said


def test_setup_zone_cells_are_named_in_setup():
    app = setup_app()
    svg = app.html()[app.html().index("<svg"):]
    svg = svg[: svg.index("</svg>") + 6]
    zone = {square_name(sq) for sq in SETUP_SQUARES[RED]}
    for name, cell in cells(svg).items():
        assert cell.get("aria-label").endswith("your setup zone") == (name in zone)
