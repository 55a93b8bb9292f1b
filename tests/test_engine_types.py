"""Suit, Seat and Team are types mypy tells apart (issue 25 part 2): a seat passed where a
suit is expected is an error of ``mypy --strict``, though at run time both are ints."""

from __future__ import annotations

from pathlib import Path

from mypy import api

from euchre_log.engine.cards import EAST, HEARTS, NO_SUIT, Seat, legal_mask

SNIPPET = """\
from euchre_log.engine.cards import EAST, HEARTS, legal_mask

held = 0b1111
legal_mask(held, EAST, HEARTS)  # a seat where the led suit is expected
"""


def test_mypy_strict_refuses_a_seat_where_a_suit_is_expected(tmp_path: Path) -> None:
    snippet = tmp_path / "seat_as_suit.py"
    snippet.write_text(SNIPPET, encoding="utf-8")
    out, _, status = api.run(
        ["--strict", "--cache-dir", str(tmp_path / "cache"), "--no-error-summary", str(snippet)]
    )
    assert status == 1
    assert out.strip().splitlines() == [
        f'{snippet}:4: error: Argument 2 to "legal_mask" has incompatible type "Seat"; '
        'expected "Suit"  [arg-type]'
    ]


def test_the_types_are_plain_ints_at_run_time() -> None:
    """``NewType``: no wrapper, so the engine's tables and masks index with them freely."""
    assert type(EAST) is int and type(HEARTS) is int and Seat(1) == EAST == 1
    assert legal_mask(0b1, NO_SUIT, HEARTS) == 0b1
