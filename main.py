"""The browser binding: DOM events in, ``App.html()`` out (what changed: ui/patch.py). Every decision is in ui/."""

import asyncio
import json

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from espionage.board import parse_square
from espionage.pieces import KINDS, letter_of
from ui import accessible
from ui.app import BOARD_SCREENS, App
from ui.binding import BindingState, FrameQueue, TapSchedule
from ui.keyboard import BOARD_KEYS, CANCEL, KIND_KEYS
from ui.patch import as_json, diff
from ui.render import piece_svg, square_origin

DRAG_DISTANCE = 12  # pixels a pointer must travel before a press counts as a drag


class BrowserStorage:
    """A web storage (localStorage, or the tab's own sessionStorage), as the small interface
    ui.saves expects (errors propagate)."""

    def __init__(self, web_storage):
        self.web_storage = web_storage

    def get(self, key):
        value = self.web_storage.getItem(key)
        return value if isinstance(value, str) else None  # a missing key's null is Pyodide's jsnull, not None

    def set(self, key, value):
        self.web_storage.setItem(key, value)

    def remove(self, key):
        self.web_storage.removeItem(key)

    def list_keys(self):
        return [self.web_storage.key(i) for i in range(self.web_storage.length)]


def _storage():
    try:
        return BrowserStorage(window.localStorage)
    except Exception:
        from ui.saves import MemoryStorage

        return MemoryStorage()


def _tab_storage():
    """This tab's own storage (sessionStorage: the screen state a reload of this tab comes back
    to), or None where the browser does not let the page use it."""
    try:
        return BrowserStorage(window.sessionStorage)
    except Exception:
        return None


app = App(
    _storage(),
    languages=[str(tag) for tag in (window.navigator.languages or [window.navigator.language])],
    tab_storage=_tab_storage(),
)
app.used_last = str(document.visibilityState) == "visible"  # not a tab restored or opened out of sight
app.base_url = str(window.location.href).split("#")[0]
app.can_share = hasattr(window.navigator, "share")
root = document.getElementById("app")
page_js = window.espionageBinding  # the page's side of the binding: static/binding.js
state = BindingState(shown_hash=str(window.location.hash))


def render(whole=False):
    """Put the app's markup on the page, changing only the elements that changed
    (all of them, ``whole``, for a new link: like a page load, it starts afresh)."""
    markup = app.html()
    if whole or not state.shown:
        root.innerHTML = markup
    else:
        try:
            patches = diff(state.shown, markup)
            if patches:
                page_js.putPatches(root, as_json(patches))
        except Exception as e:  # the page was not what the patches expect: write it whole
            window.console.error(f"patching the page failed ({e!r}): written whole")
            root.innerHTML = markup
    state.shown = markup
    page_js.paintMarks(root)


def speak():
    """The page says which language it is in (screen readers, hyphenation, fonts); written only
    when it changes (a new ``lang`` on the root makes the browser style the whole page again)."""
    spoken = state.spoken
    if spoken["lang"] != app.language:
        spoken["lang"] = document.documentElement.lang = app.language
    title = app.title()
    if spoken["title"] != title:
        spoken["title"] = document.title = title


def on_language(event):
    if event.target.id == "language":
        dispatch("language", str(event.target.value))


class Page:
    """The page as the tap schedule drives it (ui/binding.py's Page)."""

    def paint_marks(self, marks=None):
        return page_js.paintMarks(root, marks)

    def put(self, patches):
        for some in patches:
            page_js.putPatches(root, some)

    def prepare_board(self, image):
        page_js.prepareBoard(root, image.key, image.markup, json.dumps(image.box))

    def paint_board(self, key, marks):
        return page_js.paintBoard(root, key, marks)

    def finish_motion(self):
        finish_motion()

    def animates(self):
        return not reduced_motion.matches

    def after_frame(self, work):
        frames.add(work)

    def settle(self, reading, whole, motion):
        settle(reading, whole, motion)

    def log(self, text):
        window.console.error(text)

    def new_screen(self):
        active = document.activeElement
        if active and root.contains(active):
            active.blur()  # keep_focus (in settle) then takes the focus where a new screen's goes
        state.under_rules = 0  # the Rules closed (now, by a link opened, or later) show the new screen's top
        if not app.rules_open:
            window.scrollTo(0, 0)


frames = FrameQueue(lambda: after_next_frame(), Page().log)
after_next_frame = page_js.afterNextFrame(create_proxy(frames.run))
app.defer = frames.add
taps = TapSchedule(app, Page(), state)


def dispatch(action, arg="", value="", whole=False):
    finish_motion()  # the page is back in its final state before it is patched
    taps.dispatch(action, arg, value, whole)


def settle(reading, whole=False, motion=()):
    """The whole page after an action: patched to the app's markup, then told what changed."""
    render(whole)
    if app.rules_open != reading:
        scroll_for_rules()
    speak()
    announce(accessible.live_text(app))
    keep_focus()
    animate(motion)
    effect, app.effect = app.effect, None
    if effect:
        perform(effect)
    computer()


def scroll_for_rules():
    """The Rules start at the top; closing them comes back to where the page was scrolled."""
    if app.rules_open:
        state.under_rules = window.scrollY
        window.scrollTo(0, 0)
    else:
        window.scrollTo(0, state.under_rules)


# -- the computer player's worker, made when a game against it opens -----------------------

def computer():
    if state.bridge is None and app.computer.wants_worker:
        from ui.worker_bridge import WorkerBridge

        state.bridge = WorkerBridge(app, dispatch)
    if state.bridge is not None:
        state.bridge.update()


# -- motion: the slides and falls the app asks for (ui/motion.py) -------------------------
#
# The page is already in its final state: the motion is drawn on an overlay over the
# board (its own <svg>, same viewBox, drawing with the board's <defs>) while the real
# piece waits hidden. A tap, a key or the next action finishes it at once. Slides need
# no layout; only a fall asks where its tray is.

SVG_NS = "http://www.w3.org/2000/svg"
STEP_MS = 150
reduced_motion = window.matchMedia("(prefers-reduced-motion: reduce)")
def finish_motion(_event=None):
    moving = state.moving
    for animation in moving["animations"]:
        animation.finish()
    for element in moving["hidden"]:
        element.style.removeProperty("visibility")
    if moving["overlay"] is not None:
        moving["overlay"].remove()
    moving.update(overlay=None, hidden=[], animations=[])


def _js(value):
    return to_js(value, dict_converter=window.Object.fromEntries)


def _tray_point(board, letter):
    """Where the fallen piece's tray icon is, in the board's user units (None: no tray shown)."""
    icons = root.querySelectorAll(f'[data-removed="{letter}"]')
    if not icons.length:
        return None
    icon, box = icons.item(icons.length - 1).getBoundingClientRect(), board.getBoundingClientRect()
    x0, y0, width, _ = (float(v) for v in str(board.getAttribute("viewBox")).split())
    scale = width / box.width if box.width else 1
    return x0 + (icon.left - box.left) * scale, y0 + (icon.top - box.top) * scale, icon.width * scale / 100


def animate(steps):
    if not steps:  # most taps: no step to the page at all
        return
    board = root.querySelector("svg.espionage-board")
    if board is None or reduced_motion.matches:
        return
    overlay = document.createElementNS(SVG_NS, "svg")
    overlay.setAttribute("viewBox", board.getAttribute("viewBox"))
    overlay.setAttribute("class", "motion-overlay")
    board.parentElement.appendChild(overlay)
    moving = state.moving
    moving["overlay"] = overlay
    for i, (kind, square, what) in enumerate(steps):
        fx, fy = square_origin(parse_square(square), app.bottom)
        if kind == "slide":
            piece = board.querySelector(f'g.square[data-square="{what}"] g.piece')
            if piece is None:
                continue
            tx, ty = square_origin(parse_square(what), app.bottom)
            ghost = piece.cloneNode(True)
            piece.style.visibility = "hidden"
            moving["hidden"].append(piece)
            path = [{"transform": f"translate({fx}px,{fy}px)"}, {"transform": f"translate({tx}px,{ty}px)"}]
        else:
            tray = _tray_point(board, what)
            if tray is None:
                continue
            tx, ty, size = tray
            ghost = document.createElementNS(SVG_NS, "g")
            ghost.innerHTML = f'<use href="#token-{"red" if what.isupper() else "blue"}"/><use href="#icon-{what.upper()}"/>'
            path = [{"transform": f"translate({fx}px,{fy}px)"}, {"transform": f"translate({tx}px,{ty}px) scale({size})"}]
        ghost.setAttribute("class", "moving")
        overlay.appendChild(ghost)
        timing = {"duration": STEP_MS * (2 if kind == "fall" else 1), "delay": i * STEP_MS, "fill": "both"}
        moving["animations"].append(ghost.animate(_js(path), _js(timing)))
    if moving["animations"]:
        moving["animations"][-1].onfinish = create_proxy(
            lambda _event, mine=overlay: finish_motion() if moving["overlay"] is mine else None
        )


# -- effects the app asks for: sharing and copying a link --------------------------------


def perform(effect):
    """Share (Web Share API) or copy a link; called within the tap, as the browser requires."""
    kind, url = effect
    if kind == "share" and app.can_share:
        try:
            promise = window.navigator.share(window.Object.fromEntries(to_js([["url", url]])))
        except Exception:  # no share here after all: copy instead
            promise = None
        if promise is not None:
            _later(_shared(promise, url))
            return
    _copy(url)


def _later(coroutine):
    task = asyncio.ensure_future(coroutine)
    state.tasks.add(task)  # kept until done, so it is not collected mid-way
    task.add_done_callback(state.tasks.discard)


async def _shared(promise, url):
    try:
        await promise
    except Exception as e:  # cancelled by the player (AbortError), or refused
        if "AbortError" not in str(e):
            _copy(url)


def _copy(url):
    try:
        promise = window.navigator.clipboard.writeText(url)
    except Exception:  # no clipboard (insecure page, old browser)
        _copy_failed()
        return
    _later(_copied(promise))


async def _copied(promise):
    try:
        await promise
    except Exception:  # refused by the browser
        _copy_failed()
        return
    dispatch("link-copied")


def _copy_failed():
    dispatch("link-copy-failed")
    field = document.getElementById("link-text")
    if field:
        field.focus()
        field.select()


def on_hash_change(_event=None):
    state.shown_hash = str(window.location.hash)
    dispatch("open-link", str(window.location.hash)[1:], whole=True)


def on_link_handed(event):
    """Another tab was opened with a link while this one runs the game: take it (static/handoff.js)."""
    data = event.data
    if getattr(data, "type", None) != "open":
        return
    links.postMessage(window.Object.fromEntries(to_js([["type", "taken"], ["id", data.id]])))
    dispatch("open-link", str(data.link), "handoff")


def on_storage(event):
    """Another tab of this browser changed the storage (a game played on, deleted, saved; the
    screen state every tab shares, and with it the language)."""
    key = event.key
    taps.storage_changed(key if isinstance(key, str) else None)  # null: the whole storage was cleared


def on_page_show(event):
    """A page shown again from the back/forward cache takes the storage as it now stands: it heard
    no storage events while it was away (Chromium delivers the ones it queued only after pageshow)."""
    if event.persisted:
        taps.storage_changed(None)


def on_square(name):
    """A tap on a board square, named (an event handed to Python costs a tablet a millisecond)."""
    if state.drag.pop("dragged", False):
        return
    finish_motion()
    if not taps.paint_ahead("square", name):
        dispatch("square", name)
    arm_back()  # after the app's own handling of the tap


def on_action(action, arg):
    """A tap on a control (``data-action``, ``data-arg``); a setup is saved under the name typed."""
    if state.drag.pop("dragged", False):
        return
    value = ""
    if action == "save-setup":
        field = document.getElementById("setup-name")
        value = field.value if field else ""
    finish_motion()
    if not taps.paint_ahead(action, arg):
        dispatch(action, arg, value)
    arm_back()


def on_click(event):
    """Any other click: the link's text is selected whole (one tap, to copy it by hand)."""
    if state.drag.pop("dragged", False):
        return
    if event.target.id == "link-text":
        event.target.select()
    arm_back()


def on_pointer_down(event):
    source = event.target.closest("[data-drag], g.square")
    drag = state.drag
    drag.clear()
    if source:
        drag.update(
            source=source.getAttribute("data-drag") or source.getAttribute("data-square"),
            x=event.clientX,
            y=event.clientY,
        )


def on_pointer_up(event):
    drag = state.drag
    source = drag.pop("source", None)
    if source is None:
        return
    if abs(event.clientX - drag["x"]) + abs(event.clientY - drag["y"]) < DRAG_DISTANCE:
        return
    under = document.elementFromPoint(event.clientX, event.clientY)
    square = under.closest("g.square") if under else None
    drag["dragged"] = True
    target = square.getAttribute("data-square") if square else None
    if target and target != source:
        dispatch("drop", f"{source}>{target}")


# -- the piece under the finger while dragging in setup -----------------------------------

GHOST_SIZE = 64


def follow_drag(event):
    """Show the piece being dragged just above the finger (a touch hides what is under it)."""
    drag = state.drag
    source = drag.get("source")
    if source is None or app.screen != "setup" or app.rules_open:
        return
    if abs(event.clientX - drag["x"]) + abs(event.clientY - drag["y"]) < DRAG_DISTANCE:
        return
    ghost = drag.get("ghost")
    if ghost is None:
        kind = source if source in KINDS else app.placed.get(parse_square(source))
        if kind is None:
            return
        ghost = drag["ghost"] = document.createElement("div")
        ghost.className = "drag-ghost"
        ghost.innerHTML = piece_svg(letter_of(kind, app.side), app.side, size=GHOST_SIZE)
        document.body.appendChild(ghost)
    ghost.style.left = f"{event.clientX - GHOST_SIZE / 2}px"
    ghost.style.top = f"{event.clientY - GHOST_SIZE * 1.25}px"


def drop_ghost(_event=None):
    ghost = state.drag.pop("ghost", None)
    if ghost is not None:
        ghost.remove()


# -- keyboard and screen reader: the decisions are in ui/keyboard.py and ui/accessible.py ----

FOCUS_AFTER_CHANGE = (
    ".confirm button.primary",
    ".cover button.primary",
    '.screen-setup g.square[tabindex="0"]',
    '.screen-play g.square[tabindex="0"]',
    "section.screen h1",
)
"""Where the focus goes when the element that had it left the page (a new screen, a question)."""


def announce(text):
    """Say what the action changed in the polite live region (a screen reader reads it); None
    leaves it as it is."""
    if text is not None:
        live.textContent = text


def _focus(element):
    state.focusing = True
    try:
        element.focus()
    finally:
        state.focusing = False


def keep_focus():
    """The focus stays where it is; if it left the page, it goes back to the control that asked a
    question once the question is gone (Keep, Escape: App.asker), else where FOCUS_AFTER_CHANGE says."""
    active = document.activeElement
    if active and active != document.body and root.contains(active):
        return
    if app.asker and not app.confirm:
        action, arg = app.asker
        for control in root.querySelectorAll(f'[data-action="{action}"]'):
            if (control.getAttribute("data-arg") or "") == arg:
                _focus(control)
                if document.activeElement == control:
                    return
    for selector in FOCUS_AFTER_CHANGE:
        element = root.querySelector(selector)
        if element:
            _focus(element)
            return


def on_key(event):
    target, key = event.target, event.key
    if target.tagName in ("INPUT", "TEXTAREA", "SELECT") or event.ctrlKey or event.metaKey or event.altKey:
        return
    document.documentElement.classList.add("keys-used")  # a keyboard is here: its help shows (app.css)
    on_board = bool(target.closest("svg.espionage-board")) or (
        target == document.body and app.screen in BOARD_SCREENS
    )
    if key != CANCEL and not (on_board and (key in BOARD_KEYS or key.lower() in KIND_KEYS)):
        return
    cell = target.closest("g.square")
    event.preventDefault()
    dispatch("key", key, cell.getAttribute("data-square") if cell else "")
    cursor = root.querySelector("g.square.cursor")
    if cursor and on_board and document.activeElement != cursor:
        _focus(cursor)


def on_focus_in(event):
    """Tab came to a board cell: the keyboard cursor follows (a tap's focus moves nothing)."""
    cell = event.target.closest("g.square") if hasattr(event.target, "closest") else None
    if state.focusing or not cell or not cell.matches(":focus-visible"):
        return
    if not cell.classList.contains("cursor"):
        dispatch("cursor", cell.getAttribute("data-square"))


live = document.createElement("div")
live.id = "announcer"
live.className = "visually-hidden"
live.setAttribute("role", "status")
live.setAttribute("aria-live", "polite")
document.body.appendChild(live)


# -- the browser's Back button (the app decides what Back does: App.back) ------------


def arm_back(_event=None):
    """Away from home, keep one history entry above the page's own, so Back comes to the app."""
    if (app.screen != "home" or app.rules_open) and not state.armed:
        if not window.history.state:
            window.history.pushState("espionage", "")
        state.armed = True


def rearm(_event=None):
    """A link opened in this tab is a new history entry, without the app's above it."""
    state.armed = False
    arm_back()


def on_pop_state(event):
    state.armed = bool(event.state)  # Forward to the entry arm_back keeps above the page's own
    # Opening a link in this tab changes the fragment, which also pops a history
    # entry: that is no Back press (hashchange opens the link).
    if str(window.location.hash) != state.shown_hash or state.armed:
        return  # nor is Forward: the app stays where it is (going back from there left the app)
    if app.screen == "home" and not app.rules_open:
        window.history.back()  # Back on home leaves the app
        return
    dispatch("back")
    arm_back()


window.espionageMarkup = create_proxy(app.html)  # the whole page as a full render writes it (for tests)
document.addEventListener("pointerdown", create_proxy(finish_motion), True)  # a tap lands at once
document.addEventListener("pointermove", create_proxy(follow_drag))
for name in ("pointerup", "pointercancel"):
    document.addEventListener(name, create_proxy(drop_ghost))
page_js.listenToClicks(root, create_proxy(on_square), create_proxy(on_action), create_proxy(on_click))
for name, handler in (("pointerdown", on_pointer_down), ("pointerup", on_pointer_up)):
    root.addEventListener(name, create_proxy(handler))
document.addEventListener("keydown", create_proxy(on_key))
root.addEventListener("change", create_proxy(on_language))
root.addEventListener("focusin", create_proxy(on_focus_in))
window.addEventListener("hashchange", create_proxy(on_hash_change))
links = window.BroadcastChannel.new("espionage-links")
links.addEventListener("message", create_proxy(on_link_handed))
window.addEventListener("hashchange", create_proxy(rearm))
window.addEventListener("popstate", create_proxy(on_pop_state))
window.addEventListener("storage", create_proxy(on_storage))
window.addEventListener("pageshow", create_proxy(on_page_show))
window.addEventListener("pagehide", create_proxy(lambda _event: taps.leave()))
if str(window.location.hash)[1:]:
    app.dispatch("open-link", str(window.location.hash)[1:], "load")
render()
speak()
arm_back()
document.documentElement.classList.add("ready")
computer()
taps.work_out()
