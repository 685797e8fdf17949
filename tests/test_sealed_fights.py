"""Sealed fights by oblivious transfer between two devices, one of them lying (a modified app
can send anything): each lie about a fight, or about what an unmasking shows, is refused at
once by the other device where the public board shows it false (the device keeps its saved
game), or else caught by the end audit, which names the liar."""

import random
import re

import pytest

from espionage.board import AROUND, parse_square
from espionage.link import TURN, FalseClaim, LinkError, fights, oblivious
from espionage.link.fights import DEFENDER_KINDS
from espionage.link.transcript import HonestAuthor, attack_label
from espionage.moves import Move
from espionage.pieces import ARMY, ATTACKER_WINS, MOVABLE
from espionage.sealed import FALSE_CLAIM, Seat
from espionage.setup import Setup
from espionage.variant import Variant
from tests.linkplay import fighting_turn, random_turn
from tests.test_link_app import screen_text
from ui.app import App
from ui.errors import error_text
from ui.linkplay import LinkMatch, seat_key
from ui.saves import MemoryStorage


class Liar(HonestAuthor):
    """An honest device but for the lie ``lie``, told about the first fight (or unmasking) it can."""

    def __init__(self, seat, lie):
        super().__init__(seat.side, seat.setup, seat.secret)
        self.seat = seat
        self.lie = lie
        self.told = False
        self.lied = None  # the move index of the fight lied about (the same lie each time it is asked)
        self.first_token = None

    def _once(self, claim):
        if self.lied is None:
            self.lied, self.told = claim.index, True
        return self.lied == claim.index

    # -- as the attacker ------------------------------------------------------------------

    def table(self, claim, query):
        if self.lie == "always-win" and self._once(claim):
            return self._sealed(claim, query, lambda kind, token: b"W" + fights.HIDDEN.encode() + token("win " + kind))
        board = self.seat.t.board
        hidden = board.pid[claim.move.to_square] not in board.known  # the defender's kind not public
        if self.lie == "public-always-win" and claim.kind is not None and hidden and self._once(claim):
            return self._sealed(claim, query, lambda kind, token: b"W" + fights.HIDDEN.encode() + token("win " + kind))
        if self.lie == "impossible-loss" and self._once(claim):
            beats = {d: next(k for k in sorted(MOVABLE) if ATTACKER_WINS[(k, d)]) for d in DEFENDER_KINDS}
            return self._sealed(claim, query, lambda kind, token: b"L" + beats[kind].encode() + token("loss"))
        if self.lie == "spent-kind" and claim.kind is None and self.lied in (None, claim.index):
            spent = [k for k in sorted(MOVABLE) if board.public_count(self.side, k) >= ARMY[k]]
            if spent and self._once(claim):  # the table of a kind it has no more of: a loss names it
                said, attack = spent[0], attack_label(claim)
                return self._sealed(
                    claim, query, lambda kind, token: fights._entry(self.secret, attack, said, kind), loss_kind=said
                )
        if self.lie == "loss-token-per-kind" and claim.kind is None and self._once(claim):
            # each losing entry its own token: the token the reply carries back would name the survivor
            true = self.kind_of(claim.pid)
            return self._sealed(claim, query, lambda kind, token: (
                b"L" + true.encode() + token("loss " + kind) if not ATTACKER_WINS[(true, kind)] else fights._entry(
                    self.secret, attack_label(claim), true, kind
                )
            ))
        if self.lie == "other-piece" and self.lied in (None, claim.index):
            others = [q for q in self.other_queries if q != query]
            if others and self._once(claim):
                return super().table(claim, others[0])
        return super().table(claim, query)

    def _sealed(self, claim, query, entry, loss_kind=None):
        """A table of ``entry(kind, token)`` for each defender kind, with the check of the loss entry
        of ``loss_kind`` (the attacker's own kind unless given)."""
        sender = oblivious.Sender(oblivious.scalar(self.secret, "sender"), len(DEFENDER_KINDS))
        attack = attack_label(claim)

        def token(label):
            return fights._token(self.secret, attack, label)

        plaintexts = [entry(kind, token) for kind in DEFENDER_KINDS]
        loss = fights._loss_entry(self.secret, attack, loss_kind or self.kind_of(claim.pid))
        return fights.sealed_table(sender, query, attack, self.secret, plaintexts, loss)

    # -- as the defender ------------------------------------------------------------------

    def query_choice(self, pid):
        truth = super().query_choice(pid)
        if self.lie == "query" and getattr(self, "lied_piece", None) is None and DEFENDER_KINDS[truth] in MOVABLE:
            self.lied_piece = pid
        if self.lie == "query" and pid == getattr(self, "lied_piece", None):
            return (truth + 1) % len(DEFENDER_KINDS)
        if self.lie == "moved-headquarters" and getattr(self, "lied_piece", None) is None and self.seat.t.board.square_of(pid) != pid:
            self.lied_piece = pid
        if self.lie == "moved-headquarters" and pid == getattr(self, "lied_piece", None):
            return DEFENDER_KINDS.index("H")  # every attacker beats it: the reply to the fight tells it
        return truth

    # -- as the owner of unmasked pieces ------------------------------------------------------

    def _once_about(self, key):
        """The same lie each time the same question is asked (the device writes its link again)."""
        if self.lied is None:
            self.lied, self.told = key, True
        return self.lied == key

    def watched(self, board, sq):
        """"watched-alone": one of my Spies watches ``sq``, where no piece of mine stands next to it."""
        alone = not any(board.owner(n) == self.side for n in AROUND[sq])
        if self.lie == "watched-alone" and alone and self._once_about((board.turn, sq)):
            return True
        return super().watched(board, sq)

    def reveal_kind(self, pid, sq, move_index):
        """"moved-mine": my unmasked piece that has left its starting square is a Mine."""
        if self.lie == "moved-mine" and pid != sq and self._once_about((pid, move_index)):
            return "M"
        return super().reveal_kind(pid, sq, move_index)

    def reply(self, fight, sender_key):
        won, kind, token = super().reply(fight, sender_key)
        if self.lie in ("query", "moved-headquarters") and fight.pid == getattr(self, "lied_piece", None):
            self.told = True
        if self.lie == "other-result" and kind != "H" and self._once(fight.claim):
            return not won, ("C" if won else kind), token
        if self.lie == "withheld" and self._once(fight.claim):
            return won, kind, None
        if self.lie == "replayed":
            if self.first_token is None:
                self.first_token = (fight.claim.index, (won, kind, token))
            elif self.first_token[0] != fight.claim.index and self._once(fight.claim):
                return self.first_token[1]
        return won, kind, token


def play_with_liar(lie, seed, liar_side=None, chooser=random_turn):
    """Two seats play random turns, one device lying; returns (liar's seat, the other seat,
    the refusal: (FalseFight, the receiver's link before and after, the refused link, the first
    link the liar sent after telling its lie) or None)."""
    rng = random.Random(seed)
    a = Seat.new_game("sealed", rng.choice(["red", "blue"]), Variant(2, 6), rng=rng)
    b = Seat.join(a.link(), rng=rng)
    liar = a if liar_side is None or a.side == liar_side else b
    honest = b if liar is a else a
    liar.author = Liar(liar, lie)
    sender, receiver = b, a
    lie_link = None
    for _ in range(1000):
        liar.author.other_queries = [q for pid, q in liar.t.queries.items() if liar.t.board.side_of(pid) != liar.side]
        before, sent = receiver.link(), sender.link()
        if sender is liar and liar.author.told and lie_link is None:
            lie_link = sent
        try:
            receiver.receive(sent)
        except FalseClaim as e:
            return liar, honest, (e, before, receiver.link(), sent, lie_link)
        except LinkError:
            pass
        sender, receiver = receiver, sender
        if sender.outcome is not None and sender.t.complete and receiver.t.complete:
            return liar, honest, None
        if sender.my_turn:
            if liar.author.told and sender is honest and sender.outcome is None:
                sender.resign()  # the lie is told: end the game, so both secrets come out
            else:
                sender.play_turn(chooser(sender, rng))
    raise AssertionError("the game did not finish")


def side_name(seat):
    return ("Red", "Blue")[seat.side]


FIGHT_REFUSED = "This link was refused: it holds a false claim in {liar}'s name about a fight."
BOARD_REFUSED = "This link was refused: it holds a claim in {liar}'s name that the board shows false."


@pytest.mark.parametrize(
    "lie,pattern,refused",
    [
        ("impossible-loss", r"{liar}'s fight table claims a result the rules do not give", FIGHT_REFUSED),
        # an attacker whose kind is public wins on every entry: the defender's device knows both kinds
        ("public-always-win", r"{liar}'s piece that attacked [a-j]\d+ fought as another kind than {liar} had made public", FIGHT_REFUSED),
        ("other-piece", r"{liar}'s fight table does not open for the attacked piece", FIGHT_REFUSED),
        # a token per losing kind, which the reply would carry back: the table's check shows one loss
        ("loss-token-per-kind", r"{liar}'s fight table seals a loss that its check of every loss does not show", FIGHT_REFUSED),
        ("other-result", r"{liar}'s reply states a result its token does not prove", FIGHT_REFUSED),
        ("withheld", r"{liar}'s reply withholds the fight's token", FIGHT_REFUSED),
        ("replayed", r"{liar}'s reply carries a token that is not this fight's", FIGHT_REFUSED),
        # the board shows no piece of the liar's next to the square its "Spy" watches
        (
            "watched-alone",
            r"{liar} said a Spy of its own watches [a-j]\d+, but no piece of {liar}'s that could be a Spy stands next to it",
            BOARD_REFUSED,
        ),
        # Mines never move: the piece stands away from its starting square
        ("moved-mine", r"{liar} said its piece on [a-j]\d+ is a Mine, but that piece has moved", BOARD_REFUSED),
        # the attacker's kind, told by its table to the defender's device when the attacker is removed
        ("spent-kind", r"{liar} said its piece on [a-j]\d+ is a \w+, but all its \w+ are public already", BOARD_REFUSED),
        # the kind of a removed piece, told in the reply to the fight that took it
        (
            "moved-headquarters",
            r"{liar} said its piece on [a-j]\d+ is a Headquarters, but that piece has moved",
            BOARD_REFUSED,
        ),
    ],
)
def test_a_false_claim_is_refused_at_once_and_the_saved_game_kept(lie, pattern, refused):
    for seed in range(1, 40):
        liar, honest, refusal = play_with_liar(lie, seed, chooser=fighting_turn)
        if refusal is not None:
            break
    else:
        pytest.fail("no game gave the liar its chance")
    error, before, after, sent, lie_link = refusal
    assert re.fullmatch(pattern.format(liar=side_name(liar)), str(error)), str(error)
    assert sent == lie_link  # the very link that carried the lie, not a later one
    assert error.liar == side_name(liar)
    assert isinstance(error, LinkError)  # a link error: the page says why, nothing crashes
    # the honest player's page, opening that link, names the liar and keeps the game
    storage = MemoryStorage()
    key = seat_key(honest.game_id)
    storage.set(key, LinkMatch(Seat.from_dict(honest.to_dict())).to_json())
    saved = storage.get(key)
    app = App(storage)
    app.dispatch("open-link", sent)
    said = screen_text(app)
    assert app.screen == "link-error"
    assert refused.format(liar=side_name(liar)) + " Your saved game is unchanged." in said
    assert storage.get(key) == saved
    assert before == after  # the receiver's game is as it was
    Seat.from_dict(honest.to_dict())  # and still loads


@pytest.mark.parametrize(
    "lie,pattern",
    [
        ("always-win", r"turn \d+: {liar}'s fight table for attack \d+ is not the one its kind gives"),
        ("query", r"turn \d+: {liar}'s query for piece \d+ does not hide its committed kind"),
    ],
)
def test_a_fight_lie_the_other_device_cannot_see_is_named_by_the_audit(lie, pattern):
    for seed in range(1, 60):
        liar, honest, refusal = play_with_liar(lie, seed)
        assert refusal is None
        if liar.author.told and honest.verdict is not None:
            break
    else:
        pytest.fail("no game gave the liar its chance")
    for seat in (liar, honest):
        assert re.fullmatch(pattern.format(liar=side_name(liar)), seat.verdict), seat.verdict
        assert seat.check == FALSE_CLAIM
        said = error_text(seat.verdict)  # the page's words for it
        assert re.fullmatch(rf"Turn \d+: {side_name(liar)} sent a sealed fight on [a-j]\d+ that its army does not give\.", said)


def test_a_kind_told_against_the_public_one_is_refused():
    """The branch of PublicBoard.check_told that random games seldom reach (a Spy answer about a
    piece whose owner made it public as another kind earlier in the same message), on a board
    where a piece's kind is public: its own kind passes, any other names its owner."""
    rng = random.Random(3)
    red = Seat.new_game("sealed", "red", Variant(2, 6), rng=rng)
    blue = Seat.join(red.link(), rng=rng)
    red.receive(blue.link())
    mover, waiting = red, blue
    while not mover.t.board.known:
        waiting.receive(mover.play_turn(fighting_turn(mover, rng)))
        mover, waiting = waiting, mover
    board = mover.t.board
    pid, kind = next(iter(board.known.items()))
    square, owner = board.square_of(pid), ("Red", "Blue")[board.side_of(pid)]
    board.check_told(square, kind)
    other = next(k for k in sorted(MOVABLE) if k != kind)
    with pytest.raises(FalseClaim, match=rf"^{owner} said its piece on [a-j]\d+ is a \w+, but it is a public \w+$") as caught:
        board.check_told(square, other)
    assert caught.value.liar == owner


# -- lies only the receiving device's own army shows false ------------------------------------

SAPPERS_IN_FRONT = "SSSSSMMMMH" + "CCCLLKOOGG" + "EEEECCLLKK"  # Red: Sappers a3-d3, a Corporal on e3
SPY_BESIDE_GENERAL = "SSSSMMMMHC" + "CCCLLKOOGC" + "EEESGELLKK"  # Red: a Spy on d3, a General on e3
MINE_ON_E8 = "CCCCMLLKKO" + "CLLKOGGEEE" + "ESSSSSMMMH"  # Blue: Corporals a8-d8, a Mine on e8
CORPORAL_ON_E8 = "CCCCCMLLKO" + "KLLKOGGEEE" + "ESSSSSMMMH"  # Blue: Corporals a8-e8


def scripted_game(red_setup, blue_setup, script, red_author=None, blue_author=None, seed=1):
    """Red and Blue play ``script`` (Red's wanted moves, Blue's, turn by turn), each turn filled
    with quiet moves on their right wings; a lying author as given. Returns the first FalseClaim a
    device raised with the receiver's link before and after it (or None), and the two seats."""
    rng = random.Random(seed)
    red = Seat.new_game("sealed", "red", Variant(2, 0), setup=Setup.from_str("red", red_setup))
    blue = Seat.join(red.link(), setup=Setup.from_str("blue", blue_setup))
    red.receive(blue.link())
    for seat, author in ((red, red_author), (blue, blue_author)):
        if author is not None:
            seat.author = author(seat.side, seat.setup, seat.secret)
    wings = {red: lambda m: m.from_square % 10 >= 5 and m.to_square // 10 <= 3,
             blue: lambda m: m.from_square % 10 >= 7 and m.to_square // 10 >= 6}
    for red_moves, blue_moves in script:
        for seat, wanted, receiver in ((red, red_moves, blue), (blue, blue_moves, red)):
            moves = [Move.from_str(m) for m in wanted]
            while seat.legal_moves(moves):
                view = seat.view()
                moves.append(rng.choice([
                    m for m in seat.legal_moves(moves) if view.owner(m.to_square) is None and wings[seat](m)
                ]))
            before = receiver.link()
            try:
                receiver.receive(seat.play_turn(moves))
            except FalseClaim as e:
                return (e, before, receiver.link()), red, blue
    return None, red, blue


class MineQueries(HonestAuthor):
    """Blue's modified device: the query of its Corporal on e8 hides a Mine, so it opens the
    Mine's entry of any table ("the attacker loses") and replies with the true loss token."""

    def query_choice(self, pid):
        return DEFENDER_KINDS.index("M") if pid == parse_square("e8") else super().query_choice(pid)


class SpyGeneral(HonestAuthor):
    """Red's modified device: its General flags its attack on e8 as a Spy's."""

    def spy_flag(self, claim):
        return str(claim.move) == "e7-e8" or super().spy_flag(claim)


class AlwaysWinsOnE8(HonestAuthor):
    """Red's modified device: its table for the attack on e8 wins against every kind."""

    def table(self, claim, query):
        if str(claim.move) != "e7-e8":
            return super().table(claim, query)
        sender = oblivious.Sender(oblivious.scalar(self.secret, "sender"), len(DEFENDER_KINDS))
        attack = attack_label(claim)
        won = [b"W" + fights.HIDDEN.encode() + fights._token(self.secret, attack, "win " + k) for k in DEFENDER_KINDS]
        loss = fights._loss_entry(self.secret, attack, self.kind_of(claim.pid))
        return fights.sealed_table(sender, query, attack, self.secret, won, loss)


@pytest.mark.parametrize(
    "red_setup,script,red_author,blue_author,message",
    [
        # Red's Spy unmasks Blue's Corporal on e6; Red's General attacks it and "loses"
        (
            SPY_BESIDE_GENERAL,
            [(["d3-d4", "e3-e4"], ["e8-e7"]), ([], ["e7-e6"]), (["d4-d5", "e4-e5"], []), (["e5-e6"], [])],
            None,
            MineQueries,
            "Blue's piece on e6 beat a General, which no kind that piece may be can do",
        ),
        # the "Spy" that beats Blue's Corporal on e8 (a Spy loses to every soldier)
        (
            SPY_BESIDE_GENERAL,
            [(["e3-e4"], []), (["e4-e5"], []), (["e5-e6"], []), (["e6-e7"], []), (["e7-e8"], [])],
            SpyGeneral,
            None,
            "Red's piece that attacked e8 beat a Corporal, which no kind that piece may be can do",
        ),
        # a Corporal beats Blue's Mine on e8 after all four of Red's Sappers were removed
        (
            SAPPERS_IN_FRONT,
            [(["a3-a4", "b3-b4"], []), (["a4-a5", "b4-b5"], []), (["a5-a6", "b5-b6"], []), (["a6-a7", "b6-b7"], []),
             (["a7-a8", "b7-b8"], []), (["c3-c4", "d3-d4"], []), (["c4-c5", "d4-d5"], []), (["c5-c6", "d5-d6"], []),
             (["c6-c7", "d6-d7"], []), (["c7-c8", "d7-d8"], []), (["e3-e4"], []), (["e4-e5"], []), (["e5-e6"], []),
             (["e6-e7"], []), (["e7-e8"], [])],
            AlwaysWinsOnE8,
            None,
            "Red's piece that attacked e8 beat a Mine, which no kind that piece may be can do",
        ),
    ],
    ids=["public-corporal-beats-general", "spy-beats-corporal", "mine-taken-without-sappers"],
)
def test_a_fight_result_the_receivers_own_army_shows_impossible_is_refused_at_once(
    red_setup, script, red_author, blue_author, message
):
    """Each lie held before only until the end audit, after the honest device had answered as if it
    were true (told the kinds around its "Spy", say). The honest device knows its own piece's kind:
    with what is public of the other's, no kind that piece may be gives the fight's result."""
    blue_setup = MINE_ON_E8 if red_setup == SAPPERS_IN_FRONT else CORPORAL_ON_E8
    refusal, _red, _blue = scripted_game(red_setup, blue_setup, script, red_author, blue_author)
    assert refusal is not None, "the lie was accepted"
    error, before, after = refusal
    assert isinstance(error, fights.FalseFight) and str(error) == message
    assert error.liar == message.split("'")[0]
    assert before == after  # the receiver's game is as it was


UNMASKED_SPY_ON_D5 = [(["d3-d4", "e3-e4"], ["e8-e7"]), ([], ["e7-e6"]), (["d4-d5", "e4-e5"], [])]


def test_honest_fights_of_the_scripted_games_are_accepted():
    """The scripts above, played honestly, give no refusal: the checks fire on the lies only."""
    script = [*UNMASKED_SPY_ON_D5, (["e5-e6"], [])]
    assert scripted_game(SPY_BESIDE_GENERAL, CORPORAL_ON_E8, script)[0] is None
    script = [([m], []) for m in ("e3-e4", "e4-e5", "e5-e6", "e6-e7", "e7-e8")]
    assert scripted_game(SPY_BESIDE_GENERAL, CORPORAL_ON_E8, script)[0] is None


def test_a_turn_of_one_move_where_a_piece_that_moves_could_have_moved_is_refused():
    """A turn ends after one move only if no other piece can move: Red's Spy on d5 is public
    (it unmasked Blue's pieces), so a turn of Red's that ends after one move, sent by a modified
    app, is refused by Blue's device at once (it waited for the audit before)."""
    refusal, red, blue = scripted_game(SPY_BESIDE_GENERAL, CORPORAL_ON_E8, UNMASKED_SPY_ON_D5)
    assert refusal is None and red.t.board.known[parse_square("d3")] == "S"
    red._write(TURN, [Move.from_str("e5-f5")])  # what a modified app can send
    before = blue.link()
    with pytest.raises(FalseClaim, match=r"Red ended its turn after one move, but it could have played [a-j]\d+-[a-j]\d+$"):
        blue.receive(red.link())
    assert blue.link() == before
