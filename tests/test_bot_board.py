"""The search's board: make/unmake leave it as it was, and its running score is the score
of the position it stands at, whatever the path."""

import random

from espionage import Game
from espionage.bot.belief import Belief
from espionage.bot.board import EMPTY, SIGN, WIN_SCORE
from espionage.bot.kinds import IS_MOVABLE, SPY
from espionage.bot.search import Budget, Search


def snapshot(board):
    return (
        list(board.kind),
        list(board.owner),
        list(board.unmasked),
        tuple(sorted(p) for p in board.pieces),
        tuple(sorted(s) for s in board.spies),
        list(board.mobile),
        board.winner,
        round(board.balance, 9),
    )


def rebuilt_balance(board, learnt):
    """Red's balance of worth computed from scratch, plus what unmasking taught each side."""
    total = learnt
    for sq in range(100):
        side = board.owner[sq]
        if side != EMPTY:
            total += SIGN[side] * board.worth[side][board.kind[sq]][sq]
    return total


def boards(count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        game = Game.random(rng=rng)
        for _ in range(rng.randrange(0, 120)):
            if game.outcome is not None:
                break
            game.play(rng.choice(game.legal_moves()))
        if game.outcome is None and game.first_move is None:
            view = game.view(game.turn)
            out.append(
                Search(view, Belief(view), Budget(samples=1, first_moves=1, second_moves=0, reply=0), rng).boards[0]
            )
    return out


def test_make_then_unmake_restores_the_board_and_the_score_follows_the_position():
    rng = random.Random(4)
    for board in boards(12, 1):
        start = snapshot(board)
        undos, learnt = [], 0.0
        side = rng.randrange(2)
        for _ in range(30):
            moves = board.moves(side)
            if not moves or board.winner is not None:
                break
            fr, to = rng.choice(moves)
            before = board.balance
            quiet = board.step_gain(fr, to)
            carried = to if board.unmasked[fr] else None  # an unmasked piece stays unmasked where it goes
            newly_masked = [sq for sq in range(100) if not board.unmasked[sq] and sq != carried]
            undos.append(board.make(fr, to))
            if quiet is not None:
                assert abs(board.balance - before - SIGN[side] * quiet) < 1e-9
            for sq in newly_masked:
                if board.unmasked[sq]:
                    seer = 1 - board.owner[sq]
                    learnt += SIGN[seer] * board.info_worth[board.owner[sq]][board.kind[sq]]
            assert abs(board.balance - rebuilt_balance(board, learnt)) < 1e-9
            if board.winner is not None:
                assert abs(board.score(board.winner)) == WIN_SCORE
            side = 1 - side
        for undo in reversed(undos):
            board.unmake(undo)
        assert snapshot(board) == start


def test_the_movable_pieces_and_spies_are_those_on_the_board():
    for board in boards(6, 2):
        rng = random.Random(0)
        for _ in range(40):
            side = rng.randrange(2)
            moves = board.moves(side)
            if not moves or board.winner is not None:
                break
            board.make(*rng.choice(moves))
            for s in (0, 1):
                assert board.pieces[s] == {
                    sq for sq in range(100) if board.owner[sq] == s and IS_MOVABLE[board.kind[sq]]
                }
                assert board.spies[s] == {sq for sq in range(100) if board.owner[sq] == s and board.kind[sq] == SPY}
