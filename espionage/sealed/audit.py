"""The end-of-game check of a sealed game: replay it knowing everything, find the first false claim.

The audit never raises on a transcript that decoded: whatever a lying device
wrote, it returns a sentence naming the liar (or None if every claim holds): a
:class:`Finding`, English for Python users, whose ``code`` and ``facts`` let an
interface say it in its player's language."""

from typing import ClassVar

from ..board import BLUE, RED, SIDES, square_name
from ..game import Game, IllegalMove, Outcome, Termination
from ..link import Transcript, commitment, decode, fights, oblivious
from ..link.transcript import piece_label
from ..pieces import HEADQUARTERS, MINE, SPY
from ..setup import Setup
from .views import kind_name, side_name


class Finding(str):
    """The first false claim: the English sentence, with ``code`` (what was false) and ``facts``
    (``turn``, ``side`` 0/1, ``square``, kinds as letters, ``move``, ``outcome``... as the code needs)."""

    def __new__(cls, text, code, **facts):
        finding = super().__new__(cls, text)
        finding.code = code
        finding.facts = facts
        return finding


def audit(transcript, red_secret=None, red_setup=None, blue_secret=None, blue_setup=None):
    """Replay a sealed game knowing everything; None if every claim holds, else the first false claim.

    ``transcript`` is a Transcript or a link; secrets and setups default to the revealed ones."""
    return replay(transcript, red_secret, red_setup, blue_secret, blue_setup)[0]


def true_game(transcript):
    """The whole game with both revealed armies (for the replay at the end), or None until
    both armies are in or if a claim was false (then the game the links tell never happened)."""
    problem, game = replay(transcript)
    return game if problem is None else None


def replay(transcript, red_secret=None, red_setup=None, blue_secret=None, blue_setup=None, own_side=None):
    """(the first false claim or None, the true Game replayed so far or None).

    ``own_side``: the side of the device that audits, whose sender key it made itself from its
    secret (and which every link it took in continues): not worked out again (a group operation)."""
    t = transcript if isinstance(transcript, Transcript) else decode(transcript)
    given = [(red_secret, red_setup), (blue_secret, blue_setup)]
    setups, secrets = [], []
    for side in (RED, BLUE):
        secret, setup = given[side]
        if secret is None or setup is None:
            if t.revealed[side] is None:
                return Finding(f"{side_name(side)} has not revealed its secret and setup yet", "unrevealed", side=side), None
            secret, setup = t.revealed[side]
        if not isinstance(setup, Setup):
            setup = Setup.from_str(side, setup)
        if commitment(secret, t.game_id, side, setup) != t.commits[side]:
            return Finding(f"{side_name(side)}'s setup does not match its commitment", "commitment", side=side), None
        if side != own_side and oblivious.sender_key(oblivious.scalar(secret, "sender")) != t.sender_keys[side]:
            text = f"{side_name(side)}'s sender key does not come from its secret"
            return Finding(text, "sender-key", side=side), None
        setups.append(setup)
        secrets.append(secret)
    game = Game(setups[RED], setups[BLUE], t.volcanoes, t.variant)
    return _Replay(t, game, secrets).run(), game


class _Replay:
    """The true game alongside the claims.

    A move claimed after the rules had ended the true game (say, a blocked army
    moving its Mines) cannot be replayed; it is reported unless a false claim
    about an earlier move (which would explain it) turns up first."""

    def __init__(self, t, game, secrets):
        self.t = t
        self.g = game
        self.secrets = secrets
        self.after = {}  # move index -> (letters after the move, its MoveEvent)
        self.resolution = {r.claim.index: r for r in t.resolved}
        self.late = None  # (first move claimed after the true end, what to say)

    def run(self):
        for claim in self.t.claims:
            problem = self._check(claim)
            if problem is not None:
                index, text = problem
                if self.late is None or (index is not None and index < self.late[0].index):
                    return text
                return self.late[1]
        if self.late is not None:
            return self.late[1]
        out, truth = self.t.outcome, self.g.outcome
        if out is not None and out.reason not in (Termination.RESIGNATION, Termination.AGREEMENT) and out != truth:
            return Finding(
                f"the game's end does not follow the rules: the links say {out}, the rules say {truth}",
                "end",
                outcome=out,
                truth=truth,
            )
        return None

    def _check(self, claim):
        """(index of the move it is about or None, the false claim) or None."""
        what, g = claim[0], self.g
        if what == "turn":
            return self._turn(claim[1])
        check = self.CLAIM_CHECKS.get(what)
        if check is not None:
            c = claim[1]
            if c.index not in self.after:
                return None  # a move the true game never made: reported as late
            text = check(self, *claim[1:])
            return None if text is None else (c.index, text)
        if what == "resign":
            if g.outcome is None:
                g.resign(SIDES[claim[1]])
        elif what == "accept":
            if g.outcome is None:
                g.agree_draw()
        elif what == "no_legal_move":
            side = claim[1]
            if g.outcome != Outcome(SIDES[1 - side], Termination.NO_LEGAL_MOVE):
                text = f"turn {claim[2]}: {side_name(side)} claimed to have no legal move, but it had one"
                return None, Finding(text, "no-legal-move", turn=claim[2], side=side)
        return None

    def _turn(self, moves):
        g = self.g
        for c in moves:
            if g.outcome is not None:
                r = self.resolution.get(c.index)
                if self.late is None and not (r is not None and r.voided):
                    self.late = (c, _late_move(g, c))
                continue
            problem = _check_move(g, c)
            if problem:
                return c.index, problem
            ev = g.play(c.move)
            self.after[c.index] = (g.letters(), ev)
        if g.outcome is None and g.first_move is not None and moves and moves[-1].side == SIDES.index(g.turn):
            c = moves[0]
            text = f"turn {c.turn}: {side_name(c.side)} ended its turn after one move, though another piece could move"
            return c.index, Finding(text, "one-move", turn=c.turn, side=c.side)
        return None

    def _fight(self, c, side):
        """The sealed fight of attack ``c``: query, table and token against both revealed secrets."""
        ev = self.after[c.index][1]
        if ev.defender is None:
            return None  # not a fight in the true game: an earlier claim was false
        fight = self.t.fights[c.index]
        facts = {
            "attack": fight.attack,
            "attacker": side_name(c.side),
            "defender": side_name(side),
            "attacker_kind": ev.kind,
            "defender_kind": ev.defender,
            "piece": piece_label(fight.pid),
            "query": fight.query,
            "table": fight.table,
            "token": fight.token,
            "tag": fight.tag,
        }
        false = fights.audit_fight(self.secrets[c.side], self.secrets[side], facts)
        if false is None:
            return None
        liar = c.side if false.liar == side_name(c.side) else side
        text = f"turn {c.turn}: {false}"
        return Finding(text, "fight", turn=c.turn, side=liar, square=c.move.to_square)

    def _result(self, c, side, won, kind):
        ev = self.after[c.index][1]
        if ev.defender is None:
            return None  # not a fight in the true game: an earlier claim was false
        sq = square_name(c.move.to_square)
        facts = {"turn": c.turn, "side": side, "square": c.move.to_square}
        if won != bool(ev.attacker_won):
            a, d = kind_name(ev.kind), kind_name(ev.defender)
            facts.update(attacker=ev.kind, defender=ev.defender)
            if won:
                text = f"turn {c.turn}: {side_name(side)} claimed the attacking {a} beat its {d} on {sq}; the {d} wins"
                return Finding(text, "attacker-won", **facts)
            text = f"turn {c.turn}: {side_name(side)} claimed its {d} on {sq} beat the attacking {a}; the {a} wins"
            return Finding(text, "defender-won", **facts)
        if won and kind != ev.defender:
            text = (
                f"turn {c.turn}: {side_name(side)} said its piece removed on {sq} was a {kind_name(kind)}; "
                f"it was a {kind_name(ev.defender)}"
            )
            return Finding(text, "removed-kind", said=kind, truth=ev.defender, **facts)
        if not won and kind != ev.kind:
            text = (
                f"turn {c.turn}: {side_name(side)} said the attacker removed on {square_name(c.move.from_square)} "
                f"was a {kind_name(kind)}; it was a {kind_name(ev.kind)}"
            )
            facts["square"] = c.move.from_square
            return Finding(text, "removed-attacker", said=kind, truth=ev.kind, **facts)
        return None

    def _watched(self, c, side, sq, flag):
        truth = sq in self.after[c.index][1].unmasked
        facts = {"turn": c.turn, "side": side, "square": sq}
        if flag and not truth:
            text = f"turn {c.turn}: {side_name(side)} asked for the kind on {square_name(sq)} but has no Spy next to it"
            return Finding(text, "watched-without-spy", **facts)
        if truth and not flag:
            text = f"turn {c.turn}: {side_name(side)} has a Spy next to {square_name(sq)} but did not say so"
            return Finding(text, "spy-unsaid", **facts)
        return None

    def _around(self, c, side, sq, kind):
        letter = self.after[c.index][0][sq]
        truth = letter.upper() if letter else None
        if kind != truth:
            text = (
                f"turn {c.turn}: {side_name(side)} said its piece on {square_name(sq)} was a {kind_name(kind)}; "
                f"it is a {kind_name(truth)}"
            )
            return Finding(text, "kind", turn=c.turn, side=side, square=sq, said=kind, truth=truth)
        return None

    def _spy_answer(self, c, side, spy):
        to = c.move.to_square
        letter = self.after[c.index][0][to]
        truth = letter is not None and letter.upper() == SPY
        facts = {"turn": c.turn, "side": side, "square": to}
        if spy and not truth:
            kind = letter.upper() if letter else None
            text = f"turn {c.turn}: {side_name(side)} said its piece on {square_name(to)} was a Spy; it is a {kind_name(kind)}"
            return Finding(text, "not-a-spy", truth=kind, **facts)
        if truth and not spy:
            text = f"turn {c.turn}: {side_name(side)}'s Spy moved to {square_name(to)} but {side_name(side)} said it was not a Spy"
            return Finding(text, "hidden-spy", **facts)
        return None

    CLAIM_CHECKS: ClassVar[dict] = {
        "result": _result,
        "fight": _fight,
        "watched": _watched,
        "around": _around,
        "answer": _around,
        "spy_answer": _spy_answer,
    }
    """What checks each claim about a move (by the claim's name in the transcript), against the true game."""


def _late_move(g, c):
    """What to say of move ``c``, claimed though the true game ``g`` was over."""
    fr = c.move.from_square
    who = side_name(c.side)
    kind = g.kind_at(fr)
    facts = {"turn": c.turn, "side": c.side}
    if kind in (MINE, HEADQUARTERS) and g.side_at(fr) == SIDES[c.side]:
        text = f"turn {c.turn}: {who}'s {kind_name(kind)} on {square_name(fr)} moved"
        return Finding(text, "immovable-moved", kind=kind, square=fr, **facts)
    if g.outcome.reason == Termination.NO_LEGAL_MOVE and g.outcome.winner != SIDES[c.side]:
        text = f"turn {c.turn}: {who} had no legal move but claimed the move {c.move}"
        return Finding(text, "moved-without-move", move=c.move, **facts)
    text = f"turn {c.turn}: {who} claimed the move {c.move} after the game had ended ({g.outcome})"
    return Finding(text, "moved-after-end", move=c.move, outcome=g.outcome, **facts)


def _check_move(g, c):
    fr, to = c.move.from_square, c.move.to_square
    who = side_name(c.side)
    kind = g.kind_at(fr)
    facts = {"turn": c.turn, "side": c.side}
    if kind in (MINE, HEADQUARTERS) and g.side_at(fr) == SIDES[c.side]:
        text = f"turn {c.turn}: {who}'s {kind_name(kind)} on {square_name(fr)} moved"
        return Finding(text, "immovable-moved", kind=kind, square=fr, **facts)
    try:
        g.check_move(c.move)
    except IllegalMove as e:
        return Finding(f"turn {c.turn}: {who}'s move {c.move} is illegal: {e}", "illegal", move=c.move, error=e, **facts)
    if c.attack and c.kind is not None and c.kind != kind:
        text = (
            f"turn {c.turn}: {who} attacked {square_name(to)} with its {kind_name(kind)} "
            f"but said it was a {kind_name(c.kind)}"
        )
        return Finding(text, "attacker-kind", square=to, truth=kind, said=c.kind, **facts)
    if c.spy is not None and c.spy != (kind == SPY):
        if c.spy:
            text = (
                f"turn {c.turn}: {who} asked for the kinds around {square_name(to)} "
                f"but its piece there is a {kind_name(kind)}, not a Spy"
            )
            return Finding(text, "asked-without-spy", square=to, truth=kind, **facts)
        text = f"turn {c.turn}: {who}'s Spy moved to {square_name(to)} but {who} did not ask for the kinds around it"
        return Finding(text, "spy-did-not-ask", square=to, **facts)
    return None
