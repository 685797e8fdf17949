"""The screens of a game against the computer: pure functions of the app state.

The board is the player's own view, as in pass and play; the computer's army
is drawn only on the shared game-over screen, which also says what the
computer had worked out about the player's army (``over_extras``).
"""

from dataclasses import replace
from html import escape

from espionage.board import SIDES, square_name
from espionage.bot import Bot
from espionage.pieces import KINDS, MOVABLE

from .board_screen import (
    badge_legend,
    board_screen,
    enemy_left,
    events_list,
    history,
    over,
    planned_line,
    removed_trays,
    selection_line,
    setup,
    turn_bar,
)
from .computer import FAIRNESS, LEVELS
from .i18n import _, language
from .markup import Parts
from .screens import Screen
from .widgets import button, resign_control, screen, variant_fields
from .words import kind_name, piece, side_name


def _setup(app):
    level = _("Against the computer, level {level}.").format(level=app.match.level)
    note = f'<p class="hint">{escape(level)} {escape(_(FAIRNESS))}</p>'
    return setup(app, note=note, ready_action="computer-ready")


def _options(app):
    levels = "".join(
        '<div class="choice">'
        + button(_("Level {n}").format(n=n), "computer-level", n, pressed=app.computer.level == n)
        + f'<p class="hint">{escape(_(text))}</p></div>'
        for n, text in LEVELS.items()
    )
    labels = (_("Red (moves first)"), _("Blue"))
    colours = "".join(
        button(labels[i], "computer-colour", side, pressed=app.computer.colour == i) for i, side in enumerate(SIDES)
    )
    title, level, colour = _("Play the computer"), _("Level"), _("Your colour")
    body = (
        f'<h1 tabindex="-1">{escape(title)}</h1>'
        f'<p class="fairness">{escape(_(FAIRNESS))}</p>'
        f'<fieldset><legend>{escape(level)}</legend><div class="levels">{levels}</div></fieldset>'
        f'<fieldset><legend>{escape(colour)}</legend><div class="toggle">{colours}</div></fieldset>'
        + variant_fields(app)
        + '<div class="actions">'
        + button(_("Back"), "home")
        + button(_("Start"), "computer-start", cls="primary")
        + "</div>"
    )
    return screen(Screen.COMPUTER_OPTIONS, body, app)


def computer_turn(view, human):
    """The computer's latest turn as the player saw it: while it is being shown, its moves so far."""
    if view.first_move is not None and view.side_to_move != human:
        return view.current_turn
    last = view.last_turn
    return last if last and last[0].side != human else ()


def _state(app, match):
    """What the computer is doing, for the player and for tests (``data-state``)."""
    if match.error:
        # the worker's own words (English, technical) stay out of sight, for a developer's inspector
        said = f'<span class="computer-error" data-detail="{escape(match.error)}">{escape(app.computer.error())}</span>'
        return "error", said + " " + button(_("Ask again"), "computer-retry", cls="primary")
    if match.pending or (match.to_move() == match.computer and match.game.first_move is not None):
        return "moving", escape(_("The computer is moving…"))
    if match.thinking:
        return "thinking", '<span class="spinner" aria-hidden="true"></span>' + escape(_("The computer is thinking…"))
    return "your-turn", escape(_("Your move."))


def _play(app):
    match = app.match
    view = app.turn.view()
    side = app.side
    board = app.turn.board()
    picture = board.picture[0]
    shown = computer_turn(view, side)
    picture = replace(picture, last_turn=tuple(e.move for e in shown))
    state, said = _state(app, match)
    title = _("You ({side}) against the computer").format(side=side_name(side))
    status = _("Turn {n} · level {level}").format(n=view.turn_number, level=match.level)
    panel = [
        f'<h1 tabindex="-1">{escape(title)}</h1>'
        f'<div class="status-row"><p class="status">{escape(status)}</p>'
        f'<p class="computer-state" data-state="{state}" role="status" aria-live="polite">{said}</p></div>'
    ]
    panel.append(enemy_left(view, side))
    if shown:
        panel.append(events_list(shown, _("The computer's last turn"), side, view.letters))
    panel.append(selection_line(board))
    line = planned_line(board, match.variant.moves_per_turn) if board.planned or state == "your-turn" else ""
    take_back = (
        button(_("Take back"), "take-back", disabled=not match.can_take_back(),
               title=_("Take back your last turn and the computer's answer"))
        if match.level in (1, 2)
        else ""
    )  # fmt: skip
    panel.append(
        turn_bar(line, bool(board.planned), board.complete)
        + '<div class="actions secondary">'
        + take_back
        + button(_("Move list"), "history")
        + resign_control(app.confirm == "resign")
        + button(_("Home"), "home", cls="quiet")
        + "</div>"
        f'<p class="hint fairness">{escape(_(FAIRNESS))}</p>'
    )
    panel.append(badge_legend(picture))
    panel.append(removed_trays(view))
    return board_screen(Screen.PLAY, picture, Parts(panel), app)


# -- the end --------------------------------------------------------------------------


def belief_lines(match):
    """What the computer had worked out about each of the player's pieces still on the board
    at the end, from its own view: known for certain, narrowed down, or nothing known
    (worked out once per position: the game-over screen is drawn again at every replay step)."""
    cached = getattr(match, "_belief_lines", None)
    key = (match.revision, language())
    if cached is None or cached[0] != key:
        match._belief_lines = (key, _belief_lines(match))
    return match._belief_lines[1]


def _belief_lines(match):
    game = match.full_game()
    view = game.view(SIDES[match.computer])
    belief = Bot(match.level, match.seed).belief(view)
    known, narrowed, unknown = [], [], []
    for sq in sorted(belief.pieces):
        mine = piece(game.kind_at(sq), match.human, match.human)
        letters = belief.pieces[sq].possible_letters()
        where = _("{piece} on {square}").format(piece=mine, square=square_name(sq))
        if len(letters) == 1:
            known.append(where)
        elif set(letters) == MOVABLE:  # all it tells is that the piece moved
            narrowed.append(
                _("{piece} on {square}: it has moved, so it is neither a Mine nor the Headquarters").format(
                    piece=mine, square=square_name(sq)
                )
            )
        elif len(letters) < len(KINDS):
            names = _(", ").join(kind_name(k) for k in letters)
            narrowed.append(_("{piece} on {square}: one of {kinds}").format(piece=mine, square=square_name(sq), kinds=names))
        else:
            unknown.append(where)
    return known, narrowed, unknown


def _over(app):
    rematch = _("Rematch: the same level and options, and you play the other colour.")
    return over(app, over_extras(app), rematch)


def over_extras(app):
    """The computer's view of the player's army at the end (its own army is on the board)."""
    match = app.match
    if match.full_game() is None:
        return ""
    known, narrowed, unknown = belief_lines(match)
    heading = escape(_("What the computer knew about your army"))
    parts = [f'<div class="computer-belief"><h2>{heading}</h2>']
    said = _("Worked out from its own view only (fights, Spies, moves): both armies are revealed on the board below.")
    parts.append(f'<p class="hint">{escape(said)}</p>')
    titles = ((_("Known for certain ({n})"), known, "known"), (_("Narrowed down ({n})"), narrowed, "narrowed"))
    for title, lines, cls in titles:
        if lines:
            items = "".join(f"<li>{escape(line)}</li>" for line in lines)
            parts.append(f'<h3>{escape(title.format(n=len(lines)))}</h3><ul class="belief-{cls}">{items}</ul>')
    if unknown:
        items = "".join(f"<li>{escape(line)}</li>" for line in unknown)
        summary = _("Nothing known beyond the counts ({n})").format(n=len(unknown))
        parts.append(
            f"<details><summary>{escape(summary)}</summary>"
            f'<ul class="belief-unknown">{items}</ul></details>'
        )
    parts.append("</div>")
    return "".join(parts)



PAGES = {
    Screen.COMPUTER_OPTIONS: _options,
    Screen.SETUP: _setup,
    Screen.PLAY: _play,
    Screen.HISTORY: history,
    Screen.OVER: _over,
}
"""The screens of a game against the computer, each with the function that draws it."""
