"""The Headquarters in the search: guards at home are worth more, and at our turn after the
enemy's a piece beside a Headquarters decides the game (Budget.watch)."""

import random

import pytest

from espionage import Game
from espionage.bot.belief import Belief
from espionage.bot.board import WIN_SCORE
from espionage.bot.evaluate import worth_table
from espionage.bot.kinds import CODE, COUNT
from espionage.bot.player import LEVELS
from espionage.bot.search import Budget, Search

WATCH = Budget(samples=1, first_moves=1, second_moves=0, reply=2, watch=True)


def our_turn(epn, budget=WATCH, moves_per_turn=2):
    """What Budget.watch sees on the board of ``epn`` for Red, the side to move."""
    view = Game.from_position(epn, moves_per_turn).view("red")
    search = Search(view, Belief(view), budget, random.Random(0))
    return search._our_turn(search.boards[0])


def test_an_enemy_piece_beside_our_headquarters_that_nothing_can_take_wins_the_game_for_it():
    # Blue's unmasked Sapper on a2 beside Red's Headquarters on a1; Red's Corporal on c3 is too far.
    assert our_turn("9h/10/10/10/10/10/10/2C7/e9/HM8 r - - - a2 0 1") == -WIN_SCORE


def test_an_enemy_piece_beside_our_headquarters_that_we_can_take_decides_nothing():
    # The Corporal on b2 takes the Sapper on a2.
    assert our_turn("9h/10/10/10/10/10/10/10/eC8/HM8 r - - - a2 0 1") is None


def test_a_taker_that_loses_to_the_intruder_does_not_count():
    # A Spy beside Blue's unmasked Corporal loses to it.
    assert our_turn("9h/10/10/10/10/10/10/10/cS8/HM8 r - - - a2 0 1") == -WIN_SCORE


def test_two_intruders_need_two_different_takers():
    # Blue Sappers on a2 and b1 beside the Headquarters on a1; one Corporal on b2 touches both.
    assert our_turn("9h/10/10/10/10/10/10/10/eC8/He8 r - - - a2,b1 0 1") == -WIN_SCORE
    # A second Corporal on c1 takes the one on b1.
    assert our_turn("9h/10/10/10/10/10/10/10/eC8/HeC7 r - - - a2,b1 0 1") is None
    # In the single-move variant one move cannot take both.
    assert our_turn("9h/10/10/10/10/10/10/10/eC8/HeC7 r - - - a2,b1 0 1", moves_per_turn=1) == -WIN_SCORE


def test_our_piece_beside_the_known_enemy_headquarters_takes_it():
    assert our_turn("9h/9C/10/10/10/10/10/10/10/H9 r - - - j10 0 1") == WIN_SCORE


def test_an_enemy_headquarters_we_do_not_know_is_not_counted_as_taken():
    # Blue's Headquarters masked, on j10 or i10: the search does not count on which.
    assert our_turn("8mh/9C/10/10/10/10/10/10/10/H9 r - - - - 0 1") is None


def test_without_watch_the_search_does_not_look():
    budget = Budget(samples=1, first_moves=1, second_moves=0, reply=2)
    view = Game.from_position("9h/10/10/10/10/10/10/2C7/e9/HM8 r - - - a2 0 1").view("red")
    search = Search(view, Belief(view), budget, random.Random(0))
    assert search.home_near == () and not search.hunt


@pytest.mark.parametrize("kind", ["C", "L", "K", "O", "G"])
def test_a_soldier_near_its_own_headquarters_is_worth_the_guard(kind):
    values = dict.fromkeys(range(len(COUNT)), 1.0)
    plain = worth_table(values, None, frozenset(), 1.0)
    guarded = worth_table(values, None, frozenset(), 1.0, home=0, guard=0.5)
    k = CODE[kind]
    extra = [guarded[k][sq] - plain[k][sq] for sq in range(100)]
    assert extra[1] == extra[10] == 0.5  # one step from a1
    assert extra[2] == extra[11] == extra[20] == 0.25  # two steps
    assert extra[3] == extra[12] == extra[21] == extra[30] == 0.0  # three


@pytest.mark.parametrize("kind, rank", [("C", 0.2), ("L", 0.4), ("G", 1.0)])
def test_a_soldier_beside_the_doors_of_its_headquarters_is_worth_more_the_higher_its_rank(kind, rank):
    """Budget.doors: the squares beside a1 are b1 and a2 (the doors an enemy steps through); two
    steps away, b2 covers both, c1 and a3 one each. A Corporal is rank 1 of 5, a General 5."""
    values = dict.fromkeys(range(len(COUNT)), 1.0)
    guarded = worth_table(values, None, frozenset(), 1.0, home=0, guard=0.5)
    doors = worth_table(values, None, frozenset(), 1.0, home=0, guard=0.5, doors=1.0)
    k = CODE[kind]
    extra = {sq: doors[k][sq] - guarded[k][sq] for sq in range(100)}
    assert extra.pop(11) == pytest.approx(2 * rank)
    assert extra.pop(2) == extra.pop(20) == pytest.approx(rank)
    assert set(extra.values()) == {0.0}


def test_a_volcano_closes_a_door():
    """With a Volcano on b1, a2 is the only square beside a1: b2 and a3 cover it, c1 nothing."""
    values = dict.fromkeys(range(len(COUNT)), 1.0)
    volcanoes = frozenset({1})
    guarded = worth_table(values, None, volcanoes, 1.0, home=0, guard=0.5)
    doors = worth_table(values, None, volcanoes, 1.0, home=0, guard=0.5, doors=1.0)
    general = CODE["G"]
    extra = {sq: doors[general][sq] - guarded[general][sq] for sq in range(100)}
    assert extra.pop(11) == extra.pop(20) == pytest.approx(1.0)
    assert set(extra.values()) == {0.0}


@pytest.mark.parametrize("kind", ["S", "E", "M", "H"])
def test_spies_sappers_mines_and_the_headquarters_are_no_guards(kind):
    values = dict.fromkeys(range(len(COUNT)), 1.0)
    k = CODE[kind]
    assert worth_table(values, None, frozenset(), 1.0, home=0, guard=0.5)[k] == [1.0] * 100


def test_levels_2_and_3_watch_and_tell_lost_games_apart_and_only_level_3_guards():
    assert [LEVELS[level][1].watch for level in (1, 2, 3)] == [False, True, True]
    assert [LEVELS[level][1].doom for level in (1, 2, 3)] == [False, True, True]
    assert [LEVELS[level][1].guard > 0 for level in (1, 2, 3)] == [False, False, True]


def turn_values(epn, turns, doom):
    """What Red's single-move ``turns`` score on the board of ``epn`` (Budget.watch, with or
    without Budget.doom)."""
    budget = Budget(samples=1, first_moves=1, second_moves=0, reply=2, recapture=True, watch=True, doom=doom)
    view = Game.from_position(epn).view("red")
    search = Search(view, Belief(view), budget, random.Random(0))
    moves = {str(m): m for m in view.legal_moves()}
    return [search._turn_value(search.boards[0], [moves[t]]) for t in turns]


# Blue's unmasked Sapper on a3 steps beside Red's Headquarters on a1 (b1 a Mine) and nothing of
# Red's can take it there: lost at Red's next turn whatever Red plays. Red's Colonel on e5 may
# take Blue's unmasked Corporal on e6 or step aside.
LOST_NEXT_TURN = "9h/10/10/10/4c5/4O5/10/e9/10/HM8 r - - - a3,e6 0 1"
# The Sapper already beside the Headquarters, on a2: lost at Blue's next move.
LOST_AT_ONCE = "9h/10/10/10/4c5/4O5/10/10/e9/HM8 r - - - a2,e6 0 1"


def test_without_doom_every_lost_turn_scores_the_same():
    assert turn_values(LOST_NEXT_TURN, ["e5-e6", "e5-f5"], doom=False) == [-WIN_SCORE, -WIN_SCORE]
    assert turn_values(LOST_AT_ONCE, ["e5-e6", "e5-f5"], doom=False) == [-WIN_SCORE, -WIN_SCORE]


def test_with_doom_a_lost_turn_that_wins_material_scores_more_and_a_later_loss_more_still():
    later_take, later_step = turn_values(LOST_NEXT_TURN, ["e5-e6", "e5-f5"], doom=True)
    now_take, now_step = turn_values(LOST_AT_ONCE, ["e5-e6", "e5-f5"], doom=True)
    assert -WIN_SCORE < now_step < now_take < -WIN_SCORE + 0.1 < later_step < later_take < -WIN_SCORE + 1


def test_a_lost_turn_keeps_its_tie_break_when_capped_and_any_other_value_is_unchanged():
    budget = Budget(samples=1, first_moves=1, second_moves=0, reply=2, win=60)
    view = Game.from_position(LOST_NEXT_TURN).view("red")
    search = Search(view, Belief(view), budget, random.Random(0))
    assert search._capped(-WIN_SCORE) == -60
    assert search._capped(-WIN_SCORE + 0.25) == -60 + 0.25
    assert search._capped(WIN_SCORE) == 60
    assert search._capped(-12.5) == -12.5


def test_the_guard_counts_more_the_nearer_the_front_its_headquarters_stands():
    """Budget.exposed: half a point beside a Headquarters on the back row, 1.5 on the middle
    row and 2.5 on the front row at ``exposed=2``, for either side."""
    budget = Budget(samples=1, first_moves=1, second_moves=0, reply=1, guard=0.5, exposed=2.0)
    view = Game.from_position("9h/10/10/10/10/10/10/H1C7/e9/1M8 r - - - a2 0 1").view("red")
    search = Search(view, Belief(view), budget, random.Random(0))
    corporal = CODE["C"]

    def beside(side, home):
        return search._worth(side, None, home)[corporal][home + 1] - search._values[side][corporal]

    assert [beside(0, home) for home in (0, 10, 20)] == [0.5, 1.5, 2.5]  # Red: a1, a2, a3
    assert [beside(1, home) for home in (90, 80, 70)] == [0.5, 1.5, 2.5]  # Blue: a10, a9, a8


def test_only_level_3_guards_more_near_the_front():
    assert [LEVELS[level][1].exposed for level in (1, 2, 3)] == [0.0, 0.0, 2.0]


def test_only_level_3_covers_the_doors():
    assert [LEVELS[level][1].doors for level in (1, 2, 3)] == [0.0, 0.0, 0.5]


def test_unmasking_counts_a_share_of_its_figure_by_level():
    """Budget.info: unmasking a Headquarters (2 points at full figure) counts in the search 2 at
    level 1, 0.6 at level 2 and 1 at level 3, whose Spies sent to unmask were lost where they stood."""
    view = Game.from_position("9h/10/10/10/10/10/10/H1C7/e9/1M8 r - - - a2 0 1").view("red")
    hq = CODE["H"]

    def unmasking_hq(level):
        search = Search(view, Belief(view), LEVELS[level][1], random.Random(0))
        return search.boards[0].info_worth[1][hq]

    assert [unmasking_hq(level) for level in (1, 2, 3)] == pytest.approx([2.0, 0.6, 1.0])
