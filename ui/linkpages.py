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

from .board_screen import (
    badge_legend,
    board_screen,
    enemy_left,
    events_list,
    over,
    planned_line,
    removed_trays,
    selection_line,
    setup,
    turn_bar,
)
from .board_state import learned_marks
from .errors import error_text
from .i18n import N_, _, ngettext
from .markup import Parts
from .render import BoardPicture
from .screens import Screen
from .widgets import button, delete_question, resign_control, screen, variant_fields
from .words import describe, outcome_text, side_name

KIND_TEXT = {
    SEALED: (
        N_("Sealed"),
        N_(
            "Each army stays on its owner's device; the link carries only a sealed commitment to it, "
            "checked when the game ends."
        ),
    ),
    CASUAL: (
        N_("Casual"),
        N_(
            "Both setups travel in the link: results come at once, but a curious friend could decode the link "
            "and read your army."
        ),
    ),
}
# "Sealed link game", by kind: whole phrases, so a language can agree the words.
KIND_GAME = {SEALED: N_("Sealed link game"), CASUAL: N_("Casual link game")}


def _variant_text(variant):
    n = variant.volcanoes
    if variant.moves_per_turn == 1:
        text = ngettext("one move per turn, {n} volcano", "one move per turn, {n} volcanoes", n)
    else:
        text = ngettext("two moves per turn, {n} volcano", "two moves per turn, {n} volcanoes", n)
    return text.format(n=n)


def _kind_game(kind):
    return _(KIND_GAME[kind])


def _pending(view, opponent):
    """This device's attacks and Spy findings waiting for the other device's reply."""
    fights = [e for e in view.pending if e.attack]
    if not fights and not view.awaited and not view.asked_spies:
        return ""
    items = "".join(f"<li>{escape(describe(e, e.side))}</li>" for e in fights)
    unmasked = _("Your Spy unmasked {square}: its kind comes with the next link")
    items += "".join(f"<li>{escape(unmasked.format(square=square_name(sq)))}</li>" for sq in view.awaited)
    asked = _("Asked whether {side}'s piece on {square} is a Spy: the answer comes with the next link")
    items += "".join(
        f"<li>{escape(asked.format(side=opponent, square=square_name(sq)))}</li>" for sq in view.asked_spies
    )
    heading = _("Pending until {side} replies").format(side=opponent)
    why = _("Results come with {side}'s reply, because only {side}'s device knows {side}'s pieces.")
    return (
        f'<div class="pending"><h3>{escape(heading)}</h3><ul>{items}</ul>'
        f'<p class="hint">{escape(why.format(side=opponent))}</p></div>'
    )


LINK_FIELD_NAMES = {"link": N_("The link to send"), "backup": N_("Your private backup link (never send it)")}


def link_box(app, link, what="link"):
    """Share / Copy link, and the link itself as text to select (named for what it is)."""
    url = app.link.url_for(link)
    name = _(LINK_FIELD_NAMES[what])
    share = button(_("Share"), "link-share", what, cls="primary") if app.can_share else ""
    by_hand = _("If copying does not work here, select the link text and copy it.")
    return (
        f'<div class="link-box"><div class="actions">{share}'
        + button(_("Copy link"), "link-copy", what, cls="" if app.can_share else "primary")
        + "</div>"
        f'<label class="link-label">{escape(name)} <input type="text" id="link-text" class="link-text" readonly '
        f'value="{escape(url)}" spellcheck="false"></label>'
        f'<p class="hint">{escape(by_hand)}</p></div>'
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
        learned=learned_marks(view), **{"cursor": app.cursor, **extra},
    )


# -- new game -------------------------------------------------------------------------------


def _link_options(app):
    kind = app.link.new_kind
    kinds = "".join(
        '<div class="choice">'
        + button(_(label), "link-kind", k, pressed=kind == k)
        + f'<p class="hint">{escape(_(text))}</p></div>'
        for k, (label, text) in KIND_TEXT.items()
    )
    intro = _("Two devices: after each turn you send the game's link by any messenger, and your friend opens it.")
    title, kind_legend, colour, first = _("Play by link"), _("Kind of game"), _("Your colour"), _("Red moves first.")
    body = (
        f'<h1 tabindex="-1">{escape(title)}</h1>'
        f'<p class="hint">{escape(intro)}</p>'
        f'<fieldset><legend>{escape(kind_legend)}</legend><div class="choices">{kinds}</div></fieldset>'
        f'<fieldset><legend>{escape(colour)}</legend><div class="toggle">'
        + button(_("Play Red"), "link-side", "red", pressed=app.link.new_side == RED)
        + button(_("Play Blue"), "link-side", "blue", pressed=app.link.new_side != RED)
        + f'</div><p class="hint">{escape(first)}</p></fieldset>'
        + variant_fields(app)
        + '<div class="actions">'
        + button(_("Back"), "home")
        + button(_("Set up your army"), "link-setup", cls="primary")
        + "</div>"
    )
    return screen(Screen.LINK_OPTIONS, body, app)


def _link_invite(app):
    match = app.match
    t = match.draft[2]
    inviter = side_name(t.inviter)
    text = KIND_TEXT[t.kind][1]
    title = (
        _("{side} invites you to a sealed game") if t.kind == SEALED else _("{side} invites you to a casual game")
    )
    details = escape(_("You play {side}, {variant}.")).format(
        side=f"<strong>{escape(side_name(t.joiner))}</strong>", variant=escape(_variant_text(t.variant))
    )
    then = _("Set up your army; then send the link back.")
    body = (
        f'<h1 tabindex="-1">{escape(title.format(side=inviter))}</h1>'
        f'<p class="invite-details">{details}</p>'
        f'<p class="hint">{escape(_(text))}</p>'
        f"<p>{escape(then)}</p>"
        '<div class="actions">'
        + button(_("Home"), "home")
        + button(_("Set up your army"), "link-join", cls="primary")
        + "</div>"
    )
    return screen(Screen.LINK_INVITE, body, app)


def _setup(app):
    match = app.match
    text = _("{kind}, {variant}.").format(kind=_kind_game(match.kind), variant=_variant_text(match.variant))
    note = (f'<p class="link-note">{escape(text)} ' + escape(_(KIND_TEXT[match.kind][1])) + '</p>')
    return setup(app, note=note, ready_action="link-ready")


# -- play ------------------------------------------------------------------------------------


def _play(app):
    match = app.match
    seat = match.seat
    view = app.turn.view()
    side = app.side
    opponent = side_name(1 - side)
    board = app.turn.board()
    picture = board.picture[0]
    title = _("Your turn ({side})").format(side=side_name(side))
    status = _("{kind} · turn {n}").format(kind=_kind_game(seat.kind), n=view.turn_number)
    panel = [f'<h1 tabindex="-1">{escape(title)}</h1><p class="status">{escape(status)}</p>']
    panel.append(events_list(_recent(view, side), _("Since your last turn"), side, view.letters))
    if seat.draw_offered:
        offer = _("{side} offers a draw. Accept it, or play your turn to decline.").format(side=opponent)
        panel.append(f'<div class="offer"><p>{escape(offer)}</p>' + button(_("Accept draw"), "accept-draw") + "</div>")
    panel.append(enemy_left(view, side))
    panel.append(selection_line(board))
    if match.offer:
        note = _("A draw offer goes to {side} with this turn.").format(side=opponent)
        panel.append(f'<p class="hint offer-note">{escape(note)}</p>')
    line = planned_line(board, match.variant.moves_per_turn, then=_("Then send the link."))
    panel.append(
        turn_bar(line, bool(board.planned), board.complete)
        + '<div class="actions secondary">'
        + button(_("Offer draw"), "offer-draw", pressed=match.offer)
        + resign_control(app.confirm == "resign")
        + button(_("Back up this game"), "link-backup", cls="quiet")
        + button(_("Home"), "home", cls="quiet")
        + "</div>"
    )
    panel.append(badge_legend(picture))
    panel.append(removed_trays(view))
    return board_screen(Screen.PLAY, picture, Parts(panel), app)


def _link_send(app):
    match = app.match
    seat = match.seat
    side = app.side
    opponent = side_name(1 - side)
    if not seat.joined:
        title = _("Invitation ready: send it to your friend ({side})").format(side=opponent)
        hint = _(
            "Your friend opens the link, sets up {side}'s army and sends a link back; open that link here to continue."
        ).format(side=opponent)
    else:
        title = _("Waiting for {side}").format(side=opponent)
        hint = _(
            "Send this link to {side} (again, if it got lost: the newest link always suffices). "
            "When {side}'s link comes back, open it on this device."
        ).format(side=opponent)
    panel = [
        f'<h1 tabindex="-1" class="link-title">{escape(title)}</h1>',
        f'<p class="status">{escape(_seat_status(seat, match.variant))}</p>',
        link_box(app, seat.link()),
        f'<p class="hint">{escape(hint)}</p>',
    ]
    view = seat.view()
    if view is not None:
        done = [e for e in view.last_turn if e.side == side]
        panel.append(events_list(done, _("What happened"), side, view.letters))
        panel.append(_pending(view, opponent))
        if seat.t.offer == side:
            note = _("Your draw offer goes to {side} with this link.").format(side=opponent)
            panel.append(f'<p class="hint">{escape(note)}</p>')
        mine = tuple(e.move for e in view.pending if not e.attack) or tuple(
            e.move for e in view.last_turn if e.side == side
        )
        picture = _seat_picture(app, view, last_turn=mine, pending_fights=view.pending_fights)
    panel.append(
        '<div class="actions secondary">'
        + (resign_control(app.confirm == "resign") if seat.joined else "")
        + button(_("Back up this game"), "link-backup", cls="quiet")
        + button(_("Home"), "home")
        + "</div>"
    )
    if view is not None:
        panel.append(removed_trays(view))
        return board_screen(Screen.LINK_SEND, picture, "".join(panel), app)
    return screen(Screen.LINK_SEND, '<div class="narrow">' + "".join(panel) + "</div>", app)


def _seat_status(seat, variant):
    """"Sealed link game, you play Red, two moves per turn, 6 volcanoes"."""
    return _("{kind}, you play {side}, {variant}").format(
        kind=_kind_game(seat.kind), side=side_name(seat.side), variant=_variant_text(variant)
    )


def verdict_markup(seat):
    opponent = side_name(1 - seat.side)
    if seat.kind == CASUAL:
        note = _("Casual game: both setups were in the link, so every move was judged by the rules as it was played.")
        return f'<p class="verdict-note">{escape(note)}</p>'
    verdict = seat.verdict
    if verdict is None:
        said = _(
            "{side}'s army has not been revealed yet, so nothing {side}'s device said during the game "
            "(fight results, kinds, Spy sightings) could be checked: this result stands on {side}'s word. "
            "The check runs as soon as {side}'s final link arrives; if it never comes, the result stays unverified."
        ).format(side=opponent)
        unverified = _("Unverified result.")
        return (
            f'<p class="verdict pending-verdict" data-verdict="pending"><strong>{escape(unverified)}</strong> '
            f"{escape(said)}</p>"
        )
    if verdict == FAIR:
        said = _("Both armies were revealed and every claim made during the game checked out.")
        fair = _("Verified fair.")
        return f'<p class="verdict fair" data-verdict="fair"><strong>{escape(fair)}</strong> {escape(said)}</p>'
    unfair = _("Not fair:")
    said = error_text(verdict)
    return f'<p class="verdict false" data-verdict="false"><strong>{escape(unfair)}</strong> {escape(said)}</p>'


def _rematch_hint(match):
    if match.kind == SEALED:
        text = _("Rematch: a new sealed link game with the same options, you playing {side}; then send the invitation.")
    else:
        text = _("Rematch: a new casual link game with the same options, you playing {side}; then send the invitation.")
    return text.format(side=side_name(1 - match.side))


def _over(app):
    return over(app, over_extras(app), _rematch_hint(app.match))


def over_extras(app):
    """What the end of a link game adds: who won from this side, the verdict, and the final link
    while the other device still needs it."""
    match = app.match
    seat = match.seat
    side = match.side
    opponent = side_name(1 - side)
    outcome = seat.outcome
    if outcome.winner is None:
        you = _("Draw ({side}).")
    elif outcome.winner == SIDES[side]:
        you = _("You win ({side}).")
    else:
        you = _("You lose ({side}).")
    if match.needs_sending:
        heading = _("Send the final link to {side}").format(side=opponent)
        why = _("So that {side}'s device can see the end and verify the game too.").format(side=opponent)
        send = f'<h2>{escape(heading)}</h2><p class="hint">{escape(why)}</p>' + link_box(app, seat.link())
    else:
        said = _("Nothing more to send: {side}'s device already has everything this one wrote.").format(side=opponent)
        send = f'<p class="hint nothing-to-send" data-nothing-to-send="true">{escape(said)}</p>'
    status = escape(you.format(side=side_name(side)))
    return f'<p class="status">{status}</p>' + verdict_markup(seat) + send + button(
        _("Back up this game"), "link-backup", cls="quiet"
    )


def _link_backup(app):
    seat = app.match.seat
    opponent = side_name(1 - seat.side)
    if seat.kind == SEALED:
        said = _(
            "It holds your army and your secret: anyone who opens it can see your pieces. Keep it for yourself, "
            "to move this game to another of your devices (open it there to restore the game). "
            "{side} gets the ordinary links only."
        )
    else:
        said = _(
            "It holds your army: anyone who opens it can see your pieces. Keep it for yourself, "
            "to move this game to another of your devices (open it there to restore the game). "
            "{side} gets the ordinary links only."
        )
    title, private = _("Back up this game"), _("Private: never send this link to your opponent.")
    body = (
        f'<h1 tabindex="-1">{escape(title)}</h1>'
        f'<p class="warning" role="note"><strong>{escape(private)}</strong> {escape(said.format(side=opponent))}</p>'
        + link_box(app, seat.backup_link(), "backup")
        + ('<div class="actions">' + button(_('Back to the game'), 'link-back', cls='primary') + '</div>')
    )
    return screen(Screen.LINK_BACKUP, body, app)


def _link_spectate(app):
    view, t = app.link.spectator
    owners = tuple(view.owner(sq) for sq in range(100))
    picture = BoardPicture(
        letters=view.letters,
        unknown_side=None,
        bottom=RED,
        unmasked=view.unmasked,
        owners=owners,
        last_turn=tuple(e.move for e in view.last_turn),
        cursor=app.cursor,
    )
    state = outcome_text(view.outcome) if view.outcome is not None else _("Turn {n}").format(n=view.turn_number)
    status = _("{kind}, {variant} · {state}").format(
        kind=_kind_game(t.kind), variant=_variant_text(t.variant), state=state
    )
    public = _(
        "This is the public board: where the pieces stand, and kinds that were unmasked or removed. "
        "Only the two players' devices know the rest."
    )
    title = _("Watching a game")
    panel = (
        f'<h1 tabindex="-1">{escape(title)}</h1>'
        f'<p class="message" role="alert">{escape(error_text(app.link.error))}</p>'
        f'<p class="status">{escape(status)}</p>'
        f'<p class="hint">{escape(public)}</p>'
        + events_list(view.last_turn, _("Last turn"), None, view.letters)
        + '<div class="actions">'
        + button(_("Home"), "home", cls="primary")
        + "</div>"
        + removed_trays(view)
    )
    return board_screen(Screen.LINK_SPECTATE, picture, panel, app)


def _link_restore(app):
    candidate, saved = app.link.restoring
    seat = candidate.seat
    what = _("{kind}, you play {side}: {status}.").format(
        kind=_kind_game(seat.kind), side=side_name(seat.side), status=candidate.status()
    )
    older = _("An older copy of this game is saved on this device: restoring replaces it.")
    replace = f'<p class="hint">{escape(older)}</p>' if saved is not None else ""
    title = _("Restore a game from a backup link?")
    body = (
        f'<h1 tabindex="-1">{escape(title)}</h1>'
        f'<p class="restore-what">{escape(what)}</p>{replace}'
        '<div class="actions">'
        + button(_("Cancel"), "home")
        + button(_("Restore game"), "link-restore", cls="primary")
        + "</div>"
    )
    return screen(Screen.LINK_RESTORE, body, app)


def _link_error(app):
    match = app.match
    mine = button(_("Open my game"), "link-back", cls="primary") if match is not None else ""
    safe = _("Your saved game is unchanged.") if match is not None else _("No saved game was changed.")
    title = _("Backup not restored") if app.link.title == "backup" else _("This link cannot be used")
    body = (
        f'<h1 tabindex="-1" class="link-title">{escape(title)}</h1>'
        f'<p class="message link-error" role="alert">{escape(error_text(app.link.error))} {escape(safe)}</p>'
        f'<div class="actions">{mine}' + button(_("Home"), "home") + "</div>"
    )
    return screen(Screen.LINK_ERROR, body, app)


# -- home list ----------------------------------------------------------------------------------


def home_items(app):
    items = []
    games = sorted(app.link.games().items(), key=lambda kv: -(kv[1].updated if kv[1] else 0))
    for key, match in games:
        confirm = app.confirm == key
        if confirm:
            actions = delete_question("link-delete-confirm")
        elif match is None:
            actions = button(_("Delete"), "link-delete", key, cls="quiet")
        else:
            label = _("View") if match.outcome is not None else _("Resume")
            actions = button(label, "link-resume", key) + button(_("Delete"), "link-delete", key, cls="quiet")
        if match is None:
            what = _("A saved link game that this version cannot read (kept untouched)")
        else:
            what = _("{game}: {status}").format(game=_seat_status(match.seat, match.variant), status=match.status())
        items.append(
            f'<li class="saved-game link-game" data-seat="{escape(key)}"><span class="what">{escape(what)}</span>'
            f'<span class="actions">{actions}</span></li>'
        )
    return items


PAGES = {
    Screen.LINK_OPTIONS: _link_options,
    Screen.LINK_INVITE: _link_invite,
    Screen.SETUP: _setup,
    Screen.PLAY: _play,
    Screen.LINK_SEND: _link_send,
    Screen.LINK_BACKUP: _link_backup,
    Screen.LINK_SPECTATE: _link_spectate,
    Screen.LINK_RESTORE: _link_restore,
    Screen.LINK_ERROR: _link_error,
    Screen.OVER: _over,
}
"""The screens of play by link, each with the function that draws it."""
