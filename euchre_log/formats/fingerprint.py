"""Fingerprints: a hash short enough to read aloud, photograph or text to the table.

A fingerprint is the first 80 bits of a SHA-256 hash (a game's head, or an export's seal)
written in Crockford's base 32 as four groups of four characters: ``7K3Q-M9XD-A2PW-TR4H``.
The alphabet is the digits and the capital letters without I, L, O and U, so no two
characters look or sound alike; when one is read back, case, spaces and dashes do not
matter, and O, I and L are taken as 0, 1 and 1.

80 bits are far more than chance will ever match: to make another record with the same
fingerprint, a forger would have to try about 2^80 (10^24) records, years of work for a
million graphics cards; the full 256-bit hash stays in the database and in the file.
"""

from __future__ import annotations

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
BITS = 80
GROUP = 4
_LENGTH = BITS // 5  # 16 characters
_VALUE = {c: i for i, c in enumerate(ALPHABET)}
_VALUE.update({"O": 0, "I": 1, "L": 1})


class FingerprintError(ValueError):
    """A text that is not a fingerprint, said in words."""


def fingerprint(digest: str) -> str:
    """The fingerprint of a hex SHA-256 digest: ``XXXX-XXXX-XXXX-XXXX``."""
    value = int(digest[: BITS // 4], 16)
    chars = "".join(ALPHABET[(value >> (5 * k)) & 31] for k in reversed(range(_LENGTH)))
    return "-".join(chars[i : i + GROUP] for i in range(0, _LENGTH, GROUP))


def parse_fingerprint(text: str) -> str:
    """A fingerprint as typed (any case, with or without dashes or spaces), written the
    one way ``fingerprint`` writes it; raises ``FingerprintError`` for anything else."""
    chars = "".join(c for c in text.upper() if c not in " -._")
    bad = sorted({c for c in chars if c not in _VALUE})
    if bad:
        raise FingerprintError(
            f"{text!r} is not a fingerprint: it holds {', '.join(repr(c) for c in bad)}, "
            "and a fingerprint is four groups of four digits and letters (no U), like "
            "7K3Q-M9XD-A2PW-TR4H"
        )
    if len(chars) != _LENGTH:
        raise FingerprintError(
            f"{text!r} is not a fingerprint: it has {len(chars)} characters, and a "
            f"fingerprint has {_LENGTH} (four groups of four, like 7K3Q-M9XD-A2PW-TR4H)"
        )
    value = 0
    for c in chars:
        value = value * 32 + _VALUE[c]
    return fingerprint(f"{value:020x}")


def matches(text: str, digest: str) -> bool:
    """Whether a (parsed) fingerprint is that of a hex digest."""
    return parse_fingerprint(text) == fingerprint(digest)
