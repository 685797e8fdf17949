"""The sentences about moves and outcomes (ui/words.py), as the pages show them."""

import pytest

from espionage import Move, Outcome
from tests.helpers import epn
from tests.test_app import app_at, page, plan, press, text
from ui.words import outcome_text


@pytest.mark.parametrize(
    ("outcome", "words"),
    [
        ("red:resignation", "Red wins: Blue resigned"),
        ("blue:resignation", "Blue wins: Red resigned"),
        ("blue:headquarters", "Blue wins: Blue captured Red's Headquarters"),
        ("red:no_mobile_pieces", "Red wins: Blue has no movable piece left"),
        ("draw:agreement", "Draw: both players agreed"),
    ],
)
def test_the_end_names_the_sides(outcome, words):
    assert outcome_text(Outcome.from_str(outcome)) == words


def events(app):
    return [text(li) for li in page(app).find(lambda n: n.tag == "li" and n.get("class") is None)]


def test_an_unmasked_piece_is_named_with_whose_it_is_and_who_knows():
    # Red's Spy steps next to Blue's hidden Captain on f5
    app = app_at(epn({"a1": "H", "e4": "S", "b2": "C", "f5": "k", "j10": "h"}))
    plan(app, Move.from_str("e4-e5"))
    plan(app, Move.from_str("b2-b3"))
    press(app, "Submit turn")
    assert "Your Spy moved e4-e5; Blue's Captain on f5 is unmasked" in events(app)
    press(app, "Hand over")
    press(app, "Show Blue's board")
    told = events(app)
    assert any(t.endswith("moved e4-e5; your Captain on f5 is now known to Red") for t in told), told
