"""Game records: a whole game as readable text, like chess's PGN.

A record names how the game started (both setups and the volcanoes, or an
EPN position) and lists every move, one line per turn number::

    [Game "Espionage"]
    [Red "Ann"]
    [Variant "standard"]
    [Volcanoes "a6 a7 e5 f6 j4 j5"]
    [RedSetup "..."]
    [BlueSetup "..."]
    [Result "*"]

    1. e3-e4 f3-f4 / e8-e7 d8-d7

``read`` replays the moves, so a record that reads is a legal game; moves
alone cannot show a resignation or an agreed draw, so ``Result`` carries them.
"""

import re
from dataclasses import dataclass, field

from .board import BLUE, RED, SIDES
from .game import Game, IllegalMove, Outcome, Termination
from .setup import Setup, format_squares, parse_squares, validate_volcanoes
from .variant import SINGLE_MOVE, STANDARD

VARIANTS = {v.name: v for v in (STANDARD, SINGLE_MOVE)}
# Tags the game itself determines; callers supply only the others (names, date...).
GAME_TAGS = ("Game", "Variant", "Volcanoes", "RedSetup", "BlueSetup", "Position", "Result")
_ORDER = ("Id", "Date", "Red", "Blue")
_TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]')
_TURN = re.compile(r"(\d+)\.(.*)")
_NO_MOVES = "..."  # stands for Red's part of a first line that starts with Blue to move


class RecordError(ValueError):
    """Malformed record text or an illegal move; the message names the line."""


@dataclass
class Record:
    """A replayed game with its descriptive tags (Red, Blue, Date, Id, ...).

    ``str(record)`` writes it back out."""

    game: Game
    tags: dict = field(default_factory=dict)

    def __str__(self):
        return write(self.game, self.tags)


def _quote(value):
    value = str(value)
    if "\n" in value or "\r" in value:
        raise ValueError(f"a tag value is one line: {value!r}")
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write(game, tags=None):
    """The record of ``game`` so far, with optional descriptive ``tags``."""
    tags = dict(tags or {})
    for name in tags:
        if name in GAME_TAGS or not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", name):
            raise ValueError(f"{name!r} cannot be given as a tag: the game determines it, or it is not a name")
    order = [n for n in _ORDER if n in tags] + [n for n in tags if n not in _ORDER]
    head = [("Game", "Espionage"), *((n, tags[n]) for n in order)]
    head += [("Variant", game.variant.name), ("Volcanoes", format_squares(game.volcanoes, " "))]
    if game.setups is not None:
        head += [("RedSetup", game.setups[RED]), ("BlueSetup", game.setups[BLUE])]
    else:
        head.append(("Position", game.start_position))
    head.append(("Result", game.outcome or "*"))
    turns = {}
    for event in game.events:
        turns.setdefault(event.turn, ([], []))[event.side].append(str(event.move))
    lines = [f"[{name} {_quote(value)}]" for name, value in head] + [""]
    for number, (red, blue) in turns.items():
        lines.append(f"{number}. {' '.join(red) or _NO_MOVES}" + (f" / {' '.join(blue)}" if blue else ""))
    return "\n".join(lines) + "\n"


def _split(text):
    """Tags as {name: (value, line)} and move lines as [(line, number, parts)]."""
    tags, turns = {}, []
    for line_no, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        if line.startswith("["):
            match = _TAG.fullmatch(line)
            if not match:
                raise RecordError(f'line {line_no}: a tag is written [Name "value"]')
            if turns:
                raise RecordError(f"line {line_no}: tags come before the moves")
            name = match[1]
            if name in tags:
                raise RecordError(f"line {line_no}: a second {name} tag")
            tags[name] = (re.sub(r"\\(.)", r"\1", match[2]), line_no)
            continue
        match = _TURN.fullmatch(line)
        if not match:
            raise RecordError(f"line {line_no}: a move line is written like '1. e3-e4 f3-f4 / e8-e7 d8-d7'")
        parts = [part.split() for part in match[2].split("/")]
        if len(parts) > 2 or not any(parts) or [] in parts:
            raise RecordError(f"line {line_no}: a turn holds Red's moves, then ' / ' and Blue's moves")
        turns.append((line_no, int(match[1]), parts))
    return tags, turns


def _tag(tags, name):
    if name not in tags:
        raise RecordError(f"the {name} tag is missing")
    return tags[name]


def _variant(name):
    if name not in VARIANTS:
        raise ValueError(f"{name!r} is not a variant: use " + " or ".join(map(repr, VARIANTS)))
    return VARIANTS[name]


def _start(tags):
    """The game the tags describe, before any move."""

    def build(name, make):
        value, line_no = _tag(tags, name)
        try:
            return make(value)
        except ValueError as e:
            raise RecordError(f"line {line_no}: {name}: {e}") from None

    value, line_no = _tag(tags, "Game")
    if value != "Espionage":
        raise RecordError(f'line {line_no}: not an Espionage record (Game "{value}")')
    variant = build("Variant", _variant)
    if "Position" in tags:
        if "RedSetup" in tags or "BlueSetup" in tags:
            raise RecordError(f"line {tags['Position'][1]}: a record starts from setups or from a Position, not both")
        game = build("Position", lambda v: Game.from_position(v, variant.moves_per_turn))
        # The Volcanoes tag only repeats the Position's volcanoes, for the reader.
        if "Volcanoes" in tags and build("Volcanoes", parse_squares) != game.volcanoes:
            raise RecordError(f"line {tags['Volcanoes'][1]}: Volcanoes: the Position has other volcanoes")
        return game
    volcanoes = build("Volcanoes", lambda v: validate_volcanoes(parse_squares(v)))
    red = build("RedSetup", lambda v: Setup.from_str(RED, v))
    blue = build("BlueSetup", lambda v: Setup.from_str(BLUE, v))
    return Game(red, blue, volcanoes, variant)


def _replay(game, turns):
    """Play every move line, checking whose turn each part belongs to."""
    for index, (line_no, number, parts) in enumerate(turns):
        last_line = index == len(turns) - 1
        for side, moves in enumerate(parts):
            if moves == [_NO_MOVES] and side == RED and index == 0:
                continue
            for move in moves:
                if game.outcome is None and (game.turn_number, game.turn) != (number, SIDES[side]):
                    raise RecordError(
                        f"line {line_no}: {move} is marked as {SIDES[side].capitalize()}'s move in turn {number}, "
                        f"but it is {game.turn.capitalize()}'s move in turn {game.turn_number}"
                    )
                try:
                    game.play(move)
                except IllegalMove as e:
                    raise RecordError(f"line {line_no}: {move}: {e}") from None
            unfinished = game.outcome is None and game.turn == SIDES[side]
            if unfinished and not (last_line and side == len(parts) - 1):
                raise RecordError(f"line {line_no}: {SIDES[side].capitalize()}'s turn {number} is not complete")


def _finish(game, result, line_no):
    """Apply a resignation or agreed draw the Result names, then check it."""
    if result == "*":
        if game.outcome is not None:
            raise RecordError(f"line {line_no}: Result is '*', but the game ended {game.outcome}")
        return
    try:
        outcome = Outcome.from_str(result)
    except ValueError as e:
        raise RecordError(f"line {line_no}: Result: {e}") from None
    if game.outcome is None and outcome.reason == Termination.RESIGNATION and outcome.winner is not None:
        game.resign(SIDES[1 - SIDES.index(outcome.winner)])
    elif game.outcome is None and outcome.reason == Termination.AGREEMENT:
        game.agree_draw()
    if game.outcome != outcome:
        raise RecordError(f"line {line_no}: Result is {result}, but the game ended {game.outcome or 'unfinished'}")


def parse(text):
    """The Record of ``text``, replayed; RecordError names the first bad line."""
    tags, turns = _split(text)
    game = _start(tags)
    _replay(game, turns)
    _finish(game, *_tag(tags, "Result"))
    return Record(game, {name: value for name, (value, _) in tags.items() if name not in GAME_TAGS})


def read(text):
    """The Game a record describes, with every move replayed."""
    return parse(text).game
