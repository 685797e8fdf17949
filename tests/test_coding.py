"""The range coder under links: exact round trips, near-optimal size, resuming where a writer stopped."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from espionage.link.coding import Reader, encode_symbols, encoder_state

RADICES = st.sampled_from([1, 2, 3, 7, 9, 100, 255, 256, 65535, 65536, 65537, 1 << 64, 1 << 128, 1 << 256, 10**22])


@st.composite
def symbol_lists(draw):
    radices = draw(st.lists(RADICES, max_size=60))
    return [(draw(st.sampled_from([0, r - 1]) | st.integers(0, r - 1)), r) for r in radices]


@settings(max_examples=300, deadline=None)
@given(symbol_lists())
def test_symbols_round_trip(symbols):
    out = []
    reader = Reader(encode_symbols(symbols), out)
    assert [reader.sym(r) for _, r in symbols] == [v for v, _ in symbols]
    assert out == symbols


@settings(max_examples=300, deadline=None)
@given(symbol_lists(), st.data())
def test_a_reader_resumes_where_the_writer_stopped(symbols, data):
    """Reading on from the writer's saved state gives the same symbols as reading from the start."""
    n = data.draw(st.integers(0, len(symbols)))
    body = encode_symbols(symbols)
    state = encoder_state(symbols[:n])
    assert encode_symbols(symbols[n:], state) == body
    reader = Reader.after(body, state, [])
    assert reader is not None
    assert [reader.sym(r) for _, r in symbols[n:]] == [v for v, _ in symbols[n:]]


def test_coding_costs_within_a_byte_or_two_of_the_information():
    for radix in (2, 3, 50, 65536, 1 << 128):
        symbols = [((i * 7919) % radix, radix) for i in range(3000)]
        bits = 3000 * math.log2(radix)
        assert len(encode_symbols(symbols)) <= math.ceil(bits / 8) + 2
