"""A move from one square to a neighbouring one, written ``e3-e4``."""

from .board import parse_square, square_name


class Move:
    """An immutable move; ``Move.from_str(str(m)) == m``."""

    __slots__ = ("_text", "from_square", "key", "to_square")

    def __init__(self, from_square, to_square):
        object.__setattr__(self, "from_square", from_square)
        object.__setattr__(self, "to_square", to_square)
        object.__setattr__(self, "key", from_square * 100 + to_square)
        object.__setattr__(self, "_text", f"{square_name(from_square)}-{square_name(to_square)}")

    def __setattr__(self, name, value):
        raise AttributeError("Move is immutable")

    @classmethod
    def from_str(cls, text):
        """Parse ``"e3-e4"``; ValueError with a readable message if malformed."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):  # a list or other unhashable value is not a move either
            raise ValueError(f"{text!r} is not a move: write it as from-to, e.g. e3-e4")
        cached = _PARSED.get(text)
        if cached is not None:
            return cached
        if text.count("-") != 1:
            raise ValueError(f"{text!r} is not a move: write it as from-to, e.g. e3-e4")
        left, right = text.strip().split("-")
        return cls(parse_square(left.strip()), parse_square(right.strip()))

    def __str__(self):
        return self._text

    def __repr__(self):
        return f"Move.from_str({self._text!r})"

    def __eq__(self, other):
        return isinstance(other, Move) and other.key == self.key

    def __hash__(self):
        return self.key

    def __lt__(self, other):
        return (self.to_square, self.from_square) < (other.to_square, other.from_square)

    def __reduce__(self):
        return (Move, (self.from_square, self.to_square))


def move(from_square, to_square):
    """The shared Move for a step between two squares."""
    return _STEPS.get((from_square, to_square)) or Move(from_square, to_square)


def _all_steps():
    from .board import ORTHOGONAL, SQUARES

    return {(a, b): Move(a, b) for a in SQUARES for b in ORTHOGONAL[a]}


_STEPS = _all_steps()
_PARSED = {str(m): m for m in _STEPS.values()}
