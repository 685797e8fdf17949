"""The screens as HTML markup: pure functions of the app state.

Buttons carry ``data-action`` (and ``data-arg``) for the browser binding, and
their visible label is their accessible name. A player's screen is built only
from that player's view, so nothing hidden can reach the page.
"""

from functools import wraps
from html import escape

from espionage.board import BLUE, RED, SETUP_SQUARES, SIDES
from espionage.pieces import KINDS, letter_of

from .i18n import language
from .markup import Element, Elements, Parts
from .render import BoardPicture, board_svg, piece_svg
from .words import boards_after, describe, outcome_text, selection

SCREENS = ("home", "new", "options", "setup", "cover", "play", "results", "over", "history")
MATCH_SCREENS = ("setup", "cover", "play", "results", "over", "history")

def button(label, action, arg="", disabled=False, cls="", pressed=None, title=""):
    attrs = [f'type="button" data-action="{escape(action)}"']
    if arg != "":
        attrs.append(f'data-arg="{escape(str(arg))}"')
    if disabled:
        attrs.append("disabled")
    if cls:
        attrs.append(f'class="{cls}"')
    if pressed is not None:
        attrs.append(f'aria-pressed="{"true" if pressed else "false"}"')
    if title:
        attrs.append(f'title="{escape(title)}"')
    return f"<button {' '.join(attrs)}>{escape(label)}</button>"


def resign_control(app):
    """The Resign button, or (once pressed) the question that makes sure."""
    if app.confirm != "resign":
        return button("Resign", "resign", cls="danger")
    return (
        '<div class="confirm" role="alertdialog" aria-label="Resign this game?"><p>Resign this game?</p>'
        + button("Resign", "resign-confirm", cls="danger")
        + button("Keep playing", "cancel", cls="primary")
        + "</div>"
    )


def side_name(side):
    return SIDES[side].capitalize()


def _message(app):
    return f'<p class="message" role="alert">{escape(app.message)}</p>' if app.message else ""


def _screen(name, body, app):
    return f'<section class="screen screen-{name}" data-screen="{name}">{body}{_message(app)}</section>'


def render(app):
    from . import linkpages
    from .linkplay import LINK_SCREENS

    if app.screen != "over" and (app.screen in LINK_SCREENS or getattr(app.match, "mode", None) == "link"):
        return linkpages.render(app)
    if app.screen in ("computer-options", "setup", "play") and (
        app.screen == "computer-options" or app.match.mode == "computer"
    ):
        from . import computerpages

        return computerpages.render(app)
    return globals()["_" + app.screen](app)


# -- home, new game, options ---------------------------------------------------------------


def _home(app):
    items = []
    for match in app.saved_games:
        confirm = app.confirm == match.id
        actions = (
            button("Delete game", "delete-confirm", cls="danger") + button("Keep", "cancel")
            if confirm
            else button("View" if match.outcome is not None else "Resume", "resume", match.id)
            + button("Delete", "delete", match.id, cls="quiet")
        )
        variant = "one move per turn" if match.variant.moves_per_turn == 1 else "two moves per turn"
        kind = f"Against the computer (level {match.level})" if match.mode == "computer" else "Pass and play"
        items.append(
            f'<li class="saved-game" data-game="{escape(match.id)}" data-mode="{match.mode}">'
            f'<span class="what">{kind}, {variant}: '
            f"{escape(match.status())}</span><span class=\"actions\">{actions}</span></li>"
        )
    for key in app.damaged:
        confirm = app.confirm == key
        actions = (
            button("Delete game", "delete-confirm", cls="danger") + button("Keep", "cancel")
            if confirm
            else button("Delete", "delete", key, cls="quiet")
        )
        items.append(
            f'<li class="saved-game damaged"><span class="what">A saved game that this version cannot read '
            f'(kept untouched)</span><span class="actions">{actions}</span></li>'
        )
    from .linkpages import home_items

    items += home_items(app)
    saved = (
        f'<h2>Saved games</h2><ul class="saved-games">{"".join(items)}</ul>'
        if items
        else '<p class="hint">No saved games yet.</p>'
    )
    body = (
        '<header><h1>Espionage</h1><p class="tagline">Hidden armies, two moves a turn, '
        "Spies that unmask, Sappers that clear Mines.</p></header>"
        f'<div class="actions main-actions">{button("New game", "new", cls="primary")}</div>{saved}'
        '<p class="hint"><a href="RULES.md" target="_blank" rel="noopener">Rules of the game</a></p>'
    )
    return _screen("home", body, app)


def _new(app):
    body = (
        "<h1>New game</h1>"
        '<div class="choices">'
        + button("Pass and play", "mode", "pass", cls="primary")
        + '<p class="hint">Two players, one device: the screen is covered while you hand it over.</p>'
        + button("Play by link", "link-new", cls="primary")
        + '<p class="hint">Two devices: send each turn as a link, by any messenger.</p>'
        + button("Play the computer", "computer-new", cls="primary")
        + '<p class="hint">One player against the computer, at three levels. It sees only what you see.</p>'
        "</div>"
        f'<div class="actions">{button("Back", "home")}</div>'
    )
    return _screen("new", body, app)


def variant_fields(app):
    """The options of a new game: moves per turn and the number of volcanoes."""
    moves, volcanoes = app.options.moves_per_turn, app.options.volcanoes
    return (
        '<fieldset><legend>Moves per turn</legend><div class="toggle">'
        + button("2 moves per turn (standard)", "moves", 2, pressed=moves == 2)
        + button("1 move per turn", "moves", 1, pressed=moves == 1)
        + '</div></fieldset><fieldset><legend>Volcanoes</legend><div class="toggle">'
        + "".join(
            button(str(n), "volcanoes", n, pressed=volcanoes == n, title=f"{n} volcanoes") for n in range(0, 11, 2)
        )
        + "</div></fieldset>"
    )


def _options(app):
    body = (
        "<h1>Pass and play</h1>"
        + variant_fields(app)
        + f'<div class="actions">{button("Back", "new")}{button("Start", "start", cls="primary")}</div>'
    )
    return _screen("options", body, app)


# -- setup -------------------------------------------------------------------------------


def _setup(app, note="", ready_action="ready"):
    """The setup screen; a link game adds a ``note`` on its kind and readies with its own action."""
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
    tray = []
    for kind, info in KINDS.items():
        left = app.remaining(kind)
        cls = "tray-kind" + (" picked" if app.picked == kind else "") + (" empty" if not left else "")
        tray.append(
            f'<button type="button" class="{cls}" data-action="pick" data-arg="{kind}" data-drag="{kind}" '
            f'aria-pressed="{"true" if app.picked == kind else "false"}" aria-label="{info.name}, {left} left" title="{info.name}"'
            f"{' disabled' if not left and app.selected is None else ''}>"
            f'{piece_svg(letter_of(kind, side), side, size=40)}<span class="count">{left}</span>'
            f'<span class="kind-name" aria-hidden="true">{info.name}</span></button>'
        )
    saved = "".join(
        f'<li>{button(f"Load {name}", "load-setup", name)}{button("Forget", "delete-setup", name, cls="quiet")}</li>'
        for name in sorted(app.offered_setups())
    )
    private = (
        f'<p class="hint">Setups saved during this game are not offered to {side_name(1 - side)} until it ends.</p>'
        if app.match.mode == "pass"
        else ""
    )
    placed = len(app.placed)
    hint = (
        "Pick a kind below, then tap squares in your zone (or drag). Tap two placed pieces to swap them."
        if placed < 30
        else "All 30 pieces stand. Tap two pieces to swap them, or press Ready."
    )
    hint += " To take a piece back, tap it on the board, then tap the tray."
    panel = (
        f"<h1>{side_name(side)}: set up your army</h1>{note}"
        f'<p class="hint">{hint}</p><p class="count-line">{placed} of 30 placed</p>'
        f'<div class="tray" role="group" aria-label="Army tray">{"".join(tray)}</div>'
        '<div class="actions">'
        + button("Random setup", "random-setup")
        + button("Fully random", "random-setup", "full", cls="quiet")
        + button("Clear", "clear")
        + button("Ready", ready_action, disabled=not app.setup_complete, cls="primary")
        + "</div>"
        f'<details class="saved-setups"{" open" if app.setups_open else ""}><summary>Saved setups</summary>'
        '<label>Name <input type="text" id="setup-name" maxlength="40" autocomplete="off"></label>'
        + button("Save setup", "save-setup")
        + private
        + (f"<ul>{saved}</ul>" if saved else '<p class="hint">None saved on this device yet.</p>')
        + "</details>"
        + f'<div class="actions secondary">{button("Home", "home", cls="quiet")}</div>'
    )
    return _board_screen("setup", board_svg(picture), panel, app)


def _board_screen(name, svg, panel, app):
    # the message first: on a tablet held upright the panel starts right under the board
    # (built element by element, so that ui/patch.py compares the board square by square)
    wrap = Element('<div class="board-wrap">', Elements((svg,)) if isinstance(svg, Element) else svg, "div")
    content = Parts((_message(app), *panel.parts)) if isinstance(panel, Parts) else f"{_message(app)}{panel}"
    body = Elements((wrap, Element('<div class="panel">', content, "div")))
    layout = Element('<div class="layout">', body, "div")
    return Element(f'<section class="screen screen-{name}" data-screen="{name}">', Elements((layout,)), "section")


# -- the cover ---------------------------------------------------------------------------


def _cover(app):
    side = side_name(app.side)
    body = (
        '<div class="cover-inner">'
        + (
            f'<p class="rematch-note">Rematch, colours swapped: whoever played {side_name(1 - app.side)} '
            f"last game plays {side} now.</p>"
            if app.rematch
            else ""
        )
        + f'<p class="cover-title">Hand the device to {side}</p>'
        f'<p class="hint">{side}: press the button when the other player is not looking.</p>'
        + button(f"Show {side}'s board", "reveal", cls="primary")
        + f'<p>{button("Home", "home", cls="quiet")}</p>'
        + "</div>"
    )
    return f'<section class="screen screen-cover cover" data-screen="cover">{body}</section>'


# -- play --------------------------------------------------------------------------------


def kept(render):
    """``render`` answers a call with the same arguments (views by identity: a view never
    changes) in the same language as the call before without working again: the panel's
    parts that follow the position are written once per position, not once per tap."""
    last = []

    @wraps(render)
    def kept_render(*args):
        key = (language(), *args)
        if last and len(last[0]) == len(key) and all(a is b or a == b for a, b in zip(last[0], key)):
            return last[1]
        last[:] = key, render(*args)
        return last[1]

    return kept_render


@kept
def _removed_trays(view):
    out = []
    for side in (RED, BLUE):
        kinds = view.removed[SIDES[side]]
        icons = "".join(
            f'<span class="removed-piece" data-removed="{letter_of(k, side)}" title="{KINDS[k].name}">'
            f"{piece_svg(letter_of(k, side), side, size=28)}</span>"
            for k in kinds
        )
        icons = icons or '<span class="hint">none</span>'
        out.append(
            f'<div class="removed removed-{SIDES[side]}"><h3>{side_name(side)} lost ({len(kinds)})</h3>'
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
        cells.append(
            f'<span class="{cls}" data-kind="{kind}" data-left="{left}" title="{info.name}: {left} left">'
            f'{piece_svg(letter_of(kind, enemy), enemy, size=26)}<span class="count">{left}</span></span>'
        )
    return (
        f'<div class="enemy-left" role="group" aria-label="{side_name(enemy)} pieces still on the board">'
        f'<h3>{side_name(enemy)} on the board</h3><div class="enemy-kinds">{"".join(cells)}</div></div>'
    )


def badge_legend(picture):
    """One legend of the marks on the board's pieces, shown while a marked piece is on it:
    the eye (unmasked) and the magnifying glass (a kind learned from the moves)."""
    letters = picture.letters
    out = []
    shown = sorted(sq for sq in picture.unmasked if letters[sq] not in (None, "?", "V"))
    if shown:
        icon = piece_svg(letters[shown[0]], None, size=26, unmasked=True)
        out.append(f"{icon} The eye marks an unmasked piece: both players know what it is.")
    if picture.learned:
        icon = piece_svg(letters[picture.learned[0][0]], None, size=26, learned=True)
        out.append(
            f"{icon} The magnifying glass marks an enemy piece you know though it is not unmasked: "
            "it unmasked your pieces, so it is a Spy, or (sealed link games) you saw it attack."
        )
    return "".join(f'<p class="badge-legend hint">{line}</p>' for line in out)


@kept
def _events_list(events, heading, viewer, letters=None):
    """The events as sentences; ``letters`` (the board now) names the pieces they unmasked."""
    if not events:
        return ""
    boards = boards_after(events, letters) if letters is not None else [None] * len(events)
    items = "".join(
        f"<li>{escape(describe(e, viewer, board))}</li>" for e, board in zip(events, boards)
    )
    return f'<div class="events"><h3>{heading}</h3><ul>{items}</ul></div>'


def fights(events):
    """(square, letter of the piece that fell) of each fight among ``events`` with a known result."""
    out = []
    for e in events:
        for side, kind, _square in getattr(e, "removed", ()) if getattr(e, "attack", False) else ():
            out.append((e.move.to_square, letter_of(kind, SIDES.index(side))))
    return tuple(out)


def learned_marks(view):
    """(square, how) of the masked enemy pieces whose kind the view learned, for the board picture."""
    return tuple((sq, view.marks[sq]) for sq in getattr(view, "learned", ()))


def play_picture(app, view):
    """The board of the player to move, with this turn's planned moves and the opponent's
    last turn highlighted; also the moves of that last turn (empty if it was the player's own)."""
    side = app.side
    letters, unmasked = app.planned_letters()
    last = view.last_turn
    opponent_last = tuple(e.move for e in last) if last and last[0].side != side else ()
    picture = BoardPicture(
        letters=letters,
        unknown_side=1 - side,
        bottom=side,
        unmasked=unmasked,
        learned=learned_marks(view),
        selected=app.selected,
        targets=app.targets(),
        last_turn=opponent_last,
        planned=tuple(app.planned),
        cursor=app.cursor,
        fights=fights(last) if opponent_last else (),
    )
    return picture, opponent_last


def selection_line(app):
    """The selected piece named ("Captain (3) on e4 — unmasked: Blue knows it"), or the line's empty place."""
    sq = app.selected
    if sq is None:
        return SELECTION.format("")
    letters, unmasked = app.planned_letters()
    return SELECTION.format(f'<p class="selection-line">{escape(selection(letters[sq], sq, sq in unmasked, 1 - app.side))}</p>')


SELECTION = '<div class="selection">{}</div>'
"""The line's place is kept while no piece is selected: a tap that selects then
moves nothing below it on the page, which the browser would have to draw again."""


def _play(app):
    view = app.view()
    side = app.side
    picture, opponent_last = play_picture(app, view)
    last = view.last_turn
    match = app.match
    panel = [f'<h1>{side_name(side)}\'s board</h1><p class="status">Turn {view.turn_number} · {side_name(side)} to move</p>']
    panel.append(enemy_left(view, side))
    if opponent_last:
        panel.append(_events_list(last, f"{side_name(1 - side)}'s last turn", side, view.letters))
    if match.draw_offered_to(side):
        panel.append(
            f'<div class="offer"><p>{side_name(1 - side)} offers a draw.</p>'
            + button("Accept draw", "accept-draw")
            + button("Decline draw", "decline-draw")
            + "</div>"
        )
    panel.append(selection_line(app))
    panel.append(badge_legend(picture))
    need = match.variant.moves_per_turn
    if app.planned:
        planned = ", ".join(str(m) for m in app.planned)
        state = "Turn complete: submit it." if app.turn_complete else "Now move another piece."
        panel.append(f'<p class="planned-line">Planned: {planned}. {state}</p>')
    else:
        panel.append(
            f'<p class="hint">Tap a piece, then a lit square. {"Two moves by two different pieces, then submit." if need == 2 else "One move, then submit."}</p>'
        )
    panel.append(
        '<div class="actions">'
        + button("Undo move", "undo", disabled=not app.planned)
        + button("Submit turn", "submit", disabled=not app.turn_complete, cls="primary")
        + "</div>"
        '<div class="actions secondary">'
        + button("Move list", "history")
        + button("Offer draw", "offer-draw", disabled=match.draw_offer is not None)
        + resign_control(app)
        + button("Home", "home", cls="quiet")
        + "</div>"
    )
    panel.append(_removed_trays(view))
    return _board_screen("play", board_svg(picture), Parts(panel), app)


def _results(app):
    view = app.view()
    side = app.side
    own = tuple(e.move for e in view.last_turn)
    picture = BoardPicture(
        letters=view.drawn_letters(), unknown_side=1 - side, bottom=side, unmasked=view.unmasked, learned=learned_marks(view), last_turn=own,
        fights=fights(view.last_turn),
    )
    panel = (
        f"<h1>{side_name(side)}'s turn played</h1>"
        + _events_list(view.last_turn, "What happened", side, view.letters)
        + f'<div class="actions">{button("Hand over", "hand-over", cls="primary")}</div>'
        f'<p class="hint">Then pass the device to {side_name(1 - side)}: the board is covered until they open it.</p>'
        + _removed_trays(view)
    )
    return _board_screen("results", board_svg(picture), panel, app)


# -- the move list -----------------------------------------------------------------------


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
        label = f"Turn {first.turn}, {side_name(first.side)}"
        said = "; ".join(describe(e, viewer) for e in group)
        cls = "turn current" if step == current else "turn"
        items.append(
            f'<li class="{cls}" data-step="{step}">{button(label, "history-turn", step, pressed=step == current)}'
            f"<span>{escape(said)}</span></li>"
        )
    return f'<ol class="turn-list">{"".join(items)}</ol>' if items else '<p class="hint">No moves yet.</p>'


def _history(app):
    side = app.side
    live = app.view()
    step = app.replay
    if step is None:
        view, caption = live, "The board now. Tap a turn to see the board after it."
        last, group = (), ()
    else:
        view = app.history_view()
        group = next(g for s, g in turns(live.events) if s == step)
        caption = f"The board after turn {group[0].turn} ({side_name(group[0].side)}), as you saw it then."
        last = tuple(e.move for e in group)
    picture = BoardPicture(
        letters=view.drawn_letters(), unknown_side=1 - side, bottom=side, unmasked=view.unmasked, learned=learned_marks(view), last_turn=last,
        fights=fights(group),
    )
    panel = (
        f"<h1>{side_name(side)}'s move list</h1>"
        f'<p class="history-caption hint" data-step="{"" if step is None else step}">{caption}</p>'
        f'<div class="actions">{button("Back to the game", "history-close", cls="primary")}</div>'
        + turn_list(live.events, side, step)
    )
    return _board_screen("history", board_svg(picture), panel, app)


# -- game over -------------------------------------------------------------------------


def rematch_hint(match):
    if match.mode == "pass":
        return "Rematch: the same options, and the players swap colours."
    if match.mode == "computer":
        return "Rematch: the same level and options, and you play the other colour."
    return (
        f"Rematch: a new {match.kind} link game with the same options, you playing "
        f"{side_name(1 - match.side)}; then send the invitation."
    )


def _over(app):
    """The end of any game: the outcome, a replay of the whole game when both armies
    are known here, and (a link game) the verdict and whether a final link must go."""
    from . import linkpages

    match = app.match
    outcome = match.outcome
    game = match.full_game()
    if game is not None:
        view = app.replay_view()
        step = app.replay
        total = len(game.events)
        current = view.events[step - 1] if step else None
        caption = (
            f"Move {step} of {total}: {escape(describe(current, None, view.letters))}"
            if current
            else f"Start position ({total} moves in all)"
        )
        picture = BoardPicture(
            letters=view.letters, bottom=app.bottom, unmasked=view.unmasked,
            last_turn=(current.move,) if current else (),
            fights=fights((current,)) if current else (),
        )
        replay = (
            '<p class="hint">Both armies are revealed. Step through the whole game:</p>'
            '<div class="actions replay">'
            + button("First", "replay", "first", disabled=step == 0)
            + button("Back", "replay", "back", disabled=step == 0)
            + button("Forward", "replay", "forward", disabled=step == total)
            + button("Last", "replay", "last", disabled=step == total)
            + f'</div><p class="replay-caption" data-step="{step}">{caption}</p>'
        )
        every_turn = "<h2>Every turn</h2>" + turn_list(game.full_view().events, None, step)
    else:  # a sealed link game before the other army is revealed: this player's own view
        view = match.view(app.side)
        picture = BoardPicture(
            letters=view.drawn_letters(), unknown_side=1 - app.side, bottom=app.side, unmasked=view.unmasked,
            learned=learned_marks(view),
        )
        replay = every_turn = ""
    if match.mode == "link":
        extras = linkpages.over_extras(app)
    elif match.mode == "computer":
        from . import computerpages

        extras = computerpages.over_extras(app)
    else:
        extras = ""
    panel = (
        f'<h1 class="outcome" data-outcome="{outcome}">{escape(outcome_text(outcome))}</h1>'
        + extras
        + replay
        + '<div class="actions">'
        + button("Rematch", "rematch", cls="primary")
        + button("New game", "new")
        + button("Home", "home")
        + "</div>"
        + f'<p class="hint">{rematch_hint(match)}</p>'
        + _removed_trays(view)
        + every_turn
    )
    return _board_screen("over", board_svg(picture), panel, app)
