"""The board read without colour: under simulated colour blindness (Machado, Oliveira and
Fernandes 2009, full severity; achromatopsia as luminance) the two sides still differ in
lightness, and every signal drawn in colour also has a shape of its own."""

import xml.etree.ElementTree as ET

import pytest

from ui.render import CELL_FILL, DRAWINGS, HINT, TOKEN, BoardPicture, board_marks, board_svg

NS = "{http://www.w3.org/2000/svg}"
SIMULATIONS = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
"""Matrices on linear RGB; achromatopsia keeps only luminance, which the contrast below already compares."""


def linear(colour):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return [channel(int(colour[i : i + 2], 16)) for i in (1, 3, 5)]


def seen(colour, matrix):
    rgb = linear(colour)
    return [min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb)))) for row in matrix]


def contrast(a, b):
    """WCAG contrast ratio of two linear RGB colours (luminance only: what achromatopsia sees)."""
    la, lb = (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2] for c in (a, b))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


@pytest.mark.parametrize("simulation", SIMULATIONS)
def test_the_two_sides_differ_in_lightness_for_every_eye(simulation):
    matrix = SIMULATIONS[simulation]
    red, blue = (seen(fill, matrix) for fill, _edge in TOKEN)
    assert contrast(red, blue) >= 1.5


def test_white_insignia_stay_readable_on_both_tokens():
    for fill, _edge in TOKEN:
        assert contrast(linear("#ffffff"), linear(fill)) >= 3


@pytest.mark.parametrize("simulation", SIMULATIONS)
def test_target_hints_stand_out_from_every_square(simulation):
    matrix = SIMULATIONS[simulation]
    for fill in CELL_FILL.values():
        assert contrast(seen(HINT, matrix), seen(fill, matrix)) >= 2


def test_the_sides_differ_in_shape():
    red, blue = (ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">{DRAWINGS[f"token-{s}"]}</g>') for s in ("red", "blue"))
    assert [e.tag for e in red][1] == NS + "rect" and [e.tag for e in blue][1] == NS + "circle"
    assert blue[2].get("stroke-dasharray") and not red[2].get("stroke-dasharray")


def square_marks(svg, name):
    root = ET.fromstring(svg)
    cell = next(g for g in root.iter(NS + "g") if g.get("data-square") == name)
    return cell


def test_targets_selection_and_the_last_turn_have_shapes_not_only_colours():
    letters = [None] * 100
    letters[34], letters[45], letters[44] = "K", "c", "?"
    picture = BoardPicture(letters=tuple(letters), unknown_side=1, selected=34,
                           targets=frozenset({24, 44}), last_turn=("f5-f6",))
    svg, marks = board_svg(picture), {mark.at: mark for mark in board_marks(picture)}  # drawn on the page and on diagrams
    move, attack, selected = marks["e3"], marks["e5"], marks["e4"]
    assert move.kind == "hint move" and move.shapes[-1].d.count("a19 19") == 2  # a dot
    assert attack.kind == "hint attack" and attack.shapes[0].d.count("z") == 4  # or four corners
    assert selected.kind == "sel" and {s.fill for s in selected.shapes} == {None}  # an outline, not a tint
    assert max(s.width for s in selected.shapes) >= 4
    edges = {name: square_marks(svg, name).find(f"{NS}rect[@class='last-edge']") for name in ("f5", "f6")}
    assert edges["f5"].get("stroke-dasharray") != edges["f6"].get("stroke-dasharray")  # from, to
    assert ET.fromstring(svg).find(f".//{NS}path[@class='last-move']") is not None  # and an arrow
