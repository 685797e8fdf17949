"""What changed between two renders of the page, as a few small DOM patches.

A tap changes a handful of squares and a line or two of the side panel, yet the
app writes the whole page's markup (a 100-square SVG board, trays of piece
icons) each time. Parsing, styling and laying out all of it again costs a
tablet several frames, so the browser binding puts only the changes on the
page: ``diff(shown, new)`` compares the markup on the page with the new markup,
element by element from the top, and returns patches that turn the one into the
other. Everything else stays as it is on the page, with its focus, its scroll
position and what was typed into it.

A patch names an element by its path: the indexes of elements (text does not
count) from the root's children down to it; the empty path is the root. Kinds:

- ``attrs``: the element's attributes become those of the start tag
  ``markup``; ``attributes`` lists the changes, ``(name, value)``, value None
  for an attribute to remove;
- ``text``: the element's content becomes the text ``markup`` (escaped as in
  markup: ``html.unescape`` gives the text);
- ``inner``: the element's content is replaced by ``markup``;
- ``outer``: the element is replaced by ``markup``;
- ``splice``: the element's children from ``start`` on, ``count`` of them, are
  replaced by ``markup`` (any number of elements).

Children are compared in order. When a parent keeps its number of children,
each changed child is patched in place: its attributes, then its content (text,
or its own children compared the same way); a child that became another
element (another name, or another ``id``, ``data-screen`` or ``data-square``)
is replaced. Otherwise the changed run between
the common first and last children is spliced. The markup read is the app's
own: well-formed, no comments, ``<`` and ``>`` escaped in text and attribute
values, attribute values in double quotes, void HTML elements (``<input>``)
without a closing tag.

Markup built element by element (ui/markup.py: the board screens) is not read
again: its parts are compared as they were put together.

``apply(markup, patches)`` does to a markup string what the browser binding
does to the page, so tests check on CPython that patching the old markup gives
exactly the new one.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from html import unescape
from itertools import pairwise
from typing import NamedTuple

from .markup import Element, Elements, Parts
from .render import ROW_START, SQUARE_START

__all__ = ["Patch", "apply", "children", "diff", "diff_screens", "element_at", "path_of"]

MAX_PATCHES = 120
"""Beyond this many patches the page is written whole (a new screen)."""
MAX_COMPARED = 400
"""Children compared pairwise at most, to keep the ones two renders share (a panel's dozen lines)."""

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})
OPAQUE = frozenset({"button", "defs", "option", "script", "select", "style", "svg", "text", "textarea", "title"})
"""Elements not compared inside (none of them holds one of its own kind, so
their end is found at once): one whose content changed is replaced whole. The
board's ``<svg>`` is the exception, so that its squares are compared one by one."""
KEYS = ("id", "data-screen", "data-square")
"""Attributes that say what an element is: one whose key changed is another
element (another screen, say), replaced whole rather than patched."""
BOARD_CLASS = 'class="espionage-board'
OPEN_TAG = re.compile(r"<([A-Za-z][A-Za-z0-9-]*)[^>]*>")
ATTRIBUTE = re.compile(r'\s([^\s=/>]+)(?:="([^"]*)")?')
_NAME_ENDS = frozenset(" \t\n\r\f/>")


class Patch(NamedTuple):
    kind: str
    path: tuple
    markup: str
    start: int = 0
    count: int = 0
    attributes: tuple = ()

    @property
    def text(self):
        """The text of a ``text`` patch."""
        return unescape(self.markup)


def _element_end(markup, tag, name):
    """Where the element opened by ``tag`` (a match of OPEN_TAG) ends."""
    if tag.group(0).endswith("/>") or name in VOID:
        return tag.end()
    close = f"</{name}>"
    if name in OPAQUE and BOARD_CLASS not in tag.group(0):
        end = markup.find(close, tag.end())
        if end < 0:
            raise ValueError(f"<{name}> is not closed")
        return end + len(close)
    opening, depth, pos = f"<{name}", 1, tag.end()
    while True:
        end = markup.find(close, pos)
        if end < 0:
            raise ValueError(f"<{name}> is not closed")
        nested = markup.find(opening, pos, end)
        while nested >= 0 and markup[nested + len(opening)] not in _NAME_ENDS:
            nested = markup.find(opening, nested + 1, end)
        if nested >= 0:
            depth, pos = depth + 1, nested + len(opening)
        elif depth == 1:
            return end + len(close)
        else:
            depth, pos = depth - 1, end + len(close)


_split = [{}, {}]
"""How the markup of this diff and of the one before was split (children() and
element parts), by the identity of the string split (kept alive here): the
pieces of one render are the old side of the next diff, and looking them up
this way costs no hashing of long strings. A piece found from the diff before
is kept for the next one too: a part every render shares (a panel's list of
removed pieces, ui/markup.Parts) is read once."""


def _known(key, markup):
    current, before = _split
    found = current.get(key)
    if found is None:
        found = before.get(key)
        if found is not None:
            current[key] = found
    return found if found is not None and found[0] is markup else None


def children(content, board=False):
    """The child elements of ``content`` as markup strings, or None if it holds text."""
    if isinstance(content, Elements):  # built element by element: nothing to read
        return content.items
    if isinstance(content, Element):
        return (content,)
    if isinstance(content, Parts):
        found = [children(part, board) for part in content.parts]
        return None if None in found else tuple(child for part in found for child in part)
    known = _known((id(content), board), content)
    if known is not None:
        return known[1]
    found = _children(content, board)
    _split[0][id(content), board] = (content, found)
    return found


def _children(content, board):
    """In the ``board``'s content its rows of squares are split off at once (each starts
    with ROW_START and they follow one another), the rest element by element."""
    if not board or ROW_START not in content:
        return _elements(content)
    first, *rows = content.split(ROW_START)
    head, tail = _elements(first), _elements(ROW_START + rows[-1])
    if head is None or tail is None:
        return None
    return (*head, *(ROW_START + s for s in rows[:-1]), *tail)


def _elements(content):
    out = []
    pos, size = 0, len(content)
    while pos < size:
        if content[pos] != "<":
            stop = content.find("<", pos)
            if not content[pos : size if stop < 0 else stop].isspace():
                return None
            if stop < 0:
                break
            pos = stop
        tag = OPEN_TAG.match(content, pos)
        if tag is None:
            return None
        end = _element_end(content, tag, tag.group(1).lower())
        out.append(content[pos:end])
        pos = end
    return tuple(out)


def _parts(element):
    """An element's start tag, its content (None for an empty element) and its name."""
    if isinstance(element, Element):
        return element.tag, element.content, element.name
    known = _known((id(element), None), element)
    if known is not None:
        return known[1]
    found = _split[0][id(element), None] = (element, _tag_and_content(element))
    return found[1]


def _tag_and_content(element):
    tag = OPEN_TAG.match(element)
    name = tag.group(1).lower()
    if tag.group(0).endswith("/>") or name in VOID:
        return tag.group(0), None, name
    return tag.group(0), element[tag.end() : len(element) - len(name) - 3], name


def _attributes(tag):
    return {name: unescape(value or "") for name, value in ATTRIBUTE.findall(tag, tag.find(" ") if " " in tag else 0)}


def diff(old, new):
    """The patches that turn the root content ``old`` into ``new``."""
    _split[:] = [{}, _split[0]]
    patches = []
    if not _diff(old, new, (), patches) or len(patches) > MAX_PATCHES:
        return [Patch("inner", (), new)]
    return patches


def diff_screens(old, new):
    """As :func:`diff`, but a screen that became another (another ``data-screen``) is patched
    like any element rather than written whole: a board screen that follows another keeps its
    board, and only the squares that changed are drawn again (a turn submitted, painted within
    its tap's frame). The focus does not move by itself then (the element that had it may
    stay): the browser binding moves it."""
    olds, news = children(old), children(new)
    if not (olds and news and len(olds) == len(news) == 1):
        return diff(old, new)
    (old_tag, old_content, name), (new_tag, new_content, new_name) = _parts(olds[0]), _parts(news[0])
    if name != new_name or old_content is None or new_content is None or old_tag == new_tag:
        return diff(old, new)
    _split[:] = [{}, _split[0]]
    before, after = _attributes(old_tag), _attributes(new_tag)
    changes = [(k, v) for k, v in after.items() if before.get(k) != v] + [(k, None) for k in before if k not in after]
    patches = [Patch("attrs", (0,), new_tag, attributes=tuple(changes))]
    if not _diff(old_content, new_content, (0,), patches) or len(patches) > MAX_PATCHES:
        return diff(old, new)
    return patches


def _diff(old, new, path, patches, board=False):
    """Add to ``patches``; False if the content cannot be compared by elements."""
    if old == new:
        return True
    olds, news = children(old, board), children(new, board)
    if olds is None or news is None:
        return False
    if len(olds) != len(news):
        patches += _splices(olds, news, path)
        return True
    for i in [i for i, (o, n) in enumerate(zip(olds, news)) if o != n]:
        _element(olds[i], news[i], (*path, i), patches)
        if len(patches) > MAX_PATCHES:
            return False
    return True


def _splices(olds, news, path):
    """Patches that turn the children ``olds`` into ``news``, keeping the children both hold
    in the same order (a longest common run of them, when there are at most MAX_COMPARED
    pairs to compare: a panel's list of removed pieces stays while the lines around it
    change). Between two kept children, as many children changed as there were are patched
    in place (a square's title says something else), others spliced. The last first, so that
    each leaves the places of those before it as they were."""
    shortest = min(len(olds), len(news))
    start = 0
    while start < shortest and olds[start] == news[start]:
        start += 1
    end = 0
    while end < shortest - start and olds[-1 - end] == news[-1 - end]:
        end += 1
    olds, news = olds[start : len(olds) - end], news[start : len(news) - end]
    kept = _common(olds, news) if len(olds) * len(news) <= MAX_COMPARED else []
    bounds = [(-1, -1), *kept, (len(olds), len(news))]
    patches = []
    for (i0, j0), (i1, j1) in reversed(list(pairwise(bounds))):
        if i1 - i0 == j1 - j0:
            for k in range(1, i1 - i0):
                _element(olds[i0 + k], news[j0 + k], (*path, start + i0 + k), patches)
        else:
            patches.append(Patch("splice", path, "".join(news[j0 + 1 : j1]), start + i0 + 1, i1 - i0 - 1))
    return patches


def _common(olds, news):
    """The pairs (i, j) of a longest run of children ``olds[i] == news[j]`` in the same order."""
    longest = [[0] * (len(news) + 1) for _ in range(len(olds) + 1)]
    for i in range(len(olds) - 1, -1, -1):
        for j in range(len(news) - 1, -1, -1):
            same = olds[i] == news[j]
            longest[i][j] = longest[i + 1][j + 1] + 1 if same else max(longest[i + 1][j], longest[i][j + 1])
    pairs, i, j = [], 0, 0
    while i < len(olds) and j < len(news):
        if olds[i] == news[j]:
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif longest[i + 1][j] >= longest[i][j + 1]:
            i += 1
        else:
            j += 1
    return pairs


def _element(old, new, path, patches):
    if old.startswith(SQUARE_START) and new.startswith(SQUARE_START):
        patches += [patch._replace(path=path + patch.path) for patch in _square_patches(old, new)]
        return
    _changed_element(old, new, path, patches)


@lru_cache(maxsize=2048)
def _square_patches(old, new):
    """How one square's markup becomes another's (paths from the square): a tap changes
    a few squares, the same ways again and again (selected, then not)."""
    patches = []
    _changed_element(old, new, (), patches)
    return tuple(patches)


def _changed_element(old, new, path, patches):
    old_tag, old_content, name = _parts(old)
    new_tag, new_content, new_name = _parts(new)
    opaque = name in OPAQUE and BOARD_CLASS not in new_tag
    if (
        name != new_name
        or (old_content is None) != (new_content is None)
        or (opaque and old_content != new_content and ("<" in old_content or "<" in new_content))
    ):
        patches.append(Patch("outer", path, new))
        return
    if old_tag != new_tag:
        before, after = _attributes(old_tag), _attributes(new_tag)
        if any(before.get(key) != after.get(key) for key in KEYS):
            patches.append(Patch("outer", path, new))
            return
        changes = [(k, v) for k, v in after.items() if before.get(k) != v] + [(k, None) for k in before if k not in after]
        patches.append(Patch("attrs", path, new_tag, attributes=tuple(changes)))
    if old_content == new_content:
        return
    if "<" not in new_content:
        patches.append(Patch("text", path, new_content))
    elif opaque or not _diff(old_content, new_content, path, patches, BOARD_CLASS in new_tag):
        patches.append(Patch("inner", path, new_content))


def path_of(markup, start_tag, depth=3):
    """The path of the first element that starts with ``start_tag`` within ``depth`` levels of
    ``markup``, breadth first (None: none there): where a part of the page is, for its patches."""
    level = [((), markup)]
    for _level in range(depth):
        below = []
        for path, content in level:
            for i, child in enumerate(children(content) or ()):
                if child.startswith(start_tag):
                    return (*path, i)
                inner = _parts(child)[1]
                if inner is not None and "<" in inner:
                    below.append(((*path, i), inner))
        level = below
    return None


def element_at(markup, path):
    """The markup of the element at ``path`` in ``markup`` (None: no element there)."""
    content, element = markup, None
    for index in path:
        found = children(content) if content is not None else None
        if not found or index >= len(found):
            return None
        element = found[index]
        content = _parts(element)[1]
    return element


def as_json(patches):
    """The patches as main.py hands them to the page in one call (an attrs patch's
    attributes travel alone, without its start tag)."""
    return json.dumps([
        [p.kind, p.path, {"text": p.text, "attrs": ""}.get(p.kind, p.markup), p.start, p.count, p.attributes]
        for p in patches
    ])


def apply(markup, patches):
    """``markup`` with ``patches`` applied, as the page would be."""
    for patch in patches:
        markup = _apply(markup, patch.path, patch)
    return markup


def _apply(content, path, patch, board=False):
    if not path:
        if patch.kind in ("inner", "text"):
            return patch.markup
        parts = list(children(content, board))
        parts[patch.start : patch.start + patch.count] = [patch.markup]
        return "".join(parts)
    parts = list(children(content, board))
    tag, inner, name = _parts(parts[path[0]])
    if len(path) > 1 or patch.kind not in ("outer", "attrs"):
        parts[path[0]] = f"{tag}{_apply(inner, path[1:], patch, BOARD_CLASS in tag)}</{name}>"
    elif patch.kind == "outer":
        parts[path[0]] = patch.markup
    else:
        parts[path[0]] = patch.markup + parts[path[0]][len(tag) :]
    return "".join(parts)
