"""The screens of a game against the computer: pure functions of the app state.

The board is the player's own view, as in pass and play; the computer's army
is drawn only on the shared game-over screen, which also says what the
computer had worked out about the player's army (``over_extras``).
"""

from dataclasses import replace
from html import escape

from espionage.board import SIDES, square_name
from espionage.bot import Bot
from espionage.pieces import KINDS

from . import pages
from .computer import FAIRNESS, LEVELS
from .markup import Parts
from .pages import (
    _board_screen,
    _events_list,
    _removed_trays,
    badge_legend,
    button,
    enemy_left,
    play_picture,
    resign_control,
    selection_line,
    side_name,
    variant_fields,
)
from .render import board_svg


def render(app):
    if app.screen == "computer-options":
        return _options(app)
    if app.screen == "setup":
        note = f'<p class="hint">Against the computer, level {app.match.level}. {escape(FAIRNESS)}</p>'
        return pages._setup(app, note=note, ready_action="computer-ready")
    return _play(app)


def _options(app):
    levels = "".join(
        f'<div class="choice">{button(f"Level {n}", "computer-level", n, pressed=app.computer_level == n)}'
        f'<p class="hint">{escape(text)}</p></div>'
        for n, text in LEVELS.items()
    )
    colours = "".join(
        button(f"{side_name(i)}{' (moves first)' if i == 0 else ''}", "computer-colour", side,
               pressed=app.computer_colour == i)
        for i, side in enumerate(SIDES)
    )  # fmt: skip
    body = (
        "<h1>Play the computer</h1>"
        f'<p class="fairness">{escape(FAIRNESS)}</p>'
        f'<fieldset><legend>Level</legend><div class="levels">{levels}</div></fieldset>'
        f'<fieldset><legend>Your colour</legend><div class="toggle">{colours}</div></fieldset>'
        + variant_fields(app)
        + f'<div class="actions">{button("Back", "new")}{button("Start", "computer-start", cls="primary")}</div>'
    )
    return pages._screen("computer-options", body, app)


def computer_turn(view, human):
    """The computer's latest turn as the player saw it: while it is being shown, its moves so far."""
    if view.first_move is not None and view.side_to_move != human:
        return view.current_turn
    last = view.last_turn
    return last if last and last[0].side != human else ()


def _state(app, match):
    """What the computer is doing, for the player and for tests (``data-state``)."""
    if match.error:
        return "error", escape(app.computer_error()) + " " + button("Ask again", "computer-retry", cls="primary")
    if match.pending or (match.to_move() == match.computer and match.game.first_move is not None):
        return "moving", "The computer is moving…"
    if match.thinking:
        return "thinking", '<span class="spinner" aria-hidden="true"></span>The computer is thinking…'
    return "your-turn", "Your move."


def _play(app):
    match = app.match
    view = app.view()
    side = app.side
    picture, _ = play_picture(app, view)
    shown = computer_turn(view, side)
    picture = replace(picture, last_turn=tuple(e.move for e in shown))
    state, said = _state(app, match)
    panel = [
        f"<h1>You ({side_name(side)}) against the computer</h1>"
        f'<p class="status">Turn {view.turn_number} · level {match.level}</p>'
        f'<p class="computer-state" data-state="{state}" role="status" aria-live="polite">{said}</p>'
    ]
    panel.append(enemy_left(view, side))
    if shown:
        panel.append(_events_list(shown, "The computer's last turn", side, view.letters))
    panel.append(selection_line(app))
    panel.append(badge_legend(picture))
    if app.planned:
        planned = ", ".join(str(m) for m in app.planned)
        more = "Turn complete: submit it." if app.turn_complete else "Now move another piece."
        panel.append(f'<p class="planned-line">Planned: {planned}. {more}</p>')
    elif state == "your-turn":
        need = match.variant.moves_per_turn
        panel.append(
            '<p class="hint">Tap a piece, then a lit square. '
            f"{'Two moves by two different pieces, then submit.' if need == 2 else 'One move, then submit.'}</p>"
        )
    take_back = (
        button("Take back", "take-back", disabled=not match.can_take_back(),
               title="Take back your last turn and the computer's answer")
        if match.level in (1, 2)
        else ""
    )  # fmt: skip
    panel.append(
        '<div class="actions">'
        + button("Undo move", "undo", disabled=not app.planned)
        + button("Submit turn", "submit", disabled=not app.turn_complete, cls="primary")
        + "</div>"
        '<div class="actions secondary">'
        + take_back
        + button("Move list", "history")
        + resign_control(app)
        + button("Home", "home", cls="quiet")
        + "</div>"
        f'<p class="hint fairness">{escape(FAIRNESS)}</p>'
    )
    panel.append(_removed_trays(view))
    return _board_screen("play", board_svg(picture), Parts(panel), app)


# -- the end --------------------------------------------------------------------------


def belief_lines(match):
    """What the computer had worked out about each of the player's pieces still on the board
    at the end, from its own view: known for certain, narrowed down, or nothing known
    (worked out once per position: the game-over screen is drawn again at every replay step)."""
    cached = getattr(match, "_belief_lines", None)
    if cached is None or cached[0] != match.revision:
        match._belief_lines = (match.revision, _belief_lines(match))
    return match._belief_lines[1]


def _belief_lines(match):
    game = match.full_game()
    view = game.view(SIDES[match.computer])
    belief = Bot(match.level, match.seed).belief(view)
    known, narrowed, unknown = [], [], []
    for sq in sorted(belief.pieces):
        truth = KINDS[game.kind_at(sq)].name
        letters = belief.pieces[sq].possible_letters()
        where = f"your {truth} on {square_name(sq)}"
        if len(letters) == 1:
            known.append(where)
        elif len(letters) < len(KINDS):
            names = ", ".join(KINDS[k].name for k in letters)
            narrowed.append(f"{where}: one of {names}")
        else:
            unknown.append(where)
    return known, narrowed, unknown


def over_extras(app):
    """The computer's view of the player's army at the end (its own army is on the board)."""
    match = app.match
    if match.full_game() is None:
        return ""
    known, narrowed, unknown = belief_lines(match)
    parts = ['<div class="computer-belief"><h2>What the computer knew about your army</h2>']
    parts.append(
        '<p class="hint">Worked out from its own view only (fights, Spies, moves): '
        "both armies are revealed on the board below.</p>"
    )
    for title, lines, cls in (("Known for certain", known, "known"), ("Narrowed down", narrowed, "narrowed")):
        if lines:
            items = "".join(f"<li>{escape(line)}</li>" for line in lines)
            parts.append(f'<h3>{title} ({len(lines)})</h3><ul class="belief-{cls}">{items}</ul>')
    if unknown:
        items = "".join(f"<li>{escape(line)}</li>" for line in unknown)
        parts.append(
            f"<details><summary>Nothing known beyond the counts ({len(unknown)})</summary>"
            f'<ul class="belief-unknown">{items}</ul></details>'
        )
    parts.append("</div>")
    return "".join(parts)

