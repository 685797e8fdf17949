"""Variants are data: the options of a new game (SPEC §1)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Variant:
    moves_per_turn: int = 2
    volcanoes: int = 6

    def __post_init__(self):
        if type(self.moves_per_turn) is not int or self.moves_per_turn not in (1, 2):
            raise ValueError("moves per turn must be 1 or 2")
        if type(self.volcanoes) is not int or not (0 <= self.volcanoes <= 10 and self.volcanoes % 2 == 0):
            raise ValueError("the number of volcanoes must be an even number from 0 to 10")

    @property
    def name(self):
        return "standard" if self.moves_per_turn == 2 else "single-move"


STANDARD = Variant()
SINGLE_MOVE = Variant(moves_per_turn=1)
