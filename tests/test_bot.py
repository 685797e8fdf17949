"""The computer player: legal turns at every level, and it sees only what its side sees."""

import random

import pytest
from helpers import ViewsOnly, turns_whatever_hidden, variants

from espionage import STANDARD, Game
from espionage.bot import Bot
from espionage.bot.reference import RandomPlayer

VARIANTS = variants()


class Ticks:
    """A clock that moves ``step`` seconds each time it is read: level 3's thinking by time,
    made repeatable (a turn reads it once to start, then once per fresh sample)."""

    def __init__(self, step=0.25):
        self.step = step
        self.now = 0.0
        self.reads = 0

    def __call__(self):
        self.reads += 1
        self.now += self.step
        return self.now


def bot(level, seed=0):
    """A bot whose level-3 time runs on ``Ticks``: three fresh samples a turn."""
    return Bot(level, seed, clock=Ticks())


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("variant", VARIANTS.values(), ids=VARIANTS.keys())
def test_turns_are_always_legal_and_complete(level, variant):
    for seed in range(1 if level == 3 else 2):
        rng = random.Random(seed)
        game = Game.random(variant, rng)
        blue = ViewsOnly(bot(level, seed + 1)) if seed % 2 else RandomPlayer(seed)
        players = {"red": ViewsOnly(bot(level, seed)), "blue": blue}
        for _ in range({1: 100, 2: 40, 3: 16}[level]):
            if game.outcome is not None:
                break
            moves = players[game.turn].turn(game.view(game.turn))
            assert 1 <= len(moves) <= variant.moves_per_turn
            game.play_turn(*moves)  # IllegalMove if a move is illegal or the turn incomplete


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_turn_already_begun_is_finished_with_one_legal_move(level):
    game = Game.random(STANDARD, random.Random(5))
    for _ in range(6):
        game.play_turn(*RandomPlayer(1).turn(game.view(game.turn)))
    game.play(game.legal_moves()[0])
    assert game.first_move is not None
    moves = bot(level, 3).turn(game.view(game.turn))
    assert len(moves) == 1
    game.play(moves[0])
    assert game.first_move is None


@pytest.mark.parametrize("level", [1, 2, 3])
def test_hidden_enemy_kinds_do_not_change_the_turn(level):
    """Two games that differ only in two hidden Blue kinds: Red's bot plays the same turns
    for as long as Red's views of them are the same."""
    assert turns_whatever_hidden(bot(level, seed=11), seed=level) == 8


def test_level_3_thinks_until_its_time_is_up_then_plays_its_best_turn():
    game = Game.random(STANDARD, random.Random(6))
    view = game.view("red")
    reads = []
    for seconds in (0.0, 0.5, 1.0):
        clock = Ticks(0.25)
        moves = Bot(3, seed=2, seconds=seconds, clock=clock).turn(view)
        assert game.is_legal(moves[0])
        reads.append(clock.reads)
    # the start, then a read before each fresh sample and one that finds the time up: 0, 1, 3 samples
    assert reads == [2, 3, 5]
    assert Bot(3).budget.seconds == 1.0 and Bot(1).budget.seconds is None and Bot(2).budget.seconds is None
    assert Bot(2, seconds=5.0).budget.seconds is None  # levels 1 and 2 think by counts only


def test_the_same_view_and_seed_give_the_same_turn_and_other_seeds_vary():
    game = Game.random(STANDARD, random.Random(2))
    view = game.view("red")
    assert Bot(2, seed=1).turn(view) == Bot(2, seed=1).turn(view)
    turns = {tuple(Bot(1, seed=s).turn(view)) for s in range(12)}
    assert len(turns) > 1


def test_the_bot_refuses_a_view_that_is_not_its_turn_and_unknown_levels():
    game = Game.random(STANDARD, random.Random(3))
    with pytest.raises(ValueError, match="not this view's side's turn"):
        Bot(1).turn(game.view("blue"))
    with pytest.raises(ValueError, match="level must be one of"):
        Bot(level=4)


def test_bot_setup_is_a_sensible_legal_army_that_varies_with_the_seed():
    setups = [Bot.setup("blue", seed) for seed in range(20)]
    assert all(s.side == 1 for s in setups)
    assert len({str(s) for s in setups}) == 20
    assert Bot.setup("red", 4) == Bot.setup("red", 4)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_loaded_position_without_history_gets_a_legal_turn(level):
    game = Game.from_position("h9/9c/10/10/4E5/10/10/10/10/H8C r e5-e6 - j10-j9 - 4 12")
    moves = bot(level).turn(game.view("red"))
    assert len(moves) == 1
    game.play(moves[0])
    game = Game.from_position("h8s/9c/10/10/4E5/3k6/10/10/10/H8C b - - j10-j9 - 4 12")
    moves = bot(level).turn(game.view("blue"))
    game.play_turn(*moves)
