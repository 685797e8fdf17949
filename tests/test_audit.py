"""The end-of-game check names liars and never raises, whatever a lying device wrote."""

import random
from html import unescape

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from espionage import Move, Setup, Variant
from espionage.board import BLUE, parse_square
from espionage.link import (
    KIND_LETTERS,
    MOVABLE_LETTERS,
    NO_LEGAL_MOVE,
    TURN,
    DuplicateLink,
    FalseClaim,
    HonestAuthor,
    LinkError,
    decode,
)
from espionage.sealed import FAIR, Seat, audit, spectate
from tests.linkplay import random_turn
from ui.app import App
from ui.linkplay import LinkMatch, seat_key
from ui.saves import MemoryStorage

# Blue's front rank: movable pieces under five volcanoes, Mines and Headquarters between them,
# so Blue has no legal move once Red has played.
BLOCKED_BLUE = "CMCMCMCMCH" + "LLLLKKKOOGGSSSSSEEEE"
BLOCKING_VOLCANOES = frozenset(parse_square(s) for s in ["a7", "c7", "e7", "g7", "i7", "b4", "d4", "f4", "h4", "j4"])


def test_a_blocked_army_that_moves_its_mine_is_named_and_the_game_still_draws():
    rng = random.Random(1)
    red = Seat.new_game("sealed", "red", Variant(2, 10), rng=rng, volcanoes=BLOCKING_VOLCANOES)
    blue = Seat.join(red.link(), setup=Setup.from_str(BLUE, BLOCKED_BLUE), rng=rng)
    honest_blue = HonestAuthor(BLUE, blue.setup, blue.secret)
    red.receive(blue.link())
    red.play_turn(random_turn(red, rng))
    # Blue's lying device: instead of "no legal move", a turn moving its Mine b8 (and another piece)
    t = decode(red.link())
    mine = Move(parse_square("b8"), parse_square("b7"))
    t.write_message(honest_blue, TURN, [mine, t.board.candidates(BLUE, mine)[0]])
    red.receive(t.encode())
    red.resign()
    t = decode(red.link())
    t.write_message(honest_blue)  # Blue's reveal: its true setup and secret
    red.receive(t.encode())
    assert red.verdict == "turn 1: Blue's Mine on b8 moved"
    assert audit(red.link()) == red.verdict
    assert red.view().verdict == red.verdict
    assert spectate(red.link()).outcome == red.outcome
    # the victim's app starts, lists the game, and draws its game-over screen naming the liar
    storage = MemoryStorage()
    storage.set(seat_key(red.game_id), LinkMatch(red).to_json())
    app = App(storage)
    assert "finished" in app.html()
    app.dispatch("link-resume", seat_key(red.game_id))
    assert app.screen == "over"
    assert "Blue's Mine on b8 moved" in unescape(app.html())


class RandomLiar(HonestAuthor):
    """A device that lies at random, about anything the sealed protocol lets it tell
    (the same answer each time it is asked the same question, as a device would)."""

    def __init__(self, seat, rng, rate):
        super().__init__(seat.side, seat.setup, seat.secret)
        self.rng, self.rate = rng, rate
        self.answers = {}

    def told(self, key, truth, lie):
        if key not in self.answers:
            self.answers[key] = lie() if self.rng.random() < self.rate else truth
        return self.answers[key]

    def attacker_kind(self, claim):
        truth = super().attacker_kind(claim)
        if truth not in MOVABLE_LETTERS:  # a Mine or Headquarters attacking: the link only has movable kinds
            return MOVABLE_LETTERS[claim.index % len(MOVABLE_LETTERS)]
        return self.told(("kind", claim.index), truth, lambda: self.rng.choice(MOVABLE_LETTERS))

    def spy_flag(self, claim):
        truth = super().spy_flag(claim)
        return self.told(("spy", claim.index), truth, lambda: not truth)

    def result(self, claim, defender_pid):
        won, kind = super().result(claim, defender_pid)
        won = self.told(("won", claim.index), won, lambda: not won)
        return won, self.told(("removed", claim.index), kind, lambda: self.rng.choice(KIND_LETTERS))

    def watched(self, board, sq):
        truth = super().watched(board, sq)
        return self.told(("watched", board.turn, board.side, sq), truth, lambda: not truth)

    def reveal_kind(self, pid, sq, move_index):
        truth = super().reveal_kind(pid, sq, move_index)
        return self.told(("kind of", pid, move_index), truth, lambda: self.rng.choice(KIND_LETTERS))


def lying_turn(seat, rng):
    """Moves of any piece (Mines and Headquarters too), or "no legal move" though there is one."""
    if rng.random() < 0.2:
        seat._write(NO_LEGAL_MOVE)
        return
    public_turn(seat, rng)


def public_turn(seat, rng):
    """A turn among the moves the link can carry: the public board's, which the liar's own
    earlier lies shaped (its true army may allow other moves, which no link can say)."""
    board = seat._preview.board
    first = rng.choice(board.candidates(seat.side))
    rest = board.candidates(seat.side, first)
    seat._write(TURN, [first] + ([rng.choice(rest)] if rest else []))


def play_with_liar(seed, rate, turns):
    rng = random.Random(seed)
    red = Seat.new_game("sealed", "red", Variant(rng.choice([1, 2]), rng.choice([0, 6, 10])), rng=rng)
    blue = Seat.join(red.link(), rng=rng)
    liar = rng.choice([red, blue])
    liar.author = RandomLiar(liar, rng, rate)
    sender, receiver, count = blue, red, 0
    for _ in range(4 * turns):
        try:
            receiver.receive(sender.link())
        except DuplicateLink:
            pass
        except LinkError:
            break  # a lie the honest device's decoder sees at once: refused
        sender, receiver = receiver, sender
        if sender.t.complete and receiver.t.complete:
            break
        if sender.my_turn:
            count += 1
            if count > turns:
                sender.resign()
            elif sender is liar:
                lying_turn(sender, rng) if rng.random() < rate else public_turn(sender, rng)
            else:
                sender.play_turn(random_turn(sender, rng))
    return red, blue, liar


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from([0.05, 0.2, 0.5]), st.integers(2, 40))
def test_the_audit_of_any_lying_game_is_a_sentence_or_none(seed, rate, turns):
    red, blue, liar = play_with_liar(seed, rate, turns)
    for seat in (red, blue):
        verdict = seat.verdict
        assert verdict is None or isinstance(verdict, str)
        assert seat.view().verdict == verdict
        if seat.t.complete:
            found = audit(seat.t)
            assert found is None or isinstance(found, str)
            assert verdict == (found or FAIR)
        try:
            spectate(seat.link())
        except FalseClaim as e:  # a lie the public board shows: refused, naming the liar
            assert seat is liar and e.liar == ("Red", "Blue")[liar.side]
