"""The screens of play by link (SPEC §8): pure functions of the app state.

A player's board is built from their seat's view only (``seat.view()``), a
spectator's from the public board of the link: nothing the viewer may not know
reaches the page. The link to send is shown in a readonly field
(``#link-text``) with "Share" (when the browser can) and "Copy link".
"""

from html import escape

from espionage.board import RED, SIDES, square_name
from espionage.link import CASUAL, SEALED
from espionage.sealed import FAIR

from . import pages
from .linkplay import sentence
from .markup import Parts
from .pages import (
    _board_screen,
    _events_list,
    _removed_trays,
    badge_legend,
    button,
    enemy_left,
    learned_marks,
    play_picture,
    resign_control,
    selection_line,
    side_name,
    variant_fields,
)
from .render import BoardPicture, board_svg
from .words import describe, outcome_text

KIND_TEXT = {
    SEALED: (
        "Sealed",
        "Each army stays on its owner's device; the link carries only a sealed commitment to it, "
        "checked when the game ends.",
    ),
    CASUAL: (
        "Casual",
        "Both setups travel in the link: results come at once, but a curious friend could decode the link "
        "and read your army.",
    ),
}


def render(app):
    screen = app.screen
    if screen == "setup":
        return _setup(app)
    if screen == "play":
        return _play(app)
    return globals()["_" + screen.replace("-", "_")](app)


def _screen(name, body, app):
    return pages._screen(name, body, app)


def _variant_text(variant):
    moves = "one move per turn" if variant.moves_per_turn == 1 else "two moves per turn"
    return f"{moves}, {variant.volcanoes} volcanoes"


def _pending(view, opponent):
    """This device's attacks and Spy findings waiting for the other device's reply."""
    fights = [e for e in view.pending if e.attack]
    if not fights and not view.awaited and not view.asked_spies:
        return ""
    items = "".join(f"<li>{escape(describe(e, e.side))}</li>" for e in fights)
    items += "".join(
        f"<li>{escape(f'Your Spy unmasked {square_name(sq)}: its kind comes with the next link')}</li>"
        for sq in view.awaited
    )
    asked = "Asked whether {}'s piece on {} is a Spy: the answer comes with the next link"
    items += "".join(f"<li>{escape(asked.format(opponent, square_name(sq)))}</li>" for sq in view.asked_spies)
    return (
        f'<div class="pending"><h3>Pending until {opponent} replies</h3><ul>{items}</ul>'
        f'<p class="hint">Results come with {opponent}\'s reply, because only {opponent}\'s device '
        f"knows {opponent}'s pieces.</p></div>"
    )


LINK_FIELD_NAMES = {"link": "The link to send", "backup": "Your private backup link (never send it)"}


def link_box(app, link, what="link"):
    """Share / Copy link, and the link itself as text to select (named for what it is)."""
    url = app.url_for(link)
    name = LINK_FIELD_NAMES[what]
    share = button("Share", "link-share", what, cls="primary") if app.can_share else ""
    return (
        f'<div class="link-box"><div class="actions">{share}'
        + button("Copy link", "link-copy", what, cls="" if app.can_share else "primary")
        + "</div>"
        f'<label class="link-label">{escape(name)} <input type="text" id="link-text" class="link-text" readonly '
        f'value="{escape(url)}" spellcheck="false"></label>'
        '<p class="hint">If copying does not work here, select the link text and copy it.</p></div>'
    )


def _recent(view, side):
    """This side's last turn (now resolved) and the opponent's turn after it."""
    groups = []
    for e in reversed([e for e in view.events if not e.pending]):
        if groups and (groups[-1][0].turn, groups[-1][0].side) == (e.turn, e.side):
            groups[-1].append(e)
        elif len(groups) < 2:
            groups.append([e])
        else:
            break
    if len(groups) == 2 and groups[-1][0].side != side:
        groups.pop()  # the older group is the opponent's: show only what happened since my last turn
    return [e for group in reversed(groups) for e in reversed(group)]


def _seat_picture(app, view, **extra):
    side = app.side
    return BoardPicture(
        letters=view.drawn_letters(), unknown_side=1 - side, bottom=side, unmasked=view.unmasked,
        learned=learned_marks(view), **extra,
    )


# -- new game -------------------------------------------------------------------------------


def _link_options(app):
    kind = app.link_kind
    kinds = "".join(
        f'<div class="choice">{button(label, "link-kind", k, pressed=kind == k)}'
        f'<p class="hint">{escape(text)}</p></div>'
        for k, (label, text) in KIND_TEXT.items()
    )
    body = (
        "<h1>Play by link</h1>"
        '<p class="hint">Two devices: after each turn you send the game\'s link by any messenger, '
        "and your friend opens it.</p>"
        f'<fieldset><legend>Kind of game</legend><div class="choices">{kinds}</div></fieldset>'
        '<fieldset><legend>Your colour</legend><div class="toggle">'
        + button("Play Red", "link-side", "red", pressed=app.link_side == RED)
        + button("Play Blue", "link-side", "blue", pressed=app.link_side != RED)
        + '</div><p class="hint">Red moves first.</p></fieldset>'
        + variant_fields(app)
        + f'<div class="actions">{button("Back", "new")}{button("Set up your army", "link-setup", cls="primary")}</div>'
    )
    return _screen("link-options", body, app)


def _link_invite(app):
    match = app.match
    t = match.draft[2]
    inviter = side_name(t.inviter)
    label, text = KIND_TEXT[t.kind]
    body = (
        f"<h1>{inviter} invites you to a {label.lower()} game</h1>"
        f'<p class="invite-details">You play <strong>{side_name(t.joiner)}</strong>, '
        f"{escape(_variant_text(t.variant))}.</p>"
        f'<p class="hint">{escape(text)}</p>'
        "<p>Set up your army; then send the link back.</p>"
        f'<div class="actions">{button("Home", "home")}{button("Set up your army", "link-join", cls="primary")}</div>'
    )
    return _screen("link-invite", body, app)


def _setup(app):
    match = app.match
    label, text = KIND_TEXT[match.kind]
    note = (
        f'<p class="link-note">{label} link game, {escape(_variant_text(match.variant))}. '
        f"{escape(text)}</p>"
    )
    return pages._setup(app, note=note, ready_action="link-ready")


# -- play ------------------------------------------------------------------------------------


def _play(app):
    match = app.match
    seat = match.seat
    view = app.view()
    side = app.side
    opponent = side_name(1 - side)
    picture, _ = play_picture(app, view)
    panel = [
        f"<h1>Your turn ({side_name(side)})</h1>"
        f'<p class="status">{escape(KIND_TEXT[seat.kind][0])} link game · turn {view.turn_number}</p>'
    ]
    panel.append(_events_list(_recent(view, side), "Since your last turn", side, view.letters))
    if seat.draw_offered:
        panel.append(
            f'<div class="offer"><p>{opponent} offers a draw. Accept it, or play your turn to decline.</p>'
            + button("Accept draw", "accept-draw")
            + "</div>"
        )
    panel.append(enemy_left(view, side))
    panel.append(selection_line(app))
    panel.append(badge_legend(picture))
    need = match.variant.moves_per_turn
    if app.planned:
        planned = ", ".join(str(m) for m in app.planned)
        state = "Turn complete: submit it." if app.turn_complete else "Now move another piece."
        panel.append(f'<p class="planned-line">Planned: {planned}. {state}</p>')
    else:
        panel.append(
            '<p class="hint">Tap a piece, then a lit square. '
            + ("Two moves by two different pieces, then submit." if need == 2 else "One move, then submit.")
            + " Then send the link.</p>"
        )
    if match.offer:
        panel.append(f'<p class="hint offer-note">A draw offer goes to {opponent} with this turn.</p>')
    panel.append(
        '<div class="actions">'
        + button("Undo move", "undo", disabled=not app.planned)
        + button("Submit turn", "submit", disabled=not app.turn_complete, cls="primary")
        + "</div>"
        '<div class="actions secondary">'
        + button("Offer draw", "offer-draw", pressed=match.offer)
        + resign_control(app)
        + button("Back up this game", "link-backup", cls="quiet")
        + button("Home", "home", cls="quiet")
        + "</div>"
    )
    panel.append(_removed_trays(view))
    return _board_screen("play", board_svg(picture), Parts(panel), app)


def _link_send(app):
    match = app.match
    seat = match.seat
    side = app.side
    opponent = side_name(1 - side)
    if not seat.joined:
        title = f"Invitation ready: send it to your friend ({opponent})"
        hint = (
            f"Your friend opens the link, sets up {opponent}'s army and sends a link back; "
            "open that link here to continue."
        )
    else:
        title = f"Waiting for {opponent}"
        hint = (
            f"Send this link to {opponent} (again, if it got lost: the newest link always suffices). "
            f"When {opponent}'s link comes back, open it on this device."
        )
    panel = [
        f'<h1 class="link-title">{escape(title)}</h1>',
        f'<p class="status">{escape(KIND_TEXT[seat.kind][0])} link game, you play {side_name(side)}, '
        f"{escape(_variant_text(match.variant))}</p>",
        link_box(app, seat.link()),
        f'<p class="hint">{escape(hint)}</p>',
    ]
    view = seat.view()
    svg = ""
    if view is not None:
        done = [e for e in view.last_turn if e.side == side]
        panel.append(_events_list(done, "What happened", side, view.letters))
        panel.append(_pending(view, opponent))
        if seat.t.offer == side:
            panel.append(f'<p class="hint">Your draw offer goes to {opponent} with this link.</p>')
        mine = tuple(e.move for e in view.pending if not e.attack) or tuple(
            e.move for e in view.last_turn if e.side == side
        )
        svg = board_svg(_seat_picture(app, view, last_turn=mine, pending_fights=view.pending_fights))
    panel.append(
        '<div class="actions secondary">'
        + (resign_control(app) if seat.joined else "")
        + button("Back up this game", "link-backup", cls="quiet")
        + button("Home", "home")
        + "</div>"
    )
    if view is not None:
        panel.append(_removed_trays(view))
        return _board_screen("link-send", svg, "".join(panel), app)
    return _screen("link-send", '<div class="narrow">' + "".join(panel) + "</div>", app)


def verdict_markup(seat):
    opponent = side_name(1 - seat.side)
    if seat.kind == CASUAL:
        return (
            '<p class="verdict-note">Casual game: both setups were in the link, '
            "so every move was judged by the rules as it was played.</p>"
        )
    verdict = seat.verdict
    if verdict is None:
        return (
            f'<p class="verdict pending-verdict" data-verdict="pending"><strong>Unverified result.</strong> '
            f"{opponent}'s army has not been revealed yet, so nothing {opponent}'s device said during the game "
            f"(fight results, kinds, Spy sightings) could be checked: this result stands on {opponent}'s word. "
            f"The check runs as soon as {opponent}'s final link arrives; if it never comes, the result stays "
            "unverified.</p>"
        )
    if verdict == FAIR:
        return (
            '<p class="verdict fair" data-verdict="fair"><strong>Verified fair.</strong> Both armies were revealed '
            "and every claim made during the game checked out.</p>"
        )
    return (
        f'<p class="verdict false" data-verdict="false"><strong>Not fair:</strong> '
        f"{escape(sentence(verdict))}</p>"
    )


def over_extras(app):
    """What the end of a link game adds: who won from this side, the verdict, and the final link
    while the other device still needs it."""
    match = app.match
    seat = match.seat
    side = match.side
    opponent = side_name(1 - side)
    outcome = seat.outcome
    you = "You win" if outcome.winner == SIDES[side] else ("You lose" if outcome.winner else "Draw")
    if match.needs_sending:
        send = (
            f'<h2>Send the final link to {opponent}</h2>'
            f'<p class="hint">So that {opponent}\'s device can see the end and verify the game too.</p>'
            + link_box(app, seat.link())
        )
    else:
        send = (
            f'<p class="hint nothing-to-send" data-nothing-to-send="true">Nothing more to send: '
            f"{opponent}'s device already has everything this one wrote.</p>"
        )
    return f'<p class="status">{you} ({side_name(side)}).</p>' + verdict_markup(seat) + send + button(
        "Back up this game", "link-backup", cls="quiet"
    )


def _link_backup(app):
    seat = app.match.seat
    opponent = side_name(1 - seat.side)
    body = (
        "<h1>Back up this game</h1>"
        '<p class="warning" role="note"><strong>Private: never send this link to your opponent.</strong> '
        f"It holds your army{' and your secret' if seat.kind == SEALED else ''}: anyone who opens it "
        f"can see your pieces. Keep it for yourself, to move this game to another of your devices "
        f"(open it there to restore the game). {escape(opponent)} gets the ordinary links only.</p>"
        + link_box(app, seat.backup_link(), "backup")
        + f'<div class="actions">{button("Back to the game", "link-back", cls="primary")}</div>'
    )
    return _screen("link-backup", body, app)


def _link_spectate(app):
    view, t = app.spectator
    owners = tuple(view.owner(sq) for sq in range(100))
    picture = BoardPicture(
        letters=view.letters,
        unknown_side=None,
        bottom=RED,
        unmasked=view.unmasked,
        owners=owners,
        last_turn=tuple(e.move for e in view.last_turn),
    )
    label = KIND_TEXT[t.kind][0]
    status = (
        escape(outcome_text(view.outcome)) if view.outcome is not None else f"Turn {view.turn_number}"
    )
    panel = (
        "<h1>Watching a game</h1>"
        f'<p class="message" role="alert">{escape(app.link_error)}</p>'
        f'<p class="status">{label} link game, {escape(_variant_text(t.variant))} · {status}</p>'
        '<p class="hint">This is the public board: where the pieces stand, and kinds that were unmasked '
        "or removed. Only the two players' devices know the rest.</p>"
        + _events_list(view.last_turn, "Last turn", None, view.letters)
        + f'<div class="actions">{button("Home", "home", cls="primary")}</div>'
        + _removed_trays(view)
    )
    return _board_screen("link-spectate", board_svg(picture), panel, app)


def _link_restore(app):
    candidate, saved = app.restore
    seat = candidate.seat
    what = f"{KIND_TEXT[seat.kind][0]} link game, you play {side_name(seat.side)}: {candidate.status()}"
    replace = (
        '<p class="hint">An older copy of this game is saved on this device: restoring replaces it.</p>'
        if saved is not None
        else ""
    )
    body = (
        "<h1>Restore a game from a backup link?</h1>"
        f'<p class="restore-what">{escape(what)}.</p>{replace}'
        f'<div class="actions">{button("Cancel", "home")}{button("Restore game", "link-restore", cls="primary")}</div>'
    )
    return _screen("link-restore", body, app)


def _link_error(app):
    match = app.match
    mine = button("Open my game", "link-back", cls="primary") if match is not None else ""
    safe = " Your saved game is unchanged." if match is not None else " No saved game was changed."
    body = (
        f'<h1 class="link-title">{escape(app.link_title or "This link cannot be used")}</h1>'
        f'<p class="message link-error" role="alert">{escape(app.link_error)}{safe}</p>'
        f'<div class="actions">{mine}{button("Home", "home")}</div>'
    )
    return _screen("link-error", body, app)


# -- home list ----------------------------------------------------------------------------------


def home_items(app):
    items = []
    games = sorted(app.link_games().items(), key=lambda kv: -(kv[1].updated if kv[1] else 0))
    for key, match in games:
        confirm = app.confirm == key
        if confirm:
            actions = button("Delete game", "link-delete-confirm", cls="danger") + button("Keep", "cancel")
        elif match is None:
            actions = button("Delete", "link-delete", key, cls="quiet")
        else:
            label = "View" if match.outcome is not None else "Resume"
            actions = button(label, "link-resume", key) + button("Delete", "link-delete", key, cls="quiet")
        if match is None:
            what = "A saved link game that this version cannot read (kept untouched)"
        else:
            seat = match.seat
            what = (
                f"{KIND_TEXT[seat.kind][0]} link game, you play {side_name(seat.side)}, "
                f"{_variant_text(match.variant)}: {match.status()}"
            )
        items.append(
            f'<li class="saved-game link-game" data-seat="{escape(key)}"><span class="what">{escape(what)}</span>'
            f'<span class="actions">{actions}</span></li>'
        )
    return items
