"""ui/app.py and the pages driven through ``App.dispatch``, exactly as the browser binding does.

Buttons are pressed by their visible label (found in the markup, refused when
disabled) and squares tapped by ``data-square``, so every test also checks the
markup contract the browser tests rely on.
"""

import itertools
import json
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from espionage import Game, IllegalMove, Setup, Variant
from espionage.board import (
    BLUE,
    RED,
    SETUP_SQUARES,
    SIDES,
    parse_square,
    rotated,
    square_name,
)
from espionage.pieces import ARMY, KINDS, letter_of
from tests.helpers import epn
from tests.test_saves import RefusingStorage, kept
from ui.app import App
from ui.army_setup import DISCARD_QUESTION
from ui.render import square_origin
from ui.saves import GAME_PREFIX, KEPT_SETUPS_PREFIX, SETUPS_KEY, UI_KEY, Match, MemoryStorage

KIND_WORDS = [k.name for k in KINDS.values()] + [k.plural for k in KINDS.values()]
VOID = {"input", "br", "img", "hr", "meta", "link", "wbr", "source", "area", "col", "embed", "track"}
NAMES = ("Red", "Blue")


# -- reading the markup ---------------------------------------------------------------


_VOID = re.compile(rf"<({'|'.join(VOID)})\b([^>]*?)/?>")
_BARE = re.compile(r' (disabled|checked|hidden|open)(?=[ />])')


def parse(html):
    """The markup as an ElementTree (tags without namespace); fails on badly nested markup."""
    xml = _VOID.sub(r"<\1\2/>", html)
    xml = _BARE.sub(r' \1=""', xml)
    root = ET.fromstring(f"<root>{xml}</root>")
    for el in root.iter():
        el.tag = el.tag.rpartition("}")[2]
    return root


def classes(el):
    return set((el.get("class") or "").split())


def text(el):
    return "".join(el.itertext())


def strings(el):
    """Every attribute value and text inside this element."""
    for node in el.iter():
        yield from (v for v in node.attrib.values() if v)
        if node.text:
            yield node.text
        if node.tail and node is not el:
            yield node.tail


class Page:
    def __init__(self, html):
        self.html = html
        self.root = parse(html)
        screens = [n for n in self.root.iter() if "data-screen" in n.attrib]
        assert len(screens) == 1
        self.screen = screens[0].get("data-screen")

    def find(self, pred):
        return [n for n in self.root.iter() if pred(n)]

    def buttons(self, label):
        return self.find(lambda n: n.tag == "button" and text(n).strip() == label)

    def button(self, label):
        found = self.buttons(label)
        assert len(found) == 1, f"{len(found)} buttons labelled {label!r} on {self.screen}"
        return found[0]

    def has_button(self, label):
        return bool(self.buttons(label))

    def enabled(self, label):
        return "disabled" not in self.button(label).attrib

    def squares(self):
        return {n.get("data-square"): n for n in self.find(lambda n: n.tag == "g" and "square" in classes(n))}

    def square_with(self, cls):
        return sorted(name for name, n in self.squares().items() if cls in classes(n))

    def pieces(self):
        """data-square -> data-piece for every piece on the board."""
        out = {}
        for name, sq in self.squares().items():
            found = [n for n in sq.iter() if "piece" in classes(n)]
            assert len(found) <= 1
            if found:
                assert "data-piece" in found[0].attrib
                out[name] = found[0].get("data-piece")
        return out

    def data_pieces(self):
        return self.find(lambda n: "data-piece" in n.attrib)

    def message(self):
        found = self.find(lambda n: "message" in classes(n))
        return text(found[0]) if found else ""


def page(app):
    return Page(app.html())


def press(app, label, value=""):
    """Click the button with this visible label, as main.py does."""
    b = page(app).button(label)
    assert "disabled" not in b.attrib, f"{label!r} is disabled"
    app.dispatch(b.get("data-action"), b.get("data-arg") or "", value)


def tap(app, name):
    assert f'data-square="{name}"' in app.html()
    app.dispatch("square", name)


def board_svg(html):
    start = html.index('<svg xmlns="http://www.w3.org/2000/svg" class="espionage-board')
    return ET.fromstring(html[start : html.index("</svg>", start) + 6])


# -- driving games --------------------------------------------------------------------


def new_app(seed=1, storage=None, moves=2, volcanoes=None, tab_storage=None):
    app = App(storage if storage is not None else MemoryStorage(), rng=random.Random(seed), tab_storage=tab_storage)
    press(app, "Pass and play")
    if moves == 1:
        press(app, "1 move per turn")
    if volcanoes is not None:
        app.dispatch("volcanoes", str(volcanoes))
    press(app, "Start")
    return app


def to_play(seed=1, storage=None, moves=2, volcanoes=None, tab_storage=None):
    """Home → both random setups → Red's board."""
    app = new_app(seed, storage, moves, volcanoes, tab_storage)
    for side in (RED, BLUE):
        assert app.screen == "setup" and app.side == side
        press(app, "Random setup")
        press(app, "Ready")
        check_cover(app, side=1 - side if side == RED else RED)
        press(app, f"Show {NAMES[1 - side if side == RED else RED]}'s board")
    assert app.screen == "play" and app.side == RED
    return app


def check_cover(app, side):
    p = page(app)
    assert p.screen == "cover"
    assert not p.data_pieces()
    assert "data-piece" not in p.html and "<svg" not in p.html
    assert p.has_button(f"Show {NAMES[side]}'s board")


def plan(app, move):
    tap(app, square_name(move.from_square))
    assert app.selected == move.from_square
    tap(app, square_name(move.to_square))


def choose(rng, moves, view):
    """Random, but aggressive: attacks first, then forward moves, so games end."""
    side = view.side_to_move
    attacks = [m for m in moves if view.owner(m.to_square) == 1 - side]
    if attacks and rng.random() < 0.8:
        return rng.choice(attacks)
    forward = [m for m in moves if (m.to_square - m.from_square) * (1 if side == RED else -1) == 10]
    if forward and rng.random() < 0.7:
        return rng.choice(forward)
    return rng.choice(moves)


def play_turn(app, rng, checks=True):
    """Plan one random legal turn by tapping squares (checking the page on the way if
    ``checks``), then submit it."""
    view = app.turn.view()
    planned = 0
    while moves := app.turn.next_moves():
        m = choose(rng, moves, view)
        fr, to = square_name(m.from_square), square_name(m.to_square)
        if not checks:
            app.dispatch("square", fr)
            app.dispatch("square", to)
        else:
            p = page(app)
            assert not p.enabled("Submit turn")
            assert p.enabled("Undo move") == bool(planned)
            check_illegal_taps(app, m, random.Random(len(app.match.game.events)))
            tap(app, fr)
            p = page(app)
            assert p.square_with("selected") == [fr]
            assert p.square_with("target") == sorted(square_name(x.to_square) for x in moves if x.from_square == m.from_square)
            tap(app, to)
            p = page(app)
            assert f"{fr}-{to}" in {n.get("data-move") for n in p.find(lambda n: n.tag == "path")}
            if view.letters[m.to_square] == "?":  # a planned attack shows no result: the defender stays as drawn
                assert p.pieces()[to] == view.drawn_letters()[m.to_square]
            check_board_privacy(app)
        assert app.planned[-1] == m
        planned += 1
    assert 1 <= planned <= app.match.variant.moves_per_turn
    press(app, "Submit turn")


def check_illegal_taps(app, move, rng):
    """Taps on squares that are neither a piece to move nor a target change nothing on the
    board; each says why in one sentence."""
    moves = app.turn.next_moves()
    froms = {m.from_square for m in moves}
    dead = [sq for sq in range(100) if sq not in froms]
    before = board_markup(app)
    for sq in rng.sample(dead, 3):
        app.dispatch("square", square_name(sq))
        assert board_markup(app) == before, f"tap on {square_name(sq)} changed the board"
        assert page(app).message().endswith("."), square_name(sq)
    tap(app, square_name(move.from_square))
    selected = board_markup(app)
    targets = {m.to_square for m in moves if m.from_square == move.from_square}
    for sq in rng.sample([sq for sq in dead if sq not in targets], 3):
        app.dispatch("square", square_name(sq))
        assert board_markup(app) == selected, f"tap on {square_name(sq)} changed the board"
        assert page(app).message().endswith("."), square_name(sq)
    tap(app, square_name(move.from_square))  # tapping the selected piece again lets it go
    assert app.selected is None and not page(app).message()


def board_markup(app):
    html = app.html()
    start = html.index("<svg")
    return html[start : html.index("</svg>", start)], app.selected, tuple(app.planned)


def check_board_privacy(app):
    """No kind the viewer may not know appears in its square, and a twin game differing
    only in such kinds gives the very same page."""
    html = app.html()
    view, game = app.turn.view(), app.match.game
    enemy = 1 - app.side
    hidden = [sq for sq in range(100) if view.letters[sq] == "?" and sq not in view.learned]
    squares = Page(html).squares()
    for sq in hidden:
        kind = game.kind_at(sq)
        assert game.side_at(sq) == SIDES[enemy]
        node = squares[square_name(sq)]
        pieces = [n for n in node.iter() if "piece" in classes(n)]
        assert pieces and all(n.get("data-piece") == "?" for n in pieces)
        for s in strings(node):
            assert not any(w in s for w in KIND_WORDS), s
            assert f"icon-{kind}" not in s and s != letter_of(kind, enemy)
    twin = next(twin_games(game, app.side), None)
    if twin is not None:
        assert page_with_game(app, twin) == html


def twin_games(game, viewer):
    """Games that differ from ``game`` only in the kinds of two enemy pieces ``viewer`` cannot know."""
    enemy = 1 - viewer
    view = game.view(SIDES[viewer])
    touched = {sq for e in game.events for sq in (e.move.from_square, e.move.to_square)}
    if game.setups is None:  # a game from a position: see the hand-made twins below
        return
    setup = game.setups[enemy]
    candidates = [sq for sq in SETUP_SQUARES[enemy] if sq not in touched and view.letters[sq] == "?"]
    pairs = [
        (a, b)
        for a, b in itertools.combinations(candidates, 2)
        if setup.kind_at(a) != setup.kind_at(b) and "S" not in (setup.kind_at(a), setup.kind_at(b))
    ]
    for a, b in random.Random(len(game.events)).sample(pairs, min(4, len(pairs))):
        kinds = dict(setup.items())
        kinds[a], kinds[b] = kinds[b], kinds[a]
        setups = list(game.setups)
        setups[enemy] = Setup(enemy, kinds)
        twin = Game(*setups, game.volcanoes, game.variant)
        try:
            for e in game.events:
                twin.play(e.move)
        except IllegalMove:
            continue
        tv = twin.view(SIDES[viewer])
        if (tv.position(), tv.removed, tv.outcome, list(tv.events)) == (
            view.position(), view.removed, view.outcome, list(view.events)
        ):
            assert twin.letters() != game.letters()
            yield twin


def page_with_game(app, game):
    real = app.match.game
    app.match.game = game
    try:
        return app.html()
    finally:
        app.match.game = real


def play_to_the_end(app, rng, max_turns=600, checks_every=1):
    turns = 0
    while app.screen != "over":
        assert app.screen == "play"
        side = app.side
        checks = turns % checks_every == 0
        if checks:
            check_board_privacy(app)
        play_turn(app, rng, checks)
        turns += 1
        assert turns < max_turns
        if app.screen == "over":
            break
        assert app.screen == "results" and app.side == side
        if checks:
            check_board_privacy(app)
        press(app, "Hand over")
        check_cover(app, 1 - side)
        press(app, f"Show {NAMES[1 - side]}'s board")
    return turns


# -- the whole flow -------------------------------------------------------------------


@pytest.mark.parametrize(("moves", "seed"), [(2, 1), (1, 2)])
def test_pass_and_play_from_home_to_game_over(moves, seed):
    app = App(MemoryStorage(), rng=random.Random(seed))
    assert page(app).screen == "home"
    app.dispatch("key", "ArrowUp")  # keys do nothing off the board
    app = to_play(seed, moves=moves)
    assert app.match.variant.moves_per_turn == moves
    turns = play_to_the_end(app, random.Random(seed), checks_every=2)
    assert turns > 3
    game = app.match.game
    p = page(app)
    outcome = p.find(lambda n: "data-outcome" in n.attrib)
    assert [n.get("data-outcome") for n in outcome] == [str(game.outcome)]
    winner, reason = str(game.outcome).split(":")
    assert winner in ("red", "blue", "draw") and reason
    assert not p.has_button("Submit turn")
    # the finished game is saved and listed on the home screen
    press(app, "Home")
    assert "finished" in page(app).html


def test_one_move_variant_turn_is_one_move():
    app = to_play(7, moves=1)
    moves = app.turn.next_moves()
    assert not page(app).enabled("Submit turn")
    plan(app, moves[0])
    assert app.turn.next_moves() == [] and app.turn.complete
    assert page(app).enabled("Submit turn")


def test_submit_and_undo():
    app = to_play(11)
    p = page(app)
    assert not p.enabled("Submit turn") and not p.enabled("Undo move")
    first = app.turn.next_moves()[0]
    plan(app, first)
    p = page(app)
    assert not p.enabled("Submit turn") and p.enabled("Undo move")
    app.dispatch("submit")  # an incomplete turn is not submitted
    assert app.screen == "play" and app.match.game.events == []
    second = app.turn.next_moves()[0]
    assert second.from_square != first.to_square
    plan(app, second)
    assert page(app).enabled("Submit turn")
    press(app, "Undo move")
    assert app.planned == [first]
    assert not page(app).enabled("Submit turn")
    press(app, "Undo move")
    assert app.planned == []
    assert page(app).pieces() == page(to_play(11)).pieces()
    plan(app, first)
    plan(app, second)
    press(app, "Submit turn")
    assert app.screen == "results" and app.match.game.moves == [first, second]
    assert not page(app).has_button("Undo move")


def test_drag_plans_a_move():
    app = to_play(12)
    m = app.turn.next_moves()[0]
    app.dispatch("drop", f"{square_name(m.from_square)}>{square_name(m.to_square)}")
    assert app.planned == [m]
    before = board_markup(app)
    app.dispatch("drop", "a1>j10")  # not a legal drag: nothing planned, and the page says why
    assert app.planned == [m]
    assert board_markup(app) == before and page(app).message()


# -- positions built by hand ----------------------------------------------------------


def match_at(position, moves_per_turn=2, mid="m1"):
    game = Game.from_position(position, moves_per_turn)
    return Match(id=mid, variant=Variant(moves_per_turn, len(game.volcanoes)), volcanoes=game.volcanoes, game=game)


def app_at(position, moves_per_turn=2):
    storage = MemoryStorage()
    match = match_at(position, moves_per_turn)
    match.save(storage)
    app = App(storage, rng=random.Random(0))
    app.dispatch("resume", match.key)
    side = SIDES.index(match.game.turn)
    check_cover(app, side)
    press(app, f"Show {NAMES[side]}'s board")
    return app


# Red: a Corporal on e4 next to Blue's hidden e5; Blue's f8 unmasked. The twin
# swaps the kinds of e5 and g9, which Red cannot know.
HIDDEN = {"a1": "H", "e4": "C", "b2": "L", "j10": "h", "c9": "c", "f8": "g"}
POSITION = epn({**HIDDEN, "e5": "m", "g9": "e"}, unmasked="f8", turn=7)
TWIN = epn({**HIDDEN, "e5": "e", "g9": "m"}, unmasked="f8", turn=7)


def test_pages_of_games_differing_only_in_hidden_kinds_are_identical():
    apps = [app_at(POSITION), app_at(TWIN)]
    assert apps[0].match.game.position() != apps[1].match.game.position()
    pieces = page(apps[0]).pieces()
    assert pieces["e5"] == "?" and pieces["g9"] == "?" and pieces["f8"] == "g" and pieces["e4"] == "C"
    steps = [("square", "e4"), ("square", "e5"), ("square", "b2"), ("square", "b3")]
    for step in steps:
        htmls = []
        for app in apps:
            app.dispatch(*step)
            htmls.append(app.html())
        assert htmls[0] == htmls[1], step
    assert apps[0].planned == apps[1].planned and len(apps[0].planned) == 2
    assert page(apps[0]).pieces()["e5"] == "?"  # the planned attack waits for submit
    assert page(apps[0]).enabled("Submit turn")
    before = [page(app) for app in apps]
    for app in apps:
        press(app, "Submit turn")
    after = [page(app) for app in apps]
    # now the fight is resolved: the Corporal lost to the Mine, and beat the Sapper
    assert page(apps[0]).pieces().get("e4") is None and page(apps[0]).pieces()["e5"] == "?"
    assert page(apps[1]).pieces()["e5"] == "C"
    assert removed(after[0]) - removed(before[0]) == Counter("C")
    assert removed(after[1]) - removed(before[1]) == Counter("e")


def removed(p):
    return Counter(n.get("data-removed") for n in p.find(lambda n: "data-removed" in n.attrib))


def test_hidden_kinds_never_reach_the_markup():
    app = app_at(POSITION)
    check_board_privacy(app)
    f8 = " ".join(strings(page(app).squares()["f8"]))
    assert "General" in f8  # an unmasked enemy piece is shown
    for sq in ("e5", "g9"):
        text = " ".join(strings(page(app).squares()[sq]))
        assert "Mine" not in text and "Sapper" not in text and "unknown" in text


def test_one_move_turn_when_no_second_move_exists():
    # Red's only movable piece is the Corporal: after its move the turn is complete.
    app = app_at(epn({"a1": "H", "a2": "M", "e4": "C", "j10": "h", "c9": "c"}))
    assert not page(app).enabled("Submit turn")
    plan(app, app.turn.next_moves()[0])
    assert app.turn.next_moves() == []
    p = page(app)
    assert p.enabled("Submit turn")
    assert "Turn complete" in p.html
    press(app, "Submit turn")
    assert app.screen == "results"
    assert app.match.game.turn == "blue"


def test_capturing_the_headquarters_ends_the_game():
    app = app_at(epn({"a1": "H", "e4": "C", "j1": "C", "e5": "h", "c9": "c"}))
    tap(app, "e4")
    tap(app, "e5")
    tap(app, "j1")
    tap(app, "j2")
    press(app, "Submit turn")
    assert app.screen == "over"
    [node] = page(app).find(lambda n: "data-outcome" in n.attrib)
    assert node.get("data-outcome") == "red:headquarters"


# -- setup --------------------------------------------------------------------------


def setup_app(seed=1):
    app = new_app(seed)
    assert page(app).screen == "setup"
    return app


def tray_count(app, kind):
    [b] = page(app).find(lambda n: n.get("data-action") == "pick" and n.get("data-arg") == kind)
    return int(b.get("aria-label").rsplit(", ", 1)[1].split()[0])


def test_the_setup_hint_says_a_tap_places_the_picked_kind_while_one_is_picked():
    """"Tap two placed pieces to swap them" was said while the tray had picked the next kind by
    itself: a player who did so placed that kind over the first piece instead."""
    app = setup_app()
    app.dispatch("pick", "H")
    tap(app, "a1")
    assert app.picked == "C"  # the Headquarters placed, the tray picks the next kind
    html = page(app).html
    assert "first tap the picked kind again to put it down" in html and "Tap two placed pieces" not in html
    app.dispatch("pick", "C")  # put it down
    assert app.picked is None and "Tap two placed pieces to swap them" in page(app).html


def test_setup_pick_place_swap_replace_and_ready():
    app = setup_app()
    p = page(app)
    assert not p.enabled("Ready")
    assert set(p.square_with("zone")) == {square_name(sq) for sq in SETUP_SQUARES[RED]}
    app.dispatch("pick", "G")
    tap(app, "a1")
    assert page(app).pieces() == {"a1": "G"}
    assert tray_count(app, "G") == 1
    before = app.html()
    for outside in ("a4", "a8"):  # a tap outside the zone places nothing, and says why
        app.dispatch("square", outside)
        assert page(app).message() == "Pieces are set up in your zone: the three highlighted ranks on your side."
        assert page(app).pieces() == {"a1": "G"} and app.picked == "G"
    app.dispatch("key", "Escape")
    app.dispatch("pick", "G")
    assert app.html() == before
    tap(app, "b1")
    assert tray_count(app, "G") == 0
    assert app.picked == "C"  # the tray moves on to the next kind with pieces left
    app.dispatch("key", "Escape")
    assert app.picked is None
    # swap two placed pieces
    app.dispatch("pick", "C")
    tap(app, "c1")
    app.dispatch("key", "Escape")
    tap(app, "a1")
    assert page(app).square_with("selected") == ["a1"]
    tap(app, "c1")
    assert page(app).pieces() == {"a1": "C", "b1": "G", "c1": "G"}
    # move a placed piece to an empty square
    tap(app, "b1")
    tap(app, "b3")
    assert page(app).pieces() == {"a1": "C", "b3": "G", "c1": "G"}
    # replace: tap a placed piece, then another kind: the piece goes back to the tray
    tap(app, "a1")
    app.dispatch("pick", "M")
    assert "a1" not in page(app).pieces() and tray_count(app, "C") == 5
    tap(app, "a1")
    assert page(app).pieces()["a1"] == "M"
    # a picked kind placed on an occupied square replaces that piece
    tap(app, "c1")
    assert page(app).pieces()["c1"] == "M" and tray_count(app, "G") == 1
    # fill the rest by picking and tapping
    app.dispatch("key", "Escape")
    free = [sq for sq in SETUP_SQUARES[RED] if square_name(sq) not in page(app).pieces()]
    for kind in KINDS:
        while app.setup.remaining(kind):
            if app.picked != kind:
                app.dispatch("pick", kind)
            assert not page(app).enabled("Ready")
            tap(app, square_name(free.pop()))
    assert free == []
    p = page(app)
    assert len(p.pieces()) == 30 and p.enabled("Ready")
    assert "30 of 30 placed" in p.html
    placed = dict(app.placed)
    press(app, "Ready")
    assert app.match.setups[RED] == Setup(RED, placed)


def test_setup_drag_clear_and_random():
    app = setup_app()
    assert not page(app).enabled("Clear")  # nothing placed: nothing to clear
    app.dispatch("drop", "C>e3")
    assert page(app).enabled("Clear")
    assert page(app).pieces() == {"e3": "C"} and app.picked is None
    app.dispatch("drop", "e3>e2")
    assert page(app).pieces() == {"e2": "C"}
    app.dispatch("drop", "G>e1")
    app.dispatch("drop", "e1>e2")  # drag onto a piece swaps
    assert page(app).pieces() == {"e1": "C", "e2": "G"}
    app.dispatch("drop", "e2>e5")  # outside the zone: nothing moves
    assert page(app).pieces() == {"e1": "C", "e2": "G"}
    app.dispatch("key", "Escape")
    app.dispatch("pick", "L")
    app.dispatch("drop", "e1>a1")  # a drag from the board ignores the kind picked in the tray
    assert page(app).pieces() == {"a1": "C", "e2": "G"}
    for label in ("Random setup", "Fully random"):
        press(app, label)
        assert len(page(app).pieces()) == 30 and page(app).enabled("Ready")
        assert Counter(app.placed.values()) == ARMY
        press(app, "Clear")
        assert page(app).pieces() == {} and not page(app).enabled("Ready") and not page(app).enabled("Clear")
        for kind in KINDS:
            assert tray_count(app, kind) == ARMY[kind]


def test_blue_sets_up_on_its_side_of_a_turned_board():
    app = setup_app()
    press(app, "Random setup")
    press(app, "Ready")
    press(app, "Show Blue's board")
    p = page(app)
    assert p.screen == "setup" and app.side == BLUE
    assert not p.pieces()  # Red's army is not on Blue's screen
    assert set(p.square_with("zone")) == {square_name(sq) for sq in SETUP_SQUARES[BLUE]}
    assert "bottom-blue" in p.html
    app.dispatch("drop", "C>e9")
    assert page(app).pieces() == {"e9": "c"}
    app.dispatch("drop", "S>e2")  # Red's zone
    assert page(app).pieces() == {"e9": "c"}
    assert page(app).message() == "Pieces are set up in your zone: the three highlighted ranks on your side."


def test_saved_setups_round_trip_for_both_colours():
    storage = MemoryStorage()
    app = new_app(1, storage)
    press(app, "Save setup", "incomplete")
    assert "all 30" in page(app).message()
    press(app, "Random setup")
    red = dict(app.placed)
    press(app, "Save setup", "  ")
    assert "name" in page(app).message()
    press(app, "Save setup", "  My   wall ")
    assert "My wall" in page(app).message()
    assert json.loads(storage.get(SETUPS_KEY)) == {"My wall": "".join(red[sq] for sq in SETUP_SQUARES[RED])}
    press(app, "Clear")
    press(app, "Load My wall")
    assert app.placed == red
    press(app, "Ready")
    # Blue of the same game is not offered Red's setup, even after a reload
    app = App(storage, rng=random.Random(2))
    assert app.screen == "cover"
    press(app, "Show Blue's board")
    assert not page(app).has_button("Load My wall")
    assert "not offered to Red until it ends" in app.html()
    app.dispatch("load-setup", "My wall")  # a modified page asks anyway: refused
    assert app.placed == {}
    app.dispatch("delete-setup", "My wall")
    assert "My wall" in json.loads(storage.get(SETUPS_KEY))
    press(app, "Random setup")
    blue = dict(app.placed)
    press(app, "Save setup", "Blue wall")
    press(app, "Ready")
    press(app, "Show Red's board")
    assert not page(app).has_button("Load Blue wall")  # nor Red Blue's
    # in another game both are offered to both colours, a Blue setup turned for Red and back
    storage.remove(UI_KEY)
    app2 = new_app(3, storage)
    press(app2, "Load Blue wall")
    assert app2.placed == {rotated(sq): k for sq, k in blue.items()}
    press(app2, "Load My wall")
    assert app2.placed == red
    press(app2, "Ready")
    press(app2, "Show Blue's board")
    press(app2, "Load My wall")
    assert app2.placed == {rotated(sq): k for sq, k in red.items()}
    assert page(app2).pieces()["j10"] == letter_of(red[parse_square("a1")], BLUE)
    [forget] = [b for b in page(app2).buttons("Forget") if b.get("data-arg") == "Blue wall"]
    app2.dispatch(forget.get("data-action"), forget.get("data-arg"))
    assert not page(app2).has_button("Load Blue wall") and page(app2).has_button("Load My wall")
    assert set(json.loads(storage.get(SETUPS_KEY))) == {"My wall"}


def test_load_is_disabled_while_the_board_holds_that_setup():
    storage = MemoryStorage()
    app = new_app(1, storage)
    press(app, "Random setup")
    press(app, "Save setup", "My wall")
    assert not page(app).enabled("Load My wall")  # the board is that setup: loading it changes nothing
    general, colonel = (square_name(next(sq for sq, k in app.placed.items() if k == kind)) for kind in "GC")
    tap(app, general)
    tap(app, colonel)  # swapped
    assert page(app).enabled("Load My wall")
    press(app, "Load My wall")
    assert not page(app).enabled("Load My wall")
    # Blue of another game loads it turned: once it stands, Load is disabled there too
    storage.remove(UI_KEY)
    app = new_app(2, storage)
    press(app, "Random setup")
    press(app, "Ready")
    press(app, "Show Blue's board")
    assert page(app).enabled("Load My wall")
    press(app, "Load My wall")
    assert app.placed and not page(app).enabled("Load My wall")


def test_setups_saved_in_a_game_are_offered_to_both_once_it_ends():
    storage = MemoryStorage()
    app = new_app(5, storage)
    press(app, "Random setup")
    press(app, "Save setup", "Red's")
    press(app, "Ready")
    press(app, "Show Blue's board")
    assert not page(app).has_button("Load Red's")
    press(app, "Random setup")
    press(app, "Ready")
    press(app, "Show Red's board")
    press(app, "Resign")
    press(app, "Resign")
    assert app.match.keeps_from(BLUE) == frozenset()
    assert App(storage).matches[app.match.key].setups_saved == [["Red's"], []]


def test_a_setup_is_not_saved_over_the_one_the_other_player_saved_in_this_game():
    storage = MemoryStorage()
    app = new_app(5, storage)
    press(app, "Random setup")
    press(app, "Save setup", "Mine")
    reds = json.loads(storage.get(SETUPS_KEY))["Mine"]
    press(app, "Ready")
    press(app, "Show Blue's board")
    press(app, "Random setup")
    press(app, "Save setup", "Mine")
    assert "choose another name" in page(app).message()
    assert json.loads(storage.get(SETUPS_KEY)) == {"Mine": reds}
    assert app.match.setups_saved == [["Mine"], []]
    press(app, "Save setup", "Blue's")
    assert app.match.setups_saved == [["Mine"], ["Blue's"]]
    assert set(json.loads(storage.get(SETUPS_KEY))) == {"Mine", "Blue's"}


UNREADABLE = "cannot be read by this version of the game: they are kept untouched, not deleted."


def a_setup(seed):
    return str(Setup.random(RED, random.Random(seed)))


@pytest.mark.parametrize(
    "text",
    ["XYZ", "C" * 30, "CCCCCLLLLKKKOOGGSSSSSEEEEMMMMX", 5, {"army": "X"}],
    ids=["short", "thirty-colonels", "not-a-piece", "a-number", "an-object"],
)
def test_a_broken_saved_setup_is_not_offered_and_the_list_says_so(text):
    """A setup this version cannot place was offered, and Load said it could not be used."""
    storage = MemoryStorage({SETUPS_KEY: json.dumps({"broken": text, "good": a_setup(1)})})
    app = new_app(1, storage)
    assert not page(app).has_button("Load broken") and page(app).has_button("Load good")
    assert UNREADABLE in app.html()
    app.dispatch("drop", "C>a1")
    app.dispatch("load-setup", "broken")  # a modified page asks anyway: nothing happens
    assert app.placed == {parse_square("a1"): "C"} and not page(app).message()


@pytest.mark.parametrize(
    "text", ["{nope", "[" * 100_000, "[]", '{"format": 2, "setups": []}'], ids=["not-json", "nested-too-deep", "a-list", "newer-version"]
)
def test_an_unreadable_setup_list_offers_none_and_says_so_instead_of_none_saved(text):
    app = new_app(1, MemoryStorage({SETUPS_KEY: text}))
    assert UNREADABLE in app.html() and "None saved" not in app.html() and not page(app).buttons("Forget")


@pytest.mark.parametrize(
    "text, usable",
    [
        ("{nope", []),
        (json.dumps([a_setup(2)]), []),
        (json.dumps({"good": a_setup(2), "broken": "XYZ"}), ["good"]),
        (json.dumps({"format": 2, "setups": {"good": {"army": a_setup(2)}}}), []),
    ],
    ids=["not-json", "a-list", "one-bad-entry", "newer-version"],
)
def test_a_setup_list_this_version_cannot_read_whole_is_kept_when_a_setup_is_saved_or_forgotten(text, usable):
    """Saving or forgetting a setup wrote over a stored list this version could not read whole:
    every setup in it was lost, without a word."""
    storage = MemoryStorage({SETUPS_KEY: text})
    app = new_app(1, storage)
    press(app, "Random setup")
    press(app, "Save setup", "mine")
    assert "“mine” saved" in page(app).message()
    assert kept(storage) == {KEPT_SETUPS_PREFIX + "1": text}
    assert sorted(json.loads(storage.get(SETUPS_KEY))) == sorted(app.setups) == sorted([*usable, "mine"])
    assert UNREADABLE in app.html()  # the kept list's other setups still cannot be read
    for name in [*usable, "mine"]:
        [forget] = [b for b in page(app).buttons("Forget") if b.get("data-arg") == name]
        app.dispatch(forget.get("data-action"), name)
    assert json.loads(storage.get(SETUPS_KEY)) == {} and kept(storage) == {KEPT_SETUPS_PREFIX + "1": text}
    storage.remove(UI_KEY)
    assert UNREADABLE in new_app(2, storage).html()  # said on every load while a list is kept


def test_a_setup_list_that_cannot_be_kept_aside_is_not_written_and_the_page_says_so():
    text = json.dumps({"good": a_setup(2), "newer": {"army": a_setup(3)}})
    storage = RefusingStorage({SETUPS_KEY: text})
    app = new_app(1, storage)
    press(app, "Random setup")
    press(app, "Save setup", "mine")
    assert "could not be saved" in page(app).message()
    press(app, "Forget")
    assert "could not be changed" in page(app).message()
    assert storage.get(SETUPS_KEY) == text and not kept(storage)
    assert set(app.setups) == {"good"} and UNREADABLE in app.html()


def test_setups_another_tab_left_unreadable_are_said_so_at_once():
    storage = MemoryStorage({SETUPS_KEY: json.dumps({"good": a_setup(2)})})
    app = new_app(1, storage)
    assert UNREADABLE not in app.html() and page(app).has_button("Load good")
    storage.set(SETUPS_KEY, json.dumps({"good": a_setup(2), "newer": {"army": a_setup(3)}}))
    assert app.storage_changed(SETUPS_KEY)
    assert UNREADABLE in app.html() and page(app).has_button("Load good") and not page(app).has_button("Load newer")
    assert not app.storage_changed(SETUPS_KEY)


DISCARD_QUESTION_TEXT = "Delete the setups this version cannot read?"


def with_unreadable_setups(storage_class=MemoryStorage):
    """A device whose stored setups list has one setup this version cannot read, and a list kept aside."""
    text = json.dumps({"good": a_setup(2), "newer": {"army": a_setup(3)}})
    return storage_class({SETUPS_KEY: text, KEPT_SETUPS_PREFIX + "1": "{nope"}), text


def test_the_setups_this_version_cannot_read_are_deleted_only_when_the_player_asks_twice():
    """The message that some setups cannot be read stayed on every load, with no way to be rid of
    them but the browser's own tools."""
    storage, text = with_unreadable_setups()
    app = new_app(1, storage)
    assert UNREADABLE in app.html() and DISCARD_QUESTION_TEXT not in app.html()
    press(app, "Delete them")
    assert DISCARD_QUESTION_TEXT in app.html() and storage.get(SETUPS_KEY) == text and kept(storage)
    press(app, "Keep")
    assert DISCARD_QUESTION_TEXT not in app.html() and storage.get(SETUPS_KEY) == text and kept(storage)
    press(app, "Delete them")
    press(app, "Delete setups")
    assert json.loads(storage.get(SETUPS_KEY)) == {"good": a_setup(2)} and not kept(storage)
    html = app.html()
    assert UNREADABLE not in html and DISCARD_QUESTION_TEXT not in html and not page(app).has_button("Delete them")
    assert page(app).has_button("Load good")
    storage.remove(UI_KEY)
    assert UNREADABLE not in new_app(2, storage).html()


def test_delete_them_is_offered_only_while_some_setups_cannot_be_read():
    storage = MemoryStorage({SETUPS_KEY: json.dumps({"good": a_setup(2)})})
    app = new_app(1, storage)
    assert not page(app).has_button("Delete them")
    app.dispatch("discard-setups")  # a modified page asks anyway: nothing to ask about
    assert app.confirm is None and DISCARD_QUESTION_TEXT not in app.html()
    app.dispatch("discard-setups-confirm")
    assert app.confirm is None and storage.get(SETUPS_KEY) == json.dumps({"good": a_setup(2)})


def test_the_setups_this_version_cannot_read_are_asked_about_on_the_setup_screen_only():
    """Asked, or answered, on another screen (the home screen here), where the question is not
    shown, nothing is asked and nothing deleted."""
    storage, text = with_unreadable_setups()
    app = App(storage, rng=random.Random(1))
    app.dispatch("discard-setups")
    assert app.confirm is None
    app.confirm = DISCARD_QUESTION  # however it came to stand on another screen
    app.dispatch("discard-setups-confirm")
    assert storage.get(SETUPS_KEY) == text and kept(storage)


def test_a_forged_confirm_deletes_nothing_unasked():
    """A page (or a modified one) that sends the answer without the question deletes nothing."""
    storage, text = with_unreadable_setups()
    app = new_app(1, storage)
    app.dispatch("discard-setups-confirm")
    assert storage.get(SETUPS_KEY) == text and kept(storage) and UNREADABLE in app.html()


@pytest.mark.parametrize("key", [SETUPS_KEY, KEPT_SETUPS_PREFIX + "1", UI_KEY])
def test_a_saved_games_delete_deletes_no_setups_list_nor_the_screen_state(key):
    """The home screen's Delete took any storage key a modified page sent, and its answer removed
    it unseen: the saved setups, or a list kept aside, lost without the question they are asked."""
    storage, _text = with_unreadable_setups()
    app = App(storage, rng=random.Random(1))
    app.remember_ui()
    before = dict(storage.data)
    app.dispatch("delete", key)
    assert app.confirm is None
    app.dispatch("delete-confirm")
    assert storage.data == before


def test_a_saved_games_delete_answers_no_other_question():
    """Delete game's answer, sent while the setup screen asks about the setups it cannot read,
    neither removed anything nor left that question standing: it took the question away."""
    storage, _text = with_unreadable_setups()
    app = new_app(1, storage)
    press(app, "Delete them")
    app.dispatch("delete-confirm")
    assert DISCARD_QUESTION_TEXT in app.html()
    press(app, "Delete setups")
    assert not kept(storage)


class ReadOnlyStorage(MemoryStorage):
    """A storage that reads but refuses every change (blocked)."""

    def set(self, key, value):
        raise OSError("blocked")

    def remove(self, key):
        raise OSError("blocked")


def test_setups_that_cannot_be_deleted_stay_and_the_page_says_so():
    storage, text = with_unreadable_setups(ReadOnlyStorage)
    app = new_app(1, storage)
    press(app, "Delete them")
    press(app, "Delete setups")
    assert "could not be changed" in page(app).message()
    assert storage.get(SETUPS_KEY) == text and kept(storage) and UNREADABLE in app.html()


def test_setups_another_tab_deleted_are_taken_at_once_and_the_question_goes():
    storage, _text = with_unreadable_setups(MemoryStorage)
    storage.remove(SETUPS_KEY)  # only a kept list: its removal is the only change another tab makes
    app = new_app(1, storage)
    press(app, "Delete them")
    storage.remove(KEPT_SETUPS_PREFIX + "1")
    assert app.storage_changed(KEPT_SETUPS_PREFIX + "1")
    assert UNREADABLE not in app.html() and DISCARD_QUESTION_TEXT not in app.html() and app.confirm is None


def test_the_question_goes_when_another_tab_changes_the_setups_under_it():
    """Delete setups answered a question asked of other setups: a list another tab (a newer
    version's) wrote while the question was open was deleted with it, unseen."""
    storage, _text = with_unreadable_setups()
    app = new_app(1, storage)
    press(app, "Delete them")
    newer = json.dumps({"format": 3, "setups": {}})
    storage.set(SETUPS_KEY, newer)
    assert app.storage_changed(SETUPS_KEY)
    assert DISCARD_QUESTION_TEXT not in app.html() and UNREADABLE in app.html()
    app.dispatch("discard-setups-confirm")
    assert storage.get(SETUPS_KEY) == newer and kept(storage)


# -- reload ----------------------------------------------------------------------------


def reloaded(app):
    """The app after a reload of its tab (its tab storage, if it has one, is still there)."""
    return App(app.storage, rng=random.Random(99), tab_storage=app.tab_storage)


def reopened(app, side):
    """The app after a page load: a player's board comes back only behind the cover."""
    again = reloaded(app)
    check_cover(again, side)
    press(again, f"Show {NAMES[side]}'s board")
    return again


def test_the_screen_state_is_written_once_the_binding_runs_the_deferred_work():
    app = to_play()
    later = []
    app.defer = later.append
    piece = next(m.from_square for m in app.turn.view().legal_moves())
    name = "abcdefghij"[piece % 10] + str(piece // 10 + 1)
    before = app.storage.get(UI_KEY)
    tap(app, name)
    tap(app, name)
    tap(app, name)
    assert app.storage.get(UI_KEY) == before  # nothing written during the taps
    assert len(later) == 1  # one write for them all
    later.pop()()
    assert reloaded(app).selected is None and json.loads(app.storage.get(UI_KEY))["screen"] == "play"
    tap(app, name)
    assert len(later) == 1


def test_reload_resumes_every_screen_behind_the_cover():
    storage = MemoryStorage()
    app = new_app(4, storage)
    app.dispatch("drop", "C>b2")
    app.dispatch("drop", "M>c3")
    again = reopened(app, RED)
    assert again.screen == "setup" and again.html() == app.html()  # the setup in progress
    press(app, "Random setup")
    press(app, "Ready")
    assert reloaded(app).html() == app.html()  # the cover for Blue
    press(app, "Show Blue's board")
    press(app, "Random setup")
    press(app, "Ready")
    press(app, "Show Red's board")
    rng = random.Random(4)
    for _ in range(3):
        mover = app.side
        play_turn(app, rng, checks=False)
        assert reopened(app, mover).html() == app.html()  # the turn played
        press(app, "Hand over")
        assert reloaded(app).html() == app.html()  # cover
        press(app, f"Show {NAMES[app.side]}'s board")
        assert reopened(app, app.side).html() == app.html()  # board with the last turn
    plan(app, app.turn.next_moves()[0])
    again = reopened(app, app.side)
    assert again.screen == "play" and again.planned == app.planned
    assert again.match.game.position() == app.match.game.position()
    assert again.html() == app.html()
    play_turn(again, rng, checks=False)  # the reloaded app plays on
    assert again.match.game.turn_number == app.match.game.turn_number + (app.side == BLUE)
    press(again, "Hand over")
    press(again, f"Show {NAMES[again.side]}'s board")
    press(again, "Resign")
    press(again, "Resign")  # "Resign this game?"
    third = reloaded(again)
    assert third.screen == "over" and third.html() == again.html()


@pytest.mark.parametrize("stale", ["same", "zz", 7])
def test_a_reload_whose_planned_moves_no_longer_fit_keeps_the_board_without_them(stale):
    app = to_play(3)
    first = app.turn.next_moves()[0]
    plan(app, first)
    data = json.loads(app.storage.get(UI_KEY))
    data["planned"] = [str(first), str(first) if stale == "same" else stale]  # the same move again: illegal
    app.storage.set(UI_KEY, json.dumps(data))
    again = reopened(app, RED)
    assert again.screen == "play" and again.match.id == app.match.id and again.planned == []


@pytest.mark.parametrize(
    "damage, fits",
    [
        ({"200": "C"}, {}),  # off the board
        ({"-5": "C"}, {}),  # off the board too (a negative index would draw it on j10)
        ({"b2": "C"}, {}),  # not a square number
        ({"55": "C"}, {}),  # in the neutral zone
        ({"95": "C"}, {}),  # in Blue's rows
        ({"0": "Z"}, {}),  # no such kind
        ({"0": ["C"]}, {}),
        ({"0": "H", "1": "H", "2": "H"}, {"a1": "H"}),  # one Headquarters in an army
        ([["11", "C"]], None),  # not a dict at all: nothing fits
    ],
    ids=["off", "negative", "name", "neutral", "blue", "kind", "list", "too-many", "not-dict"],
)
def test_a_reload_with_a_broken_placement_keeps_the_setup_screen_with_what_fits(damage, fits):
    app = new_app(1)
    app.dispatch("drop", "C>b2")
    data = json.loads(app.storage.get(UI_KEY))
    data["placed"] = data["placed"] | damage if fits is not None else damage
    app.storage.set(UI_KEY, json.dumps(data))
    again = reopened(app, RED)
    assert again.screen == "setup" and again.match.id == app.match.id
    drawn = {sq: k for sq, k in page(again).pieces().items() if k != "V"}
    assert again.placed == ({} if fits is None else {parse_square(sq): k for sq, k in (fits | {"b2": "C"}).items()})
    assert drawn == {square_name(sq): k for sq, k in again.placed.items()}


@pytest.mark.parametrize("side", [0.0, 1.0, True])
def test_a_reload_whose_side_is_no_whole_number_comes_back_to_the_game_as_saved(side):
    """A side kept as 1.0 passed for Blue's, and drawing the board raised TypeError on every load."""
    app = to_play(5)
    data = json.loads(app.storage.get(UI_KEY))
    app.storage.set(UI_KEY, json.dumps({**data, "side": side}))
    again = App(app.storage, rng=random.Random(5))
    assert 'data-screen="cover"' in again.html() and again.side == RED


def test_reload_with_a_broken_ui_state_goes_home():
    storage = MemoryStorage({UI_KEY: '{"screen": "play", "match": "nope"}'})
    assert App(storage).screen == "home"
    storage = MemoryStorage({UI_KEY: "garbage"})
    assert App(storage).screen == "home"


@pytest.mark.parametrize("screen", ["options", "computer-options"])
def test_a_screen_state_naming_a_game_on_a_screen_of_no_game_shows_that_screen(screen):
    """A new game's options named with a saved game (of pass and play, or against the computer)
    made drawing the page fail on every load: the options are drawn by their own mode."""
    storage = MemoryStorage()
    app = to_play(2, storage)
    from tests.test_computer import new_game

    storage.remove(UI_KEY)
    computer, _worker = new_game(storage=storage)
    for match in (app.match, computer.match):
        storage.set(UI_KEY, json.dumps({"screen": screen, "match": match.id, "side": 0}))
        again = App(storage)
        assert f'data-screen="{screen}"' in again.html()
        assert again.match is None and again.side is None


@pytest.mark.parametrize("options", [[2, 4.0], [2, 6.0]])
def test_a_screen_state_whose_options_are_no_whole_numbers_goes_home(options):
    """A count of volcanoes kept as 4.0 passed for a variant's, and Start on the options raised
    TypeError (no game could be started from them)."""
    storage = MemoryStorage({UI_KEY: json.dumps({"screen": "options", "options": options})})
    app = App(storage, rng=random.Random(1))
    app.dispatch("start")
    assert app.screen == "home" and app.options == Variant()


def test_a_screen_state_nested_too_deep_to_parse_goes_home():
    """JSON nested past the parser's depth raises RecursionError, not ValueError: the page broke
    on every load until the storage was cleared."""
    storage = MemoryStorage({UI_KEY: "[" * 100_000})
    app = App(storage)
    assert app.screen == "home" and 'data-screen="home"' in app.html()


# -- storage trouble ------------------------------------------------------------------


def used(storage):
    return sum(len(k) + len(v) for k, v in storage.data.items())


def test_storage_full_keeps_the_last_save_and_the_game_playable():
    storage = MemoryStorage()
    app = to_play(6, storage)
    rng = random.Random(6)
    play_turn(app, rng, checks=False)
    press(app, "Hand over")
    press(app, "Show Blue's board")
    key = GAME_PREFIX + app.match.id
    saved = storage.get(key)
    storage.capacity = used(storage)  # no room for the next, longer record
    play_turn(app, rng, checks=False)
    msg = page(app).message()
    assert "could not be saved" in msg and "full" in msg
    assert storage.get(key) == saved
    assert app.screen == "results" and len(app.match.game.events) == 4
    press(app, "Hand over")
    press(app, "Show Red's board")
    play_turn(app, rng, checks=False)  # still playable in memory
    assert storage.get(key) == saved
    assert Match.from_json(storage.get(key)).game.moves == app.match.game.moves[:2]
    storage.capacity = None  # room again: the next save is complete
    press(app, "Hand over")
    press(app, "Show Blue's board")
    play_turn(app, rng, checks=False)
    assert not page(app).message()
    assert Match.from_json(storage.get(key)).game.position() == app.match.game.position()


def test_storage_full_from_the_start():
    storage = MemoryStorage(capacity=50)
    app = new_app(1, storage)
    assert "could not be saved" in page(app).message()
    assert app.screen == "setup"
    press(app, "Random setup")
    press(app, "Save setup", "x")
    assert "could not be saved" in page(app).message()
    press(app, "Ready")
    assert app.screen == "cover"
    assert storage.data == {}


def test_a_setup_forgotten_on_a_blocked_storage_stays_in_the_list_and_the_page_says_so():
    storage = MemoryStorage()
    app = new_app(1, storage)
    press(app, "Random setup")
    press(app, "Save setup", "mine")
    assert "mine" in app.setups
    storage.capacity = 0  # full: writing the shorter list fails too
    press(app, "Forget")
    assert "could not be changed" in page(app).message()
    assert "mine" in app.setups and "mine" in storage.get(SETUPS_KEY)


def test_a_reload_after_reds_ready_failed_to_save_comes_back_to_reds_setup():
    storage = MemoryStorage()
    app = new_app(1, storage)
    press(app, "Random setup")
    storage.capacity = used(storage)  # the game's save fails; the smaller screen state still fits
    press(app, "Ready")
    assert "could not be saved" in page(app).message()
    again = reopened(app, RED)  # the save has no setup yet: Red's, not Blue's
    assert again.screen == "setup" and again.side == RED
    storage.capacity = None
    for side in (RED, BLUE):
        press(again, "Random setup")
        press(again, "Ready")
        check_cover(again, 1 - side if side == RED else RED)
        press(again, f"Show {NAMES[1 - side if side == RED else RED]}'s board")
    assert again.screen == "play" and again.side == RED


def test_a_reload_after_a_resignation_failed_to_save_comes_back_to_the_game_as_saved():
    app = to_play(2)
    app.storage.capacity = used(app.storage)
    press(app, "Resign")
    press(app, "Resign")  # "Resign this game?"
    assert app.screen == "over" and "could not be saved" in page(app).message()
    assert "could not be saved before the page was closed" in page(reloaded(app)).message()
    again = reopened(app, RED)
    assert again.screen == "play" and again.match.outcome is None


class NoRoomForGames(MemoryStorage):
    """A storage that, once ``full``, holds no game's record but still the small screen state."""

    full = False

    def set(self, key, value):
        if self.full and key.startswith(GAME_PREFIX):
            raise OSError("storage full")
        super().set(key, value)


def test_a_reload_after_a_turn_failed_to_save_hands_the_device_to_the_player_to_move_in_the_save():
    app = to_play(6, NoRoomForGames())
    app.storage.full = True
    play_turn(app, random.Random(6), checks=False)
    press(app, "Hand over")
    check_cover(app, BLUE)
    assert "could not be saved" in page(app).message()  # said on the cover too
    assert "could not be saved before the page was closed" in page(reloaded(app)).message()
    again = reopened(app, RED)  # Red's turn is not in the save: Red plays it again
    assert again.screen == "play" and again.side == RED


@pytest.mark.parametrize(
    "setups, screen, side",
    [
        ("none", "over", RED),
        ("none", "setup", BLUE),
        ("none", "cover", BLUE),
        ("none", "play", RED),
        ("red", "setup", RED),
        ("both", "over", RED),
        ("both", "setup", BLUE),
        ("both", "play", 7),
    ],
)
def test_a_reload_never_comes_back_to_a_screen_the_saved_game_is_not_at(setups, screen, side):
    """A screen state left by an older version (or any mishap) that names a screen the game as
    saved is not at brings the game's cover where it is instead."""
    app = to_play(1) if setups == "both" else new_app(1)
    if setups == "red":
        press(app, "Random setup")
        press(app, "Ready")
    match_id = app.match.id
    app.storage.set(UI_KEY, json.dumps({"screen": screen, "match": match_id, "side": side}))
    at = {"none": RED, "red": BLUE, "both": RED}[setups]
    again = reopened(app, at)
    assert again.match.id == match_id
    assert again.screen == ("play" if setups == "both" else "setup") and again.side == at


def test_a_draw_offer_that_could_not_be_saved_says_so():
    app = to_play(8)
    app.storage.capacity = 0  # blocked
    press(app, "Offer draw")
    assert "could not be saved" in page(app).message()


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        "null",
        "[1, 2]",
        '{"format": 1}',
        '{"format": 99, "id": "x"}',
        '{"format": 1, "id": "x", "moves_per_turn": 2, "volcanoes": "", "setups": [], "record": null}',
        '{"format": 1, "id": "x", "moves_per_turn": 2, "volcanoes": "", "setups": [null, null], "record": "junk"}',
        *(  # a game of another mode, or of none, saved as pass and play's: its Resume broke the page
            f'{{"format": 1, "id": "broken", "mode": {mode}, "moves_per_turn": 2, "volcanoes": "", '
            '"setups": [null, null], "record": null}'
            for mode in ('"computer"', '"link"', '"chess"', "[]")
        ),
        # both armies set up and no game: Resume showed a setup with no side to set up
        '{"format": 1, "id": "broken", "mode": "pass", "moves_per_turn": 2, "volcanoes": "", "setups": '
        '["LMHMMSSSLLCEOMCKEKSGGSLCEOCKCE", "OCSCEGSMOSECEGSSMHMEKLKLLLCMCK"], "record": null}',
    ],
)
def test_damaged_save_is_listed_kept_and_deleted_only_after_confirming(text):
    key = GAME_PREFIX + "broken"
    storage = MemoryStorage({key: text})
    app = App(storage, rng=random.Random(1))
    p = page(app)
    assert "cannot read" in p.html
    [delete] = p.buttons("Delete")
    assert delete.get("data-arg") == key
    # playing another game never touches it
    app = to_play(1, storage)
    play_turn(app, random.Random(1), checks=False)
    press(app, "Hand over")
    press(app, "Show Blue's board")
    press(app, "Home")
    assert storage.get(key) == text
    app.dispatch("delete-confirm")  # nothing to confirm yet
    assert storage.get(key) == text
    [delete] = [b for b in page(app).buttons("Delete") if b.get("data-arg") == key]
    app.dispatch("delete", key)
    assert page(app).has_button("Delete game") and page(app).has_button("Keep")
    [question] = page(app).find(lambda n: n.get("role") == "alertdialog")
    assert question.get("aria-label") == "Delete this game?"
    assert "primary" in page(app).buttons("Keep")[0].get("class")  # the safe answer takes the focus
    press(app, "Keep")
    assert storage.get(key) == text and not page(app).has_button("Delete game")
    app.dispatch("delete", key)
    press(app, "Delete game")
    assert key not in storage.data
    assert "cannot read" not in page(app).html
    assert len(page(app).buttons("Resume")) == 1


def test_the_first_screen_offers_the_three_ways_to_play_and_the_rules_each_one_tap_away():
    for label, screen in (("Pass and play", "options"), ("Play by link", "link-options"),
                          ("Play the computer", "computer-options")):  # fmt: skip
        app = App(MemoryStorage())
        assert "Saved games" not in page(app).html
        press(app, label)
        assert app.screen == screen
    app = App(MemoryStorage())
    press(app, "How to play")
    assert app.rules_open


def test_a_returning_player_sees_the_saved_games_before_the_ways_to_play():
    storage = MemoryStorage()
    press(to_play(1, storage), "Home")
    html = page(App(storage)).html
    assert html.index('class="saved-games"') < html.index("Pass and play")


def test_delete_a_saved_game():
    storage = MemoryStorage()
    app = to_play(2, storage)
    press(app, "Home")
    assert len(page(app).buttons("Resume")) == 1
    press(app, "Delete")
    press(app, "Delete game")
    assert not [k for k in storage.data if k.startswith(GAME_PREFIX)]
    assert "Saved games" not in page(app).html and not page(app).buttons("Resume")


def test_the_control_that_asked_the_question_open_is_kept_for_the_focus_to_go_back_to():
    """main.py gives the focus back to App.asker when Keep or Escape closes the question."""
    app = to_play(2)
    press(app, "Home")
    press(app, "Pass and play")
    press(app, "Start")  # a second saved game
    press(app, "Home")
    first, second = sorted((m.key for m in app.saved_games), key=lambda k: app.matches[k].game is None)  # played first
    app.dispatch("delete", first)
    assert app.asker == ("delete", first)
    app.dispatch("delete", second)  # another row's question replaces it
    assert app.confirm == second and app.asker == ("delete", second)
    press(app, "Keep")
    assert app.confirm is None and app.asker == ("delete", second)
    app.dispatch("moves", "2")  # the next action forgets it, on the same screen too
    assert app.screen == "home" and app.asker == ()
    app.dispatch("resume", first)
    assert app.asker == ()
    press(app, "Show Red's board")
    press(app, "Resign")
    assert app.asker == ("resign", "")
    app.dispatch("key", "Escape")
    assert app.confirm is None and app.asker == ("resign", "")
    press(app, "Resign")
    press(app, "Home")  # another screen: the control that asked is not on it
    assert app.confirm is None and app.asker == ()
    app.dispatch("delete", SETUPS_KEY)  # no question asked
    assert app.confirm is None and app.asker == ()


def test_resume_a_game_from_home():
    storage = MemoryStorage()
    app = to_play(2, storage)
    plan(app, app.turn.next_moves()[0])
    press(app, "Home")
    app = App(storage)
    press(app, "Resume")
    check_cover(app, RED)
    press(app, "Show Red's board")
    assert app.screen == "play" and app.planned == []


# -- draws, resignation, replay ---------------------------------------------------------


def test_draw_offer_declined_then_accepted():
    app = to_play(8)
    rng = random.Random(8)
    press(app, "Offer draw")
    assert "Draw offered" in page(app).message()
    assert not page(app).enabled("Offer draw")
    assert not page(app).has_button("Accept draw")  # the offerer cannot accept
    play_turn(app, rng, checks=False)
    press(app, "Hand over")
    press(app, "Show Blue's board")
    p = page(app)
    assert "offers a draw" in p.html and p.has_button("Accept draw")
    press(app, "Decline draw")
    assert not page(app).has_button("Accept draw") and page(app).enabled("Offer draw")
    assert app.match.draw_offer is None
    press(app, "Offer draw")
    play_turn(app, rng, checks=False)
    press(app, "Hand over")
    press(app, "Show Red's board")
    press(app, "Accept draw")
    [node] = page(app).find(lambda n: "data-outcome" in n.attrib)
    assert node.get("data-outcome") == "draw:agreement"


def test_resign_asks_first_and_keep_playing_keeps_the_game():
    app = to_play(9)
    press(app, "Resign")
    p = page(app)
    assert "Resign this game?" in p.html and p.has_button("Keep playing")
    assert app.screen == "play" and app.match.outcome is None
    press(app, "Keep playing")
    assert app.screen == "play" and app.match.outcome is None
    assert "Resign this game?" not in app.html()
    app.dispatch("resign-confirm")  # without the question, nothing
    assert app.match.outcome is None
    press(app, "Resign")
    press(app, "Resign")
    assert app.screen == "over"
    [node] = page(app).find(lambda n: "data-outcome" in n.attrib)
    assert node.get("data-outcome") == "blue:resignation"


def test_back_never_goes_past_the_cover_to_a_board():
    app = new_app(3)
    press(app, "Random setup")
    app.dispatch("back")  # from Red's setup: the cover, the setup kept behind it
    check_cover(app, RED)
    app.dispatch("back")
    assert app.screen == "home"
    press(app, "Resume")
    press(app, "Show Red's board")
    press(app, "Random setup")
    press(app, "Ready")
    press(app, "Show Blue's board")
    press(app, "Random setup")
    press(app, "Ready")
    press(app, "Show Red's board")
    play_turn(app, random.Random(3), checks=False)
    assert app.screen == "results"
    app.dispatch("back")
    check_cover(app, RED)  # Red's turn played, behind Red's cover
    press(app, "Show Red's board")
    assert app.screen == "results"
    press(app, "Hand over")
    press(app, "Show Blue's board")
    press(app, "Resign")
    app.dispatch("back")  # first it only closes the question
    assert app.screen == "play" and app.confirm is None
    app.dispatch("back")
    check_cover(app, BLUE)
    app.dispatch("back")
    assert app.screen == "home"
    press(app, "Pass and play")
    app.dispatch("back")
    assert app.screen == "home"


def replay_state(app):
    p = page(app)
    [caption] = p.find(lambda n: "replay-caption" in classes(n))
    return int(caption.get("data-step")), p.pieces()


def letters_as_pieces(letters):
    return {square_name(sq): x for sq, x in enumerate(letters) if x not in (None, "V")}


def test_replay_steps_through_the_game_after_a_resignation():
    app = to_play(10)
    rng = random.Random(10)
    start = app.match.game.full_view().letters
    for _ in range(3):
        play_turn(app, rng, checks=False)
        press(app, "Hand over")
        press(app, f"Show {NAMES[app.side]}'s board")
    game = app.match.game
    final = game.full_view().letters
    total = len(game.events)
    outcome = f"{SIDES[1 - app.side]}:resignation"
    press(app, "Resign")
    press(app, "Resign")  # "Resign this game?"
    assert replay_state(app) == (total, letters_as_pieces(final))
    assert not page(app).enabled("Forward") and not page(app).enabled("Last")
    press(app, "Back")
    assert replay_state(app)[0] == total - 1
    press(app, "First")
    assert replay_state(app) == (0, letters_as_pieces(start))
    assert not page(app).enabled("Back") and not page(app).enabled("First")
    press(app, "Forward")
    assert replay_state(app)[0] == 1
    press(app, "Last")
    assert replay_state(app) == (total, letters_as_pieces(final))
    # stepping through never changes the game itself
    assert str(game.outcome) == outcome and len(game.events) == total
    [node] = page(app).find(lambda n: "data-outcome" in n.attrib)
    assert node.get("data-outcome") == outcome


# -- keyboard -------------------------------------------------------------------------


KEY_STEPS = {"ArrowUp": (0, -100), "ArrowDown": (0, 100), "ArrowLeft": (-100, 0), "ArrowRight": (100, 0)}


def cursor(app):
    found = page(app).square_with("cursor")
    assert len(found) <= 1
    return found[0] if found else None


def check_arrow_keys(app, rng):
    bottom = app.side
    app.dispatch("key", "ArrowUp")
    start = cursor(app)
    assert start == ("a1" if bottom == RED else "j10")  # bottom left on the screen
    assert square_origin(parse_square(start), bottom) == (0, 900)
    for key in rng.choices(list(KEY_STEPS), k=40):
        x, y = square_origin(parse_square(cursor(app)), bottom)
        app.dispatch("key", key)
        dx, dy = KEY_STEPS[key]
        nx, ny = x + dx, y + dy
        if 0 <= nx < 1000 and 0 <= ny < 1000:
            assert square_origin(parse_square(cursor(app)), bottom) == (nx, ny), key
        else:
            assert square_origin(parse_square(cursor(app)), bottom) == (x, y), key


def move_cursor_to(app, name):
    bottom = app.side
    tx, ty = square_origin(parse_square(name), bottom)
    if cursor(app) is None:
        app.dispatch("key", "ArrowUp")
    x, y = square_origin(parse_square(cursor(app)), bottom)
    for key, delta in (("ArrowRight", tx - x), ("ArrowDown", ty - y)):
        for _ in range(abs(delta) // 100):
            app.dispatch("key", key if delta > 0 else {"ArrowRight": "ArrowLeft", "ArrowDown": "ArrowUp"}[key])
    assert cursor(app) == name


@pytest.mark.parametrize("side", [RED, BLUE])
def test_keyboard_cursor_moves_in_screen_directions_and_enter_taps(side):
    app = to_play(13)
    rng = random.Random(13)
    if side == BLUE:
        play_turn(app, rng, checks=False)
        press(app, "Hand over")
        press(app, "Show Blue's board")
    assert app.side == side
    check_arrow_keys(app, rng)
    m = app.turn.next_moves()[0]
    move_cursor_to(app, square_name(m.from_square))
    app.dispatch("key", "Enter")
    assert page(app).square_with("selected") == [square_name(m.from_square)]
    app.dispatch("key", "Escape")
    assert app.selected is None
    app.dispatch("key", "Enter")
    move_cursor_to(app, square_name(m.to_square))
    app.dispatch("key", "Enter")
    assert app.planned == [m]


@pytest.mark.parametrize("side", [RED, BLUE])
def test_keyboard_in_setup(side):
    app = setup_app(14)
    if side == BLUE:
        press(app, "Random setup")
        press(app, "Ready")
        press(app, "Show Blue's board")
    rng = random.Random(14)
    check_arrow_keys(app, rng)
    target = SETUP_SQUARES[side][12]
    move_cursor_to(app, square_name(target))
    app.dispatch("pick", "O")
    app.dispatch("key", "Enter")
    assert page(app).pieces() == {square_name(target): letter_of("O", side)}



def test_home_from_setup_and_cover_keeps_the_game():
    app = new_app()
    press(app, "Random setup")
    press(app, "Home")
    assert app.screen == "home" and len(app.saved_games) == 1
    press(app, "Resume")
    assert app.screen == "cover"
    press(app, "Home")
    assert app.screen == "home"
    press(app, "Resume")
    press(app, "Show Red's board")
    assert app.screen == "setup" and app.side == RED and not app.placed


@pytest.mark.parametrize("side", [RED, BLUE])
def test_random_setup_is_sensible_and_fully_random_is_anything(side):
    app = setup_app(3)
    if side == BLUE:
        press(app, "Random setup")
        press(app, "Ready")
        press(app, "Show Blue's board")
    back_rows = {sq for sq in SETUP_SQUARES[side] if sq // 10 in ((0, 1) if side == RED else (8, 9))}
    sensible, anything = [], []
    for label, found in (("Random setup", sensible), ("Fully random", anything)):
        for _ in range(60):
            press(app, label)
            assert Counter(app.placed.values()) == ARMY
            found.append(next(sq for sq, k in app.placed.items() if k == "H"))
    assert set(sensible) <= back_rows and len(set(sensible)) > 5  # guarded, and varied
    assert not set(anything) <= back_rows


def shows_marks_legend(html):
    """Whether the play screen shows the legend of the board's marks; where it does, checks that it
    stands under Undo and Submit: it is for looking up, and above them, on an upright tablet, it
    pushed the other side's last turn and the selected piece's name out of sight."""
    if 'class="badge-legend' not in html:
        return False
    assert html.index('class="turn-bar"') < html.index('class="badge-legend')
    return True


def test_the_marks_legend_stands_under_undo_and_submit():
    app = app_at(POSITION)  # Blue's f8 is unmasked: the eye's legend is shown
    assert "The eye marks an unmasked piece" in app.html()
    assert shows_marks_legend(app.html())


def test_a_spy_that_unmasked_your_pieces_is_drawn_as_a_spy_with_its_mark():
    # Blue to move: its hidden Spy steps from e6 to e5, next to Red's hidden d4 and e4
    game_position = epn({"a1": "H", "d4": "C", "e4": "L", "j10": "h", "e6": "s", "c9": "c"}, side="b", turn=3)
    app = app_at(game_position)  # Blue's board
    app.dispatch("square", "e6")
    app.dispatch("square", "e5")
    app.dispatch("square", "c9")
    app.dispatch("square", "c8")
    press(app, "Submit turn")
    press(app, "Hand over")
    press(app, "Show Red's board")
    view = app.turn.view()
    assert view.letters[parse_square("e5")] == "?"  # SPEC §4: the Spy itself is not unmasked
    assert view.learned == {parse_square("e5"): "S"} and view.marks[parse_square("e5")] == "unmasking"
    square = page(app).squares()["e5"]
    piece = next(n for n in square.iter() if "piece" in classes(n))
    assert piece.get("data-piece") == "s" and piece.get("data-known") == "unmasking"
    assert "known: it unmasked pieces as a Spy" in text(square.find("title"))
    assert page(app).pieces()["c8"] == "?"  # the other piece that moved stays unknown


# -- one game open in two tabs of one browser (one storage) ---------------------------------

PLAYED_ELSEWHERE = "This game was played on in another tab: here it is as it stands now."


def two_tabs(seed=6, storage=None):
    """The same pass-and-play game on Red's board in two tabs: the second opened after the first
    (its game comes back behind the cover). Each tab's clock ticks, so each save differs."""
    first = to_play(seed, storage)
    second = reopened(first, RED)
    for tab in (first, second):
        tab.clock = itertools.count(1).__next__
    assert second.match.id == first.match.id and second.match is not first.match
    return first, second


def plan_turn(app, rng):
    """Plan a whole turn by taps, without submitting it."""
    view = app.turn.view()
    while moves := app.turn.next_moves():
        plan(app, choose(rng, moves, view))


def test_a_turn_is_not_saved_over_the_game_another_tab_played_on():
    """The second tab played Red's turn; the first then played its own Red turn and saved its
    older game over the second's: the second's turn was lost without a word. Now the first tab
    shows the game as the second left it, and plays on from there."""
    first, second = two_tabs()
    key = first.match.key
    play_turn(second, random.Random(1), checks=False)
    theirs = first.storage.get(key)
    play_turn(first, random.Random(2), checks=False)
    assert first.storage.get(key) == theirs
    check_cover(first, BLUE)
    assert page(first).message() == PLAYED_ELSEWHERE
    press(first, "Show Blue's board")
    assert first.match.game.moves == second.match.game.moves
    play_turn(first, random.Random(3), checks=False)  # saved: the game it shows is the one stored
    assert not page(first).message()
    assert Match.from_json(first.storage.get(key)).game.moves == first.match.game.moves


def test_a_game_deleted_in_another_tab_is_not_written_back():
    """The first tab's next turn wrote the game the second tab had deleted back into the storage."""
    first, second = two_tabs()
    key = first.match.key
    press(second, "Home")
    press(second, "Delete")
    press(second, "Delete game")
    play_turn(first, random.Random(2), checks=False)
    assert key not in first.storage.data
    assert first.screen == "home" and page(first).message() == "This game was deleted in another tab."
    assert not page(first).buttons("Resume")


def test_a_game_another_tab_saved_in_a_newer_format_is_kept_and_the_page_asks_for_a_reload():
    """A tab of a newer version saved the game in a format this page cannot read: writing this
    page's older game over it lost the newer one's moves."""
    app = to_play(6)
    key = app.match.key
    newer = json.dumps({"format": 2, "id": app.match.id})
    app.storage.set(key, newer)  # a tab of a newer version of the game, opened since
    play_turn(app, random.Random(2), checks=False)
    assert app.storage.get(key) == newer
    assert app.screen == "home"
    assert page(app).message() == (
        "This game was saved in another tab by a version of the game this page cannot read: reload the page."
    )
    assert "cannot read (kept untouched)" in page(app).html and not page(app).buttons("Resume")


def test_a_game_a_full_storage_could_not_hold_is_not_stored_over_the_game_another_tab_saved():
    """The first tab's turn could not be saved, the storage was full; the second tab then played
    Red's turn on the saved game, with room again. Deleting an old game in the first tab, to make
    room, stored its older game over the second's."""
    storage = NoRoomForGames()
    old = to_play(5, storage).match.id
    storage.remove(UI_KEY)  # a new game from the home screen
    first, second = two_tabs(6, storage)
    key = first.match.key
    storage.full = True
    play_turn(first, random.Random(1), checks=False)
    assert "could not be saved" in page(first).message()
    storage.full = False
    play_turn(second, random.Random(2), checks=False)
    theirs = storage.get(key)
    press(first, "Hand over")
    press(first, "Home")
    first.dispatch("delete", GAME_PREFIX + old)
    press(first, "Delete game")
    assert GAME_PREFIX + old not in storage.data and storage.get(key) == theirs


def test_a_submit_worked_out_ahead_checks_the_storage_as_the_tab_does_and_writes_nothing():
    """The page works out a complete turn's Submit ahead on a copy of the app. On a game another
    tab played on, the copy shows it as it now stands, as the tab then does; on a game no other
    tab changed, the copy's save (kept nowhere) leaves the tab's own to be written."""
    first, second = two_tabs()
    key = first.match.key
    plan_turn(first, random.Random(2))
    play_turn(second, random.Random(1), checks=False)
    theirs = first.storage.get(key)
    ahead = first.ahead_of_turn()
    assert ahead.screen == "cover" and ahead.message == PLAYED_ELSEWHERE
    assert first.screen == "play" and first.storage.get(key) == theirs
    press(first, "Submit turn")
    assert first.screen == "cover" and page(first).message() == PLAYED_ELSEWHERE
    press(first, "Show Blue's board")
    plan_turn(first, random.Random(3))
    ahead = first.ahead_of_turn()
    assert ahead.screen == "results" and not ahead.message
    assert first.storage.get(key) == theirs
    press(first, "Submit turn")
    assert first.screen == "results" and not page(first).message()
    assert Match.from_json(first.storage.get(key)).game.moves == first.match.game.moves


def test_a_game_played_on_in_another_tab_is_shown_at_once_as_it_stands():
    """The browser tells every other tab what one wrote (its ``storage`` event): the tab showing
    that game takes it at once, before the player plans on a board that is no longer the game's."""
    first, second = two_tabs()
    key = first.match.key
    plan(first, first.turn.next_moves()[0])
    play_turn(second, random.Random(1), checks=False)
    assert not first.storage_changed(UI_KEY)  # the other tab's screen state: nothing here
    assert first.screen == "play" and first.planned
    assert first.storage_changed(key)
    check_cover(first, BLUE)
    assert page(first).message() == PLAYED_ELSEWHERE
    assert not first.storage_changed(key)  # told again: nothing new
    press(first, "Show Blue's board")
    assert first.match.game.moves == second.match.game.moves


def test_a_game_deleted_in_another_tab_leaves_the_screen_at_once():
    """Its board would be played on for nothing: the next save would find the game gone."""
    first, second = two_tabs()
    press(second, "Home")
    press(second, "Delete")
    press(second, "Delete game")
    assert first.storage_changed(first.match.key)
    assert first.screen == "home" and page(first).message() == "This game was deleted in another tab."
    assert not page(first).buttons("Resume")


def test_a_page_that_heard_no_storage_events_takes_every_change_when_told_anything_may_have_changed():
    """A page restored from the back/forward cache, or another tab's clearing the whole storage
    (an event with no key): the game shown and the home list are taken as they now stand."""
    first, second = two_tabs()
    play_turn(second, random.Random(1), checks=False)
    assert first.storage_changed(None)
    check_cover(first, BLUE)
    assert page(first).message() == PLAYED_ELSEWHERE
    assert not first.storage_changed(None)  # told again: nothing new
    other = App(first.storage, rng=random.Random(4))
    for label in ("Home", "Pass and play", "Start"):
        press(other, label)
    press(first, "Home")
    assert first.storage_changed(None)
    assert len(page(first).buttons("Resume")) == 2
    first.dispatch("resume", second.match.key)
    for key in list(first.storage.data):
        first.storage.remove(key)  # another tab cleared the storage
    assert first.storage_changed(None)
    assert first.screen == "home" and page(first).message() == "This game was deleted in another tab."
    assert not page(first).buttons("Resume")


def test_a_reload_comes_back_to_the_tabs_own_game_not_the_one_another_tab_showed_last():
    """Every tab kept its screen state in the storage all tabs share, and wrote it as it went
    away: a tab that went without a word (discarded by the browser, or crashed) came back on its
    reload to the game another tab showed last. Each tab now keeps its own too (the browser's
    sessionStorage), which its reload reads first; a new tab reads the shared one."""
    storage = MemoryStorage()
    first = to_play(1, storage, tab_storage=MemoryStorage())
    storage.remove(UI_KEY)  # the second tab opens on the home screen
    second = to_play(2, storage, tab_storage=MemoryStorage())
    assert first.match.key != second.match.key
    again = reopened(first, RED)  # the first tab discarded: it kept nothing as it went
    assert again.match.key == first.match.key and again.html() == first.html()
    assert reopened(second, RED).match.key == second.match.key
    new_tab = App(storage, rng=random.Random(4), tab_storage=MemoryStorage())
    check_cover(new_tab, RED)
    press(new_tab, "Show Red's board")
    assert new_tab.match.key == second.match.key  # the game shown last, in any tab


def test_a_tab_the_player_left_does_not_take_back_what_a_new_tab_comes_back_to():
    """Every tab wrote the screen state all tabs share as it went away: closing a tab the player
    had left made a new tab come back to that tab's game, not to the one played last in another.
    The tab written over takes it back once the player acts there again."""
    storage = MemoryStorage()
    first = to_play(1, storage, tab_storage=MemoryStorage())
    storage.remove(UI_KEY)  # the second tab opens on the home screen
    second = to_play(2, storage, tab_storage=MemoryStorage())
    assert not first.storage_changed(UI_KEY)  # the browser tells it: nothing on its page changes
    first.remember_ui()  # the first tab goes away
    assert reloaded(first).match.key == first.match.key  # its reload still comes back to its own game
    new_tab = App(storage, rng=random.Random(4), tab_storage=MemoryStorage())
    check_cover(new_tab, RED)
    press(new_tab, "Show Red's board")
    assert new_tab.match.key == second.match.key
    press(first, "Home")  # the player is back in the first tab
    assert App(storage, rng=random.Random(4), tab_storage=MemoryStorage()).screen == "home"


def test_a_page_back_from_the_cache_leaves_the_shared_screen_state_to_the_tab_that_wrote_it_meanwhile():
    """A page kept in the back/forward cache hears no storage event: told anything may have
    changed, it finds the shared screen state written by another tab, and leaves it so."""
    storage = MemoryStorage()
    first = to_play(1, storage, tab_storage=MemoryStorage())
    second = App(storage, rng=random.Random(4), tab_storage=MemoryStorage())
    assert not first.storage_changed(None) and first.used_last  # nothing written meanwhile: still the first's
    press(second, "Show Red's board")
    press(second, "Home")
    first.storage_changed(None)
    assert not first.used_last
    first.remember_ui()
    assert App(storage, rng=random.Random(5), tab_storage=MemoryStorage()).screen == "home"


class BlockedStorage(MemoryStorage):
    """A web storage the browser blocks: every read and write raises."""

    def get(self, key):
        raise OSError("blocked")

    def set(self, key, value):
        raise OSError("blocked")


def test_a_blocked_tab_storage_leaves_the_screen_state_to_the_shared_storage():
    """A tab storage that cannot be read or written keeps neither the shared screen state from
    being written nor a reload from coming back to it; nor does a tab's copy that does not read."""
    storage = MemoryStorage()
    app = to_play(3, storage, tab_storage=BlockedStorage())
    assert json.loads(storage.get(UI_KEY))["match"] == app.match.key
    assert reopened(app, RED).html() == app.html()
    tab = MemoryStorage()
    app = to_play(4, tab_storage=tab)
    tab.set(UI_KEY, "[1]")
    assert reopened(app, RED).html() == app.html()


def test_the_home_screen_lists_the_games_other_tabs_start_and_delete():
    """The home list came from the storage as the page found it when it loaded."""
    first = App(MemoryStorage(), rng=random.Random(1))
    second = new_app(2, first.storage)
    key = second.match.key
    assert first.storage_changed(key)
    assert len(page(first).buttons("Resume")) == 1
    press(first, "Resume")
    press(first, "Home")
    press(second, "Home")
    press(second, "Delete")
    press(second, "Delete game")
    assert first.storage_changed(key)
    assert not page(first).buttons("Resume")
    game = to_play(3, first.storage)  # on a board, another tab's new game changes nothing shown
    before = game.html()
    other = App(game.storage, rng=random.Random(4))
    for label in ("Home", "Pass and play", "Start"):
        press(other, label)
    assert not game.storage_changed(other.match.key)
    assert game.html() == before and len(game.saved_games) == 2


def test_setups_saved_and_forgotten_in_two_tabs_are_all_kept_and_each_tab_lists_the_others():
    """Each tab kept the saved setups it found when it loaded and wrote them whole: a setup saved
    in one tab was lost when another, opened before, saved or forgot one, and came back when the
    other had forgotten it. The list open on a setup screen did not show another tab's change."""
    first = new_app(1)
    storage = first.storage
    storage.remove(UI_KEY)  # a new game from the home screen
    second = new_app(2, storage)
    for tab in (first, second):
        press(tab, "Random setup")
    press(first, "Save setup", "A")
    press(second, "Save setup", "B")
    assert set(json.loads(storage.get(SETUPS_KEY))) == {"A", "B"}
    assert first.storage_changed(SETUPS_KEY)  # the list shown has the other tab's setup
    assert page(first).has_button("Load B") and not first.storage_changed(SETUPS_KEY)
    [forget] = [b for b in page(second).buttons("Forget") if b.get("data-arg") == "A"]
    second.dispatch(forget.get("data-action"), forget.get("data-arg"))
    press(first, "Save setup", "C")  # not told of the forgotten A
    assert set(json.loads(storage.get(SETUPS_KEY))) == set(first.setups) == {"B", "C"}
    assert second.storage_changed(None)  # a page that heard no events
    assert page(second).has_button("Load C") and not second.storage_changed(None)
    press(first, "Ready")  # the cover: no setups shown
    press(second, "Save setup", "D")
    assert not first.storage_changed(SETUPS_KEY) and set(first.setups) == {"B", "C", "D"}
