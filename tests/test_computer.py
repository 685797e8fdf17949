"""Games against the computer (ui/computer.py, ui/computerpages.py, ui/botwire.py), driven as the
browser binding drives them, with a synchronous fake of its worker (``FakeWorker``)."""

import json
import random
import re
import xml.etree.ElementTree as ET

import pytest

from espionage import Game
from espionage.board import BLUE, RED, SIDES, square_name
from espionage.bot import Bot
from espionage.pieces import MOVABLE
from tests.helpers import epn
from tests.test_app import (
    Page,
    check_board_privacy,
    choose,
    classes,
    page,
    press,
    shows_marks_legend,
    tap,
    text,
    twin_games,
    used,
)
from tests.test_app import to_play as pass_and_play
from ui import botwire
from ui.app import App
from ui.computer import COMPUTER_PREFIX, FAIRNESS, LEVELS, ComputerMatch
from ui.computerpages import belief_lines
from ui.saves import GAME_PREFIX, UI_KEY, MemoryStorage


class FakeWorker:
    """What main.py and ui/worker_bridge.py do, at once instead of later: after each action,
    start the worker if wanted, answer a new question with ``botwire.think`` (the worker's
    code), and show the computer's next chosen move."""

    def __init__(self, app, answer=botwire.think):
        self.app = app
        self.answer = answer
        self.started = False
        self.sent = None
        self.requests = []  # every question's text, as posted to the worker

    def settle(self):
        """Run until the computer waits for the player (or the game is over)."""
        app = self.app
        while True:
            self.started |= app.computer.wants_worker
            job = app.computer.job()
            if job is not None and job != self.sent:
                self.sent = job
                self.requests.append(app.computer.request())
                app.dispatch("computer-answer", self.answer(self.requests[-1]))
                continue
            due = app.computer.step_due()
            if due is not None:
                app.dispatch("computer-step", due)
                continue
            return


def new_game(storage=None, level=1, colour="red", seed=3, moves=2):
    app = App(storage if storage is not None else MemoryStorage(), rng=random.Random(seed))
    worker = FakeWorker(app)
    press(app, "Play the computer")
    press(app, f"Level {level}")
    press(app, "Red (moves first)" if colour == "red" else "Blue")
    if moves == 1:
        press(app, "1 move per turn")
    press(app, "Start")
    worker.settle()
    return app, worker


def to_play(**options):
    app, worker = new_game(**options)
    assert app.screen == "setup" and app.side == SIDES.index(options.get("colour", "red"))
    press(app, "Random setup")
    press(app, "Ready")
    worker.settle()
    assert app.screen == "play"
    return app, worker


def state(app):
    found = Page(app.html()).find(lambda n: "computer-state" in classes(n))
    return found[0].get("data-state") if found else None


def submit_turn(app, rng):
    """Tap a random legal turn and submit it."""
    view = app.turn.view()
    while moves := app.turn.next_moves():
        m = choose(rng, moves, view)
        tap(app, square_name(m.from_square))
        tap(app, square_name(m.to_square))
    press(app, "Submit turn")


def play_turn(app, worker, rng):
    """Tap a random legal turn, submit it, let the computer answer."""
    submit_turn(app, rng)
    worker.settle()


# -- the options ---------------------------------------------------------------------------


def test_options_offer_three_levels_a_colour_and_the_variant_and_say_the_computer_sees_what_you_see():
    app = App(MemoryStorage(), rng=random.Random(1))
    press(app, "Play the computer")
    p = page(app)
    assert p.screen == "computer-options"
    for n, sentence in LEVELS.items():
        assert p.has_button(f"Level {n}") and sentence in p.html
    assert p.button("Level 2").get("aria-pressed") == "true"
    assert p.has_button("Red (moves first)") and p.has_button("Blue")
    assert p.has_button("1 move per turn") and p.has_button("6")
    assert FAIRNESS in p.html
    press(app, "Level 3")
    press(app, "Blue")
    press(app, "0")
    press(app, "Start")
    match = app.match
    assert (match.level, match.human, match.variant.volcanoes, match.mode) == (3, BLUE, 0, "computer")
    assert app.screen == "setup" and app.side == BLUE and FAIRNESS in app.html()
    # the computer's army is chosen, kept in the match, and not on the setup page
    assert match.setups[RED] is not None and match.setups[BLUE] is None
    assert all(x is None or x.islower() or x == "V" for x in Page(app.html()).pieces().values())


def test_a_reload_on_the_options_keeps_the_choices():
    app = App(MemoryStorage(), rng=random.Random(1))
    press(app, "Play the computer")
    press(app, "Level 3")
    press(app, "Blue")
    press(app, "0")
    again = App(app.storage, rng=random.Random(2))
    assert again.screen == "computer-options"
    assert (again.computer.level, again.computer.colour, again.options.volcanoes) == (3, BLUE, 0)


def test_choices_kept_with_the_screen_state_are_read_only_as_written():
    """``true`` equals 1 in Python: a screen state saying ``[true, true]`` is no level 1 and no Blue."""
    app = App(MemoryStorage(), rng=random.Random(1))
    press(app, "Play the computer")
    state = json.loads(app.storage.get("espionage:ui"))
    state["choices"]["computer"] = [True, True]
    app.storage.set("espionage:ui", json.dumps(state))
    again = App(app.storage, rng=random.Random(2))
    assert again.screen == "computer-options"
    assert (again.computer.level, again.computer.colour) == (2, RED)


def test_the_worker_starts_only_with_a_game_against_the_computer():
    app = App(MemoryStorage(), rng=random.Random(1))
    assert not app.computer.wants_worker
    press(app, "Play the computer")
    assert not app.computer.wants_worker
    press(app, "Start")
    assert app.computer.wants_worker and app.computer.job() is None  # warms up during the setup


# -- playing ---------------------------------------------------------------------------------


def test_a_game_against_level_1_played_by_tapping_to_the_end():
    app, worker = to_play(level=1, seed=5)
    rng = random.Random(5)
    assert state(app) == "your-turn"
    turns = 0
    while app.screen == "play":
        assert app.side == RED and app.match.to_move() == RED
        if turns % 5 == 0:
            check_board_privacy(app)
        play_turn(app, worker, rng)
        turns += 1
        assert turns < 400
    assert app.screen == "over"
    game = app.match.game
    assert game.outcome is not None and app.replay == len(game.events)
    # every question named its turn and held the computer's own view only
    assert len(worker.requests) >= turns - 1


def test_the_computer_shows_its_two_moves_one_after_the_other_with_the_last_turn_highlighted():
    app, _ = to_play(level=1, seed=7)
    view = app.turn.view()
    m = next(m for m in app.turn.next_moves() if view.owner(m.to_square) is None)
    tap(app, square_name(m.from_square))
    tap(app, square_name(m.to_square))
    tap_second = next(x for x in app.turn.next_moves() if view.owner(x.to_square) is None)
    tap(app, square_name(tap_second.from_square))
    tap(app, square_name(tap_second.to_square))
    press(app, "Submit turn")
    assert state(app) == "thinking"
    p = page(app)
    assert not p.enabled("Submit turn") and not p.enabled("Undo move") and not p.enabled("Take back")
    assert "The computer is thinking" in p.html
    # a tap while it thinks moves nothing: it says why
    board = Page(app.html()).squares()
    app.dispatch("square", square_name(m.to_square))
    assert page(app).message() == "The computer is thinking: its move comes in a moment."
    assert app.selected is None and app.planned == []
    assert {k: ET.tostring(v) for k, v in Page(app.html()).squares().items()} == {
        k: ET.tostring(v) for k, v in board.items()
    }
    request = app.computer.request()
    app.dispatch("computer-answer", botwire.think(request))
    first, second = json.loads(botwire.think(request))["moves"]
    assert state(app) == "moving" and app.computer.step_due() == app.match.id
    p = page(app)
    assert p.square_with("last-to") == [first.split("-")[1]]
    app.dispatch("computer-step", app.match.id)
    assert state(app) == "your-turn" and app.computer.step_due() is None
    p = page(app)
    assert p.square_with("last-to") == sorted({first.split("-")[1], second.split("-")[1]})
    assert "The computer's last turn" in p.html
    assert [str(e.move) for e in app.match.game.events[-2:]] == [first, second]


def test_fights_are_reported_as_in_pass_and_play():
    app, worker = to_play(level=1, seed=11)
    rng = random.Random(11)
    for _ in range(200):
        last = app.turn.view().last_turn
        if any(e.attack for e in last) and last[0].side == BLUE:
            break
        play_turn(app, worker, rng)
        if app.screen != "play":
            pytest.skip("the game ended before the computer attacked")
    html = app.html()
    from ui.words import describe

    for e in app.turn.view().last_turn:
        assert describe(e, RED).split(";")[0].replace("'", "&#x27;") in html


def test_the_marks_legend_stands_under_undo_and_submit():
    app, worker = to_play(level=1, seed=5)
    rng = random.Random(5)
    for _ in range(200):
        if shows_marks_legend(app.html()):
            break
        play_turn(app, worker, rng)
        assert app.screen == "play", "the game ended before a piece was unmasked"
    else:
        raise AssertionError("no piece was unmasked")


def test_playing_blue_the_computer_moves_first():
    app, _ = to_play(level=1, colour="blue", seed=2)
    game = app.match.game
    assert app.side == BLUE and [e.side for e in game.events] == [RED, RED]
    assert state(app) == "your-turn"
    assert app.turn.view().viewer == BLUE


def test_the_computer_is_asked_only_its_own_view_and_twin_games_give_the_same_question():
    app, worker = to_play(level=2, seed=4)
    twins = []

    def answer(text):
        match = app.match
        own = match.game.view("blue")
        data = json.loads(text)["view"]
        assert data == botwire.view_to_data(own)
        for sq, letter in enumerate(botwire.view_from_data(data).letters):
            if own.owner(sq) == RED and sq not in own.unmasked and sq not in own.learned:
                assert letter == "?"
        for twin in twin_games(match.game, BLUE):  # the player's hidden kinds swapped
            real, match.game = match.game, twin
            try:
                assert match.request() == text
                twins.append(twin)
            finally:
                match.game = real
        return botwire.think(text)

    worker.answer = answer
    rng = random.Random(4)
    for _ in range(12):
        play_turn(app, worker, rng)
        if app.screen != "play":
            break
    assert len(worker.requests) >= 6 and twins


def test_a_reload_resumes_the_game_and_the_computers_army_stays_hidden():
    storage = MemoryStorage()
    app, worker = to_play(storage=storage, level=1, seed=9)
    rng = random.Random(9)
    for _ in range(3):
        play_turn(app, worker, rng)
    position = app.match.game.position()
    again = App(storage, rng=random.Random(99))
    assert again.screen == "play" and again.match.game.position() == position
    assert again.match.mode == "computer" and again.side == RED
    check_board_privacy(again)
    blue = [v for k, v in Page(again.html()).pieces().items() if v and not v.isupper() and v != "V"]
    assert blue and set(blue) <= {"?", *(x for x in again.turn.view().letters if x and x.islower())}


def test_a_reload_whose_screen_state_names_the_computers_side_shows_the_players_board():
    """A screen state with the side turned drew the computer's board: its whole army."""
    storage = MemoryStorage()
    to_play(storage=storage, level=1, seed=9)
    storage.set(UI_KEY, json.dumps({**json.loads(storage.get(UI_KEY)), "side": BLUE}))
    again = App(storage, rng=random.Random(99))
    assert again.screen == "play" and again.side == RED
    assert not [v for v in Page(again.html()).pieces().values() if v.islower()]  # no Blue kind shown


def test_a_reload_while_the_computer_thinks_asks_again_and_one_mid_turn_shows_the_rest():
    storage = MemoryStorage()
    app, _ = to_play(storage=storage, level=1, seed=12)
    view = app.turn.view()
    for _ in range(2):
        m = next(m for m in app.turn.next_moves() if view.owner(m.to_square) is None)
        tap(app, square_name(m.from_square))
        tap(app, square_name(m.to_square))
    press(app, "Submit turn")
    assert state(app) == "thinking"
    again = App(storage, rng=random.Random(1))
    assert again.screen == "play" and state(again) == "thinking"
    text = again.computer.request()
    again.dispatch("computer-answer", botwire.think(text))
    assert state(again) == "moving"
    third = App(storage, rng=random.Random(2))  # reloaded between the computer's two moves
    assert third.computer.step_due() == third.match.id and len(third.match.pending) == 1
    FakeWorker(third).settle()
    assert state(third) == "your-turn" and len(third.match.game.events) == 4


def test_a_reload_on_the_move_list_comes_back_to_it_with_the_planned_move():
    app, _ = to_play(level=1, seed=3)
    move = app.turn.next_moves()[0]
    tap(app, square_name(move.from_square))
    tap(app, square_name(move.to_square))
    press(app, "Move list")
    again = App(app.storage, rng=random.Random(9))
    assert again.screen == "history" and again.planned == [move]
    press(again, "Back to the game")
    assert again.screen == "play" and again.planned == [move]


def test_stale_wrong_and_failed_answers():
    app, worker = to_play(level=1, seed=13)
    view = app.turn.view()
    for _ in range(2):
        m = next(m for m in app.turn.next_moves() if view.owner(m.to_square) is None)
        tap(app, square_name(m.from_square))
        tap(app, square_name(m.to_square))
    press(app, "Submit turn")
    events = len(app.match.game.events)
    job = app.computer.job()
    # an answer to another question, or not an answer at all: ignored
    for stale in (json.dumps({"job": f"{app.match.id}:0:0", "moves": ["a7-a6", "b7-b6"]}), "nonsense", "{}", "[1]"):
        app.dispatch("computer-answer", stale)
        assert len(app.match.game.events) == events and state(app) == "thinking"
    # an illegal turn is refused: nothing is played, the player is told and may ask again
    app.dispatch("computer-answer", json.dumps({"job": job, "moves": ["a1-a2", "b1-b2"]}))
    assert len(app.match.game.events) == events and state(app) == "error"
    assert "could not play" in page(app).message() or "could not play" in app.html()
    assert app.computer.job() is None
    press(app, "Ask again")
    job2 = app.computer.job()
    assert job2 != job and state(app) == "thinking"
    app.dispatch("computer-answer", json.dumps({"job": job2, "error": "RuntimeError: out of memory"}))
    assert state(app) == "error" and "out of memory" in app.html()
    press(app, "Ask again")
    worker.settle()
    assert state(app) == "your-turn" and len(app.match.game.events) == events + 2


def test_take_back_at_levels_1_and_2_not_at_level_3():
    app, worker = to_play(level=2, seed=14)
    assert not page(app).enabled("Take back")  # nothing to take back yet
    rng = random.Random(14)
    play_turn(app, worker, rng)
    before = app.match.game.position()
    play_turn(app, worker, rng)
    assert page(app).enabled("Take back")
    press(app, "Take back")
    assert app.match.game.position() == before and app.match.to_move() == RED
    assert "taken back" in page(app).message()
    worker.settle()
    assert state(app) == "your-turn"  # the computer does not move after a take back
    app3, _ = to_play(level=3, seed=14)
    assert not page(app3).has_button("Take back")
    app3.dispatch("take-back")
    assert app3.match.game.events == []


def test_a_ready_that_could_not_be_saved_says_so_and_a_reload_comes_back_to_the_setup():
    app, worker = new_game(level=1, seed=3)
    press(app, "Random setup")
    app.storage.capacity = used(app.storage)  # the game's save fails; the smaller screen state still fits
    press(app, "Ready")
    worker.settle()
    assert app.screen == "play" and "could not be saved" in page(app).message()
    again = App(app.storage, rng=random.Random(99))
    assert again.screen == "setup" and again.match.game is None and again.side == RED
    again.storage.capacity = None
    press(again, "Random setup")
    press(again, "Ready")
    assert again.screen == "play" and again.match.game is not None


@pytest.mark.parametrize("damage", [{"200": "C"}, {"0": "Z"}])
def test_a_broken_placement_in_the_screen_state_does_not_break_the_page_on_every_load(damage):
    """The setup screen is not behind a cover here: the page is drawn at once on loading."""
    app, _ = new_game(level=1, seed=3)
    data = json.loads(app.storage.get(UI_KEY))
    data["placed"] = damage
    app.storage.set(UI_KEY, json.dumps(data))
    again = App(app.storage, rng=random.Random(99))
    assert page(again).screen == "setup" and again.match.id == app.match.id and again.placed == {}


def test_a_reload_after_a_resignation_that_could_not_be_saved_comes_back_to_the_game():
    app, _ = to_play(level=1, seed=3)
    app.storage.capacity = used(app.storage)
    press(app, "Resign")
    press(app, "Resign")  # "Resign this game?"
    assert app.screen == "over" and "could not be saved" in page(app).message()
    again = App(app.storage, rng=random.Random(99))
    assert again.screen == "play" and again.match.outcome is None
    assert page(again).enabled("Resign")
    assert "could not be saved before the page was closed" in page(again).message()


def test_a_take_back_that_could_not_be_saved_says_so():
    app, worker = to_play(level=1, seed=14)
    rng = random.Random(14)
    play_turn(app, worker, rng)
    play_turn(app, worker, rng)
    app.storage.capacity = 0  # blocked
    press(app, "Take back")
    assert "could not be saved" in page(app).message()


def test_a_turn_worked_out_ahead_keeps_what_a_full_storage_could_not_hold():
    """The binding works out a complete turn's Submit ahead on a copy of the app, whose saves
    succeed: the app still knows its game is unsaved, and writes it once an old game is deleted."""
    storage = MemoryStorage()
    old = to_play(storage=storage, level=1, seed=4)[0].match.key
    storage.remove(UI_KEY)  # a new game from the home screen
    app, worker = to_play(storage=storage, level=1, seed=3)
    rng = random.Random(3)
    storage.capacity = used(storage)
    play_turn(app, worker, rng)
    assert "could not be saved" in page(app).message()
    match = app.match
    position = match.game.position()
    view = app.turn.view()
    while moves := app.turn.next_moves():
        m = choose(rng, moves, view)
        tap(app, square_name(m.from_square))
        tap(app, square_name(m.to_square))
    assert app.ahead_of_turn() is not None
    press(app, "Move list")  # the page still says the game is not saved
    assert "could not be saved" in page(app).message()
    app.dispatch("home")
    app.dispatch("delete", old)
    press(app, "Delete game")
    assert App(storage, rng=random.Random(1)).matches[match.key].game.position() == position


def test_a_late_answer_after_a_take_back_or_a_resignation_is_ignored():
    app, worker = to_play(level=1, seed=15)
    rng = random.Random(15)
    play_turn(app, worker, rng)
    view = app.turn.view()
    m = next(m for m in app.turn.next_moves() if view.owner(m.to_square) is None)
    tap(app, square_name(m.from_square))
    tap(app, square_name(m.to_square))
    while app.turn.next_moves():
        x = app.turn.next_moves()[0]
        tap(app, square_name(x.from_square))
        tap(app, square_name(x.to_square))
    press(app, "Submit turn")
    text = app.computer.request()
    press(app, "Resign")
    press(app, "Resign")
    assert app.screen == "over" and app.match.outcome.reason == "resignation"
    n = len(app.match.game.events)
    app.dispatch("computer-answer", botwire.think(text))
    assert len(app.match.game.events) == n and app.screen == "over"


def two_tabs_while_the_computer_thinks():
    """A game against the computer open in two tabs while the computer thinks: (the first tab,
    its worker, the question that worker was sent and has not answered yet, the second tab)."""
    storage = MemoryStorage()
    first, worker = to_play(storage=storage, level=1, seed=16)
    submit_turn(first, random.Random(16))
    return first, worker, first.computer.request(), App(storage, rng=random.Random(1))


def test_a_late_answer_is_not_played_on_a_game_another_tab_played_on():
    """The second tab's worker answered, and the player played on there. The first tab's worker
    answering the same question played its answer on the game as the first tab last had it, and
    saved that over the second tab's game."""
    first, worker, question, second = two_tabs_while_the_computer_thinks()
    second_worker = FakeWorker(second)
    second_worker.settle()
    play_turn(second, second_worker, random.Random(2))
    theirs = second.storage.get(second.match.key)
    first.dispatch("computer-answer", botwire.think(question))
    assert second.storage.get(second.match.key) == theirs
    assert page(first).message() == "This game was played on in another tab: here it is as it stands now."
    assert first.match.game.moves == second.match.game.moves and state(first) == "your-turn"
    worker.settle()
    assert second.storage.get(second.match.key) == theirs


def test_a_game_played_on_in_another_tab_is_taken_at_once_and_the_late_answer_ignored():
    """Told by the browser, the first tab shows the second's game before its worker answers: the
    answer, to a question about a game that is no longer this one, is then not played."""
    first, worker, question, second = two_tabs_while_the_computer_thinks()
    second_worker = FakeWorker(second)
    second_worker.settle()
    play_turn(second, second_worker, random.Random(2))
    theirs = second.storage.get(second.match.key)
    assert first.storage_changed(first.match.key)
    assert first.match.game.moves == second.match.game.moves and state(first) == "your-turn"
    assert page(first).message() == "This game was played on in another tab: here it is as it stands now."
    first.dispatch("computer-answer", botwire.think(question))
    assert first.match.game.moves == second.match.game.moves and not page(first).message()
    worker.settle()
    assert second.storage.get(second.match.key) == theirs


def test_the_computer_playing_in_a_tab_the_player_left_does_not_make_it_the_tab_a_new_one_comes_back_to():
    """The computer's answer is no act of the player's: the first tab, left for another, wrote the
    screen state all tabs share as its worker answered, and a new tab came back to its game."""
    first, worker, _, second = two_tabs_while_the_computer_thinks()
    assert second.match.key == first.match.key  # the new tab came back to the game shown last
    press(second, "Home")
    assert not first.storage_changed(UI_KEY)
    worker.settle()
    assert state(first) == "your-turn"  # the computer played, in the tab left behind
    assert App(first.storage, rng=random.Random(2)).screen == "home"


def test_the_computer_plays_while_the_player_reads_the_rules():
    app, worker = to_play(level=1)
    submit_turn(app, random.Random(5))
    press(app, "Rules")
    moves = len(app.match.game.moves)
    worker.settle()
    assert app.rules_open and len(app.match.game.moves) > moves
    app.dispatch("rules-close")
    assert state(app) == "your-turn"


def test_no_draw_offers_against_the_computer():
    app, _ = to_play(level=1)
    assert not page(app).has_button("Offer draw")
    app.dispatch("offer-draw")
    assert not app.match.draw_offered_to(BLUE) and app.match.draw_offer is None


def test_the_computers_second_move_arriving_on_the_move_list_shows_its_whole_turn():
    """The player taps the computer's half-played turn in the move list; its second move comes."""
    app, _ = new_game(level=1, colour="blue", seed=1)
    press(app, "Random setup")
    press(app, "Ready")
    app.dispatch("computer-answer", botwire.think(app.computer.request()))
    assert len(app.match.game.events) == 1 and app.match.pending
    press(app, "Move list")
    app.dispatch("history-turn", "1")
    assert app.replay == 1
    app.dispatch("computer-step", app.match.id)
    assert len(app.match.game.events) == 2 and app.screen == "history" and app.replay == 2
    assert page(app).find(lambda n: "history-caption" in classes(n))[0].get("data-step") == "2"


def test_the_computer_winning_while_the_move_list_is_open_ends_the_game():
    app, _ = to_play(level=1, seed=1)
    match = app.match
    # Blue (the computer) to move, its General next to Red's Headquarters on a1
    match.game = Game.from_position(epn({"a2": "g", "e4": "C", "e3": "C", "j9": "c", "j8": "c"}, side="b"), 2)
    app.save(match)
    press(app, "Move list")
    app.dispatch("computer-answer", json.dumps({"job": app.computer.job(), "moves": ["a2-a1", "j9-i9"]}))
    assert match.outcome is not None and app.screen == "over"
    assert not page(app).has_button("Resign")
    assert App(app.storage, rng=random.Random(1)).screen == "over"
    # a screen state left on the board of the game that has ended since: its end is shown
    for screen in ("play", "history"):
        app.storage.data[UI_KEY] = json.dumps({**json.loads(app.storage.data[UI_KEY]), "screen": screen})
        assert App(app.storage, rng=random.Random(1)).screen == "over"


# -- the end ---------------------------------------------------------------------------------


def test_the_end_shows_the_computers_army_and_what_it_knew_about_yours():
    app, worker = to_play(level=2, seed=21)
    rng = random.Random(21)
    for _ in range(25):
        play_turn(app, worker, rng)
        if app.screen != "play":
            break
    if app.screen == "play":
        press(app, "Resign")
        press(app, "Resign")
    assert app.screen == "over"
    p = page(app)
    game = app.match.game
    # the replay shows both armies: every piece with its kind
    assert "?" not in p.pieces().values()
    assert sorted(p.pieces().values()) == sorted(x for x in game.letters() if x and x != "V")
    assert "What the computer knew about your army" in p.html
    known, narrowed, unknown = belief_lines(app.match)
    assert len(known) + len(narrowed) + len(unknown) == sum(1 for x in game.letters() if x and x != "V" and x.isupper())
    # the belief never excludes the truth
    belief = Bot(2, app.match.seed).belief(game.view("blue"))
    for sq, piece in belief.pieces.items():
        assert game.kind_at(sq) in piece.possible_letters()
    # a piece that may be any kind that moves is said to have moved, not listed as "one of" all seven
    moved = [sq for sq, piece in belief.pieces.items() if set(piece.possible_letters()) == MOVABLE]
    assert moved and len(moved) == sum("it has moved, so it is neither a Mine nor the Headquarters" in x for x in narrowed)
    for line in known + narrowed:
        assert line in p.html.replace("&#x27;", "'")


def test_rematch_swaps_colours_and_keeps_the_level():
    app, _ = to_play(level=1, seed=22)
    press(app, "Resign")
    press(app, "Resign")
    old = app.match
    press(app, "Rematch")
    assert app.match is not old and app.match.level == 1 and app.match.human == BLUE
    assert app.screen == "setup" and app.side == BLUE


# -- saved games -----------------------------------------------------------------------------


def test_home_lists_resumes_and_deletes_games_against_the_computer():
    storage = MemoryStorage()
    app, _ = to_play(storage=storage, level=2, seed=23)
    match_id = app.match.id
    assert COMPUTER_PREFIX + match_id in storage.data
    press(app, "Home")
    p = page(app)
    item = p.find(lambda n: n.get("data-game") == match_id)[0]
    assert item.get("data-mode") == "computer" and "Against the computer (level 2)" in text(item)
    assert "your move" in text(item)
    app.dispatch("resume", COMPUTER_PREFIX + match_id)
    assert app.screen == "play" and app.match.id == match_id
    press(app, "Home")
    app.dispatch("delete", COMPUTER_PREFIX + match_id)
    press(app, "Delete game")
    assert COMPUTER_PREFIX + match_id not in storage.data and COMPUTER_PREFIX + match_id not in app.matches


def test_a_pass_and_play_game_and_a_game_against_the_computer_of_one_id_are_each_listed_and_kept_apart():
    """Ids are random, but a damaged or crafted storage (or another scheme of ids) may give a
    pass-and-play save and a save against the computer the same one: the games were listed by id,
    so the home list showed one of them only, and a reload or a button could take the other."""
    storage = MemoryStorage()
    computer, _worker = to_play(storage=storage, seed=23)
    storage.remove(UI_KEY)  # a new game from the home screen
    same = pass_and_play(4, storage).match.id
    storage.set(COMPUTER_PREFIX + same, json.dumps({**json.loads(storage.get(computer.match.key)), "id": same}))
    storage.remove(computer.match.key)
    keys = {"computer": COMPUTER_PREFIX + same, "pass": GAME_PREFIX + same}
    app = App(storage)
    app.dispatch("home")

    def item(mode):
        [found] = page(app).find(lambda n: n.get("data-game") == same and n.get("data-mode") == mode)
        return {text(b): b.get("data-arg") for b in found.iter("button")}

    for mode, key in keys.items():
        app.dispatch("resume", item(mode)["Resume"])
        assert app.match.mode == mode and app.match.key == key
        assert App(storage).match.key == key  # a reload comes back to the same game
        app.dispatch("home")
    app.dispatch("delete", item("computer")["Delete"])
    press(app, "Delete game")
    assert keys["computer"] not in storage.data and keys["pass"] in storage.data
    assert [m.mode for m in App(storage).saved_games] == ["pass"]
    app.dispatch("resume", item("pass")["Resume"])
    assert app.match.key == keys["pass"]


def test_a_damaged_save_is_listed_and_kept():
    storage = MemoryStorage({COMPUTER_PREFIX + "abc": "{not json", UI_KEY: "{}"})
    app = App(storage)
    assert app.damaged == [COMPUTER_PREFIX + "abc"]
    assert storage.data[COMPUTER_PREFIX + "abc"] == "{not json"


@pytest.mark.parametrize("change", ["computer's army lost", "colours swapped", "both armies and no game"])
def test_a_save_whose_armies_do_not_fit_where_the_game_is_is_listed_as_unreadable_and_kept(change):
    """Such a save was listed as a game being set up: its Ready raised AttributeError or
    SetupError (the game could not start, and the page broke)."""
    app, _ = new_game(level=1, colour="blue")
    key = app.match.key
    data = json.loads(app.storage.get(key))
    if change == "computer's army lost":
        data["setups"] = [None, None]
    elif change == "colours swapped":
        data["human"] = 1 - data["human"]
    else:
        data["setups"][data["human"]] = data["setups"][1 - data["human"]]
    text = json.dumps(data)
    storage = MemoryStorage({key: text})
    again = App(storage, rng=random.Random(1))
    assert again.damaged == [key] and "cannot read" in again.html()
    assert storage.data[key] == text


def test_a_save_that_is_not_a_game_against_the_computer_is_refused():
    data = json.loads(to_play()[0].match.to_json())
    assert ComputerMatch.from_json(json.dumps(data)).mode == "computer"
    for change in ({"mode": "pass"}, {"level": 7}, {"human": 2}, {"pending": ["z9-z8"]}):
        with pytest.raises(ValueError):
            ComputerMatch.from_json(json.dumps({**data, **change}))
    del data["seed"]
    with pytest.raises(ValueError):
        ComputerMatch.from_json(json.dumps(data))


# -- the wire to the worker ----------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_a_view_sent_to_the_worker_is_the_same_view_there(seed):
    rng = random.Random(seed)
    game = Game.random(rng=rng)
    for step in range(160):
        if game.outcome is not None:
            break
        for side in SIDES:
            view = game.view(side)
            again = botwire.view_from_data(json.loads(json.dumps(botwire.view_to_data(view))))
            a, b = dict(vars(view)), dict(vars(again))
            a["no_return"], b["no_return"] = ([set(x) for x in v["no_return"]] for v in (a, b))
            assert a == b
            if step % 20 == 0 and view.side_to_move == view.viewer and not view.first_move:
                assert Bot(1, seed).turn(view) == Bot(1, seed).turn(again)
        game.play(rng.choice(game.legal_moves()))


def test_think_answers_a_legal_turn_and_reports_bad_questions():
    game = Game.random(rng=random.Random(3))
    for level in LEVELS:
        answer = json.loads(botwire.think(botwire.request("j", level, 0, game.view("red"))))
        assert answer["job"] == "j" and game.play_turn(*answer["moves"])
        game.undo(), game.undo()
    assert "error" in json.loads(botwire.think("not json"))
    wrong = json.loads(botwire.think(botwire.request("k", 1, 0, game.view("blue"))))
    assert wrong["job"] == "k" and "turn" in wrong["error"]
    with pytest.raises(ValueError):
        botwire.view_from_data({"position": game.view("red").position()})


def test_the_worker_loads_the_pages_runtime_and_files_and_is_published():
    import tomllib
    from pathlib import Path

    from tools import build
    from ui.computer import WORKER_CONFIG, WORKER_RUNTIME, WORKER_SCRIPT

    root = Path(__file__).resolve().parent.parent
    config = tomllib.loads((root / WORKER_CONFIG).read_text(encoding="utf-8"))
    # its interpreter module starts the page's runtime, without stack switching
    module = root / WORKER_RUNTIME
    text = module.read_text(encoding="utf-8")
    imported = re.search(r'^import \{ loadPyodide as loadRuntime, version \} from "(.+)";$', text, re.M).group(1)
    assert (module.parent / imported).resolve() == (root / config["interpreter"]).resolve()
    folder = re.search(r'^const RUNTIME = new URL\("(.+)", import\.meta\.url\)\.href;$', text, re.M).group(1)
    assert (module.parent / folder).resolve() == (module.parent / imported).resolve().parent
    assert "delete WebAssembly.Suspending;" in text and "indexURL: RUNTIME" in text
    assert "./ui/botwire.py" in config["files"] and "./espionage/bot/search.py" in config["files"]
    assert (root / WORKER_SCRIPT).is_file() and WORKER_SCRIPT.removeprefix("./") == build.WORKER


FUZZ_ACTIONS = ("history", "history-turn", "history-close", "rematch", "resign", "resign-confirm", "back",
                "reveal", "random-setup", "cancel", "square", "hand-over", "take-back", "computer-retry",
                "computer-step", "computer-answer", "computer-ready", "computer-start", "ready", "submit",
                "offer-draw", "accept-draw", "undo", "home", "resume")  # fmt: skip


def test_a_modified_page_sending_anything_anywhere_breaks_nothing():
    """Random actions with random arguments (forged answers too): no exception, the computer's
    army never on the page before the end, and the save always reads back as the game in memory."""
    rng = random.Random(8)
    storage = MemoryStorage()
    app, worker = to_play(storage=storage, level=1, seed=8)
    args = ["", "0", "1", "-1", "999", "e4", "a1", "x", '{"job": null}', "[]"]
    seen = set()
    for _ in range(700):
        match = app.match
        ids = [m.id for m in app.saved_games]
        forged = [json.dumps({"job": match.job() if match and hasattr(match, "job") else "x", "moves": ["a4-a5"]})]
        app.dispatch(rng.choice(FUZZ_ACTIONS), rng.choice(args + ids + forged))
        worker.settle()
        seen.add(app.screen)
        match = app.match
        if isinstance(match, ComputerMatch) and match.game is not None:
            assert App(storage).matches[match.key].game.position() == match.game.position()
            if app.screen == "play":
                check_board_privacy(app)
            if app.screen == "play" and app.turn.next_moves() and rng.random() < 0.4:
                play_turn(app, worker, rng)
        if app.screen == "home" and app.saved_games:
            app.dispatch("resume", app.saved_games[0].key)
            worker.settle()
    assert seen >= {"play", "history", "over", "setup", "home"}


def test_a_saved_move_that_is_not_legal_is_not_played_and_the_computer_is_asked_again():
    storage = MemoryStorage()
    app, _ = to_play(storage=storage, level=1, colour="blue", seed=30)
    match = app.match
    # the computer (Red) to move, and a forged move waiting in the save: not playable
    match.game.undo(), match.game.undo()
    storage.data[match.key] = json.dumps({**json.loads(match.to_json()), "pending": ["a1-a2"]})
    again = App(storage, rng=random.Random(1))
    worker = FakeWorker(again)
    again.dispatch("computer-step", again.match.id)
    assert again.match.error and state(again) == "error"
    press(again, "Ask again")
    worker.settle()
    assert state(again) == "your-turn" and len(again.match.game.events) == 2
