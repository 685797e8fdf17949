"""Game records: scripted examples, round trips, faithful replays and clear errors."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from espionage import SIDES, SINGLE_MOVE, STANDARD, Game, IllegalMove
from espionage.record import Record, RecordError, parse, read, write
from espionage.setup import parse_squares

RED_SETUP = "LEMKCKLGOCSLGEEHOMELSMSKCSMCCS"
BLUE_SETUP = "OCKMLCEELMSGKGSSLEESCMMOKCSHLC"
SPEC_START = "cmmokcshlc/sgkgsslees/ockmlceelm/V9/V4V4/4V4V/9V/SMSKCSMCCS/SLGEEHOMEL/LEMKCKLGOC r - - - - 0 1"
SPEC_MIDGAME = "h9/9c/10/10/4E5/10/10/10/10/H8C r e5-e6 - j10-j9 - 4 12"

SCRIPTED = f"""\
[Game "Espionage"]
[Id "abc"]
[Red "Ann"]
[Blue "Bo"]
[Variant "standard"]
[Volcanoes "j4 e5 j5 a6 f6 a7"]
[RedSetup "{RED_SETUP}"]
[BlueSetup "{BLUE_SETUP}"]
[Result "*"]

1. e3-e4 f3-f4 / e8-e7 f8-f7
2. e4-d4 c3-c4 / e7-e6 c8-c7
3. d4-d5
"""


def record_of(start, moves="", result="*", variant="standard", volcanoes="-"):
    """A record from a Position, for short hand-made games."""
    return (
        f'[Game "Espionage"]\n[Variant "{variant}"]\n[Volcanoes "{volcanoes}"]\n'
        f'[Position "{start}"]\n[Result "{result}"]\n\n{moves}'
    )


def replay_trail(game):
    """(position, outcome) before and after each move of ``game``, taken back with undo."""
    trail = [(game.position(), game.outcome)]
    while True:
        try:
            game.undo()
        except IllegalMove:
            return trail[::-1]
        trail.append((game.position(), game.outcome))


# -- scripted examples --------------------------------------------------------


def test_scripted_game_replays_and_writes_back():
    record = parse(SCRIPTED)
    game = record.game
    assert record.tags == {"Id": "abc", "Red": "Ann", "Blue": "Bo"}
    assert [str(m) for m in game.moves] == [
        "e3-e4",
        "f3-f4",
        "e8-e7",
        "f8-f7",
        "e4-d4",
        "c3-c4",
        "e7-e6",
        "c8-c7",
        "d4-d5",
    ]
    assert replay_trail(read(SCRIPTED))[0][0] == SPEC_START
    assert game.first_move is not None and game.turn == "red"  # saved in the middle of Red's turn 3
    assert str(record) == write(game, record.tags) == SCRIPTED


def test_writing_a_new_game():
    game = Game(RED_SETUP, BLUE_SETUP, parse_squares("a7 j4 a6 j5 f6 e5"), SINGLE_MOVE)
    game.play("e3-e4")
    game.play("e8-e7")
    game.play("f3-f4")
    assert write(game, {"Date": "2026.11.21"}) == (
        '[Game "Espionage"]\n[Date "2026.11.21"]\n[Variant "single-move"]\n[Volcanoes "j4 e5 j5 a6 f6 a7"]\n'
        f'[RedSetup "{RED_SETUP}"]\n[BlueSetup "{BLUE_SETUP}"]\n[Result "*"]\n\n'
        "1. e3-e4 / e8-e7\n2. f3-f4\n"
    )


def test_game_from_a_position_starts_mid_turn():
    game = Game.from_position(SPEC_MIDGAME)
    game.play("j1-j2")  # Red's second move; Blue's lone Corporal then makes a one-move turn
    game.play("j9-j8")
    game.play("e6-e7")
    text = write(game)
    assert f'[Volcanoes "-"]\n[Position "{SPEC_MIDGAME}"]\n[Result "*"]\n\n12. j1-j2 / j9-j8\n13. e6-e7\n' in text
    assert "RedSetup" not in text
    assert replay_trail(read(text)) == replay_trail(game)


def test_position_with_blue_to_move_starts_with_an_empty_red_part():
    start = "h9/9c/10/10/4E5/10/10/10/10/H8C b - - - - 0 7"
    game = Game.from_position(start)
    game.play("j9-j8")
    text = write(game)
    assert text.endswith("\n7. ... / j9-j8\n")
    assert read(text).position() == game.position()


def test_capturing_the_headquarters_ends_the_record_mid_turn():
    start = "h9/E8c/10/10/10/10/10/10/10/H8C r - - - - 0 30"
    text = record_of(start, "30. a9-a10\n", "red:headquarters")
    game = read(text)
    assert str(game.outcome) == "red:headquarters"
    assert write(game) == text


@pytest.mark.parametrize(
    "result, resigner",
    [("blue:resignation", "red"), ("red:resignation", "blue"), ("draw:agreement", None)],
)
def test_resignation_and_agreed_draw_live_in_the_result(result, resigner):
    game = read(SCRIPTED.replace('"*"', f'"{result}"'))
    assert str(game.outcome) == result
    game.undo()  # the replay applied the resignation or agreement after the last move
    assert game.outcome is None and str(game.moves[-1]) == "d4-d5"
    if resigner:
        game.resign(resigner)
    else:
        game.agree_draw()
    assert write(game, {"Id": "abc", "Red": "Ann", "Blue": "Bo"}) == SCRIPTED.replace('"*"', f'"{result}"')


def test_tag_values_are_escaped():
    game = Game.from_position(SPEC_MIDGAME)
    tags = {"Red": 'Ann "the spy" \\o/', "Event": "club night"}
    text = write(game, tags)
    assert '[Red "Ann \\"the spy\\" \\\\o/"]\n[Event "club night"]' in text
    assert parse(text).tags == tags
    assert str(parse(text)) == text


@pytest.mark.parametrize("tags", [{"Result": "*"}, {"Position": "x"}, {"bad name": "x"}, {"Red": "two\nlines"}])
def test_write_refuses_tags_the_game_decides_or_that_break_the_format(tags):
    with pytest.raises(ValueError):
        write(Game.from_position(SPEC_MIDGAME), tags)


def test_record_dataclass_writes_itself():
    game = Game.from_position(SPEC_MIDGAME)
    assert str(Record(game)) == write(game)


# -- errors -------------------------------------------------------------------


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("1. e3-e4 f3-f4", "1. e3-e5 f3-f4", "line 11: e3-e5: a piece moves one square up, down, left or right"),
        ("1. e3-e4 f3-f4", "1. b3-b4 f3-f4", "line 11: b3-b4: Mines never move"),
        ("1. e3-e4 f3-f4", "1. e3-e4 e4-e5", "line 11: e4-e5: that piece already moved this turn"),
        ("1. e3-e4 f3-f4", "2. e3-e4 f3-f4", "line 11: e3-e4 is marked as Red's move in turn 2, but it is Red's"),
        ("1. e3-e4 f3-f4", "1. e3-e4", "line 11: Red's turn 1 is not complete"),
        ("/ e8-e7 f8-f7", "e8-e7 f8-f7", "line 11: e8-e7 is marked as Red's move in turn 1, but it is Blue's"),
        ("/ e8-e7 f8-f7", "/ e8-e7 / f8-f7", "line 11: a turn holds Red's moves, then ' / ' and Blue's moves"),
        ("/ e8-e7 f8-f7", "/", "line 11: a turn holds"),
        ("1. e3-e4", "1) e3-e4", "line 11: a move line is written like"),
        ("3. d4-d5", "3. d4-d5 xx", "line 13: xx: 'xx' is not a move"),
        ("2. e4-d4", '[Date "x"]\n2. e4-d4', "line 12: tags come before the moves"),
        ('[Id "abc"]', '[Id "abc"', 'line 2: a tag is written [Name "value"]'),
        ('[Id "abc"]', '[Red "X"]', "line 3: a second Red tag"),
        ('"Espionage"', '"Chess"', 'line 1: not an Espionage record (Game "Chess")'),
        ('[Variant "standard"]\n', "", "the Variant tag is missing"),
        ('[Result "*"]\n', "", "the Result tag is missing"),
        ('"standard"', '"blitz"', "line 5: Variant: 'blitz' is not a variant"),
        ('"j4 e5 j5 a6 f6 a7"', '"j4 e5 j5 a6 f6"', "line 6: Volcanoes: volcano j4 has no partner on a7"),
        ('"j4 e5 j5 a6 f6 a7"', '"j4 z9"', "line 6: Volcanoes: 'z9' is not a square"),
        (RED_SETUP, RED_SETUP[1:], "line 7: RedSetup: a setup has 30 letters"),
        (BLUE_SETUP, "C" + BLUE_SETUP[1:], "line 8: BlueSetup: Blue's army is wrong: 6 Corporals instead of 5"),
        ('"*"', '"red:checkmate"', "line 9: Result: 'red:checkmate' is not an outcome"),
        ('"*"', '"red:headquarters"', "line 9: Result is red:headquarters, but the game ended unfinished"),
        ('"*"', '"red:agreement"', "line 9: Result is red:agreement, but the game ended draw:agreement"),
        ('"*"', '"draw:resignation"', "line 9: Result is draw:resignation, but the game ended unfinished"),
        ('[Result "*"]', f'[Result "*"]\n[Position "{SPEC_START}"]', "line 10: a record starts from setups or"),
    ],
)
def test_bad_records_name_the_line(old, new, message):
    assert old in SCRIPTED
    with pytest.raises(RecordError) as info:
        read(SCRIPTED.replace(old, new, 1))
    assert str(info.value).startswith(message)


def test_record_errors_are_value_errors():
    assert issubclass(RecordError, ValueError)


def test_errors_of_records_from_a_position():
    with pytest.raises(RecordError, match=r"^line 4: Position: field 3: a single-move game has no first move"):
        read(record_of(SPEC_MIDGAME, variant="single-move"))
    with pytest.raises(RecordError, match=r"^line 3: Volcanoes: the Position has other volcanoes"):
        read(record_of(SPEC_MIDGAME).replace('"-"', '"e5 f6"'))
    with pytest.raises(RecordError, match=r"^line 4: Position: EPN has 8 fields"):
        read(record_of("h9/9c r - - - 0 1"))
    over = record_of("h9/E8c/10/10/10/10/10/10/10/H8C r - - - - 0 30", "30. a9-a10\n31. a10-b10\n")
    with pytest.raises(RecordError, match=r"^line 8: a10-b10: the game is over"):
        read(over.replace('"*"', '"red:headquarters"'))
    with pytest.raises(RecordError, match=r"^line 5: Result is '\*', but the game ended red:headquarters"):
        read(over.replace("31. a10-b10\n", ""))


# -- properties over random games ---------------------------------------------


def random_game(rng, variant, from_position, ending):
    """A random game, its (position, outcome) after each action, for comparison.

    Attacks are preferred so that many games end by the rules within the cap."""
    game = Game.random(variant, rng=rng)
    if from_position:
        for _ in range(rng.randrange(40)):
            game.play(rng.choice(game.legal_moves()))
            if game.outcome is not None:
                game.undo()  # start from a position where the game goes on
                break
        game = Game.from_position(game.position(), variant.moves_per_turn)
    trail = [(game.position(), game.outcome)]
    for _ in range(rng.randrange(1500)):
        if game.outcome is not None:
            break
        moves = game.legal_moves()
        attacks = [m for m in moves if game.side_at(m.to_square)]
        game.play(rng.choice(attacks if attacks and rng.random() < 0.7 else moves))
        trail.append((game.position(), game.outcome))
    if game.outcome is None and ending != "stop":
        game.resign(rng.choice(SIDES)) if ending == "resign" else game.agree_draw()
        trail.append((game.position(), game.outcome))
    return game, trail


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    variant=st.sampled_from([STANDARD, SINGLE_MOVE]),
    from_position=st.booleans(),
    ending=st.sampled_from(["stop", "resign", "agree"]),
)
def test_random_games_round_trip_and_replay_every_position(seed, variant, from_position, ending):
    game, trail = random_game(random.Random(seed), variant, from_position, ending)
    text = write(game, {"Id": str(seed)})
    replayed = read(text)
    assert write(replayed, {"Id": str(seed)}) == text
    assert replayed.events == game.events
    assert replay_trail(replayed) == trail
