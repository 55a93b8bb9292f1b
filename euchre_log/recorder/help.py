"""The recorder's token grammar in words: for ``help`` at the prompt and ``record --help``.

Kept free of imports so that the command line can show it without loading the engine.
"""

HELP = """\
Enter what happens, in table order; the seat is always whose turn it is.
  Start a hand   the upcard, e.g. 9h. Before it, optionally:
                   deal N ah kh qh td 9c   (a hand that was shown; any seats)
                   dealer W                (who really dealt, if not the next seat)
  Round one      p (pass) or o (order up / assist / take it up); o! or "o alone" to go alone
  Round two      p, or a suit to name trump: c d h s (or clubs, ♣...); h! to go alone
                 bids run together: ppo, or pppp ph! (four passes, a pass, hearts alone)
  Discard        the dealer's discard when asked: a card, or ? if nobody saw it
  Defend alone   defend E   (after a lone call, before the first card)
  Play           cards, e.g. ah 10d j♦ ♠q   (ranks 9 10 J Q K A, or T for ten)
                 run together: ahthjh9h; by rank alone when the record says which card
                 (the deal was shown): a t j 9, or atj9 (a lone q is quit: write qh)
                 the last trick plays itself once every card left is known (--no-fill)
  Renege         renege E 2 [cards E showed] [by N]   (E reneged on trick 2)
                 a call nothing proves yet waits: play on, and it is judged as the
                 hand goes; end stops a hand its upheld penalty has settled
  Variants       blind [N]                         a blind double loner on the turned card
                 farmer E 9c 9d 9h [for ac kc qc]  a farmer's hand (what was taken, if seen)
                 throw E nines 9c 9d 9h tc ts      a throw-in: nines, ace, king, queens,
                                                   jack or noace, and the hand shown
                 swap 9c ah                        partner's best: given, received (? unseen)
                 (a turned-up Benny: the dealer first names a suit, e.g. h)
  Tricks         tricks 4 (the makers' tricks), tricks NS 2, or t4: the rest of the hand
                 without its cards; right after the bidding, a score-only hand: 9h p o t4
  Claim          claim S    (S shows their cards and claims the rest, between tricks)
  Penalty        penalty NS 2 table talk     (points may be negative)
  Note           note any text to the end of the line
  Other          undo (take back the last entry), show, help, quit (nothing is lost)
Several tokens may go on one line: p p o 9s ah th jh 9h"""
