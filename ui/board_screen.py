"""The screens with a board, as every mode draws them: the frame of a board screen, the setup,
the parts of a play screen's panel, the move list and the end of a game.

A player's board is built only from that player's view, so nothing hidden can reach the page.
"""

from html import escape
from itertools import groupby

from espionage.board import BLUE, RED, SETUP_SQUARES, SIDES
from espionage.pieces import KINDS, letter_of

from . import keyboard
from .army_setup import DISCARD_QUESTION
from .board_state import fights, learned_marks
from .i18n import _, ngettext
from .markup import Element, Elements, Parts
from .render import BoardPicture, board_svg, marks_canvas, piece_svg
from .screens import Screen
from .widgets import button, delete_question, kept, message, rules_bar
from .words import boards_after, describe, kind_name, outcome_text, selection, side_name


def board_screen(name, picture, panel, app):
    # the message first: on a tablet held upright the panel starts right under the board
    # (built element by element, so that ui/patch.py compares the board square by square)
    keys = f'<p class="hint key-hint">{escape(keyboard.hint(name))}</p>'
    wrap = Element('<div class="board-wrap">', Elements((board_svg(picture, tap_marks=False), marks_canvas(picture))), "div")
    head = (rules_bar(), message(app))
    content = Parts((*head, *panel.parts, keys)) if isinstance(panel, Parts) else "".join((*head, panel, keys))
    body = Elements((wrap, Element('<div class="panel">', content, "div")))
    layout = Element('<div class="layout">', body, "div")
    return Element(f'<section class="screen screen-{name}" data-screen="{name}">', Elements((layout,)), "section")


def setup(app, note="", ready_action="ready", private=False):
    """The setup screen; a link game adds a ``note`` on its kind and readies with its own action;
    ``private``: setups saved during the game are kept from the other player (pass and play)."""
    side = app.side
    letters = [None] * 100
    for sq in app.match.volcanoes:
        letters[sq] = "V"
    for sq, kind in app.placed.items():
        letters[sq] = letter_of(kind, side)
    picture = BoardPicture(
        letters=tuple(letters),
        bottom=side,
        selected=app.selected,
        cursor=app.cursor,
        zone=frozenset(SETUP_SQUARES[side]),
        unknown_side=1 - side,
    )
    placed = len(app.placed)
    hint = (
        _(
            "Tap squares in your zone to place the picked kind (it replaces a piece already there), or drag. "
            "To swap two placed pieces instead, first tap the picked kind again to put it down."
        )
        if app.picked is not None  # the tray picks the next kind by itself: a tap places, not swaps
        else _(
            "Pick a kind below, then tap squares in your zone (or drag). Tap two placed pieces to swap them. "
            "To take a piece back, tap it on the board, then tap the tray."
        )
        if placed < 30
        else _(
            "All 30 pieces stand. Tap two pieces to swap them, or press Ready. "
            "To take a piece back, tap it on the board, then tap the tray."
        )
    )
    count = ngettext("{n} of 30 placed", "{n} of 30 placed", placed).format(n=placed)
    title = _("{side}: set up your army").format(side=side_name(side))
    panel = (
        f'<h1 tabindex="-1">{title}</h1>{note}'
        f'<p class="hint">{hint}</p><p class="count-line">{count}</p>'
        + _tray(app, side)
        + '<div class="actions">'
        + button(_("Random setup"), "random-setup")
        + button(_("Fully random"), "random-setup", "full", cls="quiet")
        + button(_("Clear"), "clear", disabled=not app.placed)
        + button(_("Ready"), ready_action, disabled=not app.setup.complete, cls="primary")
        + "</div>"
        + _saved_setups(app, side, private)
        + '<div class="actions secondary">' + button(_("Home"), "home", cls="quiet") + "</div>"
    )
    return board_screen(Screen.SETUP, picture, panel, app)


def _tray(app, side):
    """The army tray: each kind to pick, with how many are left to place."""
    tray = []
    for kind in KINDS:
        left = app.setup.remaining(kind)
        cls = "tray-kind" + (" picked" if app.picked == kind else "") + (" empty" if not left else "")
        name = kind_name(kind)
        label = escape(ngettext("{piece}, {n} left", "{piece}, {n} left", left).format(piece=name, n=left))
        tray.append(
            f'<button type="button" class="{cls}" data-action="pick" data-arg="{kind}" data-drag="{kind}" '
            f'aria-pressed="{"true" if app.picked == kind else "false"}" aria-label="{label}" title="{escape(name)}"'
            f"{' disabled' if not left and app.selected is None else ''}>"
            f'{piece_svg(letter_of(kind, side), side, size=40)}<span class="count">{left}</span>'
            f'<span class="kind-name" aria-hidden="true">{escape(name)}</span></button>'
        )
    label = escape(_("Army tray"))
    return f'<div class="tray" role="group" aria-label="{label}">{"".join(tray)}</div>'


def _saved_setups(app, side, private):
    """The setups saved on this device, to load or forget, and the field to save this one."""
    saved = "".join(
        "<li>"
        + button(_("Load {name}").format(name=name), "load-setup", name, disabled=app.setup.on_board(name))
        + button(_("Forget"), "delete-setup", name, cls="quiet")
        + "</li>"
        for name in sorted(app.setup.offered())
    )
    private = (
        '<p class="hint">'
        + _("Setups saved during this game are not offered to {side} until it ends.").format(side=side_name(1 - side))
        + "</p>"
        if private
        else ""
    )
    setups, name, none = _("Saved setups"), _("Name"), _("None saved on this device yet.")
    unreadable = _(
        "Some setups saved on this device cannot be read by this version of the game: "
        "they are kept untouched, not deleted."
    )
    discard = (
        delete_question(
            "discard-setups-confirm",
            _("Delete the setups this version cannot read?"),
            _("Delete setups"),
        )
        if app.confirm == DISCARD_QUESTION
        else button(_("Delete them"), "discard-setups", cls="quiet")
    )
    # "None saved" would be untrue while some cannot be read
    hint = f"{unreadable} {discard}" if app.setups_unreadable else "" if saved else none
    return (
        f'<details class="saved-setups"{" open" if app.setups_open else ""}><summary>{setups}</summary>'
        f'<label>{name} <input type="text" id="setup-name" maxlength="40" autocomplete="off"></label>'
        + button(_("Save setup"), "save-setup")
        + private
        + (f"<ul>{saved}</ul>" if saved else "")
        + (f'<p class="hint">{hint}</p>' if hint else "")
        + "</details>"
    )


@kept
def removed_trays(view):
    out = []
    for side in (RED, BLUE):
        kinds = view.removed[SIDES[side]]
        icons = "".join(
            f'<span class="removed-piece" data-removed="{letter_of(k, side)}" title="{escape(kind_name(k))}">'
            f"{piece_svg(letter_of(k, side), side, size=28)}</span>"
            for k in kinds
        )
        icons = icons or '<span class="hint">' + _("none") + "</span>"
        lost = _("Removed from {side} ({n})").format(side=side_name(side), n=len(kinds))
        out.append(
            f'<div class="removed removed-{SIDES[side]}"><h3>{lost}</h3>'
            f'<div class="removed-list">{icons}</div></div>'
        )
    return '<div class="removed-trays">' + "".join(out) + "</div>"


@kept
def enemy_left(view, side):
    """How many of each enemy kind are still on the board (the whole army less those removed)."""
    enemy = 1 - side
    removed = view.removed[SIDES[enemy]]
    cells = []
    for kind, info in KINDS.items():
        left = info.count - sum(1 for k in removed if k == kind)
        cls = "enemy-kind" + (" gone" if not left else "")
        title = ngettext("{piece}: {n} left", "{piece}: {n} left", left).format(piece=kind_name(kind), n=left)
        cells.append(
            f'<span class="{cls}" data-kind="{kind}" data-left="{left}" title="{escape(title)}">'
            f'{piece_svg(letter_of(kind, enemy), enemy, size=26)}<span class="count">{left}</span></span>'
        )
    label = escape(_("{side} pieces still on the board").format(side=side_name(enemy)))
    heading = _("{side} on the board").format(side=side_name(enemy))
    return (
        f'<div class="enemy-left" role="group" aria-label="{label}">'
        f'<h3>{heading}</h3><div class="enemy-kinds">{"".join(cells)}</div></div>'
    )


def badge_legend(picture):
    """One legend of the marks on the board's pieces, shown while a marked piece is on it:
    the eye (unmasked) and the magnifying glass (a kind learned from the moves)."""
    letters = picture.letters
    out = []
    shown = sorted(sq for sq in picture.unmasked if letters[sq] not in (None, "?", "V"))
    if shown:
        icon = piece_svg(letters[shown[0]], None, size=26, unmasked=True)
        out.append(f"{icon} " + _("The eye marks an unmasked piece: both players know what it is."))
    if picture.learned:
        icon = piece_svg(letters[picture.learned[0][0]], None, size=26, learned=True)
        out.append(
            f"{icon} "
            + _(
                "The magnifying glass marks an enemy piece you know though it is not unmasked: "
                "it unmasked your pieces, so it is a Spy, or (sealed link games) you saw it attack."
            )
        )
    return "".join(f'<p class="badge-legend hint">{line}</p>' for line in out)


@kept
def events_list(events, heading, viewer, letters=None):
    """The events as sentences, a list for each side's turn: where the panel is wide (an upright
    tablet) a link game's two turns stand side by side, and the selected piece's line above Undo and
    Submit stays in view. ``letters`` (the board now) names the pieces they unmasked."""
    if not events:
        return ""
    boards = boards_after(events, letters) if letters is not None else [None] * len(events)
    lists = "".join(
        "<ul>" + "".join(f"<li>{escape(describe(e, viewer, board))}</li>" for e, board in group) + "</ul>"
        for _turn, group in groupby(zip(events, boards), key=lambda told: (told[0].turn, told[0].side))
    )
    return f'<div class="events"><h3>{heading}</h3><div class="event-turns">{lists}</div></div>'


def selection_line(board):
    """The selected piece named ("Captain (3) on e4 — unmasked: Blue knows it"), or the line's empty place."""
    sq = board.selected
    if sq is None:
        return SELECTION.format("")
    said = selection(board.letters[sq], sq, sq in board.unmasked, 1 - board.side)
    return SELECTION.format(f'<p class="selection-line">{escape(said)}</p>')


SELECTION = '<div class="selection">{}</div>'
"""The line's place is kept while no piece is selected: a tap that selects then
moves nothing below it on the page, which the browser would have to draw again."""


def planned_line(board, need, then=""):
    """The moves planned so far and what comes next, or (none planned) how to play a turn;
    ``then``: what follows the turn (a link game: sending the link)."""
    if board.planned:
        planned = ", ".join(str(m) for m in board.planned)
        if board.complete:
            said = _("Planned: {moves}. Turn complete: submit it.").format(moves=planned)
        else:
            said = _("Planned: {moves}. Now move another piece.").format(moves=planned)
        return f'<p class="turn-line planned-line">{escape(said)}</p>'
    if need == 2:
        hint = _("Tap a piece, then a lit square. Two moves by two different pieces, then submit.")
    else:
        hint = _("Tap a piece, then a lit square. One move, then submit.")
    return f'<p class="turn-line hint">{escape(hint)}{" " + escape(then) if then else ""}</p>'


def turn_bar(line, planned, complete):
    """``line`` (what to do, from ``planned_line``, or '') over Undo and Submit: a bar that stays at
    the window's bottom edge while the panel above it is taller than the window (a phone; an
    upright tablet when the other side's turn takes many lines), so that a turn is played from the
    board without a scroll, and what to do is read beside the buttons that do it, never under them."""
    return (
        f'<div class="turn-bar">{line}<div class="actions">'
        + button(_("Undo move"), "undo", disabled=not planned)
        + button(_("Submit turn"), "submit", disabled=not complete, cls="primary")
        + "</div></div>"
    )


def turns(events):
    """The events a turn at a time: (moves played by the end of the turn, its events)."""
    out = []
    for step, e in enumerate(events, 1):
        if out and (out[-1][1][0].turn, out[-1][1][0].side) == (e.turn, e.side):
            out[-1] = (step, out[-1][1] + [e])
        else:
            out.append((step, [e]))
    return out


def turn_list(events, viewer, current):
    """Every turn, each a button that shows the board after it (``current``: the one shown)."""
    items = []
    for step, group in turns(events):
        first = group[0]
        label = _("Turn {n}, {side}").format(n=first.turn, side=side_name(first.side))
        said = "; ".join(describe(e, viewer, first=i == 0) for i, e in enumerate(group))
        cls = "turn current" if step == current else "turn"
        items.append(
            f'<li class="{cls}" data-step="{step}">{button(label, "history-turn", step, pressed=step == current)}'
            f"<span>{escape(said)}</span></li>"
        )
    none = _("No moves yet.")
    return f'<ol class="turn-list">{"".join(items)}</ol>' if items else f'<p class="hint">{none}</p>'


def history(app):
    side = app.side
    live = app.turn.view()
    step = app.replay
    if step is None:
        view, caption = live, _("The board now. Tap a turn to see the board after it.")
        last, group = (), ()
    else:
        view = app.record.history_view()
        group = next(g for s, g in turns(live.events) if s == step)
        caption = _("The board after turn {n} ({side}), as you saw it then.").format(
            n=group[0].turn, side=side_name(group[0].side)
        )
        last = tuple(e.move for e in group)
    picture = BoardPicture(
        letters=view.drawn_letters(), unknown_side=1 - side, bottom=side, unmasked=view.unmasked, learned=learned_marks(view), last_turn=last,
        fights=fights(group), cursor=app.cursor,
    )
    panel = (
        '<h1 tabindex="-1">' + _("{side}'s move list").format(side=side_name(side)) + "</h1>"
        f'<p class="history-caption hint" data-step="{"" if step is None else step}">{escape(caption)}</p>'
        '<div class="actions">'
        + button(_("Back to the game"), "history-close", cls="primary")
        + "</div>"
        + turn_list(live.events, side, step)
    )
    return board_screen(Screen.HISTORY, picture, panel, app)


def over(app, extras, rematch):
    """The end of any game: the outcome, a replay of the whole game when both armies
    are known here, ``extras`` (a link game: the verdict and whether a final link must go),
    and what its Rematch does (``rematch``)."""
    match = app.match
    outcome = match.outcome
    game = match.full_game()
    if game is not None:
        view = app.record.replay_view()
        step = app.replay
        total = len(game.events)
        current = view.events[step - 1] if step else None
        caption = escape(
            _("Move {step} of {total}: {move}").format(
                step=step, total=total, move=describe(current, None, view.letters)
            )
            if current
            else ngettext("Start position ({n} move in all)", "Start position ({n} moves in all)", total).format(n=total)
        )
        picture = BoardPicture(
            letters=view.letters, bottom=app.bottom, unmasked=view.unmasked,
            last_turn=(current.move,) if current else (),
            fights=fights((current,)) if current else (), cursor=app.cursor,
        )
        replay = (
            '<p class="hint">'
            + _("Both armies are revealed. Step through the whole game:")
            + '</p><div class="actions replay">'
            + button(_("First"), "replay", "first", disabled=step == 0)
            + button(_("Back"), "replay", "back", disabled=step == 0)
            + button(_("Forward"), "replay", "forward", disabled=step == total)
            + button(_("Last"), "replay", "last", disabled=step == total)
            + f'</div><p class="replay-caption" data-step="{step}" aria-live="polite">{caption}</p>'
        )
        every_turn = "<h2>" + _("Every turn") + "</h2>" + turn_list(game.full_view().events, None, step)
    else:  # a sealed link game before the other army is revealed: this player's own view
        view = match.view(app.side)
        picture = BoardPicture(
            letters=view.drawn_letters(), unknown_side=1 - app.side, bottom=app.side, unmasked=view.unmasked,
            learned=learned_marks(view),
        )
        replay = every_turn = ""
    panel = (
        f'<h1 tabindex="-1" class="outcome" data-outcome="{outcome}">{escape(outcome_text(outcome))}</h1>'
        + extras
        + replay
        + '<div class="actions">'
        + button(_("Rematch"), "rematch", cls="primary")
        + button(_("Home"), "home")
        + "</div>"
        + f'<p class="hint">{rematch}</p>'
        + removed_trays(view)
        + every_turn
    )
    return board_screen(Screen.OVER, picture, panel, app)
