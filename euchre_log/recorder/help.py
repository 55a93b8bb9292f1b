"""The recorder's token grammar in words: for ``help`` at the prompt and ``record --help``.

The help is data, laid out to the terminal's width by ``render.grammar`` (Rich's own
wrapping): each section is a name and its lines, each line a token to type and what it
means. Kept free of imports so that the command line can show it without loading the
engine.
"""

INTRO = "Enter what happens, in table order; the seat is always whose turn it is."

SECTIONS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (
        "Start a hand",
        (
            ("9h", "the upcard. Before it, optionally:"),
            ("  deal N ah kh qh td 9c", "a hand that was shown (any seats)"),
            ("  dealer W", "who really dealt, if not the next seat"),
        ),
    ),
    (
        "Round one",
        (
            ("p", "pass"),
            ("o", 'order up (assist, take it up); o! or "o alone" to go alone'),
        ),
    ),
    (
        "Round two",
        (
            ("p", "pass, or a suit to name trump: c d h s (or clubs, ♣...); h! to go alone"),
            ("ppo, pppp ph!", "bids run together (four passes, a pass, hearts alone)"),
        ),
    ),
    ("Discard", (("9s", "the dealer's discard when asked, or ? if nobody saw it"),)),
    ("Defend alone", (("defend E", "after a lone call, before the first card"),)),
    (
        "Play",
        (
            ("ah 10d j♦ ♠q", "cards (ranks 9 10 J Q K A, or T for ten)"),
            ("ahthjh9h", "cards run together"),
            (
                "a t j 9, atj9",
                "by rank alone when the record says which card (the deal was shown); a "
                "lone q is quit: write qh",
            ),
            ("", "the last trick plays itself once every card left is known (--no-fill)"),
        ),
    ),
    (
        "Renege",
        (
            ("renege E 2 [cards E showed] [by N]", "E reneged on trick 2"),
            (
                "",
                "a call nothing proves yet waits: play on; it is judged as soon as the "
                "record proves or disproves it, at the latest when the hand ends",
            ),
            ("end", "stops a hand its upheld penalty has settled"),
        ),
    ),
    (
        "Variants",
        (
            ("blind [N]", "a blind double loner on the turned card"),
            ("farmer E 9c 9d 9h [for ac kc qc]", "a farmer's hand (what was taken, if seen)"),
            (
                "throw E nines 9c 9d 9h tc ts",
                "a throw-in: nines, ace, king, queens, jack or noace, and the hand shown",
            ),
            ("swap 9c ah", "partner's best: given, received (? unseen)"),
            ("h", "a turned-up Benny: the dealer first names a suit"),
        ),
    ),
    (
        "Tricks",
        (
            (
                "tricks 4, tricks NS 2, t4",
                "the rest of the hand without its cards (the makers' tricks, or a team's)",
            ),
            ("9h p o t4", "a score-only hand: the tricks right after the bidding"),
        ),
    ),
    ("Claim", (("claim S", "S shows their cards and claims the rest, between tricks"),)),
    ("Penalty", (("penalty NS 2 table talk", "points may be negative"),)),
    ("Note", (("note any text", "to the end of the line"),)),
    (
        "Other",
        (
            ("undo", "take back the last entry"),
            ("show, help, quit", "the hand so far, this help, and leave (nothing is lost)"),
        ),
    ),
)
"""Each section's name and its lines: the token (indented under the line before it when
it starts with spaces; none for a line that goes on about the one before) and its
meaning."""

OUTRO = "Several tokens may go on one line: p p o 9s ah th jh 9h"
