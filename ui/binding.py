"""The browser binding's state and its tap schedule, in pure Python (main.py is the DOM side).

A tap must reach the screen within its frame, on a tablet too. So the page at
rest works out ahead what the likely taps would draw: the marks of a tap that
selects a piece or lets it go (``App.tap_ahead``), and the board of a tap that
plans a move or undoes one (``App.ahead_of``, the page's patches split at the
board). Such a tap is painted at once from what was worked out: its marks, or
its board (a move that slides starts from the board as it is: its first frame
is its marks alone). Undo's and Submit's board (and with reduced motion, a
planned move's) is painted from an image the page prepared at rest
(ui/board_image.py) on the marks canvas, when it has one: any change to the
board's SVG costs a tablet a frame of its own. The app has the tap
once that frame is drawn, and the rest of the page (the board's SVG under that
image, the panel, the squares' names) is patched then. The order matters: a tap painted ahead is dispatched
before any action that comes after it. :class:`TapSchedule` keeps that order;
the page it drives is any object with the methods of :class:`Page`.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from .board_image import BOARD_WRAP, BoardImage, board_image, board_of, marks_of
from .patch import as_json, diff, diff_screens, path_of


class Page(Protocol):
    """What the schedule asks of the page (main.py's ``Page``)."""

    def paint_marks(self, marks: str | None = None) -> bool:
        """Paint the board's marks (a tap's, or its data-marks); False: no board here."""

    def put(self, patches: tuple) -> None:
        """Put patches on the page (ui/patch.py; lists of them as JSON, in turn), in one step."""

    def prepare_board(self, image: BoardImage) -> None:
        """Make a bitmap of ``image`` while the page is at rest, to paint it later (nothing if it has one)."""

    def paint_board(self, key: str, marks: str) -> bool:
        """Paint the prepared image ``key`` on the marks canvas and ``marks`` over it, until its
        marks are painted again. False: no such image ready (nothing painted)."""

    def finish_motion(self) -> None:
        """Finish the motion under way at once: the page is in its final state before it is patched."""

    def animates(self) -> bool:
        """Whether the page shows motion (False: the player asked for reduced motion)."""

    def after_frame(self, work: Callable[[], object]) -> None:
        """Run ``work`` once the next frame is drawn."""

    def settle(self, reading: bool, whole: bool, motion: tuple) -> None:
        """The whole page after an action: patched to the app's markup, told what changed."""

    def log(self, text: str) -> None:
        """Say what failed on the console."""

    def new_screen(self) -> None:
        """Another screen is coming: the page starts at its top, and the focus goes where a new
        screen's goes (a screen written whole takes it from the element that had it)."""


@dataclass
class BindingState:
    """Everything main.py keeps between events."""

    shown: str = ""  # the markup on the page
    spoken: dict = field(default_factory=lambda: {"lang": None, "title": None})  # what the page was last told
    drag: dict = field(default_factory=dict)  # a press that may become a drag: its source, where it started
    under_rules: float = 0  # how far the page was scrolled when the Rules opened
    bridge: object = None  # the computer's worker, once a game against it opens
    moving: dict = field(default_factory=lambda: {"overlay": None, "hidden": [], "animations": []})
    focusing: bool = False  # the binding itself is moving the focus: no action follows
    shown_hash: str = ""  # the fragment whose link the app last opened
    armed: bool = False  # the app's entry is on top of the history (nothing popped since it was pushed)
    tasks: set = field(default_factory=set)  # sharing and copying under way, kept until done


class FrameQueue:
    """Work waiting for the next frame to be drawn, in the order it came, run in one task
    asked for once (each call into the page costs a tablet). ``request``: asks the page to
    call ``run`` once the next frame is drawn. Work that fails is logged and leaves nothing
    stuck for the frames after."""

    def __init__(self, request: Callable[[], object], log: Callable[[str], object]):
        self.request, self.log = request, log
        self.waiting: list = []

    def add(self, work):
        self.waiting.append(work)
        if len(self.waiting) == 1:
            self.request()

    def run(self):
        waiting = self.waiting[:]
        self.waiting.clear()
        for work in waiting:
            try:
                work()
            except Exception:  # one failed piece of work must not stop the rest
                self.log(traceback.format_exc())


class Ahead(NamedTuple):
    """What a tap worked out ahead paints in its frame: the marks over the board (None: as
    they are), or for a tap that changes the board, the board's patches (``first``), unless
    the tap's motion shows the change (it starts from the board as it is: its first frame is
    the marks alone); then, after the frame, the page's other patches (``rest``) and the
    markup the page then holds."""

    marks: str | None = None
    first: str = ""
    motion: tuple = ()
    rest: str = ""
    markup: str = ""
    pictured: Pictured | None = None


class Pictured(NamedTuple):
    """A tap that changes the board painted from an image of its board (``image``, prepared by the
    page at rest) and its ``marks`` over it, alone in the tap's frame: all of the page's patches
    (the board's SVG under the image, the panel) come after it."""

    image: BoardImage
    marks: str


def board_ahead(app, shown, action, arg="", pictured=False):
    """The page after ``action`` as an :class:`Ahead`, from the page ``shown``: its patches that
    change the board first (None: the action changes more than the board and the panel);
    ``pictured``: with the image of its board, to paint it from (:class:`Pictured`)."""
    after = app.ahead_of(action, arg)
    markup = after.html()
    board = path_of(markup, BOARD_WRAP)
    if board is None:
        return None
    patches = diff(shown, markup)
    first = 0
    while first < len(patches) and patches[first].path[: len(board)] == board:
        first += 1
    if not first or any(len(p.path) < len(board) for p in patches[first:]):
        return None
    canvas = [dict(p.attributes) for p in patches[:first] if p.path == (*board, 1) and p.kind == "attrs"]
    marks = canvas[0].get("data-marks") if canvas else None
    ahead, rest = as_json(patches[:first]), as_json(patches[first:])
    return Ahead(marks, ahead, after.motion, rest, markup, pictured=_pictured(shown, markup) if pictured else None)


def turn_ahead(app, shown):
    """The page after Submit, from the page ``shown``, as an :class:`Ahead`: the next screen (the
    turn's results in pass and play, the board as the computer's turn begins, the end), its
    board patched square by square rather than written again (ui.patch.diff_screens). Its board
    is painted in the tap's frame from its image (then the page is patched after the frame, as
    for a planning tap), or the whole page is patched in that frame. The app plays and saves the
    turn after that frame, and its motion (the turn's fights) starts then. None: the turn cannot
    be played ahead."""
    after = app.ahead_of_turn()
    if after is None:
        return None
    markup = after.html()
    return Ahead(first=as_json(diff_screens(shown, markup)), markup=markup, pictured=_pictured(shown, markup))


def _pictured(shown, markup):
    """The board of page ``markup`` as an image to paint over the board of page ``shown``, with its
    marks (None: no image, as when the board turns round)."""
    image = board_image(board_of(shown), board_of(markup))
    return Pictured(image, marks_of(markup)) if image else None


class TapSchedule:
    """The order of a tap's work: painted (from what was worked out ahead, or from the app's
    marks), then the app, then the rest of the page after the frame, then the next taps
    worked out ahead. ``app``: a ui.app.App; ``page``: a :class:`Page`."""

    def __init__(self, app, page: Page, state: BindingState):
        self.app, self.page, self.state = app, page, state
        self.ahead: dict = {}  # (action, arg) -> Ahead, of the page at rest
        self.tapped: list = []  # (action, arg, Ahead, its patches left for after the frame) painted ahead, dispatched after its frame
        self.settling = False  # a tap's marks are painted, and the rest of the page not yet
        self.screen = None  # the app's screen that the page shows (App.screen), once at rest

    def dispatch(self, action, arg="", value="", whole=False):
        """An action as it comes (``whole``: the page written afresh, as for a new link)."""
        reading = self.app.rules_open
        self.dispatch_tapped()
        self.app.dispatch(action, arg, value)
        if self.app.tap_marks is not None and not whole and self.page.paint_marks(self.app.tap_marks):
            if not self.settling:  # the rest of the page (the squares' names, the panel) a frame later
                self.settling = True
                self.page.after_frame(lambda: self.settle(reading) if self.settling else None)
            return
        self.settle(reading, whole)

    def paint_ahead(self, action, arg=""):
        """Paint a tap worked out ahead, at once; the app has it after the frame.
        False: not worked out (the page is not at rest, or the tap does more)."""
        ahead = self.ahead.get((action, arg))
        if ahead is None:
            return False
        drawn = bool(ahead.first) and not (ahead.motion and self.page.animates())
        if drawn and ahead.pictured and self.page.paint_board(ahead.pictured.image.key, ahead.pictured.marks):
            after = tuple(filter(None, (ahead.first, ahead.rest)))
        elif drawn:
            self.page.put((ahead.first,))
            self.page.paint_marks()
            after = tuple(filter(None, (ahead.rest,)))
        elif self.page.paint_marks(ahead.marks):
            after = tuple(filter(None, (ahead.first, ahead.rest)))
        else:
            return False
        self.ahead = {}
        self.tapped.append((action, arg, ahead, after))
        reading = self.app.rules_open
        self.page.after_frame(lambda: self.settle_tapped(reading))
        return True

    def dispatch_tapped(self):
        """The app has the taps painted ahead first, in order, before any action that came after
        them; the page then holds what they draw."""
        self.ahead = {}
        while self.tapped:
            action, arg, ahead, after = self.tapped.pop(0)
            self.app.dispatch(action, arg)
            if ahead.first:
                if after:
                    self.page.put(after)
                self.state.shown = ahead.markup
            self.see_screen()

    def storage_changed(self, key):
        """Another tab changed the storage under ``key`` (main.py's ``storage`` event): the app has
        the taps painted ahead first, as before any action, then takes the change; the page is
        settled if either changed it (taps worked out ahead stay otherwise)."""
        reading, tapped = self.app.rules_open, bool(self.tapped)
        if tapped:
            self.dispatch_tapped()
        if self.app.storage_changed(key) or tapped:
            self.page.finish_motion()
            self.settle(reading)

    def see_screen(self):
        """Another screen of the app starts as a new page does: at its top, with the focus
        where its own goes (Page.new_screen). A player who scrolled down to Ready or Submit on
        a phone sees the whole board of the next screen, not its last rows."""
        if self.app.screen != self.screen:
            self.screen = self.app.screen
            self.page.new_screen()

    def leave(self):
        """The page goes away (a reload, the tab closed): the app has the taps painted ahead
        first, so that a turn whose Submit was painted is saved, then the screen state is kept."""
        self.dispatch_tapped()
        self.app.remember_ui()

    def settle_tapped(self, reading):
        if self.tapped:  # no action since has dispatched it
            self.dispatch_tapped()
            self.settle(reading)

    def settle(self, reading, whole=False, motion=None):
        self.settling = False
        self.see_screen()
        self.page.settle(reading, whole, self.app.motion if motion is None else motion)
        self.work_out()

    def work_out(self):
        """The taps of the page at rest, worked out ahead (a tap not worked out is dispatched
        as it comes: slower, as right)."""
        self.screen = self.app.screen  # as the page at rest shows it (the first time, after the page loads)
        self.ahead = {}
        try:
            ahead = {("square", name): Ahead(marks=marks) for name, marks in self.app.tap_ahead().items()}
            still = not self.page.animates()  # a planned move drawn at once, not sliding from the board as it is
            for action, arg in self.app.planning_taps():
                board = board_ahead(self.app, self.state.shown, action, arg, pictured=action == "undo" or still)
                if board is not None:
                    ahead[action, arg] = board
            turn = turn_ahead(self.app, self.state.shown)
            if turn is not None:
                ahead["submit", ""] = turn
        except Exception:  # working ahead is only ever a shortcut
            self.page.log(traceback.format_exc())
            return
        self.ahead = ahead
        for image in (tap.pictured.image for tap in ahead.values() if tap.pictured):
            self.page.prepare_board(image)
