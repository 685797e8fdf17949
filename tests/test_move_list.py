"""The move list: every turn as the player knows it, past boards read-only, and the end's list; rematch."""

import random

from espionage.board import RED, SIDES, square_name
from tests.test_app import (
    NAMES,
    check_board_privacy,
    check_cover,
    classes,
    page,
    play_turn,
    press,
    reloaded,
    tap,
    to_play,
)


def turn_items(app):
    return page(app).find(lambda n: n.tag == "li" and "turn" in classes(n))


def play_turns(app, count, rng):
    for _ in range(count):
        play_turn(app, rng, checks=False)
        if app.screen == "over":
            return
        press(app, "Hand over")
        press(app, f"Show {NAMES[app.side]}'s board")


def test_the_move_list_shows_every_turn_and_past_boards_as_the_player_saw_them():
    app = to_play(21)
    rng = random.Random(21)
    play_turns(app, 30, rng)
    assert app.screen == "play", "the game should last 30 turns"
    side, game = app.side, app.match.game
    planned = app.turn.next_moves()[0]
    tap(app, square_name(planned.from_square))
    tap(app, square_name(planned.to_square))
    press(app, "Move list")
    assert app.screen == "history"
    items = turn_items(app)
    assert len(items) == 30
    expected = [f"Turn {n // 2 + 1}, {NAMES[n % 2]}" for n in range(30)]
    assert [item.find("button").text for item in items] == expected
    steps = [int(item.get("data-step")) for item in items]
    assert steps[-1] == len(game.events)
    app.dispatch("history-turn", str(steps[4] - 1))  # not the end of a turn: nothing
    assert app.replay is None
    for step in (steps[0], steps[17], steps[-1]):
        app.dispatch("history-turn", str(step))
        past = app.record.past_game(step)
        view = past.view(SIDES[side])
        shown = page(app).pieces()
        assert shown == {square_name(sq): x for sq, x in enumerate(view.letters) if x not in (None, "V")}
        for sq in range(100):  # no kind of the other side's that the player did not know then
            if past.side_at(sq) == SIDES[1 - side] and view.letters[sq] == "?":
                assert shown[square_name(sq)] == "?"
    before = app.html()
    app.dispatch("square", "e4")  # read-only
    assert app.html() == before
    press(app, "Back to the game")
    assert app.screen == "play" and app.planned == [planned]  # the live game, as it was left
    check_board_privacy(app)


def test_back_from_the_move_list_returns_to_the_game_and_a_reload_covers_it():
    app = to_play(22)
    play_turns(app, 2, random.Random(22))
    press(app, "Move list")
    app.dispatch("back")
    assert app.screen == "play"
    press(app, "Move list")
    again = reloaded(app)
    check_cover(again, app.side)
    press(again, f"Show {NAMES[app.side]}'s board")
    assert again.screen == "play"


def test_a_reload_on_the_move_list_keeps_the_planned_move_behind_the_cover():
    app = to_play(22)
    move = app.turn.next_moves()[0]
    tap(app, square_name(move.from_square))
    tap(app, square_name(move.to_square))
    press(app, "Move list")
    again = reloaded(app)
    check_cover(again, app.side)
    press(again, f"Show {NAMES[app.side]}'s board")
    assert again.screen == "play" and again.planned == [move]


def test_the_end_lists_every_turn_and_each_shows_its_board():
    app = to_play(23)
    play_turns(app, 6, random.Random(23))
    press(app, "Resign")
    press(app, "Resign")
    assert app.screen == "over"
    items = turn_items(app)
    assert len(items) == 6
    step = int(items[2].get("data-step"))
    app.dispatch("history-turn", str(step))
    assert app.replay == step
    assert int(page(app).find(lambda n: "replay-caption" in classes(n))[0].get("data-step")) == step


def test_rematch_has_the_same_options_and_says_the_colours_are_swapped():
    app = to_play(24, moves=1, volcanoes=4)
    first = app.match
    press(app, "Resign")
    press(app, "Resign")
    press(app, "Rematch")
    assert app.match is not first and app.match.variant == first.variant
    check_cover(app, RED)
    assert "whoever played Blue in the last game plays Red now" in app.html()
    press(app, "Show Red's board")
    assert app.screen == "setup" and app.side == RED
    assert len(app.saved_games) == 2


ACTIONS = ("history", "history-turn", "history-close", "rematch", "resign", "resign-confirm", "back", "reveal",
           "random-setup", "cancel", "square", "hand-over")
ARGS = ("", "0", "1", "3", "-1", "999", "full", "e4", "a1", "x")


def test_a_modified_page_sending_anything_anywhere_breaks_nothing():
    """Random actions with random arguments on every screen: no exception, no board shown
    without its cover, and the saved game always reads back as the game in memory."""
    rng = random.Random(7)
    app = to_play(25)
    boards = ("play", "results", "history", "setup")
    seen = set()
    for _ in range(1500):
        before, action = app.screen, rng.choice(ACTIONS)
        app.dispatch(action, rng.choice(ARGS))
        seen.add(app.screen)
        if app.screen in boards and before not in boards:
            assert action == "reveal", f"{action} went from {before} to {app.screen}"
        if app.match is not None and app.match.game is not None:
            saved = reloaded(app).matches[app.match.key]
            assert saved.game.position() == app.match.game.position()
        if app.screen == "play" and app.turn.next_moves() and rng.random() < 0.3:
            play_turn(app, rng, checks=False)
        if app.screen == "home":
            app.dispatch("resume", app.saved_games[0].key)
    assert seen >= {"cover", "play", "results", "history", "over", "setup"}


def test_a_turn_in_the_move_list_reads_as_one_sentence():
    """A turn's second move began again with a capital: "Your Colonel moved a8-a7; Your Spy
    moved j8-j7"."""
    app = to_play(21)
    play_turns(app, 4, random.Random(21))
    press(app, "Move list")
    said = [item.find("span").text for item in turn_items(app)]
    own = [text for text in said if text.startswith("Your ")]
    assert own and any("; your " in text for text in own)
    assert not any("; Your " in text for text in said)
