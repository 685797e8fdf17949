"""The tap benchmarks' games and the app's work per tap measured without a browser (tools/tap_games.py)."""

import random

from tools.tap_games import STAGES, movable_pieces, python_taps, stored_match


def test_a_stored_match_is_red_to_move_after_the_turns_asked_for():
    match = stored_match(10, random.Random(3))
    game = match.game
    assert game.outcome is None and game.turn == "red" and game.turn_number > 10
    assert movable_pieces(match)


def test_python_taps_times_every_stage_of_every_tap():
    samples = python_taps(stored_match(2, random.Random(4)), taps=6, warm_up=2)
    assert set(samples) == {*STAGES, "total"}
    assert all(len(values) == 6 for values in samples.values())
    assert all(t == sum(parts) for t, *parts in zip(samples["total"], *(samples[s] for s in STAGES)))
