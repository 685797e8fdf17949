"""The browser binding's tap schedule (ui/binding.py), driven through a page that records.

main.py's ``Page`` puts patches and paints marks on the real page; here a page that
records what it is asked keeps the markup it would show, so that each test checks
what the player would see after each frame, and when the app has each tap.
"""

import json
import random
import re

from espionage.board import RED, square_name
from tests.test_app import PLAYED_ELSEWHERE, play_turn, reopened, to_play
from tests.test_computer import to_play as computer_to_play
from tests.test_link_app import start as link_start
from ui.app import App
from ui.binding import BOARD_WRAP, BindingState, FrameQueue, TapSchedule, board_ahead, turn_ahead
from ui.patch import diff, path_of
from ui.saves import UI_KEY


class RecordingPage:
    """A page as the schedule drives it: what it was asked, in order, and the work waiting
    for the next frame (run by ``frame()``). Settling renders as main.py does: the app's
    markup, diffed against the markup the page holds."""

    def __init__(self, app, state):
        self.app, self.state = app, state
        self.calls, self.waiting, self.logged = [], [], []
        self.board = True
        self.motion = False  # as when the player asks for reduced motion
        self.prepared = {}  # the board images it was asked to prepare, by key
        self.bitmaps = False  # whether it has made them bitmaps by the time of a tap

    def paint_marks(self, marks=None):
        self.calls.append(("paint", marks))
        return self.board

    def put(self, patches):
        self.calls.append(("put", [patch for some in patches for patch in json.loads(some)]))

    def prepare_board(self, image):
        self.prepared[image.key] = image

    def paint_board(self, key, marks):
        if not self.bitmaps or key not in self.prepared:
            return False
        self.calls.append(("paint board", key, marks))
        return True

    def finish_motion(self):
        self.calls.append(("finish motion",))

    def animates(self):
        return self.motion

    def after_frame(self, work):
        self.waiting.append(work)

    def settle(self, reading, whole, motion):
        markup = self.app.html()
        self.calls.append(("settle", [] if whole else diff(self.state.shown, markup), motion))
        self.state.shown = markup

    def log(self, text):
        self.logged.append(text)

    def new_screen(self):
        self.calls.append(("new screen",))

    def frame(self):
        waiting, self.waiting = self.waiting, []
        for work in waiting:
            work()


def at_rest(seed=1):
    """A pass-and-play board as main.py leaves it at rest: drawn, its taps worked out ahead."""
    app = to_play(seed=seed)
    state = BindingState()
    page = RecordingPage(app, state)
    taps = TapSchedule(app, page, state)
    taps.settle(reading=False)
    page.calls.clear()
    assert app.screen == "play" and app.turn.my_turn and taps.ahead
    return app, page, taps


def a_piece(app):
    return square_name(min(m.from_square for m in app.turn.next_moves()))


def settles(page):
    return [call for call in page.calls if call[0] == "settle"]


def test_work_waits_for_the_frame_in_order_and_one_failure_stops_nothing():
    asked, done, logged = [], [], []
    frames = FrameQueue(lambda: asked.append(1), logged.append)
    frames.add(lambda: done.append("a"))
    frames.add(lambda: 1 / 0)
    frames.add(lambda: done.append("b"))
    assert asked == [1] and done == []  # one frame asked for, for all three
    frames.run()
    assert done == ["a", "b"] and "ZeroDivisionError" in logged[0] and not frames.waiting
    frames.add(lambda: done.append("c"))
    assert asked == [1, 1]


def test_a_selecting_tap_paints_its_marks_and_the_app_has_it_after_the_frame():
    app, page, taps = at_rest()
    piece = a_piece(app)
    assert taps.paint_ahead("square", piece)
    assert page.calls == [("paint", taps.tapped[0][2].marks)] and app.selected is None
    page.frame()
    assert square_name(app.selected) == piece
    (_settle, patches, motion), = settles(page)
    assert patches and motion == ()  # the squares' names and the panel, a frame later


def selected_then_ahead(seed=1):
    """A board at rest with a piece selected: (app, page, taps, the piece, a square it may go to)."""
    app, page, taps = at_rest(seed)
    piece = a_piece(app)
    taps.paint_ahead("square", piece)
    page.frame()
    page.calls.clear()
    return app, page, taps, piece, square_name(min(app.turn.targets()))


def test_a_planning_tap_draws_the_board_in_its_frame_and_the_panel_after():
    app, page, taps, piece, target = selected_then_ahead()
    board = path_of(page.state.shown, BOARD_WRAP)
    assert taps.paint_ahead("square", target)
    (put, first), (paint, marks) = page.calls
    assert (put, paint) == ("put", "paint") and marks is None and not app.planned  # the app has it after the frame
    assert first and all(tuple(path[: len(board)]) == board for _kind, path, *_rest in first)
    page.calls.clear()
    page.frame()
    assert [str(m) for m in app.planned] == [f"{piece}-{target}"]
    (put, rest), (_settle, left, _motion) = page.calls
    assert rest and not any(tuple(path[: len(board)]) == board for _kind, path, *_rest in rest)
    assert left == []  # the page already is what the app draws


def test_a_planned_move_that_slides_starts_from_the_board_as_it_is():
    """Its first frame is the marks alone (the piece still where the slide starts), then the
    page is patched and the slide shown, once."""
    _app, page, taps, piece, target = selected_then_ahead()
    page.motion = True
    assert taps.paint_ahead("square", target)
    assert page.calls == [("paint", "[]")]  # the selection's marks gone
    page.calls.clear()
    page.frame()
    (put, patches), (_settle, left, motion) = page.calls
    assert put == "put" and patches and left == [] and motion == (("slide", piece, target),)


def test_undo_is_painted_ahead_too():
    app, page, taps = at_rest(seed=2)
    taps.dispatch("square", a_piece(app))
    taps.dispatch("square", square_name(min(app.turn.targets())))
    drawn = app.html()
    assert ("undo", "") in taps.ahead
    assert taps.paint_ahead("undo")
    page.frame()
    assert not app.planned and settles(page)[-1][1] == []
    assert app.html() != drawn


def test_undo_paints_its_board_from_the_image_prepared_at_rest_and_patches_the_svg_after():
    app, page, taps = at_rest(seed=2)
    taps.dispatch("square", a_piece(app))
    move = f"{square_name(app.selected)}-{square_name(min(app.turn.targets()))}"
    taps.dispatch("square", move[move.index("-") + 1 :])
    ahead = taps.ahead["undo", ""]
    pictured = ahead.pictured
    assert pictured.image.key in page.prepared  # asked for while the page is at rest
    assert {g for g in re.findall(r'data-square="(\w+)"', pictured.image.markup)} == set(move.split("-"))
    page.bitmaps = True
    page.calls.clear()
    assert taps.paint_ahead("undo")
    assert page.calls == [("paint board", pictured.image.key, pictured.marks)] and app.planned  # no SVG in the frame
    page.calls.clear()
    page.frame()
    (put, patches), (_settle, left, _motion) = page.calls
    # the same patches as a frame without the image puts, all after the frame
    assert put == "put" and patches == json.loads(ahead.first) + json.loads(ahead.rest)
    assert left == [] and not app.planned and page.state.shown == app.html()


def test_with_reduced_motion_a_planned_move_is_painted_from_its_image_too():
    app, page, taps, piece, target = selected_then_ahead()
    pictured = taps.ahead["square", target].pictured
    assert pictured.image.key in page.prepared and page.motion is False
    page.bitmaps = True
    assert taps.paint_ahead("square", target)
    assert page.calls == [("paint board", pictured.image.key, pictured.marks)] and not app.planned
    page.calls.clear()
    page.frame()
    assert [str(m) for m in app.planned] == [f"{piece}-{target}"] and page.calls[0][0] == "put"


def test_a_planned_move_that_slides_needs_no_image():
    app, page, taps = at_rest()
    page.motion = True
    taps.dispatch("square", a_piece(app))
    page.frame()
    assert app.planning_taps() and all(taps.ahead[tap].pictured is None for tap in app.planning_taps())
    taps.dispatch("square", square_name(min(app.turn.targets())))
    page.frame()
    assert taps.ahead["undo", ""].pictured is not None


def test_submit_paints_its_board_from_the_image_in_its_frame_and_the_page_after():
    app, page, taps = turn_planned()
    ahead, storage, page.bitmaps = taps.ahead["submit", ""], dict(app.storage.data), True
    assert ahead.pictured.image.key in page.prepared
    assert taps.paint_ahead("submit")
    assert page.calls == [("paint board", ahead.pictured.image.key, ahead.pictured.marks)]
    assert app.screen == "play" and app.storage.data == storage
    page.calls.clear()
    page.frame()
    assert page.calls[:2] == [("put", json.loads(ahead.first)), ("new screen",)]  # the next screen, all of it
    assert app.screen == "results" and app.html() == ahead.markup and settles(page)[0][1] == []
    assert app.storage.data != storage


def test_another_screen_starts_at_its_top_and_taps_on_a_screen_keep_it_where_it_is():
    """A phone player scrolls down to Ready or Submit: the next screen starts at its top
    (Page.new_screen), once; a tap on the same screen leaves the page where it was."""
    app, page, taps = at_rest()
    taps.dispatch("square", a_piece(app))
    page.frame()
    taps.dispatch("history")
    assert app.screen == "history"
    taps.dispatch("back")
    assert app.screen == "play"
    told = [call[0] for call in page.calls if call[0] in ("new screen", "settle")]
    assert told == ["settle", "new screen", "settle", "new screen", "settle"]  # the tap's, the list's, the board's


def test_an_action_before_the_frame_comes_after_the_tap_painted_ahead():
    app, page, taps = at_rest()
    piece = a_piece(app)
    taps.paint_ahead("square", piece)
    target = square_name(min(app.ahead_of("square", piece).turn.targets()))
    taps.dispatch("square", target)  # tapped before the frame: the app has the selection first
    assert [str(m) for m in app.planned] == [f"{piece}-{target}"]
    page.frame()  # the tap's own work finds it dispatched already
    assert len(settles(page)) == 1


def test_nothing_is_worked_out_for_a_tap_the_page_does_not_show():
    app, page, taps = at_rest()
    page.board = False
    piece = a_piece(app)
    taps.ahead = {("square", piece): taps.ahead[("square", piece)]}
    assert not taps.paint_ahead("square", piece) and not taps.tapped
    assert not taps.paint_ahead("submit")


def test_the_page_ahead_is_the_page_the_app_draws_and_the_app_is_left_as_it_was():
    app, _page, taps = at_rest(seed=3)
    taps.dispatch("square", a_piece(app))
    storage = dict(app.storage.data)
    drawn, shown = app.html(), taps.state.shown
    for action, arg in app.planning_taps():
        ahead = board_ahead(app, shown, action, arg)
        assert app.html() == drawn and app.storage.data == storage
        copy = app.ahead_of(action, arg)
        assert ahead.markup == copy.html() and ahead.motion == copy.motion
    action, arg = app.planning_taps()[0]
    expected = app.ahead_of(action, arg).html()
    app.dispatch(action, arg)
    assert app.html() == expected


def test_a_failure_working_ahead_is_logged_and_taps_are_then_dispatched_as_they_come():
    app, page, taps = at_rest()
    piece = a_piece(app)

    def broken():
        raise ValueError("broken")

    app.planning_taps = broken
    taps.work_out()
    assert "broken" in page.logged[0] and taps.ahead == {}
    assert not taps.paint_ahead("square", piece)


def turn_planned(seed=1):
    """A board at rest with a whole turn planned by taps: (app, page, taps)."""
    app, page, taps = at_rest(seed)
    planned_by_taps(app, taps)
    page.calls.clear()
    return app, page, taps


def test_submit_paints_the_next_screen_in_its_frame_then_plays_and_saves_the_turn():
    app, page, taps = turn_planned()
    storage, events = dict(app.storage.data), len(app.match.game.events)
    ahead = taps.ahead["submit", ""]
    assert app.storage.data == storage and len(app.match.game.events) == events  # worked out on copies
    assert taps.paint_ahead("submit")
    assert page.calls == [("put", json.loads(ahead.first)), ("paint", None)]
    assert app.screen == "play" and app.storage.data == storage  # the app has it after the frame
    page.calls.clear()
    page.frame()
    assert app.screen == "results" and len(app.match.game.events) > events
    assert page.calls[0] == ("new screen",) and settles(page)[0][1] == []  # the page already showed it
    assert app.html() == ahead.markup
    reloaded = App(app.storage, languages=["en"])  # nothing lost on a reload
    assert reloaded.matches[app.match.key].game.position() == app.match.game.position()


def test_a_submit_painted_is_saved_when_the_page_goes_away_before_its_frame():
    app, page, taps = turn_planned(seed=3)
    events = len(app.match.game.events)
    assert taps.paint_ahead("submit")
    taps.leave()  # a reload at once: the page's pagehide
    reloaded = App(app.storage, languages=["en"])
    assert len(reloaded.matches[app.match.key].game.events) > events and reloaded.screen == "cover"
    page.frame()  # a frame, if one still comes, finds the tap dispatched
    assert len(app.match.game.events) == len(reloaded.matches[app.match.key].game.events)


def test_submit_worked_out_ahead_leaves_the_app_and_its_storage_as_they_were():
    app, _page, taps = turn_planned(seed=2)
    drawn, storage, planned = app.html(), dict(app.storage.data), list(app.planned)
    position = app.match.game.position()
    ahead = turn_ahead(app, taps.state.shown)
    assert ahead.markup != drawn
    assert (app.html(), app.storage.data, app.planned, app.match.game.position()) == (drawn, storage, planned, position)
    app.dispatch("submit")
    assert app.html() == ahead.markup


def test_submit_is_not_worked_out_before_the_turn_is_complete():
    app, _page, taps = at_rest()
    assert ("submit", "") not in taps.ahead and turn_ahead(app, taps.state.shown) is None


def planned_by_taps(app, taps):
    """Plan a whole turn by taps through the schedule (the first legal moves)."""
    while not app.turn.complete:
        move = min(app.turn.next_moves(), key=lambda m: (m.from_square, m.to_square))
        taps.dispatch("square", square_name(move.from_square))
        taps.dispatch("square", square_name(move.to_square))


def schedule(app):
    state = BindingState()
    page = RecordingPage(app, state)
    taps = TapSchedule(app, page, state)
    taps.settle(reading=False)
    return page, taps


def test_submit_against_the_computer_is_painted_ahead_and_the_computer_is_asked_after():
    app, worker = computer_to_play()
    page, taps = schedule(app)
    planned_by_taps(app, taps)
    assert not app.match.thinking
    ahead = taps.ahead["submit", ""]
    assert taps.paint_ahead("submit") and not app.match.thinking
    page.frame()
    assert app.match.thinking and app.html() == ahead.markup and settles(page)[-1][1] == []
    worker.settle()
    assert app.screen == "play" and app.turn.my_turn


def test_a_link_games_turn_is_not_played_ahead():
    red, _blue = link_start("casual")
    _page, taps = schedule(red)
    planned_by_taps(red, taps)
    assert red.turn.complete and ("submit", "") not in taps.ahead and red.ahead_of_turn() is None


def test_no_turn_is_played_ahead_under_the_rules():
    """Submit does nothing there (the Rules show no such button): nothing to work out for it."""
    app, _worker = computer_to_play()
    _page, taps = schedule(app)
    planned_by_taps(app, taps)
    assert ("submit", "") in taps.ahead
    taps.dispatch("rules")
    assert app.rules_open and app.ahead_of_turn() is None and ("submit", "") not in taps.ahead


def test_a_game_played_on_in_another_tab_is_drawn_at_once_and_other_writes_leave_the_page_alone():
    """Every tap in another tab writes its screen state: only a change to the game shown may cost
    this page a patch, and the taps worked out ahead."""
    app, page, taps = at_rest()
    ahead = dict(taps.ahead)
    other = reopened(app, RED)
    play_turn(other, random.Random(1), checks=False)
    taps.storage_changed(UI_KEY)  # the other tab's screen state: nothing to draw or work out again
    assert page.calls == [] and taps.ahead == ahead
    taps.storage_changed(app.match.key)
    assert page.calls[0] == ("finish motion",) and app.screen == "cover"  # its motion finished, then patched
    assert settles(page) and PLAYED_ELSEWHERE in page.state.shown


def test_a_submit_painted_ahead_is_dispatched_before_another_tabs_change_is_taken():
    """The Submit painted ahead came first: the app has it first, and finds the game changed."""
    app, page, taps = at_rest()
    other = reopened(app, RED)
    planned_by_taps(app, taps)
    play_turn(other, random.Random(1), checks=False)
    theirs = app.storage.get(app.match.key)
    assert taps.paint_ahead("submit")
    page.calls.clear()
    taps.storage_changed(app.match.key)
    assert not taps.tapped and app.screen == "cover" and app.storage.get(app.match.key) == theirs
    assert settles(page) and PLAYED_ELSEWHERE in page.state.shown
    page.frame()  # the frame finds the tap dispatched
    assert app.screen == "cover" and app.storage.get(app.match.key) == theirs
