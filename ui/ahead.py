"""Copies of a match to play ahead on: the browser binding paints the screen a Submit tap
would show within that tap's frame, worked out while the page was at rest (ui/binding.py)."""

from dataclasses import replace

from .saves import Match


def match_copy(match):
    """An independent copy of ``match`` to play a turn on, leaving ``match`` as it is; None
    for a match whose turn is not played on this device alone (a link game's turn is signed
    and sealed for the other device as it is sent). Pass and play, and a game against the
    computer (a ``Match`` too), are copied."""
    if not isinstance(match, Match) or match.game is None:
        return None
    return replace(
        match,
        game=match.game.copy(),
        setups=list(match.setups),
        setups_saved=[list(names) for names in match.setups_saved],
    )
