"""ui/render.py: the SVG board is well-formed and keeps its markup contract."""

import html
import json
import re
import xml.etree.ElementTree as ET

import pytest

from espionage import Game
from espionage.board import SETUP_SQUARES, parse_square, square_name
from espionage.moves import Move
from espionage.pieces import KINDS
from ui.render import BoardPicture, board_svg, marks_canvas, marks_data, piece_svg, square_at, square_origin

NS = "{http://www.w3.org/2000/svg}"
START = "cmmokcshlc/sgkgsslees/ockmlceelm/V9/V4V4/4V4V/9V/SMSKCSMCCS/SLGEEHOMEL/LEMKCKLGOC r - - - - 0 1"
KIND_WORDS = [k.name for k in KINDS.values()] + [k.plural for k in KINDS.values()]


def P(name):
    return parse_square(name)


def classes(el):
    return set((el.get("class") or "").split())


def parse(svg):
    return ET.fromstring(svg)


def squares(root):
    """data-square -> element, for every square group."""
    out = {}
    for el in root.iter(NS + "g"):
        if "square" in classes(el):
            out[el.get("data-square")] = el
    return out


def pieces(sq_el):
    return [el for el in sq_el.iter() if "piece" in classes(el)]


def mid_game_view():
    g = Game.from_position(START)
    for m in ["d3-d4", "c3-c4", "b8-b7", "c8-c7", "d4-d5", "c4-c5", "b7-b6", "c7-c6"]:
        g.play(m)
    return g, g.view("red")


def picture_of(view, viewer, **kw):
    return BoardPicture(
        letters=view.letters, unknown_side=1 - viewer, bottom=viewer, unmasked=frozenset(view.unmasked), **kw
    )


@pytest.fixture(scope="module")
def red_view():
    return mid_game_view()[1]


def test_well_formed_and_100_squares(red_view):
    root = parse(board_svg(picture_of(red_view, 0)))
    assert root.tag == NS + "svg"
    assert root.get("viewBox")
    assert root.get("width") == "100%" and root.get("height") == "100%"
    sqs = squares(root)
    assert sorted(sqs) == sorted(square_name(i) for i in range(100))
    for el in sqs.values():
        assert classes(el) & {"light", "dark"}
        cell = el.find(NS + "rect")
        assert "cell" in classes(cell) and cell.get("fill") not in (None, "none")
        assert cell.get("width") == "100" and cell.get("height") == "100"


def test_pieces_match_letters_exactly(red_view):
    root = parse(board_svg(picture_of(red_view, 0)))
    sqs = squares(root)
    for sq, letter in enumerate(red_view.letters):
        found = pieces(sqs[square_name(sq)])
        if letter is None or letter == "V":
            assert found == [], square_name(sq)
        else:
            assert len(found) == 1
            assert found[0].get("data-piece") == letter
            side = "red" if letter.isupper() else "blue"  # the "?" pieces are Blue's
            assert side in classes(found[0])
    assert sum(1 for el in root.iter() if el.get("data-piece") is not None) == sum(
        1 for x in red_view.letters if x not in (None, "V")
    )


def test_unknown_pieces_name_no_kind(red_view):
    root = parse(board_svg(picture_of(red_view, 0)))
    sqs = squares(root)
    unknown = [el for el in sqs.values() if any(p.get("data-piece") == "?" for p in pieces(el))]
    assert len(unknown) == 28  # b6 and c6 were unmasked by the Spy on c5
    kind_letters = set(KINDS) | {k.lower() for k in KINDS}
    for sq_el in unknown:
        piece = pieces(sq_el)[0]
        assert classes(piece) == {"piece", "blue", "unknown"}
        for el in sq_el.iter():
            for name, value in el.attrib.items():
                if name == "data-square":
                    continue
                assert value not in kind_letters, (name, value)
                assert not re.search(r"icon-[A-Za-z]\b", value), value
                for word in KIND_WORDS:
                    assert word.lower() not in value.lower()
            text = "".join([el.text or "", el.tail or ""])
            for word in KIND_WORDS:
                assert word.lower() not in text.lower(), text
        title = sq_el.find(NS + "title").text
        assert title == f"{sq_el.get('data-square')}: Blue piece (unknown)"


def test_unmasked_titles_and_badges(red_view):
    pic = picture_of(red_view, 0)
    pic = BoardPicture(**{**pic.__dict__, "unmasked": pic.unmasked | {P("a3")}})
    sqs = squares(parse(board_svg(pic)))
    b6 = pieces(sqs["b6"])[0]
    assert b6.get("data-piece") == "c" and "unmasked" in classes(b6)
    assert sqs["b6"].find(NS + "title").text == "b6: Blue Corporal (1), unmasked"
    a3 = pieces(sqs["a3"])[0]
    assert "unmasked" in classes(a3) and a3.get("data-piece") == "S"
    assert sqs["a3"].find(NS + "title").text == "a3: your Spy, unmasked"
    assert sqs["d3"].find(NS + "title").text == "d3: empty"
    assert sqs["e5"].find(NS + "title").text == "e5: volcano"
    assert sqs["d5"].find(NS + "title").text == "d5: your Captain (3)"
    assert "unmasked" not in classes(pieces(sqs["d5"])[0])
    # the unmasked class sits on pieces only
    assert {k for k, el in sqs.items() if "unmasked" in classes(el)} == set()


def test_volcanoes(red_view):
    sqs = squares(parse(board_svg(picture_of(red_view, 0))))
    volcanoes = {k for k, el in sqs.items() if "volcano" in classes(el)}
    assert volcanoes == {"a7", "j4", "a6", "j5", "f6", "e5"}
    for name in volcanoes:
        assert all(el.get("data-piece") is None for el in sqs[name].iter())
        assert any("#volcano" in (el.get("href") or "") for el in sqs[name].iter())


def test_selection_targets_last_turn_cursor_zone(red_view):
    pic = picture_of(
        red_view,
        0,
        selected=P("d5"),
        targets=frozenset({P("d6"), P("d4")}),
        last_turn=tuple(e.move for e in red_view.last_turn),
        planned=(Move.from_str("h3-h4"), "c5-c4"),
        cursor=P("c2"),
        zone=frozenset({P("a1"), P("b1")}),
    )
    root = parse(board_svg(pic))
    sqs = squares(root)

    def marked(cls):
        return {k for k, el in sqs.items() if cls in classes(el)}

    assert marked("selected") == {"d5"}
    assert marked("target") == {"d6", "d4"}
    assert marked("last-from") == {"b7", "c7"}
    assert marked("last-to") == {"b6", "c6"}
    assert marked("cursor") == {"c2"}
    assert marked("zone") == {"a1", "b1"}
    assert "move here" in sqs["d6"].get("aria-label")
    assert "selected" in sqs["d5"].get("aria-label")
    # the title (a pointer's tooltip) stays as the choice changes: a tap rewrites no square's text
    assert sqs["d6"].find(NS + "title").text == "d6: empty"
    arrows = [el for el in root.iter() if "planned-move" in classes(el)]
    assert sorted(el.get("data-move") for el in arrows) == ["c5-c4", "h3-h4"]
    assert len([el for el in root.iter() if "last-move" in classes(el)]) == 2


def test_attack_target_is_marked():
    letters = [None] * 100
    letters[P("d5")], letters[P("d6")] = "K", "?"
    pic = BoardPicture(tuple(letters), unknown_side=1, selected=P("d5"), targets=frozenset({P("d6"), P("c5")}))
    sqs = squares(parse(board_svg(pic)))
    assert {"target", "attack"} <= classes(sqs["d6"])
    assert "attack" not in classes(sqs["c5"])
    assert sqs["d6"].find(NS + "title").text == "d6: Blue piece (unknown)"
    assert sqs["d6"].get("aria-label").startswith("d6, enemy piece, unknown")


def test_marks_are_drawn_in_the_board_or_left_to_the_canvas_over_it():
    letters = [None] * 100
    letters[P("d5")], letters[P("d6")] = "K", "?"
    pic = BoardPicture(tuple(letters), unknown_side=1, selected=P("d5"), targets=frozenset({P("d6"), P("c5")}),
                       cursor=P("a1"))
    expected = {("sel", "d5"), ("hint attack", "d6"), ("hint move", "c5"), ("focus-ring", "a1")}
    group = parse(board_svg(pic)).find(f"{NS}g[@class='marks']")  # a rules diagram: in the board, as SVG
    assert {(g.get("class"), g.get("data-at")) for g in group} == expected
    assert all(g.findall(f"{NS}path") for g in group)
    assert "class=\"marks\"" not in board_svg(pic, tap_marks=False)  # the page: on its canvas
    canvas = re.search(r'<canvas class="board-marks" [^>]*data-marks="([^"]*)"', marks_canvas(pic))
    assert {(kind, at) for kind, at, _shapes in json.loads(html.unescape(canvas.group(1)))} == expected
    assert json.loads(marks_data(pic)) == json.loads(html.unescape(canvas.group(1)))


def square_positions(root):
    out = {}
    for name, el in squares(root).items():
        x, y = map(float, re.match(r"translate\(([-\d.]+)[ ,]([-\d.]+)\)", el.get("transform")).groups())
        out[name] = (x, y)
    return out


def test_orientation_red_at_bottom(red_view):
    pos = square_positions(parse(board_svg(picture_of(red_view, 0))))
    assert pos["a1"] == (0, 900) and pos["j1"] == (900, 900)
    assert pos["a10"] == (0, 0) and pos["j10"] == (900, 0)


def test_orientation_blue_at_bottom_turns_the_board():
    g, _ = mid_game_view()
    view = g.view("blue")
    root = parse(board_svg(picture_of(view, 1)))
    pos = square_positions(root)
    assert pos["a1"] == (900, 0)  # top right
    assert pos["j10"] == (0, 900)  # bottom left
    assert pos["j1"] == (0, 0) and pos["a10"] == (900, 900)
    sqs = squares(root)
    # Blue sees its own kinds, Red's as "?"
    assert pieces(sqs["a10"])[0].get("data-piece") == "c"
    assert pieces(sqs["a1"])[0].get("data-piece") == "?"
    assert "red" in classes(pieces(sqs["a1"])[0])
    assert sqs["a10"].find(NS + "title").text == "a10: your Corporal (1)"
    for sq in range(100):
        assert square_at(*square_origin(sq, 1), bottom=1) == sq
        assert square_at(*square_origin(sq, 0), bottom=0) == sq


def labels(root):
    files, ranks = [], []
    for el in root.iter(NS + "text"):
        c = classes(el)
        if "file" in c:
            files.append((float(el.get("x")), el.text))
        elif "rank" in c:
            ranks.append((float(el.get("y")), el.text))
    return [t for _, t in sorted(files)], [t for _, t in sorted(ranks)]


def test_labels_follow_rotation():
    empty = BoardPicture(tuple([None] * 100))
    files, ranks = labels(parse(board_svg(empty)))
    assert files == list("abcdefghij")
    assert ranks == [str(r) for r in range(10, 0, -1)]  # top to bottom
    files, ranks = labels(parse(board_svg(BoardPicture(tuple([None] * 100), bottom=1))))
    assert files == list("jihgfedcba")
    assert ranks == [str(r) for r in range(1, 11)]


def test_setup_position_and_size():
    letters = [None] * 100
    for sq in SETUP_SQUARES[1]:
        letters[sq] = "?"
    for sq, letter in zip(SETUP_SQUARES[0], "SMSKCSMCCSSLGEEHOMELLEMKCKLGOC"):
        letters[sq] = letter
    svg = board_svg(BoardPicture(tuple(letters), unknown_side=1, zone=frozenset(SETUP_SQUARES[0])))
    assert len(svg.encode()) < 60_000
    sqs = squares(parse(svg))
    assert {k for k, el in sqs.items() if "zone" in classes(el)} == {square_name(s) for s in SETUP_SQUARES[0]}


def test_bad_pictures_are_refused():
    with pytest.raises(ValueError):
        board_svg(BoardPicture(tuple([None] * 99)))
    with pytest.raises(ValueError):
        board_svg(BoardPicture(tuple(["X"] + [None] * 99)))


@pytest.mark.parametrize("letter", list("CLKOGSEMHclkogsemh"))
def test_piece_svg(letter):
    root = parse(piece_svg(letter, 0 if letter.isupper() else 1, size=40))
    assert root.get("width") == "40"
    assert ("red" if letter.isupper() else "blue") in classes(root)
    assert KINDS[letter.upper()].name in root.find(NS + "title").text


def test_piece_svg_unknown_names_no_kind():
    svg = piece_svg("?", 0)
    root = parse(svg)
    assert "red" in classes(root)
    assert root.find(NS + "title").text == "Red piece (unknown)"
    for word in KIND_WORDS:
        assert word.lower() not in svg.lower()
    with pytest.raises(ValueError):
        piece_svg("?")
    parse(piece_svg("V"))
    assert "unmasked" in parse(piece_svg("k", unmasked=True)).find(NS + "title").text


@pytest.mark.parametrize("bottom", [0, 1])
def test_a_fight_is_marked_in_its_square_with_the_piece_that_fell(bottom):
    letters = [None] * 100
    letters[P("e5")] = "K"
    svg = board_svg(BoardPicture(letters=tuple(letters), bottom=bottom, fights=((P("e5"), "s"),)))
    root = parse(svg)
    [mark] = [el for el in root.iter(NS + "g") if "fight" in classes(el)]
    assert (mark.get("data-fight"), mark.get("data-fallen")) == ("e5", "s")
    assert mark.find(NS + "title").text == "Fight on e5: Blue's Spy fell"
    x, y = square_origin(P("e5"), bottom)
    placed = re.fullmatch(r"translate\((\S+) (\S+)\) scale\((\S+)\)", mark.get("transform"))
    left, top, scale = (float(v) for v in placed.groups())
    # inside its square, and left of the rank number (x 38 to 62 of the square's 100): it covered it
    assert x <= left and left + 100 * scale <= x + 38 and y <= top and top + 100 * scale <= y + 100
    assert [el.get("data-piece") for el in root.iter() if el.get("data-piece")] == ["K"]  # no extra piece


def _points(d):
    nums = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", d)]
    return list(zip(nums[::2], nums[1::2]))


@pytest.mark.parametrize("bottom", [0, 1])
@pytest.mark.parametrize("move", ["e4-e5", "e5-e4", "e4-f4", "f4-e4"])
def test_move_arrows_leave_the_rank_numbers_readable(bottom, move):
    """No arrow reaches the rank number of a piece at either end (drawn at x 38-62, y 53-81 of its cell)."""
    letters = [None] * 100
    m = Move.from_str(move)
    letters[m.from_square], letters[m.to_square] = "K", "O"
    picture = BoardPicture(letters=tuple(letters), bottom=bottom, last_turn=(move,), planned=(move,))
    root = parse(board_svg(picture))
    arrows = [el for el in root.iter(NS + "path") if classes(el) & {"last-move", "planned-move"}]
    assert len(arrows) == 2
    for arrow in arrows:
        xs, ys = zip(*_points(arrow.get("d")))
        for sq in (m.from_square, m.to_square):
            x, y = square_origin(sq, bottom)
            overlaps = min(xs) < x + 62 and max(xs) > x + 38 and min(ys) < y + 81 and max(ys) > y + 53
            assert not overlaps, (arrow.get("class"), square_name(sq))


def test_a_board_drawn_after_another_is_the_board_drawn_afresh(red_view):
    """The squares of the board drawn last are reused where their marks did not change:
    whatever the order of the pictures, each board equals the same picture drawn first."""
    import random

    from ui import render

    rng = random.Random(5)
    letters = red_view.letters
    pieces = [sq for sq, letter in enumerate(letters) if letter not in (None, "V")]
    pictures = []
    for _ in range(60):
        selected = rng.choice([None, *pieces])
        pictures.append(
            BoardPicture(
                letters=letters if rng.random() < 0.8 else tuple(reversed(letters)),
                unknown_side=1,
                bottom=rng.choice([0, 0, 0, 1]),
                selected=selected,
                targets=frozenset(rng.sample(range(100), rng.randrange(5))),
                cursor=rng.choice([None, None, rng.randrange(100)]),
                last_turn=("e4-e5",) if rng.random() < 0.5 else (),
            )
        )
    drawn = [board_svg(p) for p in pictures]
    for picture, markup in zip(pictures, drawn):
        render._last_squares[:] = None, None
        assert markup == board_svg(picture)


def test_a_piece_whose_attack_is_planned_is_drawn_faded_and_is_no_piece_of_the_board():
    svg = board_svg(BoardPicture(letters=(None,) * 100, planned=("e4-e5",), waiting=((P("e4"), "C"),)))
    root = parse(svg)
    [layer] = [el for el in root.iter(NS + "g") if "waiting-attackers" in classes(el)]
    [faded] = list(layer)
    assert (faded.get("data-waiting"), faded.get("data-attacker"), faded.get("opacity")) == ("e4", "C", ".45")
    assert faded.get("transform") == "translate({} {})".format(*square_origin(P("e4"), 0))
    assert not [el for el in root.iter() if el.get("data-piece")]  # the square stays empty: another may move there
    empty = parse(board_svg(BoardPicture(letters=(None,) * 100)))
    assert [el for el in empty.iter(NS + "g") if "waiting-attackers" in classes(el)]  # the layer is always there
