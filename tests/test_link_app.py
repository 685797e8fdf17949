"""Play by link through ``App.dispatch``: two apps (two devices, two storages) exchanging links.

Each device only ever sees the other's link, read from its own page's link
field (``#link-text``), exactly what a player copies and sends.
"""

import base64
import hashlib
import json
import random
import re
from html import unescape

import pytest

from espionage.board import SIDES, parse_square
from espionage.link import Transcript, UnknownFormat, decode
from espionage.pieces import KINDS, letter_of
from espionage.sealed import Seat
from tests.linkplay import random_turn
from tests.test_app import shows_marks_legend
from ui.app import App
from ui.linkplay import SEAT_PREFIX
from ui.saves import UI_KEY, MemoryStorage

_LINK_FIELD = re.compile(r'id="link-text"[^>]*value="([^"]*)"')


def link_of(app):
    """The link the page offers to send (its fragment), as a player would copy it."""
    match = _LINK_FIELD.search(app.html())
    assert match, f"no link field on the {app.screen} screen"
    url = unescape(match.group(1))
    assert url.startswith(app.base_url + "#")
    return url.split("#", 1)[1]


def screen_text(app):
    """The screen's words as a player reads them: no markup, entities decoded, spaces joined."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", app.html())).split())


def labels(app):
    return re.findall(r"<button [^>]*>([^<]*)</button>", app.html())


def press(app, label):
    html = app.html()
    for m in re.finditer(r"<button ([^>]*)>([^<]*)</button>", html):
        if unescape(m.group(2)) == label:
            attrs = m.group(1)
            assert " disabled" not in attrs, f"{label} is disabled"
            action = re.search(r'data-action="([^"]*)"', attrs).group(1)
            arg = re.search(r'data-arg="([^"]*)"', attrs)
            app.dispatch(action, unescape(arg.group(1)) if arg else "")
            return
    raise AssertionError(f"no button {label!r} on the {app.screen} screen: {labels(app)}")


def device(seed):
    app = App(MemoryStorage(), rng=random.Random(seed))
    app.base_url = "https://example.test/espionage/"
    return app


def seats(app):
    return {k: v for k, v in app.storage.data.items() if k.startswith(SEAT_PREFIX)}


def invite(app, kind="sealed", colour="Play Red", moves="2 moves per turn (standard)"):
    press(app, "Play by link")
    press(app, "Sealed" if kind == "sealed" else "Casual")
    press(app, colour)
    press(app, moves)
    press(app, "Set up your army")
    assert app.screen == "setup"
    press(app, "Random setup")
    press(app, "Ready")
    assert app.screen == "link-send"
    return link_of(app)


def join(app, link):
    app.dispatch("open-link", link)
    assert app.screen == "link-invite"
    press(app, "Set up your army")
    press(app, "Random setup")
    press(app, "Ready")
    assert app.screen in ("link-send", "play")


def start(kind, red_seed=1, blue_seed=2, **kw):
    red, blue = device(red_seed), device(blue_seed)
    join(blue, invite(red, kind, **kw))
    assert blue.screen == "link-send"  # Blue joined; Red moves first
    red.dispatch("open-link", link_of(blue))
    assert red.screen == "play"
    return red, blue


def choose(app, rng):
    """Tap one planned move: an attack if there is one, else a step forward, else anything."""
    moves = app.turn.next_moves()
    letters, _ = app.turn.planned_letters()
    forward = 1 if app.side == 0 else -1
    scored = [
        ((letters[m.to_square] is not None) * 100 + (m.to_square // 10 - m.from_square // 10) * forward + rng.random(), m)
        for m in moves
    ]
    move = max(scored, key=lambda s: s[0])[1]
    app.dispatch("square", str(move).split("-")[0])
    app.dispatch("square", str(move).split("-")[1])


def play_turn(app, rng):
    for _ in range(2):
        choose(app, rng)
        if app.turn.complete:
            break
    press(app, "Submit turn")


def play_a_turn_each(red, blue, rng):
    """Red's turn and Blue's, each sent by link: Red is at its next turn."""
    play_turn(red, rng)
    blue.dispatch("open-link", link_of(red))
    play_turn(blue, rng)
    red.dispatch("open-link", link_of(blue))


def assert_private(app, other):
    """No kind the viewer may not know is anywhere in the page: each '?' square's markup names no kind."""
    html = app.html()
    truth = other.match.seat.view() if other.match is not None and other.match.seat is not None else None
    for chunk in html.split("</svg>")[0].split('<g class="square')[1:]:
        chunk = re.split(r'<g class="(?:coords|last-moves|planned-moves)"', chunk)[0]  # this square's markup only
        if 'data-piece="?"' not in chunk:
            continue
        name = re.search(r'data-square="([a-j]\d+)"', chunk).group(1)
        for kind in KINDS.values():
            assert kind.name not in chunk
        if truth is not None:
            sq = parse_square(name)
            letter = truth.letters[sq]
            # the winner of a fight the other device still awaits the reply to: its attacker
            for e in truth.pending:
                if e.attack and e.move.to_square == sq:
                    letter = letter_of(e.kind, e.side)
            assert letter != "?" and f'data-piece="{letter}"' not in chunk
    setup = app.match.seat.t.setups if app.match.seat.kind == "casual" else None
    if setup is not None:  # casual: the other setup is in the link, never in the page as a setup
        assert str(setup[1 - app.side]) not in html


def assert_no_spy_named(app):
    """A moving enemy Spy is named only where the board shows it: unmasked, or known (it unmasked pieces)."""
    html = unescape(app.html())
    enemy = SIDES[1 - app.side].capitalize() if app.side is not None else None
    for name in [enemy] if enemy else ["Red", "Blue"]:
        for m in re.finditer(rf"{name}'s Spy moved ([a-j]\d+)-([a-j]\d+)", html):
            view = app.match.seat.view()
            sq = parse_square(m.group(2))
            letter = view.learned.get(sq) or view.letters[sq]
            assert letter is not None and letter.upper() == "S", m.group(0)


def play_to_end(red, blue, seed, max_turns=400, resign_at=None):
    """Pass links between the two devices until both show the game over; the side-turns played."""
    rng = random.Random(seed)
    sender, receiver = red, blue
    play_turn(red, rng)
    turns = 1
    for _ in range(2000):
        receiver.dispatch("open-link", link_of(sender))
        assert receiver.screen in ("play", "over"), (receiver.screen, receiver.message)
        if receiver.screen == "play":
            assert_private(receiver, sender)
            assert_no_spy_named(receiver)
            if turns == resign_at or turns >= max_turns:
                press(receiver, "Resign")
                press(receiver, "Resign")  # "Resign this game?"
            else:
                play_turn(receiver, rng)
            turns += 1
        elif all(a.screen == "over" and (a.match.seat.kind == "casual" or a.match.seat.verdict) for a in (sender, receiver)):
            return turns
        sender, receiver = receiver, sender
    raise AssertionError("the game did not end")


def over(app):
    html = app.html()
    outcome = re.search(r'data-outcome="([^"]*)"', html).group(1)
    verdict = re.search(r'data-verdict="([^"]*)"', html)
    return outcome, verdict.group(1) if verdict else None


# -- whole games ---------------------------------------------------------------------------


def test_a_sealed_game_by_links_to_the_end_verified_fair():
    red, blue = start("sealed")
    play_to_end(red, blue, seed=5)
    (o1, v1), (o2, v2) = over(red), over(blue)
    assert o1 == o2 and o1.split(":")[1] in ("headquarters", "no_mobile_pieces", "no_legal_move", "move_limit")
    assert v1 == v2 == "fair"
    assert "Verified fair" in red.html()
    assert 'data-piece="?"' not in red.html()  # both armies revealed at the end


def test_a_casual_game_by_links_to_the_end():
    red, blue = start("casual", 3, 4, moves="1 move per turn")
    play_to_end(red, blue, seed=6)
    (o1, v1), (o2, _) = over(red), over(blue)
    assert o1 == o2 and o1.split(":")[1] in ("headquarters", "no_mobile_pieces", "no_legal_move", "move_limit")
    assert v1 is None and "Casual game" in red.html()
    assert 'data-piece="?"' not in blue.html()  # both armies shown at the end
    # the same replay as pass-and-play, from the start position to the last move
    total = len(blue.match.full_game().events)
    assert f'data-step="{total}"' in blue.html()
    press(blue, "First")
    assert 'data-step="0"' in blue.html() and "Start position" in blue.html()
    press(blue, "Forward")
    assert 'data-step="1"' in blue.html()


def test_resignations_that_cross_end_alike_on_both_pages():
    red, blue = start("sealed")
    play_turn(red, random.Random(1))
    blue.dispatch("open-link", link_of(red))
    for app in (red, blue):  # both resign at once: Blue on its turn, Red while it waits
        press(app, "Resign")
        press(app, "Resign")  # "Resign this game?"
    red_resigns, blue_resigns = link_of(red), link_of(blue)
    blue.dispatch("open-link", red_resigns)
    assert blue.screen == "link-error" and "crossed with your resignation" in screen_text(blue)
    red.dispatch("open-link", blue_resigns)  # Blue resigned on its turn: that resignation stands
    assert over(red) == ("red:resignation", "fair")  # Blue's resignation revealed its army
    blue.dispatch("open-link", link_of(red))  # Red's newest link reveals Red's army after it
    assert over(blue) == ("red:resignation", "fair")


def test_resignation_and_draws_in_a_sealed_game():
    red, blue = start("sealed")
    rng = random.Random(1)
    play_turn(red, rng)
    blue.dispatch("open-link", link_of(red))
    press(blue, "Resign")
    press(blue, "Resign")  # "Resign this game?"
    assert blue.screen == "over"
    assert over(blue) == ("red:resignation", "pending")
    assert "Unverified result." in blue.html() and "stands on Red's word" in unescape(blue.html())
    home = App(blue.storage)
    home.dispatch("home")
    assert "finished, unverified: Red has not revealed its army yet" in home.html()  # the home list says so too
    red.dispatch("open-link", link_of(blue))
    assert over(red) == ("red:resignation", "fair")
    blue.dispatch("open-link", link_of(red))
    assert over(blue) == ("red:resignation", "fair")
    # both armies known and every claim checked: the same replay as pass-and-play
    total = len(blue.match.full_game().events)
    assert f'data-step="{total}"' in blue.html()
    press(blue, "First")
    assert 'data-step="0"' in blue.html()
    # Blue's device got Red's last link on top of its own: both verified, nothing asks to be sent
    assert 'data-nothing-to-send="true"' in blue.html() and 'id="link-text"' not in blue.html()
    assert "Send the final link" not in blue.html()
    # Red cannot know whether Blue opened it: Red's page still offers the final link
    assert 'id="link-text"' in red.html()


def test_a_draw_offer_travels_with_a_turn_and_can_be_accepted():
    red, blue = start("casual")
    rng = random.Random(2)
    press(red, "Offer draw")
    assert "A draw offer goes to Blue" in red.html()
    play_turn(red, rng)
    blue.dispatch("open-link", link_of(red))
    assert "Red offers a draw" in blue.html()
    press(blue, "Accept draw")
    assert blue.screen == "over" and over(blue)[0] == "draw:agreement"
    red.dispatch("open-link", link_of(blue))
    assert over(red)[0] == "draw:agreement"


def test_blue_inviter_and_red_joiner_moves_at_once():
    blue, red = device(7), device(8)
    link = invite(blue, "sealed", colour="Play Blue")
    join(red, link)
    assert red.screen == "play"  # Red joined and moves first: no round trip needed
    play_turn(red, random.Random(3))
    blue.dispatch("open-link", link_of(red))
    assert blue.screen == "play" and blue.side == 1


def test_sealed_fights_are_pending_until_the_reply():
    red, blue = start("sealed")
    rng = random.Random(9)
    for _ in range(30):
        play_turn(red, rng)
        if "Pending until Blue replies" in red.html():
            break
        blue.dispatch("open-link", link_of(red))
        play_turn(blue, rng)
        red.dispatch("open-link", link_of(blue))
    html = red.html()
    assert "result pending" in html or "findings pending" in html or "comes with the next link" in html
    assert "only Blue's device knows Blue's pieces" in unescape(html)


def test_casual_waiting_screen_lists_the_fight():
    red, blue = start("casual")
    rng = random.Random(9)
    for _ in range(40):
        before = len(red.match.full_game().events)
        play_turn(red, rng)
        played = red.match.full_game().events[before:]
        if any(e.attacker_won is not None for e in played):
            break
        blue.dispatch("open-link", link_of(red))
        play_turn(blue, rng)
        red.dispatch("open-link", link_of(blue))
    else:
        raise AssertionError("Red never attacked")
    assert red.screen == "link-send"
    happened = re.search(r'<h3>What happened</h3><div class="event-turns"><ul>(.*?)</ul></div>', red.html()).group(1)
    assert "attacked" in happened and ("was removed" in happened)
    assert happened.count("<li>") == len(played)


def test_the_marks_legend_stands_under_undo_and_submit():
    red, blue = start("casual")
    rng = random.Random(4)
    for _ in range(100):
        if shows_marks_legend(red.html()):
            break
        play_a_turn_each(red, blue, rng)
        assert red.screen == "play", "the game ended before a piece was unmasked"
    else:
        raise AssertionError("no piece was unmasked")


def test_since_your_last_turn_lists_each_sides_turn_apart():
    """Your turn and the other side's are two lists (side by side on an upright tablet's wide
    panel, where one list of both pushed the selected piece's name under Undo and Submit)."""
    red, blue = start("casual")
    rng = random.Random(4)
    play_a_turn_each(red, blue, rng)
    events = re.search(r'<div class="events"><h3>Since your last turn</h3><div class="event-turns">(.*?)</div>',
                       red.html())
    turns = re.findall(r"<ul>(.*?)</ul>", events.group(1))
    lines = [re.findall(r"<li>(.*?)</li>", turn) for turn in turns]
    assert [len(said) for said in lines] == [2, 2]
    assert all(line.startswith("Your ") for line in lines[0])
    assert all(line.startswith("Blue") for line in lines[1])


# -- bad links --------------------------------------------------------------------------------


def test_bad_links_say_why_and_never_touch_the_saved_game():
    red, blue = start("sealed")
    rng = random.Random(4)
    play_turn(red, rng)
    old = link_of(red)
    blue.dispatch("open-link", old)
    play_turn(blue, rng)
    good = link_of(blue)
    red.dispatch("open-link", good)
    play_turn(red, rng)
    saved = dict(red.storage.data)

    def tried(link):
        red.dispatch("open-link", link)
        assert seats(red) == {k: v for k, v in saved.items() if k.startswith(SEAT_PREFIX)}
        return red.screen, re.sub(r"<[^>]+>", " ", red.html())

    changed = good[:20] + ("A" if good[20] != "A" else "B") + good[21:]
    screen, text = tried(changed)
    assert screen == "link-error" and "changed or damaged" in text and "No saved game was changed" in text
    screen, text = tried(good[:-15])
    assert screen == "link-error" and "incomplete" in text
    screen, text = tried("not a link at all!")
    assert screen == "link-error" and "not an Espionage game link" in text
    screen, text = tried(old)  # Red's own earlier link: older than the saved game
    assert screen == "link-send" and "older than your saved game" in text
    screen, text = tried(link_of(red))  # the newest link again
    assert screen == "link-send" and "already have this link" in text
    # a link of this game that does not continue it: the same invitation, another history
    t = decode(good)
    invitation = Transcript.create(
        t.kind, t.game_id, t.variant, t.volcanoes, t.inviter, commit=t.commits[t.inviter], sender_key=t.sender_keys[t.inviter]
    )
    other = device(99)  # joins with another army
    join(other, invitation.encode())
    screen, text = tried(link_of(other))
    assert screen == "link-error" and "does not continue your saved game" in text
    press(red, "Open my game")
    assert red.screen == "link-send"


def test_a_device_with_no_seat_watches_the_public_board():
    red, _blue = start("sealed")
    play_turn(red, random.Random(1))
    third = device(11)
    third.dispatch("open-link", link_of(red))
    assert third.screen == "link-spectate"
    html = third.html()
    assert "no seat in it" in html
    kinds = set(re.findall(r'data-piece="([^"]*)"', html))
    assert kinds <= {"?"}  # nothing unmasked or removed yet: every piece is unknown
    assert 'class="piece red unknown' in html and 'class="piece blue unknown' in html
    assert not seats(third)


def test_a_casual_spectator_sees_no_setup():
    _red, blue = start("casual")
    third = device(12)
    third.dispatch("open-link", link_of(blue))
    assert third.screen == "link-spectate"
    assert set(re.findall(r'data-piece="([^"]*)"', third.html())) <= {"?"}


# -- backups -----------------------------------------------------------------------------------


def test_backup_link_restores_the_seat_on_another_device():
    red, blue = start("sealed")
    rng = random.Random(6)
    play_turn(red, rng)
    press(red, "Back up this game")
    assert red.screen == "link-backup"
    html = red.html()
    assert "never send this link to your opponent" in html
    # the field is named for what it is (a screen reader reads its label)
    assert re.search(r'<label class="link-label">Your private backup link \(never send it\) <input[^>]*id="link-text"', html)
    assert "The link to send" not in html
    backup = link_of(red)
    assert backup != red.match.seat.link()
    press(red, "Back to the game")
    # Red's second device
    tablet = device(21)
    tablet.dispatch("open-link", backup)
    assert tablet.screen == "link-restore"
    assert not seats(tablet)  # nothing is saved before the player confirms
    press(tablet, "Restore game")
    assert tablet.screen == "link-send" and seats(tablet)
    blue.dispatch("open-link", link_of(red))
    play_turn(blue, rng)
    tablet.dispatch("open-link", link_of(blue))
    assert tablet.screen == "play" and tablet.side == 0
    # the backup again, now older than the game on the tablet: not restored
    saved = seats(tablet)
    tablet.dispatch("open-link", backup)
    assert tablet.screen == "link-error" and "not restored" in tablet.html()
    assert seats(tablet) == saved
    # a backup of Red's seat opened on Blue's device: refused
    blue_saved = seats(blue)
    blue.dispatch("open-link", backup)
    assert blue.screen == "link-error" and seats(blue) == blue_saved


def test_a_newer_backup_replaces_an_older_saved_seat_only_after_confirming():
    red, blue = start("sealed")
    rng = random.Random(8)
    phone = device(30)
    phone.dispatch("open-link", red.match.seat.backup_link())
    press(phone, "Restore game")
    play_a_turn_each(red, blue, rng)
    press(red, "Back up this game")
    newer = link_of(red)
    before = seats(phone)
    phone.dispatch("open-link", newer)
    assert phone.screen == "link-restore" and "replaces it" in phone.html()
    assert seats(phone) == before
    press(phone, "Restore game")
    assert seats(phone) != before and phone.screen == "play"


@pytest.mark.parametrize("kind", ["casual", "sealed"])
def test_a_backup_of_another_game_under_the_same_id_is_refused(kind, monkeypatch):
    """Anyone who saw a link knows the game's id: a backup of a game they made under it, with a
    longer history, must not pass for a newer copy of the game saved here."""
    red, _blue = start(kind)
    play_turn(red, random.Random(3))
    saved = seats(red)
    monkeypatch.setattr("espionage.sealed.seats.secrets.randbits", lambda _bits: red.match.seat.game_id)
    rng = random.Random(9)
    other = Seat.new_game("casual", "red", rng=rng)
    opponent = Seat.join(other.link(), rng=rng)
    for _ in range(3):
        other.receive(opponent.link())
        other.play_turn(random_turn(other, rng))
        opponent.receive(other.link())
        opponent.play_turn(random_turn(opponent, rng))
    other.receive(opponent.link())
    assert len(other.t.messages) > len(red.match.seat.t.messages)
    red.dispatch("open-link", other.backup_link())
    assert red.screen == "link-error"
    assert "This backup does not continue the game saved on this device" in screen_text(red)
    assert seats(red) == saved


@pytest.mark.parametrize("forged_secret", [None, bytes(16)])
def test_a_backup_the_opponent_made_of_this_casual_game_is_refused(forged_secret):
    """Blue's device holds the whole casual game, both setups included: a backup of Red's seat
    that it makes with a turn forged in Red's name must not pass for Red's own, which only Red's
    devices can make (they know the seat's secret)."""
    red, blue = start("casual")
    rng = random.Random(4)
    play_a_turn_each(red, blue, rng)
    assert red.screen == "play"
    saved = seats(red)
    t = decode(blue.match.seat.link())
    forger = Seat(t, 0, forged_secret, t.setups[0])
    forger.play_turn(random_turn(forger, rng))
    red.dispatch("open-link", forger.backup_link())
    assert red.screen == "link-error"
    assert "This backup does not continue the game saved on this device" in screen_text(red)
    assert seats(red) == saved
    own = Seat.from_dict(red.match.seat.to_dict())  # Red's other device, one turn further
    own.play_turn(random_turn(own, rng))
    red.dispatch("open-link", own.backup_link())
    assert red.screen == "link-restore"


# -- home list, reload ---------------------------------------------------------------------------


def test_link_games_are_listed_resumed_and_deleted_on_home():
    red, _blue = start("sealed")
    press(red, "Home")
    html = red.html()
    assert "Sealed link game, you play Red" in html and "your turn" in html
    press(red, "Resume")
    assert red.screen == "play"
    press(red, "Home")
    press(red, "Delete")
    assert seats(red)
    press(red, "Keep")
    assert seats(red)
    press(red, "Delete")
    press(red, "Delete game")
    assert not seats(red)
    assert "link game" not in red.html()


def test_a_reload_comes_back_to_the_link_game_with_planned_moves():
    red, blue = start("sealed")
    choose(red, random.Random(1))
    planned = [str(m) for m in red.planned]
    again = App(red.storage, rng=random.Random(1))
    assert again.screen == "play" and [str(m) for m in again.planned] == planned
    # the page reloaded with the link it was opened with: no message, same screen
    again.dispatch("open-link", link_of(blue), "load")
    assert again.screen == "play" and not again.message


def test_a_reload_with_a_screen_state_naming_the_link_game_by_its_id_comes_back_to_it():
    """Older versions kept the game's id (``seat:`` and its number) in the screen state, now its key."""
    red, _blue = start("sealed")
    choose(red, random.Random(1))
    data = json.loads(red.storage.get(UI_KEY))
    assert data["match"] == red.match.key
    red.storage.set(UI_KEY, json.dumps({**data, "match": red.match.id}))
    again = App(red.storage, rng=random.Random(1))
    assert again.screen == "play" and again.match.key == red.match.key and again.planned == red.planned


@pytest.mark.parametrize("stale", ["same", "zz"])
def test_a_reload_whose_planned_moves_no_longer_fit_keeps_the_link_game_without_them(stale):
    red, _blue = start("sealed")
    choose(red, random.Random(1))
    first = str(red.planned[0])
    data = json.loads(red.storage.get(UI_KEY))
    data["planned"] = [first, first if stale == "same" else stale]  # the same move again: illegal
    red.storage.set(UI_KEY, json.dumps(data))
    again = App(red.storage, rng=random.Random(1))
    assert again.screen == "play" and again.match.id == red.match.id and again.planned == []


def test_share_and_copy_ask_the_browser_and_report_failure():
    red, _blue = start("sealed")
    red.can_share = True
    play_turn(red, random.Random(1))
    url = red.base_url + "#" + red.match.seat.link()
    press(red, "Share")
    assert red.effect == ("share", url)
    red.effect = None
    press(red, "Copy link")
    assert red.effect == ("copy", url)
    red.dispatch("link-copy-failed")
    assert "select the link text" in red.html()
    red.can_share = False
    assert "Share" not in labels(red)


def test_saved_seat_is_the_engine_seat():
    red, _blue = start("casual")
    (key, text), = seats(red).items()
    seat = Seat.from_dict(json.loads(text)["seat"])
    assert key == SEAT_PREFIX + f"{seat.game_id:016x}" and seat.side == 0
    assert decode(seat.link()).game_id == seat.game_id
    assert SIDES[seat.side] == "red"


@pytest.mark.parametrize("text", ["", "#", "   "])
def test_an_empty_fragment_does_nothing(text):
    app = device(1)
    app.dispatch("open-link", text)
    assert app.screen == "home"


def test_a_setup_in_progress_survives_a_reload_for_inviter_and_invited():
    red = device(1)
    press(red, "Play by link")
    press(red, "Casual")
    press(red, "Play Blue")
    press(red, "Set up your army")
    press(red, "Random setup")
    placed = dict(red.placed)
    again = App(red.storage, rng=random.Random(5))
    assert again.screen == "setup" and again.placed == placed and again.side == 1
    assert again.match.volcanoes == red.match.volcanoes and again.match.kind == "casual"
    press(again, "Ready")
    assert again.screen == "link-send"

    blue = device(2)
    link = link_of(again)
    blue.dispatch("open-link", link)
    press(blue, "Set up your army")
    press(blue, "Random setup")
    placed = dict(blue.placed)
    blue = App(blue.storage, rng=random.Random(6))
    assert blue.screen == "setup" and blue.placed == placed and blue.side == 0
    blue.base_url = "https://example.test/espionage/"
    press(blue, "Ready")
    assert blue.screen in ("link-send", "play")


def test_a_broken_placement_in_a_link_setup_in_progress_does_not_break_the_page():
    app = device(1)
    press(app, "Play by link")
    press(app, "Set up your army")
    app.dispatch("drop", "C>b2")
    data = json.loads(app.storage.get(UI_KEY))
    data["placed"] |= {"200": "C", "0": "Z"}  # off the board; no such kind
    app.storage.set(UI_KEY, json.dumps(data))
    again = App(app.storage, rng=random.Random(5))
    assert 'data-screen="setup"' in again.html()
    assert again.placed == {parse_square("b2"): "C"}


@pytest.mark.parametrize(
    "damage",
    [{"new": ["cas", 1]}, {"new": [[], 1]}, {"new": ["casual", 2]}, {"new": ["casual", 1e999]}, {"moves_per_turn": 1e999}],
    ids=["kind", "kind-list", "side", "side-infinite", "moves-infinite"],
)
def test_a_link_setup_in_progress_of_no_known_kind_or_side_goes_home(damage):
    """An unknown kind or side drew the setup screen with nothing to draw it from (KeyError on every
    load), an infinite number raised OverflowError: the page goes home instead."""
    app = device(1)
    press(app, "Play by link")
    press(app, "Set up your army")
    data = json.loads(app.storage.get(UI_KEY))
    data["draft"] |= damage
    app.storage.set(UI_KEY, json.dumps(data))
    again = App(app.storage, rng=random.Random(5))
    assert 'data-screen="home"' in again.html()


def test_a_reload_on_the_options_keeps_the_choices():
    app = device(1)
    press(app, "Play by link")
    press(app, "Casual")
    press(app, "Play Blue")
    press(app, "1 move per turn")
    again = App(app.storage, rng=random.Random(5))
    assert again.screen == "link-options"
    assert (again.link.new_kind, again.link.new_side, again.options.moves_per_turn) == ("casual", 1, 1)


def test_rematch_invites_again_with_the_colours_swapped():
    red, _ = start("casual", moves="1 move per turn")
    press(red, "Resign")
    press(red, "Resign")  # "Resign this game?"
    press(red, "Rematch")
    assert red.screen == "setup" and red.side == 1  # Red's device plays Blue now
    assert red.match.kind == "casual" and red.match.variant.moves_per_turn == 1
    press(red, "Random setup")
    press(red, "Ready")
    assert red.screen == "link-send"
    assert decode(link_of(red)).inviter == 1


def test_a_game_saved_in_the_first_link_format_is_listed_as_unreadable_and_kept():
    head = bytes([1, 3, 7, 7, 7])  # format 1: version byte, length, body
    old_link = base64.urlsafe_b64encode(head + hashlib.sha256(head).digest()[:6]).rstrip(b"=").decode()
    with pytest.raises(UnknownFormat, match="older version"):
        decode(old_link)
    storage = MemoryStorage()
    saved = json.dumps({"format": 1, "seat": {"format": 1, "link": old_link, "side": "red"}, "updated": 1.0})
    storage.set(SEAT_PREFIX + "00000000000000aa", saved)
    app = App(storage)
    assert "cannot read (kept untouched)" in app.html()
    assert storage.get(SEAT_PREFIX + "00000000000000aa") == saved


@pytest.mark.parametrize("damage", ["a number too large", "nesting too deep"])
def test_a_save_damaged_past_what_the_reader_expected_is_listed_as_unreadable_and_kept(damage):
    """A number too large for a float or nesting too deep for the parser raised errors the saves'
    readers did not catch: the home screen (a link game) or the page itself (pass and play) did not
    start."""
    red, _blue = start("casual")
    key = next(iter(seats(red)))
    saves = {
        key: json.dumps({**json.loads(red.storage.data[key]), "updated": 10**400}),
        "espionage:game:x": json.dumps({"format": 1, "updated": 10**400}),
    } if damage == "a number too large" else {key: "[" * 100_000 + "]" * 100_000, "espionage:game:x": "[" * 100_000}
    storage = MemoryStorage(saves)
    app = App(storage)
    assert app.html().count("cannot read (kept untouched)") == 2
    assert storage.data == saves


@pytest.mark.parametrize("damage", ["secret lost", "another secret", "another setup", "the other side"])
def test_a_sealed_seat_that_no_longer_fits_its_commitment_is_listed_as_unreadable_and_kept(damage):
    """Such a seat was played on: without its secret, Resign raised TypeError (the page broke); with
    another secret, setup or side its answers and final reveal would not hold against its
    commitment, and the other device's check would find this player's claims false."""
    red, _blue = start("sealed")
    key = next(iter(seats(red)))
    data = json.loads(red.storage.data[key])
    seat = data["seat"]
    if damage == "secret lost":
        del seat["secret"]
    elif damage == "another secret":
        seat["secret"] = "00" * 16
    elif damage == "another setup":
        seat["setup"] = seat["setup"][::-1]
    else:
        seat["side"] = "blue" if seat["side"] == "red" else "red"
    text = json.dumps(data)
    storage = MemoryStorage({key: text})
    assert "cannot read (kept untouched)" in App(storage).html()
    assert storage.data == {key: text}


def _unreadable_save(app, game_id):
    """Put a game of the first link format (which this version cannot read) under ``game_id``."""
    head = bytes([1, 3, 7, 7, 7])
    old_link = base64.urlsafe_b64encode(head + hashlib.sha256(head).digest()[:6]).rstrip(b"=").decode()
    saved = json.dumps({"format": 1, "seat": {"format": 1, "link": old_link, "side": "red"}, "updated": 1.0})
    app.storage.set(SEAT_PREFIX + f"{game_id:016x}", saved)
    return seats(app)


def _refused_for_the_unreadable_save(app, kept):
    assert app.screen == "link-error"
    assert "this version cannot read it: it is kept untouched" in screen_text(app)
    assert seats(app) == kept
    press(app, "Home")
    assert "cannot read (kept untouched)" in app.html()


@pytest.mark.parametrize("kind", ["casual", "sealed"])
def test_an_invitation_under_the_id_of_an_unreadable_saved_game_cannot_replace_it(kind):
    """A saved game this version cannot read is kept untouched; its opponent chooses the game's
    id, and an invitation under it, joined, replaced that save without a word."""
    inviter, app = device(1), device(2)
    link = invite(inviter, kind)
    kept = _unreadable_save(app, decode(link).game_id)
    app.dispatch("open-link", link)
    _refused_for_the_unreadable_save(app, kept)


def test_joining_is_refused_when_an_unreadable_game_was_saved_under_the_id_meanwhile():
    inviter, app = device(1), device(2)
    link = invite(inviter, "casual")
    app.dispatch("open-link", link)
    press(app, "Set up your army")
    press(app, "Random setup")
    kept = _unreadable_save(app, decode(link).game_id)  # another tab of this browser wrote it
    press(app, "Ready")
    _refused_for_the_unreadable_save(app, kept)


@pytest.mark.parametrize("when", ["before opening", "before restoring"])
def test_a_backup_under_the_id_of_an_unreadable_saved_game_cannot_replace_it(when):
    red, _blue = start("casual")
    backup = red.match.seat.backup_link()
    app = device(3)
    if when == "before opening":
        kept = _unreadable_save(app, decode(backup).game_id)
        app.dispatch("open-link", backup)
    else:
        app.dispatch("open-link", backup)
        assert app.screen == "link-restore"
        kept = _unreadable_save(app, decode(backup).game_id)
        press(app, "Restore game")
    _refused_for_the_unreadable_save(app, kept)


def test_a_link_that_fails_unexpectedly_leaves_the_saved_copy_on_screen(monkeypatch):
    """Taking a link in can fail half-way with an error no link reader expects: the game shown
    then is the saved one, not the copy the failed read left half-extended."""
    red, blue = start("casual")
    play_turn(red, random.Random(4))
    saved = seats(blue)

    def fails_half_way(seat, text):
        seat._text = text
        raise RuntimeError("unexpected")

    monkeypatch.setattr(Seat, "receive", fails_half_way)
    blue.dispatch("open-link", link_of(red))
    assert blue.screen == "link-error" and "This link could not be used." in screen_text(blue)
    assert seats(blue) == saved
    assert blue.match.to_json() == next(iter(saved.values()))


class FullUntilADeletion(MemoryStorage):
    """A storage that holds no new game record until a game is deleted."""

    full = True

    def set(self, key, value):
        if self.full and key.startswith(SEAT_PREFIX):
            raise OSError("storage full")
        super().set(key, value)

    def remove(self, key):
        super().remove(key)
        self.full = False


@pytest.mark.parametrize("kind", ["casual", "sealed"])
def test_a_turn_a_full_storage_could_not_hold_goes_on_with_the_reply(kind):
    """Red sent a turn its full storage could not hold, as the page asked it to: Blue's reply,
    which carries that turn, was refused as a link forged in Red's name (the saved copy had never
    seen the turn), and the game could never go on. The turn is kept in memory, read in place of
    the saved copy, and stored once a deletion on the home screen makes room."""
    red, blue = start(kind)
    rng = random.Random(5)
    red.storage.set(SEAT_PREFIX + "old", "x" * 300)  # an unreadable old game, to delete later
    before = seats(red)
    red.storage = FullUntilADeletion(red.storage.data)
    play_turn(red, rng)
    assert red.screen == "link-send" and "could not be saved" in red.message
    assert seats(red) == before
    blue.dispatch("open-link", link_of(red))
    play_turn(blue, rng)
    red.dispatch("open-link", link_of(blue))
    assert red.screen == "play" and "could not be saved" in red.message
    assert seats(red) == before
    press(red, "Home")
    red.dispatch("delete", SEAT_PREFIX + "old")
    red.dispatch("delete-confirm", "")
    assert SEAT_PREFIX + "old" not in red.storage.data
    reloaded = App(red.storage, rng=random.Random(1))
    reloaded.dispatch("open-link", link_of(blue))
    assert reloaded.screen == "play" and "already have this link" in reloaded.message


# -- one device, one game open in two tabs (one storage) --------------------------------------


def other_tab(app):
    """A second tab of ``app``'s browser, opened now: it comes back to the screen ``app`` is on."""
    tab = App(app.storage, rng=random.Random(9))
    tab.base_url = app.base_url
    return tab


def test_a_turn_is_not_saved_over_the_link_game_another_tab_played_on():
    """The second tab played Red's turn and its link went to Blue; the first tab then played
    another turn and saved its seat over the second's: Blue's reply to the link sent was then
    refused on this device. Now the first tab shows the game as the second left it."""
    red, blue = start("casual")
    second = other_tab(red)
    assert second.screen == "play"
    play_turn(second, random.Random(1))
    sent, theirs = link_of(second), seats(red)
    play_turn(red, random.Random(2))
    assert seats(red) == theirs
    assert red.screen == "link-send" and link_of(red) == sent
    assert red.message == "This game was played on in another tab: here it is as it stands now."
    blue.dispatch("open-link", sent)
    play_turn(blue, random.Random(3))
    red.dispatch("open-link", link_of(blue))
    assert red.screen == "play" and not red.message


def test_a_link_game_deleted_in_another_tab_is_not_written_back():
    """The first tab's next turn wrote the link game the second tab had deleted back into the storage."""
    red, _blue = start("casual")
    second = other_tab(red)
    press(second, "Home")
    press(second, "Delete")
    press(second, "Delete game")
    play_turn(red, random.Random(2))
    assert not seats(red)
    assert red.screen == "home" and red.message == "This game was deleted in another tab."


def test_a_link_game_played_on_in_another_tab_is_shown_at_once():
    """The link to send is the one the other tab's turn made: this tab shows it without a tap."""
    red, _blue = start("casual")
    second = other_tab(red)
    play_turn(second, random.Random(1))
    assert red.storage_changed(red.match.key)
    assert red.screen == "link-send" and link_of(red) == link_of(second)
    assert red.message == "This game was played on in another tab: here it is as it stands now."


def test_a_link_game_being_set_up_has_no_save_for_another_tab_to_change():
    """A draft (a new game's setup, an invitation being joined) is not saved: another tab's
    saves leave it as it is."""
    red, _blue = start("casual")
    second = other_tab(red)
    press(second, "Home")
    press(second, "Play by link")
    press(second, "Set up your army")
    press(second, "Random setup")
    placed = dict(second.placed)
    play_turn(red, random.Random(1))
    assert not second.storage_changed(red.match.key)
    assert second.screen == "setup" and second.placed == placed and second.match.key is None


def test_a_tab_opened_out_of_sight_on_a_link_leaves_what_a_new_tab_comes_back_to():
    """A link opened in a background tab (the page loads out of sight: main.py) counted as the
    player's act in that tab, so a new tab came back to the link's game, though the player had
    not looked at it. The tab writes the shared screen state once the player acts in it."""
    red, blue = start("casual")
    press(red, "Home")
    hidden = App(red.storage, rng=random.Random(9))
    hidden.used_last = False
    hidden.dispatch("open-link", link_of(blue), "load")
    assert hidden.screen == "play" and not hidden.used_last
    assert App(red.storage, rng=random.Random(9)).screen == "home"
    choose(hidden, random.Random(1))
    assert hidden.used_last
    assert App(red.storage, rng=random.Random(9)).screen == "play"
