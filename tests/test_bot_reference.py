"""The arena's reference players: legal turns from a view alone, repeatable, and an arena that runs."""

import random
import time

import pytest
from helpers import ViewsOnly, epn, turns_whatever_hidden, variants

from espionage import STANDARD, Game, Move, Variant
from espionage.bot.arena import home_row, main, make_player, play_game, report, run, wilson
from espionage.bot.belief import Belief
from espionage.bot.evaluate import BASE
from espionage.bot.kinds import CAPTAIN, GENERAL, LIEUTENANT, SAPPER
from espionage.bot.reference import GreedyPlayer, RandomPlayer, expected_material
from espionage.setup import Setup, random_volcanoes

PLAYERS = [RandomPlayer, GreedyPlayer]
VARIANTS = variants()


@pytest.mark.parametrize("variant", VARIANTS.values(), ids=VARIANTS.keys())
@pytest.mark.parametrize("player", PLAYERS, ids=lambda p: p.__name__)
def test_turns_are_legal_and_complete_in_every_variant(player, variant):
    for seed in range(2):
        game = Game.random(variant, random.Random(seed))
        assert len(game.volcanoes) == variant.volcanoes
        players = {"red": ViewsOnly(player(seed)), "blue": ViewsOnly(GreedyPlayer(seed + 1))}
        for _ in range(150):
            if game.outcome is not None:
                break
            moves = players[game.turn].turn(game.view(game.turn))
            assert 1 <= len(moves) <= variant.moves_per_turn
            game.play_turn(*moves)  # IllegalMove if a move is illegal or the turn incomplete


@pytest.mark.parametrize("player", PLAYERS, ids=lambda p: p.__name__)
def test_a_turn_already_begun_is_finished_with_one_legal_move(player):
    game = Game.random(STANDARD, random.Random(5))
    for _ in range(6):
        game.play_turn(*RandomPlayer(1).turn(game.view(game.turn)))
    game.play(game.legal_moves()[0])
    moves = player(3).turn(game.view(game.turn))
    assert len(moves) == 1
    game.play(moves[0])
    assert game.first_move is None


@pytest.mark.parametrize("player", PLAYERS, ids=lambda p: p.__name__)
def test_hidden_enemy_kinds_do_not_change_the_turn(player):
    """Two games that differ only in hidden Blue kinds (a General and a Corporal swapped):
    Red's player gets equal views and plays the same turns, turn after turn."""
    assert turns_whatever_hidden(player(11), seed=9) == 8


@pytest.mark.parametrize("player", PLAYERS, ids=lambda p: p.__name__)
def test_the_same_seed_and_view_give_the_same_turn_and_seeds_vary_it(player):
    view = Game.random(STANDARD, random.Random(2)).view("red")
    assert player(1).turn(view) == player(1).turn(view)
    # The turn is the view's, not the player's history: a player that played elsewhere plays it alike.
    used = player(1)
    used.turn(Game.random(STANDARD, random.Random(3)).view("red"))
    assert used.turn(view) == player(1).turn(view)
    assert len({tuple(player(s).turn(view)) for s in range(12)}) > 1


def test_greedy_takes_a_sure_capture_and_shuns_a_sure_loss():
    # Red's Captain on e5 may take the unmasked Blue Lieutenant on e6 or attack d5, which
    # must be the General (Blue's only other piece that can stand in the middle).
    line = epn({"e5": "K", "e6": "l", "d5": "g", "j10": "h"}, side="r", unmasked="e6")
    view = Game.from_position(line, moves_per_turn=1).view("red")
    belief = Belief(view, priors=False, spy_inference=False)
    assert expected_material(view, belief, Move.from_str("e5-e6")) == BASE[LIEUTENANT]
    assert expected_material(view, belief, Move.from_str("e5-d5")) == -BASE[CAPTAIN]
    assert expected_material(view, belief, Move.from_str("e5-f5")) == 0.0  # a quiet move
    assert GreedyPlayer(0).turn(view) == [Move.from_str("e5-e6")]


def test_greedy_weighs_an_unknown_piece_by_the_kinds_it_may_be():
    """e6 stands in the middle, so it moved: a General or a Corporal, not the Mine on b9
    or the Headquarters; Red's Sapper beats the General only (1 in 2)."""
    line = epn({"e5": "E", "e6": "g", "d5": "c", "b9": "m", "j10": "h"}, side="r")
    view = Game.from_position(line, moves_per_turn=1).view("red")
    belief = Belief(view, priors=False, spy_inference=False)
    expected = 0.5 * BASE[GENERAL] - 0.5 * BASE[SAPPER]
    assert expected_material(view, belief, Move.from_str("e5-e6")) == pytest.approx(expected)


def test_players_are_named_as_the_arena_names_them():
    assert isinstance(make_player("greedy", 1), GreedyPlayer)
    assert isinstance(make_player("random", 1), RandomPlayer)
    assert make_player("level3", 1).level == 3
    assert make_player("2", 1).level == 2
    level3 = make_player("level3", 1, seconds=0.05)
    assert level3.budget.seconds == 0.05 and level3.clock is time.process_time  # CPU time: fair on a busy machine
    assert make_player("level2", 1, seconds=0.05).budget.seconds is None
    with pytest.raises(ValueError, match="unknown player"):
        make_player("level9", 1)


def test_a_level_may_carry_budget_changes_for_tuning_by_self_play():
    tuned = make_player("level2:guard=0.5,watch=true,samples=4", 1)
    assert tuned.level == 2
    assert (tuned.budget.guard, tuned.budget.watch, tuned.budget.samples) == (0.5, True, 4)
    assert tuned.budget.first_moves == make_player("level2", 1).budget.first_moves
    for wrong in ("level2:guardian=1", "level2:guard", "level2:watch=yes", "level2:samples=many"):
        with pytest.raises(ValueError):
            make_player(wrong, 1)


def test_wilson_interval():
    low, high = wilson(90, 100)
    assert (round(low, 3), round(high, 3)) == (0.826, 0.945)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


@pytest.mark.parametrize("setups", ["sensible", "random"])
def test_arena_smoke_greedy_beats_random(setups):
    results = run("greedy", "random", 2, setups=setups, variant=Variant(volcanoes=0))
    assert len(results) == 2
    assert all(r[0] == 0 for r in results)  # greedy wins both games of the pair
    text = report("greedy", "random", results, setups)
    assert f"greedy vs random, {setups} setups: 2 games (1 pairs" in text
    assert "win rate 100.0% (95% Wilson interval" in text


def test_arena_splits_games_by_the_row_of_a_s_headquarters():
    results = run("greedy", "random", 2, seed=3, setups="random", variant=Variant(volcanoes=0))
    rng = random.Random(3 * 100003)  # the pair's setups, drawn as the arena draws them
    random_volcanoes(0, rng)
    setups = [Setup.random("red", rng), Setup.random("blue", rng)]
    for result, a_setup in zip(results, setups):  # A is Red in the first game, Blue in the second
        rank = str(a_setup).index("H") // 10  # Red's setup is written from rank 1, Blue's from rank 8
        assert result[5] == (rank if a_setup.side == 0 else 2 - rank)
    text = report("greedy", "random", results, "random")
    line = next(line for line in text.splitlines() if "by the row of greedy's Headquarters" in line)
    for row, name in enumerate(("back", "middle", "front")):
        games = [r[0] for r in results if r[5] == row]
        wins, losses = games.count(0), games.count(1)
        assert f"{name} {wins} / {len(games) - wins - losses} / {losses}" in line


def test_arena_plays_only_the_games_with_a_s_headquarters_on_the_row_asked():
    variant = Variant(volcanoes=0)
    results = run("greedy", "random", 3, seed=5, setups="random", variant=variant, row=2)
    assert [r[5] for r in results] == [2, 2, 2]
    first = [i for i in range(100) if home_row(i % 2 == 0, 5 * 100003 + i, variant, "random") == 2][:3]
    assert [outcome(r) for r in results] == [outcome(game(i, variant)) for i in first]  # the first such deals, in order
    assert "greedy vs random, random setups: 3 games with greedy's Headquarters on the front row" in report(
        "greedy", "random", results, "random", row=2
    )
    with pytest.raises(ValueError, match="sensible setups put A's Headquarters on the front row in 0 of 200 games"):
        run("greedy", "random", 2, setups="sensible", variant=variant, row=2)


def test_the_arena_command_says_what_is_wrong_before_it_plays(capsys):
    for argv, message in (
        (["greedy", "random", "--games", "2", "--setups", "sensible", "--row", "front"], "front row in 0 of 200"),
        (["greedy", "levl2", "--games", "2"], "unknown player 'levl2'"),
        (["greedy", "random", "--games", "0"], "games must be at least 1, not 0"),
    ):
        with pytest.raises(SystemExit):
            main(argv)
        assert message in capsys.readouterr().err


def game(i, variant):
    """The arena's game ``i`` of seed 5, as ``run`` plays it."""
    return play_game((("greedy", "random"), i % 2 == 0, 5 * 100003 + i, variant, "random", None))


def outcome(result):
    """A game's winner, end reason, length and row of A's Headquarters (not its think times)."""
    return result[0], result[1], result[2], result[5]
