"""The sealed protocol between two simulated devices, its audit, and casual games by link."""

import json
import random
import re

import pytest

from espionage import SIDES, Game, IllegalMove
from espionage.board import AROUND
from espionage.link import TURN, BrokenRules, HonestAuthor, LinkError, decode
from espionage.link.fights import FalseFight
from espionage.link.public import ASK, FLAG, KNOWN
from espionage.pieces import MINE, SPY
from espionage.sealed import FAIR, FALSE_CLAIM, PLAYING, UNVERIFIED, VERIFIED_FAIR, SealedView, Seat, audit, spectate
from tests.linkplay import fighting_turn, play, random_turn


def engine_replay(t, setups=None):
    """The engine's game for a transcript, playing every move that was not voided."""
    red, blue = setups or (t.revealed[0][1], t.revealed[1][1])
    g = Game(red, blue, t.volcanoes, t.variant)
    for claim in t.claims:
        if claim[0] == "turn":
            for c in claim[1]:
                if g.outcome is None:
                    g.play(c.move)
        elif claim[0] == "resign" and g.outcome is None:
            g.resign(SIDES[claim[1]])
        elif claim[0] == "accept" and g.outcome is None:
            g.agree_draw()
    return g


def assert_public_board_matches(t, g):
    b = t.board
    for sq in range(100):
        assert b.owner(sq) == (None if g.side_at(sq) is None else SIDES.index(g.side_at(sq))), sq
    assert b.unmasked == {sq for sq in range(100) if g.is_unmasked(sq)}
    assert b.removed == (list(g.removed("red")), list(g.removed("blue")))
    for pid, kind in b.known.items():
        assert kind == t.revealed[b.side_of(pid)][1].kind_at(pid)
    if g.outcome is None or g.outcome.reason in ("move_limit", "no_legal_move"):
        assert (b.quiet, b.turn, SIDES[b.side]) == (g.quiet_count, g.turn_number, g.turn)
        assert [set(nr) for nr in b.no_return] == [set(g._no_return[0]), set(g._no_return[1])]


@pytest.mark.parametrize("seed,mpt", [(1, 2), (2, 2), (3, 1), (4, 2), (5, 1)])
def test_honest_sealed_games_verify_fair(seed, mpt):
    a, b, _ = play("sealed", seed, moves_per_turn=mpt)
    assert a.verdict == b.verdict == FAIR
    assert a.outcome == b.outcome and a.outcome is not None
    assert a.link() == b.link()
    t = decode(a.link())
    g = engine_replay(t)
    assert g.outcome == t.outcome
    assert_public_board_matches(t, g)


@pytest.mark.parametrize("seed", [11, 12])
def test_sealed_public_board_matches_engine_mid_game(seed):
    a, _b, _ = play("sealed", seed, resign_at=40)
    t = decode(a.link())
    assert t.outcome.reason == "resignation" and a.verdict == FAIR
    # replay without the resignation to compare the board as it stood
    assert_public_board_matches(t, engine_replay(t))


@pytest.mark.parametrize("seed,mpt", [(21, 2), (22, 1), (23, 2)])
def test_casual_games_follow_the_engine(seed, mpt):
    a, b, _turns = play("casual", seed, moves_per_turn=mpt)
    assert a.outcome == b.outcome and a.outcome is not None
    assert a.verdict is None
    t = decode(b.link())
    assert t.game.position() == a.t.game.position()
    assert t.game.moves == a.t.game.moves
    v = a.view()
    assert v.outcome == a.outcome and v.position() == a.t.game.view(SIDES[a.side]).position()
    s = spectate(a.link())
    assert all(letter in (None, "V") or letter.upper() in "CLKOGSEMH?" for letter in s.letters)


def test_resignation_out_of_turn_and_draw_agreement():
    # resignation on one's turn
    a, b, _ = play("sealed", 31, stop=lambda seat, n: n == 7)
    assert a.outcome.reason == "resignation" and a.verdict == FAIR
    # draw offered and accepted
    rng = random.Random(32)
    a = Seat.new_game("sealed", "red", rng=rng)
    b = Seat.join(a.link(), rng=rng)
    a.receive(b.link())
    b.receive(a.play_turn(random_turn(a, rng), offer_draw=True))
    assert b.draw_offered and not a.draw_offered
    a.receive(b.accept_draw())
    b.receive(a.link())
    assert a.outcome.reason == b.outcome.reason == "agreement"
    assert a.verdict == b.verdict == FAIR
    # casual: resignation while waiting
    a = Seat.new_game("casual", "blue", rng=rng)
    b = Seat.join(a.link(), rng=rng)
    a.receive(b.play_turn(random_turn(b, rng)))
    link = b.resign()  # Red resigns while Blue is to move
    a.receive(link)
    assert a.outcome.winner == "blue" and a.outcome.reason == "resignation"


def test_crossing_resignation_wins():
    rng = random.Random(33)
    a = Seat.new_game("sealed", "red", rng=rng)
    b = Seat.join(a.link(), rng=rng)
    a.receive(b.link())
    b.receive(a.play_turn(random_turn(a, rng)))
    turn_link = b.play_turn(random_turn(b, rng))  # Blue's turn, not yet arrived...
    resign_link = a.resign()  # ...when Red resigns out of turn
    with pytest.raises(LinkError, match="crossed with your resignation"):
        a.receive(turn_link)
    b.receive(resign_link)  # Red's resignation stands
    a.receive(b.link())
    assert a.outcome == b.outcome and a.outcome.winner == "blue"
    assert a.verdict == b.verdict == FAIR


def test_pending_fights_and_findings_show_until_the_reply():
    # find a position where the waiting device shows a pending attack
    rng = random.Random(41)
    a = Seat.new_game("sealed", "red", rng=rng)
    b = Seat.join(a.link(), rng=rng)
    a.receive(b.link())
    for _ in range(400):
        mover = a if a.my_turn else b
        other = b if mover is a else a
        legal = mover.legal_moves()
        attacks = [m for m in legal if other.view().owner(m.to_square) == other.side]
        first = attacks[0] if attacks else rng.choice(legal)
        rest = mover.legal_moves([first])
        link = mover.play_turn([first] + ([rng.choice(rest)] if rest else []))
        if attacks:
            v = mover.view()
            assert isinstance(v, SealedView)
            fight = next(e for e in v.pending if e.attack)
            assert fight.move == first and fight.attacker_won is None and fight.kind == mover.setup.kind_at(fight.piece)
            assert v.pending_fights == (first,)
            # a pending attack is no win: both pieces stay where they stand until the reply
            assert v.owner(first.from_square) == mover.side and v.owner(first.to_square) == other.side
            other.receive(link)
            mover.receive(other.play_turn(random_turn(other, rng)))
            after = mover.view()
            assert not after.pending and not after.pending_fights
            resolved = next(e for e in after.events if e.move == first and not e.pending)
            assert resolved.attacker_won in (True, False)  # the result arrived with the reply
            break
        other.receive(link)
    else:
        pytest.fail("no attack happened")


def test_seat_saves_as_json_and_backs_up_to_another_device():
    rng = random.Random(51)
    a = Seat.new_game("sealed", "blue", rng=rng)
    b = Seat.join(a.link(), rng=rng)
    a.receive(b.play_turn(random_turn(b, rng)))
    a2 = Seat.from_dict(json.loads(json.dumps(a.to_dict())))
    assert a2.link() == a.link() and a2.setup == a.setup and a2.secret == a.secret
    backup = a.backup_link()
    with pytest.raises(LinkError, match="private backup link"):
        b.receive(backup)
    with pytest.raises(LinkError, match="private backup link"):
        spectate(backup)
    moved = Seat.from_backup(backup)
    assert moved.link() == a.link() and moved.setup == a.setup and moved.side == a.side
    # the new device plays on
    b.receive(moved.play_turn(random_turn(moved, rng)))
    assert b.t.board.turn >= 1
    casual = Seat.new_game("casual", "red", rng=rng)
    assert Seat.from_backup(casual.backup_link()).setup == casual.setup


def test_spectator_sees_the_public_board_only():
    links = []
    a, _b, _ = play("sealed", 61, resign_at=30, links=links)
    mid = links[-5]  # before the resignation and the reveals
    view = spectate(mid)
    assert view.viewer is None
    hidden = sum(1 for letter in view.letters if letter == "?")
    assert hidden > 30
    assert not any("?" in (letter or "") for letter in spectate(a.link()).letters)  # all revealed at the end
    assert sum(1 for letter in a.view().letters if letter == "?") == 0
    with pytest.raises(LinkError, match="both its players"):
        Seat.join(mid)


def test_illegal_turns_are_refused():
    rng = random.Random(71)
    a = Seat.new_game("sealed", "red", rng=rng)
    b = Seat.join(a.link(), rng=rng)
    a.receive(b.link())
    with pytest.raises(IllegalMove):
        b.play_turn(["a8-a7"])
    before = a.link()
    with pytest.raises(IllegalMove):
        a.play_turn(["a1-a2"])
    with pytest.raises(IllegalMove, match="second move"):
        a.play_turn([a.legal_moves()[0]])
    assert a.link() == before


# -- lying devices --------------------------------------------------------------


class Liar(HonestAuthor):
    """A device that tells one lie (the same one each time it is asked, as a device would)."""

    def __init__(self, seat, lie):
        super().__init__(seat.side, seat.setup, seat.secret)
        self.lie = lie
        self.target = None
        self.turn = None

    def _once(self, key, turn):
        if self.target is None:
            self.target, self.turn = key, turn
        return self.target == key

    def attacker_kind(self, claim):
        kind = super().attacker_kind(claim)
        if self.lie == "kind" and self._once(claim.index, claim.turn):
            return "G" if kind != "G" else "C"
        return kind

    def spy_flag(self, claim):
        flag = super().spy_flag(claim)
        if self.lie == "spy" and not flag and self._once(claim.index, claim.turn):
            return True
        return flag

    def watched(self, board, sq):
        seen = super().watched(board, sq)
        beside = any(board.owner(n) == self.side and board.pid[n] not in board.known for n in AROUND[sq])
        # a lie only the audit can see: a piece of mine whose kind is hidden stands beside (with
        # none, the public board shows it false, and the other device refuses the link at once)
        if self.lie == "unmask" and not seen and beside and self._once((board.turn, sq), board.turn):
            return True
        return seen

    def reveal(self):
        secret, setup = super().reveal()
        if self.lie == "setup":
            letters = list(str(setup))
            i = letters.index("H")
            j = next(k for k, ch in enumerate(letters) if ch != "H")
            letters[i], letters[j] = letters[j], letters[i]
            return secret, type(setup).from_str(setup.side, "".join(letters))
        return secret, setup


LIES = {
    "kind": r"turn {turn}: {side}'s fight table for attack \d+ is not the one its kind gives",
    "spy": r"turn {turn}: {side} asked for the kinds around [a-j]\d+ but its piece there is a \w+, not a Spy",
    "unmask": r"turn {turn}: {side} asked for the kind on [a-j]\d+ but has no Spy next to it",
    "setup": r"{side}'s setup does not match its commitment",
}


@pytest.mark.parametrize("lie", sorted(LIES))
def test_lying_device_is_caught(lie):
    liars = {}

    def stop(seat, n):
        if n == 2 and not liars:
            liars["seat"] = seat
            seat.author = Liar(seat, lie)
        liar = liars.get("seat")
        # once the lie is told, end the game so both secrets come out
        return liar is not None and (liar.author.target is not None or lie == "setup") and seat is not liar

    a, b, _ = play("sealed", 81, stop=stop)
    liar = liars["seat"].author
    pattern = LIES[lie].format(turn=liar.turn, side=SIDES[liar.side].capitalize())
    for seat in (a, b):
        assert re.fullmatch(pattern, seat.verdict), seat.verdict
        assert seat.check == FALSE_CLAIM


def test_moved_mine_is_caught():
    state = {}

    def chooser(seat, rng):
        if "side" not in state or state["side"] == seat.side:
            board = seat._preview.board
            for m in board.candidates(seat.side):
                if seat.setup.kind_at(board.pid[m.from_square]) == MINE:
                    state.update(side=seat.side, turn=board.turn, square=m.from_square)
                    seat._write(TURN, [m] + seat.legal_moves([m])[:1])
                    return None
        return random_turn(seat, rng)

    def stop(seat, n):
        return "side" in state and seat.side != state["side"]

    rng = random.Random(91)
    a = Seat.new_game("sealed", "red", rng=rng)
    b = Seat.join(a.link(), rng=rng)
    a.receive(b.link())
    for _ in range(500):
        mover = a if a.my_turn else b
        other = b if mover is a else a
        if stop(mover, 0):
            mover.resign()
        else:
            moves = chooser(mover, rng)
            if moves is not None:
                mover.play_turn(moves)
        other.receive(mover.link())
        mover.receive(other.link()) if other.link() != mover.link() else None
        if a.verdict and b.verdict:
            break
    from espionage.board import square_name

    expected = (
        f"turn {state['turn']}: {SIDES[state['side']].capitalize()}'s Mine on {square_name(state['square'])} moved"
    )
    assert a.verdict == b.verdict == expected


def test_audit_takes_setups_and_secrets_explicitly():
    a, _b, _ = play("sealed", 101, resign_at=12)
    t = decode(a.link())
    (rs, rsetup), (bs, bsetup) = t.revealed
    assert audit(a.link(), rs, rsetup, bs, bsetup) is None
    assert audit(t, rs, str(rsetup), bs, bsetup) is None
    assert audit(t, bytes(16), rsetup, bs, bsetup) == "Red's setup does not match its commitment"
    assert SPY in str(rsetup)


def test_a_move_tells_its_kind_only_when_the_rules_show_it():
    """A move by a piece of unknown kind (quiet, or an attack: its kind stays sealed) tells
    whether it is a Spy only when, after the earlier moves of its turn, a hidden enemy piece
    stands next to its target (the rules then show that piece's owner as much, if it arrives):
    by a flag in the turn when the mover's device knows it for certain, else by the defender's
    question at resolution and the mover's answer."""
    counts = {FLAG: 0, ASK: 0, None: 0, "answered": 0}
    for seed in range(10):  # random games ask 7 questions in 30 (4 answered); these 37 in 10 (16)
        a, _, _ = play("sealed", 500 + seed, resign_at=150, chooser=fighting_turn if seed < 8 else random_turn)
        t = decode(a.link())
        g = Game(t.revealed[0][1], t.revealed[1][1], t.volcanoes, t.variant)
        answers = {c[1].index: c[3] for c in t.claims if c[0] == "spy_answer"}
        told = set()  # squares of pieces whose kind a move told
        for claim in t.claims:
            if claim[0] != "turn":
                continue
            for c in claim[1]:
                if g.outcome is not None:
                    break
                fr, to = c.move.from_square, c.move.to_square
                public = fr in told or g.is_unmasked(fr)
                spy = g.kind_at(fr) == SPY
                if c.spy_source == KNOWN:
                    assert public or spy  # or a Spy whose kind went public when it unmasked pieces
                elif not public:  # (an unmasked piece's kind may still be on its way)
                    shown = any(g.side_at(n) == SIDES[1 - c.side] and not g.is_unmasked(n) for n in AROUND[to])
                    counts[c.spy_source] += 1
                    if c.spy_source == FLAG:
                        assert shown and c.spy == spy
                    elif c.spy_source is None:
                        assert not shown and c.spy is None
                    elif c.spy_source == ASK:
                        assert c.spy is None
                        if c.index in answers:
                            counts["answered"] += 1
                            assert shown and answers[c.index] == spy
                event = g.play(c.move)
                told.discard(fr)
                if event.attacker_won is not False:  # a defender that beat its attacker stays where it was
                    told.discard(to)
                # a public kind, and a flagged Spy's, stay public; a winner's kind stays sealed
                if (public or c.spy) and g.side_at(to) == SIDES[c.side]:
                    told.add(to)
    assert all(counts.values()), counts


def test_a_result_stays_unverified_until_the_opponent_reveals():
    rng = random.Random(111)
    a = Seat.new_game("sealed", "red", rng=rng)
    b = Seat.join(a.link(), rng=rng)
    assert a.check == b.check == PLAYING
    a.receive(b.link())
    b.receive(a.play_turn(random_turn(a, rng)))
    b.play_turn(random_turn(b, rng))
    a.receive(b.link())
    a.resign()  # Red's link carries its resignation and its army
    assert a.outcome is not None and a.check == UNVERIFIED and a.verdict is None
    b.receive(a.link())  # Blue's device reveals Blue's army at once
    assert b.check == VERIFIED_FAIR
    a.receive(b.link())
    assert a.check == VERIFIED_FAIR and a.verdict == FAIR
    casual = Seat.new_game("casual", "red", rng=rng)
    assert casual.check == PLAYING


class SpyAnswerLiar(HonestAuthor):
    """A device that answers every Spy question falsely (and tells the truth otherwise)."""

    def spy_flag(self, claim):
        return super().spy_flag(claim) != (claim.spy_source == ASK)


def test_a_false_answer_to_a_spy_question_is_caught():
    """Both devices answer every Spy question falsely; the player to move resigns once one was
    answered (before the lie can meet a fight, below): the audit names it."""

    def stop(seat, n):
        if not isinstance(seat.author, SpyAnswerLiar):
            seat.author = SpyAnswerLiar(seat.side, seat.setup, seat.secret)
        return n >= 150 or any(c[0] == "spy_answer" for c in seat.t.claims)

    for seed in range(500, 520):
        a, b, _ = play("sealed", seed, stop=stop, chooser=fighting_turn)
        answers = [c for c in decode(a.link()).claims if c[0] == "spy_answer"]
        if answers:
            assert re.fullmatch(
                r"turn \d+: \w+ (said its piece on [a-j]\d+ was a Spy; it is a \w+"
                r"|\w+'s Spy moved to [a-j]\d+ but \w+ said it was not a Spy)",
                a.verdict,
            ), a.verdict
            assert a.verdict == b.verdict
            return
    pytest.fail("no Spy question was asked")


def test_a_piece_falsely_said_to_be_a_spy_that_fights_as_its_kind_is_refused_naming_its_owner():
    """Once a lie has made a piece a Spy in public, the honest defender's own reply to that
    piece's attack on a piece of known kind contradicts the public kinds: its device refuses the
    link, naming the liar, and keeps its game."""
    seats = {}
    for seed in range(500, 540):
        liar = seed % 2

        def stop(seat, n, liar=liar):
            seats[seat.side] = seat
            if seat.side == liar and not isinstance(seat.author, SpyAnswerLiar):
                seat.author = SpyAnswerLiar(seat.side, seat.setup, seat.secret)
            return n >= 150

        links = []
        try:
            play("sealed", seed, stop=stop, chooser=fighting_turn, links=links)
        except BrokenRules as refusal:
            if decode(links[-1]).messages[-1].side != liar:
                continue  # the liar's own device, defending the piece it lied about
            said = [c for c in decode(links[-1]).claims if c[0] == "spy_answer" and c[2] == liar and c[3]]
            assert said, "only a false Spy answer makes a piece's public kind false"
            name = SIDES[liar].capitalize()
            assert re.fullmatch(rf"{name}'s piece that attacked [a-j]\d+ fought as another kind than {name} had made public", str(refusal))
            assert isinstance(refusal, FalseFight) and refusal.liar == name  # the page names the liar too
            assert seats[1 - liar].link() == links[-2]  # its game as it last sent it
            return
    pytest.fail("no piece said to be a Spy attacked a piece of known kind")
