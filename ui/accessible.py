"""What a screen reader says: the name of each board cell, and what an action changed.

The board is an ARIA grid whose cells are named here ("e4, your Captain,
unmasked"); the result of each action (a selection and its targets, a planned
move, a turn's moves and fights, the end) is one announcement, put in a polite
live region by the browser binding. Results are worded by ``ui.words``, so a
move reads the same in the panel and in the announcement. Pure: tested in CPython.
"""

from espionage.board import SETUP_SQUARES, square_name
from espionage.pieces import UNKNOWN, VOLCANO

from .i18n import _, ngettext
from .screens import Screen
from .words import boards_after, describe, kind_name, outcome_text, selection, side_name

# -- the name of a cell ------------------------------------------------------------------


def cell_name(square, letter, side, viewer, unmasked=False, learned=False, notes=()):
    """"e4, your Captain, unmasked", "e7, enemy piece, unknown", "c6, volcano", then
    the cell's state (``notes``, from :func:`cell_notes`)."""
    facts = {"square": square_name(square)}
    if letter is None:
        name = _("{square}, empty").format(**facts)
    elif letter == VOLCANO:
        name = _("{square}, volcano").format(**facts)
    elif letter == UNKNOWN:
        name = _("{square}, enemy piece, unknown").format(**facts)
    else:
        facts["piece"] = kind_name(letter.upper())
        if side == viewer:
            template = _("{square}, your {piece}, unmasked") if unmasked else _("{square}, your {piece}")
        else:
            facts["side"] = side_name(side)
            if unmasked:
                template = _("{square}, {side}'s {piece}, unmasked")
            elif learned:
                template = _("{square}, {side}'s {piece}, known though masked")
            else:
                template = _("{square}, {side}'s {piece}")
        name = template.format(**facts)
    return ", ".join((name, *notes))


def cell_notes(
    selected=False, target=False, attack=False, last_from=False, last_to=False, zone=False, pending=False, waiting=False
):
    """The state of a cell as short phrases, in the order they are said."""
    notes = []
    if selected:
        notes.append(_("selected"))
    if target:
        notes.append(_("attack here") if attack else _("move here"))
    if last_from:
        notes.append(_("last turn moved from here"))
    if last_to:
        notes.append(_("last turn moved here"))
    if pending:
        notes.append(_("fight pending"))
    if waiting:
        notes.append(_("a planned attack starts here"))
    if zone:
        notes.append(_("your setup zone"))
    return tuple(notes)


def board_name(bottom):
    return _("Board, {side} at the bottom").format(side=side_name(bottom))


# -- what an action changed ------------------------------------------------------------


def snapshot(app):
    """The parts of the app's state an announcement compares, taken before an action."""
    match = app.match
    return {
        "screen": app.screen,
        "side": app.side,
        "match": match,
        "revision": getattr(match, "revision", None),
        "selected": app.selected,
        "picked": app.picked,
        "placed": dict(app.placed),
        "planned": tuple(app.planned),
    }


def live_text(app):
    """What the live region holds after an action: its announcement, if there is one; nothing on
    the cover between the players (what was said to one player is not left there for the other
    to read); else None: it keeps what it said."""
    if app.announcement:
        return app.announcement
    return "" if app.screen == Screen.COVER else None


def announcement(before, app):
    """What the action that led from ``before`` (a :func:`snapshot`) to ``app`` changed,
    as sentences for the live region; "" when nothing needs saying."""
    screen, match = app.screen, app.match
    if match is None or app.side is None:
        return ""
    same_match = before["match"] is match and before["side"] == app.side
    if screen == Screen.OVER:
        if before["screen"] == Screen.OVER and same_match:
            return ""
        return _("Game over. {outcome}.").format(outcome=outcome_text(match.outcome))
    if screen == Screen.SETUP and before["screen"] == Screen.SETUP and same_match:
        return _setup_news(before, app)
    if screen not in (Screen.PLAY, Screen.RESULTS, Screen.LINK_SEND):
        return ""
    view = app.turn.view()
    if view is None:
        return ""
    if before["screen"] != screen or not same_match or before["revision"] != match.revision:
        return _turn_news(view, app.side, screen)
    if screen == Screen.PLAY:
        return _play_news(before, app)
    return ""


def _events(events, viewer, letters):
    said = (describe(e, viewer, board, first=False) for e, board in zip(events, boards_after(events, letters)))
    return "; ".join(said)  # after "Your turn was played:" and the like


def _turn_news(view, side, screen):
    """A board just shown: the turn that was just played on it."""
    last = view.last_turn
    if not last:
        return ""
    said = _events(last, side, view.letters)
    if last[0].side == side:
        return _("Your turn was played: {events}.").format(events=said)
    text = _("{side}'s last turn: {events}.").format(side=side_name(last[0].side), events=said)
    if screen == Screen.PLAY:
        text += " " + _("Your turn.")
    return text


def _play_news(before, app):
    planned, was = tuple(app.planned), before["planned"]
    if len(planned) > len(was):
        move = planned[-1]
        text = _("Planned {move}.").format(move=move)
        if app.turn.complete:
            return text + " " + _("Turn complete: submit it.")
        return text + " " + _("Now move another piece.")
    if len(planned) < len(was):
        return _("Move {move} undone.").format(move=was[-1])
    sq = app.selected
    if sq is not None and sq != before["selected"]:
        letters, unmasked = app.turn.planned_letters()
        count = len(app.turn.targets())
        piece = selection(letters[sq], sq, sq in unmasked, 1 - app.side)
        return ngettext(
            "{piece} selected: {count} square to go to.", "{piece} selected: {count} squares to go to.", count
        ).format(piece=piece, count=count)
    if sq is None and before["selected"] is not None:
        return _("Selection cancelled.")
    return ""


def _setup_news(before, app):
    was, now = before["placed"], app.placed
    changed = sorted(sq for sq in set(was) | set(now) if was.get(sq) != now.get(sq))
    total = len(SETUP_SQUARES[app.side])
    count = _("{placed} of {total} placed.").format(placed=len(now), total=total)
    if len(changed) == 1:
        sq = changed[0]
        if sq in now:
            return _("{piece} placed on {square}.").format(piece=kind_name(now[sq]), square=square_name(sq)) + " " + count
        return _("{piece} taken back from {square}.").format(piece=kind_name(was[sq]), square=square_name(sq)) + " " + count
    if len(changed) == 2 and all(sq in now for sq in changed):
        a, b = changed
        return _("Swapped: {first} now on {a}, {second} now on {b}.").format(
            first=kind_name(now[a]), a=square_name(a), second=kind_name(now[b]), b=square_name(b)
        )
    if len(changed) == 2 and len(now) == len(was):  # one square emptied, the other filled: a move
        moved_to = next(sq for sq in changed if sq in now)
        return _("{piece} moved to {square}.").format(piece=kind_name(now[moved_to]), square=square_name(moved_to))
    if changed:
        return count
    if app.selected is not None and app.selected != before["selected"]:
        return _("{piece} on {square} selected: choose the square it goes to.").format(
            piece=kind_name(now[app.selected]), square=square_name(app.selected)
        )
    if app.picked is not None and app.picked != before["picked"]:
        return _("{piece} picked: {left} left. Choose a square in your zone.").format(
            piece=kind_name(app.picked), left=app.setup.remaining(app.picked)
        )
    if (before["selected"], before["picked"]) != (None, None) and (app.selected, app.picked) == (None, None):
        return _("Selection cancelled.")
    return ""

