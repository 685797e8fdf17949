"""Markup that remembers how it was put together.

The page is one markup string, and ui/patch.py finds what changed between two
renders by reading both into elements. Reading a whole board screen (a
100-square SVG board, a panel of piece icons) on every tap costs a tablet more
than the tap's own work, so the parts of the page that are built element by
element say so: an :class:`Element` keeps its start tag and its content, an
:class:`Elements` keeps the sibling elements it is made of, and :class:`Parts` the
pieces it was joined from (a part the same object as in the render before is not read
again). All are plain ``str`` to everyone else (equal to the same markup written as one string), so
rendering stays a function to markup and nothing that reads markup changes.
"""

from __future__ import annotations

__all__ = ["Element", "Elements", "Parts"]


class Elements(str):
    """Sibling elements' markup, one after the other; ``items``: each element's markup."""

    items: tuple

    def __new__(cls, items):
        items = tuple(items)
        self = super().__new__(cls, "".join(items))
        self.items = items
        return self


class Parts(str):
    """Markup joined from ``parts``, each zero or more whole elements (a panel's list
    of removed pieces, say, written once per position)."""

    parts: tuple

    def __new__(cls, parts):
        parts = tuple(parts)
        self = super().__new__(cls, "".join(parts))
        self.parts = parts
        return self


class Element(str):
    """One element's markup: ``tag`` (its start tag), ``content`` (markup, an
    :class:`Elements` when it is built from child elements) and ``name``."""

    tag: str
    content: str
    name: str

    def __new__(cls, tag, content, name):
        self = super().__new__(cls, f"{tag}{content}</{name}>")
        self.tag, self.content, self.name = tag, content, name
        return self
