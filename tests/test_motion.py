"""What the board animates (ui/motion.py): moves slide in, fallen pieces go to their tray."""

from espionage import Move
from tests.helpers import epn
from tests.test_app import app_at, plan, press, tap

# Red's Captain on e4 beside Blue's Spy on e5; Red's Corporal on b4 beside Blue's General on b5.
POSITION = epn({"a1": "H", "e4": "K", "b4": "C", "e3": "L", "e5": "s", "b5": "g", "g8": "c", "j10": "h"})


def test_a_planned_move_slides_and_a_planned_attack_waits():
    app = app_at(POSITION)
    assert app.motion == ()  # Red's first board: no last turn to replay
    tap(app, "e3")
    assert app.motion == ()
    tap(app, "d3")
    assert app.motion == (("slide", "e3", "d3"),)
    tap(app, "e4")
    tap(app, "e5")
    assert app.motion == ()  # an attack waits on its arrow until the turn is submitted
    press(app, "Submit turn")
    assert app.motion == (("slide", "e4", "e5"), ("fall", "e5", "s"))  # the Captain took the Spy


def test_opening_a_board_replays_the_other_side_s_last_turn_in_order():
    app = app_at(POSITION)
    plan(app, Move.from_str("b4-b5"))  # the Corporal attacks the General and falls
    plan(app, Move.from_str("e4-e5"))  # the Captain takes the Spy
    press(app, "Submit turn")
    assert app.motion == (("fall", "b5", "C"), ("slide", "e4", "e5"), ("fall", "e5", "s"))
    press(app, "Hand over")
    assert app.motion == ()  # the cover shows nothing
    press(app, "Show Blue's board")
    assert app.motion == (("fall", "b5", "C"), ("slide", "e4", "e5"), ("fall", "e5", "s"))
    tap(app, "b5")
    assert app.motion == ()  # each action says anew what moves


def test_the_replay_names_no_hidden_kind():
    """A slide names squares only; a fall names a removed piece, which both players see."""
    app = app_at(POSITION)
    plan(app, Move.from_str("e3-d3"))
    plan(app, Move.from_str("e4-e5"))
    press(app, "Submit turn")
    press(app, "Hand over")
    press(app, "Show Blue's board")
    assert app.motion == (("slide", "e3", "d3"), ("slide", "e4", "e5"), ("fall", "e5", "s"))
    assert not {"K", "L"} & {x for step in app.motion for x in step}  # Red's movers stay unnamed
