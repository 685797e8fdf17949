"""Espionage: a Stratego-like game of hidden armies, as a pure-Python engine."""

from . import record
from .board import BLUE, RED, SIDES, parse_square, square_name
from .epn import EPNError
from .game import Game, IllegalMove, MoveEvent, Outcome, Termination
from .moves import Move
from .pieces import KINDS
from .record import RecordError
from .setup import Setup, SetupError, random_volcanoes
from .variant import SINGLE_MOVE, STANDARD, Variant

__all__ = [
    "BLUE",
    "KINDS",
    "RED",
    "SIDES",
    "SINGLE_MOVE",
    "STANDARD",
    "EPNError",
    "Game",
    "IllegalMove",
    "Move",
    "MoveEvent",
    "Outcome",
    "RecordError",
    "Setup",
    "SetupError",
    "Termination",
    "Variant",
    "parse_square",
    "random_volcanoes",
    "record",
    "square_name",
]
