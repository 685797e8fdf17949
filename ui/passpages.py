"""The screens of pass and play (its options, the cover between players, the play board and
the turn's results), and its table from screen to drawing function."""

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
from .board_state import fights, learned_marks
from .i18n import _
from .markup import Parts
from .render import BoardPicture
from .screens import Screen
from .widgets import button, kept, message, resign_control, rules_bar, screen, variant_fields
from .words import side_name


def options(app):
    title = _("Pass and play")
    body = (
        f'<h1 tabindex="-1">{title}</h1>'
        + variant_fields(app)
        + '<div class="actions">' + button(_("Back"), "home") + button(_("Start"), "start", cls="primary") + "</div>"
    )
    return screen(Screen.OPTIONS, body, app)


def cover(app):
    side, other = side_name(app.side), side_name(1 - app.side)
    rematch = _("Rematch, colours swapped: whoever played {other} in the last game plays {side} now.")
    hand = _("Hand the device to {side}").format(side=side)
    privately = _("{side}: press the button when the other player is not looking.").format(side=side)
    body = (
        '<div class="cover-inner">'
        + (f'<p class="rematch-note">{rematch.format(other=other, side=side)}</p>' if app.rematch else "")
        + f'<p class="cover-title">{hand}</p><p class="hint">{privately}</p>'
        + message(app)  # a save that failed as the last player finished
        + button(_("Show {side}'s board").format(side=side), "reveal", cls="primary")
        + "<p>" + button(_("Home"), "home", cls="quiet") + "</p>"
        + "</div>"
    )
    return f'<section class="screen screen-cover cover" data-screen="cover">{rules_bar()}{body}</section>'


def play(app):
    view = app.turn.view()
    side = app.side
    board = app.turn.board()
    picture, opponent_last = board.picture
    last = view.last_turn
    match = app.match
    mine, other = side_name(side), side_name(1 - side)
    status = _("Turn {n} · {side} to move").format(n=view.turn_number, side=mine)
    title = _("{side}'s board").format(side=mine)
    panel = [f'<h1 tabindex="-1">{title}</h1><p class="status">{status}</p>']
    panel.append(enemy_left(view, side))
    if opponent_last:
        panel.append(events_list(last, _("{side}'s last turn").format(side=other), side, view.letters))
    if match.draw_offered_to(side):
        panel.append(
            "<div class=\"offer\"><p>" + _("{side} offers a draw.").format(side=other) + "</p>"
            + button(_("Accept draw"), "accept-draw")
            + button(_("Decline draw"), "decline-draw")
            + "</div>"
        )
    panel.append(selection_line(board))
    line = planned_line(board, match.variant.moves_per_turn)
    panel.append(play_actions(line, bool(board.planned), board.complete, match.draw_offer is not None, app.confirm == "resign"))
    panel.append(badge_legend(picture))
    panel.append(removed_trays(view))
    return board_screen(Screen.PLAY, picture, Parts(panel), app)


@kept
def play_actions(line, planned, complete, draw_offered, resigning):
    """The play screen's line that says what to do and its buttons (the same from tap to tap until
    a move is planned or undone: written once, ``kept``)."""
    return (
        turn_bar(line, planned, complete)
        + '<div class="actions secondary">'
        + button(_("Move list"), "history")
        + button(_("Offer draw"), "offer-draw", disabled=draw_offered)
        + resign_control(resigning)
        + button(_("Home"), "home", cls="quiet")
        + "</div>"
    )


def results(app):
    view = app.turn.view()
    side = app.side
    own = tuple(e.move for e in view.last_turn)
    picture = BoardPicture(
        letters=view.drawn_letters(), unknown_side=1 - side, bottom=side, unmasked=view.unmasked, learned=learned_marks(view), last_turn=own,
        fights=fights(view.last_turn), cursor=app.cursor,
    )
    panel = (
        '<h1 tabindex="-1">' + _("{side}'s turn played").format(side=side_name(side)) + "</h1>"
        + events_list(view.last_turn, _("What happened"), side, view.letters)
        + ('<div class="actions">' + button(_('Hand over'), 'hand-over', cls='primary') + '</div><p class="hint">')
        + _("Then pass the device to {side}: the board is covered until they open it.").format(side=side_name(1 - side))
        + "</p>"
        + removed_trays(view)
    )
    return board_screen(Screen.RESULTS, picture, panel, app)


def pass_setup(app):
    return setup(app, private=True)


def pass_over(app):
    return over(app, "", _("Rematch: the same options, and the players swap colours."))


PASS_AND_PLAY = {
    Screen.OPTIONS: options,
    Screen.SETUP: pass_setup,
    Screen.COVER: cover,
    Screen.PLAY: play,
    Screen.RESULTS: results,
    Screen.HISTORY: history,
    Screen.OVER: pass_over,
}
"""The screens of pass and play, each with the function that draws it. Each screen's heading
is written focusable (``tabindex="-1"``): a new screen gives it the focus (main.py), so the
focus never falls back to the page's top."""
