"""The bot's belief: every public event narrows it, and it never excludes the truth."""

import random

import pytest
from helpers import epn, sq

from espionage import Game, Setup, Variant
from espionage.bot import Bot
from espionage.bot.belief import DECLINES, Belief
from espionage.bot.kinds import CAPTAIN, CODE, LETTERS
from espionage.bot.reference import RandomPlayer

SINGLE = Variant(moves_per_turn=1, volcanoes=0)
# Spies, Mines and the Headquarters on the back rank, soldiers in front (no Spy on the front ranks).
RED = "SSSSSMMMMH" + "KKOOGGEEEE" + "CCCCCLLLLK"
BLUE = "CCCCCLLLLK" + "KKOOGGEEEE" + "SSSSSMMMMH"
BLUE_SPIES_IN_FRONT = "SSSSSLLLLK" + "KKOOGGEEEE" + "CCCCCMMMMH"


def possible(belief, square):
    return set(belief.pieces[sq(square)].possible_letters())


def fresh(red=RED, blue=BLUE, variant=SINGLE):
    return Game(Setup.from_str("red", red), Setup.from_str("blue", blue), frozenset(), variant)


def captain_on_j7():
    """Red's Captain walked from j3 to j7, next to Blue's front rank (Captain on j8, Lieutenant on i8)."""
    game = fresh()
    for red, blue in (("j3-j4", "a8-a7"), ("j4-j5", "a7-a6"), ("j5-j6", "a6-a5"), ("j6-j7", "a5-a4")):
        game.play(red)
        game.play(blue)
    return game


def test_at_the_start_every_enemy_piece_may_be_anything_and_counts_are_the_army():
    game = fresh()
    belief = Belief(game.view("red"))
    assert belief.fresh
    assert len(belief.pieces) == 30
    assert possible(belief, "e8") == set("CLKOGSEMH")
    assert belief.pool == [5, 4, 3, 2, 2, 5, 4, 4, 1]


def test_a_piece_that_moved_is_no_mine_or_headquarters():
    game = fresh()
    game.play("j3-j4")
    game.play("e8-e7")
    belief = Belief(game.view("red"))
    assert possible(belief, "e7") == set("CLKOGSE")
    assert possible(belief, "d8") == set("CLKOGSEMH")


def test_a_defender_that_survives_our_attack_is_one_our_attacker_does_not_beat():
    line = epn({"e5": "K", "e6": "g", "c2": "C", "b9": "o", "c9": "l", "d9": "e"}, side="r")
    game = Game.from_position(line, moves_per_turn=1)
    game.play("e5-e6")
    belief = Belief(game.view("red"))
    # In the neutral zone, so it has moved: a Colonel or a General survives a Captain.
    assert possible(belief, "e6") == {"O", "G"}


def test_an_enemy_that_beats_our_piece_is_one_that_beats_its_kind():
    line = epn({"e5": "K", "e6": "o", "c2": "C", "c9": "k", "d9": "g", "e9": "c"}, side="b")
    game = Game.from_position(line, moves_per_turn=1)
    game.play("e6-e5")
    belief = Belief(game.view("red"))
    assert possible(belief, "e5") == {"K", "O", "G"}
    line = epn({"e5": "G", "e6": "e", "c2": "C", "d9": "g", "e9": "c"}, side="b")
    game = Game.from_position(line, moves_per_turn=1)
    game.play("e6-e5")
    assert possible(Belief(game.view("red")), "e5") == {"G", "E"}


def test_removed_and_unmasked_kinds_are_known_and_leave_the_counts():
    line = epn({"e5": "G", "e6": "c", "d7": "o", "b9": "l", "c2": "C"}, side="r", unmasked="d7")
    game = Game.from_position(line, moves_per_turn=1)
    game.play("e5-e6")
    belief = Belief(game.view("red"))
    assert possible(belief, "d7") == {"O"}
    assert sq("e6") not in belief.pieces
    # Left on Blue's side: the Colonel (known), a Lieutenant and the Headquarters (unknown).
    assert sum(belief.pool) == len(belief.unknown) == 2
    assert possible(belief, "a10") == possible(belief, "b9") == {"L", "H"}


def test_a_kind_whose_copies_are_all_accounted_for_is_excluded():
    pieces = {"e5": "E", "c2": "C", "b9": "g", "c9": "g", "d9": "k"}
    game = Game.from_position(epn(pieces, unmasked="b9,c9"), moves_per_turn=1)
    belief = Belief(game.view("red"))
    assert possible(belief, "b9") == {"G"}
    assert possible(belief, "d9") == {"K", "H"}


def test_an_enemy_whose_arrival_unmasks_our_pieces_is_a_spy():
    game = fresh(blue=BLUE_SPIES_IN_FRONT)
    for red, blue in (("j3-j4", "e8-e7"), ("j4-j5", "e7-e6"), ("j5-j6", "e6-e5"), ("i3-i4", "e5-e4")):
        game.play(red)
        game.play(blue)
    view = game.view("red")
    assert view.events[-1].unmasked  # d3, e3, f3 are Red's and were masked
    assert possible(Belief(view), "e4") == {"S"}


def test_an_enemy_that_arrives_next_to_our_masked_pieces_without_unmasking_them_is_no_spy():
    game = fresh()
    for red, move in (("j3-j4", "e8-e7"), ("j4-j5", "e7-e6"), ("j5-j6", "e6-e5"), ("i3-i4", "e5-e4")):
        game.play(red)
        game.play(move)
    view = game.view("red")
    assert not view.events[-1].unmasked
    assert possible(Belief(view), "e4") == set("CLKOGE")


def test_our_piece_arriving_unseen_means_no_spy_around_it():
    game = fresh()
    for red, move in (("e3-e4", "a8-a7"), ("e4-e5", "a7-a6"), ("e5-e6", "a6-a5"), ("e6-e7", "a5-a4")):
        game.play(red)
        game.play(move)
    view = game.view("red")
    belief = Belief(view)
    for square in ("d8", "e8", "f8"):
        assert "S" not in possible(belief, square)
    assert "S" in possible(belief, "d9")


def test_the_only_possible_spy_around_our_unmasked_arrival_is_the_spy():
    blue = "SCCCCLLLLK" + "KKOOGGEEEE" + "CSSSSMMMMH"
    game = fresh(blue=blue)
    moves = zip(
        ("c3-c4", "c4-c5", "c5-c6", "c6-c7", "a3-a4", "a4-a5", "a5-a6", "a6-a7"),
        ("j8-j7", "j7-j6", "j6-j5", "j5-j4", "i8-i7", "i7-i6", "i6-i5", "h8-h7"),
        strict=True,
    )
    for red, move in moves:
        game.play(red)
        game.play(move)
    view = game.view("red")
    assert sq("a7") in view.events[-2].unmasked
    # The Corporal on c7 arrived unseen next to b8: only a8 can have unmasked the one on a7.
    assert possible(Belief(view), "b8") == set("CLKOGEMH")
    assert possible(Belief(view), "a8") == {"S"}


@pytest.mark.parametrize("seed", range(4))
def test_belief_never_excludes_the_truth_and_samples_fit_every_fact(seed):
    rng = random.Random(seed)
    variant = Variant(moves_per_turn=1 + seed % 2)
    game = Game.random(variant, rng)
    players = {"red": Bot(level=1, seed=seed), "blue": RandomPlayer(seed)}
    if seed % 3 == 2:
        players["red"] = RandomPlayer(seed + 7)
    turns = 0
    while game.outcome is None and turns < 80:
        for side in ("red", "blue"):
            view = game.view(side)
            belief = Belief(view, declines=DECLINES)
            enemy = "blue" if side == "red" else "red"
            # Undone backwards from the view, our pieces' kinds are those of our setup.
            _, ours = belief._start_owners(view)
            setup = game.setups[0 if side == "red" else 1]
            assert {s: LETTERS[k] for s, k in enumerate(ours) if k is not None} == dict(setup.items())
            on_board = {s for s in range(100) if game.side_at(s) == enemy}
            assert set(belief.pieces) == on_board
            for square, piece in belief.pieces.items():
                truth = game.kind_at(square)
                assert truth in piece.possible_letters(), (game.position(), square)
                if piece.known is not None:
                    assert piece.possible_letters() == [truth]
            army = belief.sample(rng)
            assert set(army) == on_board
            army = {square: LETTERS[code] for square, code in army.items()}
            for square, letter in army.items():
                assert letter in belief.pieces[square].possible_letters()
            left = {k: n for k, n in zip("CLKOGSEMH", (5, 4, 3, 2, 2, 5, 4, 4, 1), strict=True)}
            for letter in view.removed[enemy]:
                left[letter.upper()] -= 1
            for letter in army.values():
                left[letter] -= 1
            assert all(n == 0 for n in left.values())
        game.play_turn(*players[game.turn].turn(game.view(game.turn)))
        turns += 1
    assert turns > 20


def test_a_piece_that_leaves_our_winner_beside_it_be_is_likely_one_that_cannot_beat_it():
    game = captain_on_j7()
    game.play("j7-j8")  # our Captain beats Blue's Captain: Blue has seen it win
    game.play("b8-b7")  # the Lieutenant on i8 and the Sapper on j9 leave it be
    view = game.view("red")
    belief = Belief(view, declines=DECLINES)
    assert belief.pieces[sq("i8")].declined == belief.pieces[sq("j9")].declined == {CAPTAIN: DECLINES[1]}
    assert belief.pieces[sq("h8")].declined == {}
    weights = belief._weights(belief.pieces[sq("i8")])
    for kind in "KOG":  # the kinds that beat a Captain
        assert weights[CODE[kind]] == DECLINES[1]
    assert weights[CODE["L"]] == weights[CODE["E"]] == 1.0
    # Without the setting, or without priors, nothing is read from it.
    assert Belief(view).pieces[sq("i8")].declined == {}
    assert Belief(view, priors=False, declines=DECLINES)._weights(belief.pieces[sq("i8")]) == [1.0] * 9
    # A turn in which the enemy attacks our Captain says nothing of the pieces beside it.
    game = captain_on_j7()
    game.play("j7-j8")
    game.play("i8-j8")  # the Lieutenant attacks and loses
    attacked = Belief(game.view("red"), declines=DECLINES)
    assert sq("i8") not in attacked.pieces
    assert attacked.pieces[sq("j9")].declined == {}


def test_our_piece_that_held_off_an_attack_has_been_seen_to_win():
    game = captain_on_j7()
    game.play("b3-b4")
    game.play("i8-i7")
    game.play("c3-c4")
    game.play("i7-j7")  # Blue's Lieutenant attacks our Captain and loses
    game.play("d3-d4")
    game.play("c8-c7")  # Blue's Captain on j8 leaves our Captain be
    belief = Belief(game.view("red"), declines=DECLINES)
    assert belief.pieces[sq("j8")].declined == {CAPTAIN: DECLINES[1]}


def test_a_piece_beside_our_unmasked_piece_that_leaves_it_be_counts_more():
    game = fresh(blue=BLUE_SPIES_IN_FRONT)
    for red, blue in (("j3-j4", "e8-e7"), ("j4-j5", "e7-e6"), ("j5-j6", "e6-e5"), ("i3-i4", "e5-e4")):
        game.play(red)
        game.play(blue)
    assert sq("f3") in game.unmasked  # Blue's Spy on e4 unmasked our Lieutenant on f3
    walk = ("h8-h7", "h7-h6", "h6-h5", "h5-h4", "h4-g4", "g4-f4", "a8-a7")
    for red, blue in zip(("a3-a4", "a4-a5", "b3-b4", "b4-b5", "c3-c4", "c4-c5", "b5-b6"), walk, strict=True):
        game.play(red)
        game.play(blue)
    # Blue's Lieutenant came beside our Lieutenant on f3 and left it be: likelier a piece that
    # cannot beat it (this one could: the reading is a weight, never a fact).
    belief = Belief(game.view("red"), declines=DECLINES)
    piece = belief.pieces[sq("f4")]
    assert piece.declined == {CODE["L"]: DECLINES[0]}
    weights = belief._weights(piece)
    for kind in "LKOG":
        assert weights[CODE[kind]] == DECLINES[0]
    assert weights[CODE["C"]] == weights[CODE["S"]] == weights[CODE["E"]] == 1.0
    counts = {True: 0, False: 0}
    rng = random.Random(3)
    for _ in range(200):
        counts[belief.sample(rng)[sq("f4")] in {CODE[k] for k in "LKOG"}] += 1
    plain = Belief(game.view("red"))
    plain_counts = {True: 0, False: 0}
    for _ in range(200):
        plain_counts[plain.sample(rng)[sq("f4")] in {CODE[k] for k in "LKOG"}] += 1
    assert counts[True] * 3 < plain_counts[True]


def test_marginals_give_each_piece_a_distribution_over_its_possible_kinds():
    game = fresh()
    game.play("j3-j4")
    game.play("e8-e7")
    belief = Belief(game.view("red"))
    marginals = belief.marginals(random.Random(1), samples=100)
    assert set(marginals) == set(belief.pieces)
    for square, dist in marginals.items():
        assert abs(sum(dist.values()) - 1) < 1e-9
        assert set(dist) <= set(belief.pieces[square].possible_letters())
    assert "H" not in marginals[sq("e7")] and "M" not in marginals[sq("e7")]
    # With priors, the Headquarters is far likelier on the back rank than on the front one.
    back = sum(marginals[s].get("H", 0) for s in range(90, 100))
    front = sum(marginals[s].get("H", 0) for s in range(70, 80) if s in marginals)
    assert back > 3 * front
