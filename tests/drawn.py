"""Legal hands and games whose every choice is drawn by Hypothesis, for property tests.

The deal is a drawn shuffle of the deck, and every bid, discard, variant action and card is
drawn, one by one, from what is legal in the hand's state at that moment. A failing
property therefore shrinks to a short, readable hand (the falsifying example lists each
draw: ``N bids: 'order'``, ``E plays: 'JH'``...) instead of a seed for ``random.Random``.
The first option of each choice is the simplest one (pass, do not declare, the lowest
card), which is where shrinking goes.

"Legal" here is written from RULES.md for the tests: a player follows the led suit
(counting the left bower and the Benny as trump), the dealer's partner goes alone under the
Canadian loner, the dealer takes up a club under club euchre, and a variant is used only
when the rules have it and the hand qualifies. A hand drawn here never deserves a flag.
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

from hypothesis import strategies as st

from euchre_log.engine import (
    Action,
    BennySuit,
    BlindDoubleLoner,
    Call,
    DefendAlone,
    Discard,
    FarmersHand,
    GameState,
    HandState,
    Order,
    PartnersBest,
    Pass,
    Play,
    Rules,
    ThrowIn,
)
from euchre_log.engine.bidding import Bidding
from euchre_log.engine.cards import (
    ACE,
    BENNY,
    CARD_TEXT,
    CARDS,
    HAND_SIZE,
    JACK,
    NINE,
    SEAT_LETTERS,
    SEATS,
    SUIT_LETTERS,
    TEN,
    Card,
    Seat,
    Suit,
    deck,
    left_of,
    partner_of,
)
from euchre_log.engine.hand import (
    DISCARD,
    KITTY_SIZE,
    OVER,
    PLAY,
    ROUND_ONE,
    ROUND_TWO,
    throw_in_qualifies,
)
from euchre_log.engine.simulate import DealtHand, random_hand

CARD = {text: CARDS[c] for c, text in enumerate(CARD_TEXT)}

THROW_INS = [
    "nines-and-tens",
    "ace-no-face",
    "king-nothing",
    "three-queens",
    "jack-nothing",
    "no-ace-no-face",
]


Part = TypeVar("Part", bound=Bidding)


def seeded_deal(part: type[Part], seed: int) -> tuple[DealtHand, Part]:
    """A random hand of the simulator (``seed`` picks it and its dealer) and one part of
    the engine (``CardKnowledge``, ``DisputeJudge``...) started on it, every deal known."""
    rules = Rules()
    dealt = random_hand(random.Random(seed), rules, Seat(seed % 4))
    deal = dict(zip(SEATS, dealt.hands, strict=True))
    return dealt, part(rules, dealt.dealer, dealt.upcard, deal=deal, kitty=dealt.kitty)


def _playable(options: dict[str, Any]) -> dict[str, Any]:
    if options["farmers_hand"] == "five_card" and options["deck"] != 32:
        options["farmers_hand"] = "three_card"  # seed 001's swap needs five undealt cards
    return options


rule_options = st.fixed_dictionaries(
    {
        "stick_the_dealer": st.booleans(),
        "defend_alone": st.booleans(),
        "defend_alone_points": st.sampled_from([4, 8]),
        "super_euchre": st.booleans(),
        "canadian_loner": st.booleans(),
        "club_euchre": st.booleans(),
        "farmers_hand": st.sampled_from(["off", "three_card", "five_card"]),
        "throw_ins": st.lists(st.sampled_from(THROW_INS), unique=True),
        "partners_best": st.booleans(),
        "blind_double_loner": st.booleans(),
        "loner_lead": st.sampled_from(["left_of_dealer", "left_of_loner"]),
        "deck": st.sampled_from([24, 25, 32]),
        "target": st.sampled_from([5, 7, 10, 11]),
    }
).map(_playable)
"""Any table's rules (every option of ``engine.rules.OPTIONS`` that changes the play)."""


# --------------------------------------------------------------------------------------------
# The rules of play, written out for the tests (independently of the engine's tables)


def effective_suit(c: int, trump: int) -> int:
    """The suit a card follows as: the Benny and the left bower are trump."""
    if c == BENNY:
        return trump
    suit, rank = c >> 3, c & 7
    if rank == JACK and suit == 3 - trump:  # the jack of the same colour
        return trump
    return suit


def trick_power(c: int, trump: int, led: int) -> int:
    """How strong a card is in a trick led in ``led``: the Benny, the right bower, the left
    bower, the other trumps by rank, then the led suit by rank; anything else cannot win."""
    if c == BENNY:
        return 100
    suit, rank = c >> 3, c & 7
    if rank == JACK and suit == trump:
        return 99
    if rank == JACK and suit == 3 - trump:
        return 98
    if suit == trump:
        return 50 + rank
    if effective_suit(c, trump) == led:
        return rank
    return -1


def trick_winner(plays: list[tuple[int, int]], trump: int) -> int:
    """The seat that wins a trick of (seat, card) plays, in the order played."""
    led = effective_suit(plays[0][1], trump)
    return max(plays, key=lambda p: trick_power(p[1], trump, led))[0]


def legal_cards(held: list[Card], trump: int, led: int) -> list[Card]:
    """What a player may play: a card of the led suit if they have one (any card when
    leading, ``led`` -1)."""
    following = [c for c in held if led >= 0 and effective_suit(c, trump) == led]
    return following or list(held)


# --------------------------------------------------------------------------------------------
# Drawing


def _card(data: st.DataObject, cards: list[Card], label: str) -> Card:
    return CARD[data.draw(st.sampled_from([CARD_TEXT[c] for c in sorted(cards)]), label=label)]


def draw_deal(data: st.DataObject, rules: Rules) -> tuple[list[list[Card]], Card, tuple[Card, ...]]:
    """Each seat's five cards, the upcard and the kitty's other cards, from a drawn shuffle."""
    shuffled = [
        CARD[t]
        for t in data.draw(
            st.permutations([CARD_TEXT[c] for c in deck(rules.deck)]), label="the deck"
        )
    ]
    hands = [sorted(shuffled[s * HAND_SIZE : (s + 1) * HAND_SIZE]) for s in range(4)]
    rest = shuffled[4 * HAND_SIZE : 4 * HAND_SIZE + KITTY_SIZE[rules.deck]]
    return hands, rest[0], tuple(rest[1:])


def draw_hand(data: st.DataObject, rules: Rules, dealer: int) -> DealtHand:
    """A legal hand: a drawn deal, then every action drawn from what is legal."""
    hands, upcard, kitty = draw_deal(data, rules)
    dealt = tuple(tuple(h) for h in hands)
    actions = draw_actions(data, HandState(rules, Seat(dealer), upcard), hands, kitty)
    return DealtHand(Seat(dealer), upcard, dealt, kitty, tuple(actions))


def draw_game(
    data: st.DataObject,
    rules: Rules,
    *,
    first_dealer: int,
    initial_score: tuple[int, int] = (0, 0),
    max_hands: int = 30,
    defender_first: bool | None = None,
) -> tuple[GameState, list[DealtHand]]:
    """Legal hands, the deal passing left, until a side wins (or ``max_hands``); returns the
    game as the engine recorded it (with each deal) and the hands. ``defender_first``: see
    ``draw_actions``."""
    game = GameState(rules, initial_score)
    out: list[DealtHand] = []
    dealer = first_dealer
    while game.winner is None and len(out) < max_hands:
        hands, upcard, kitty = draw_deal(data, rules)
        state = game.start_hand(Seat(dealer), upcard, deal={s: tuple(hands[s]) for s in SEATS})
        dealt = tuple(tuple(h) for h in hands)
        actions = draw_actions(data, state, hands, kitty, defender_first)
        out.append(DealtHand(Seat(dealer), upcard, dealt, kitty, tuple(actions)))
        dealer = left_of(Seat(dealer))
    return game, out


def draw_actions(
    data: st.DataObject,
    state: HandState,
    live: list[list[Card]],
    kitty: tuple[Card, ...],
    defender_first: bool | None = None,
) -> list[Action]:
    """Play out a hand that was just dealt (``live``: each seat's cards, changed in place
    as cards change hands and are played), drawing each action from the legal ones, and
    recording each in ``state``. A defender's call to go alone comes before or after the
    dealer's discard as drawn, or as ``defender_first`` says."""
    rules, dealer, upcard = state.rules, state.dealer, CARDS[state.upcard]
    hidden = list(kitty)  # the kitty's face-down cards, as they change hands
    actions: list[Action] = []

    def do(action: Action) -> None:
        state.apply(action)
        actions.append(action)

    def choose(options: list[Any], label: str) -> Any:
        return data.draw(st.sampled_from(options), label=label)

    def who(seat: int) -> str:
        return SEAT_LETTERS[seat]

    if upcard == BENNY:
        suit = choose(list(SUIT_LETTERS), f"{who(dealer)} names for the Benny")
        do(BennySuit(dealer, Suit(SUIT_LETTERS.index(suit))))
    offered = state.offered_suit()

    # A farmer's hand, before the bidding.
    for seat in range(4):
        if rules.farmers_hand == "three_card":
            for rank in (NINE, TEN):
                same = [c for c in live[seat] if c != BENNY and c & 7 == rank][:3]
                if len(same) == 3 and choose([False, True], f"{who(seat)} calls a farmer's hand"):
                    got = hidden[:3]
                    hidden[:] = hidden[3:] + same
                    live[seat] = sorted([c for c in live[seat] if c not in same] + got)
                    seen = choose([False, True], "the cards taken are seen")
                    do(FarmersHand(Seat(seat), tuple(same), tuple(got) if seen else ()))
                    break
        elif rules.farmers_hand == "five_card" and len(hidden) >= HAND_SIZE:
            weak = all(effective_suit(c, offered) != offered for c in live[seat]) and not any(
                c & 7 == ACE for c in live[seat]
            )
            if weak and choose([False, True], f"{who(seat)} calls a farmer's hand"):
                got = [
                    CARD[t]
                    for t in data.draw(
                        st.lists(
                            st.sampled_from([CARD_TEXT[c] for c in sorted(hidden)]),
                            min_size=HAND_SIZE,
                            max_size=HAND_SIZE,
                            unique=True,
                        ),
                        label="the cards taken",
                    )
                ]
                whole = tuple(live[seat])
                hidden[:] = [c for c in hidden if c not in got] + list(whole)
                live[seat] = sorted(got)
                seen = choose([False, True], "the cards taken are seen")
                do(FarmersHand(Seat(seat), whole, tuple(got) if seen else ()))
                break  # one farmer's hand per deal

    if _throw_in(data, state, live, offered, before_make=True, do=do):
        return actions
    if rules.blind_double_loner and choose([False] * 7 + [True], "a blind double loner"):
        do(BlindDoubleLoner(choose(list(range(4)), "declared by")))

    while state.phase == ROUND_ONE:
        seat = state.turn
        # Passing is listed three times: more hands reach round two.
        options = ["pass"] * 3 + ["order", "order alone"]
        if state.club_forced:
            options = ["order", "order alone"]  # the dealer takes up the club
        elif rules.canadian_loner and seat == partner_of(dealer):
            options = ["pass"] * 3 + ["order alone"]
        bid = choose(options, f"{who(seat)} bids")
        do(Pass(seat) if bid == "pass" else Order(seat, alone=bid == "order alone"))

    while state.phase == ROUND_TWO:
        seat = state.turn
        suits = [s for s in range(4) if s != offered]
        options = [] if seat == dealer and rules.stick_the_dealer else ["pass"] * 3
        options += [SUIT_LETTERS[s] + alone for s in suits for alone in ("", " alone")]
        bid = choose(options, f"{who(seat)} bids")
        if bid == "pass":
            do(Pass(seat))
        else:
            do(Call(seat, Suit(SUIT_LETTERS.index(bid[0])), alone=bid.endswith("alone")))
    if state.phase == OVER:
        return actions

    trump = state.trump
    may_defend = state.alone and rules.defend_alone and state.phase == DISCARD
    if defender_first is not None:
        defend_first = defender_first
    else:
        defend_first = may_defend and choose([False, True], "a defender goes first")
    if defend_first:
        _defend_alone(data, state, do)
    if state.phase == DISCARD:
        live[dealer].append(upcard)
        discard = _card(data, live[dealer], f"{who(dealer)} discards")
        live[dealer].remove(discard)
        seen = choose([True, False], "the discard is seen")
        do(Discard(dealer, discard if seen else None))
    if not defend_first:
        _defend_alone(data, state, do)

    if rules.partners_best:
        for seat in (state.maker if state.alone else -1, state.defender):
            if seat < 0 or not choose([False, True], f"{who(seat)} exchanges with the partner"):
                continue
            partner = partner_of(Seat(seat))
            given = _card(data, live[seat], f"{who(seat)} gives")
            back = _card(data, live[partner], f"{who(partner)} gives back")
            live[seat].remove(given)
            live[partner].remove(back)
            live[seat].append(back)
            live[partner].append(given)
            seen = choose([True, False], "the exchange is seen")
            do(PartnersBest(Seat(seat), given if seen else None, back if seen else None))

    if _throw_in(data, state, live, trump, before_make=False, do=do):
        return actions

    while state.phase == PLAY:
        seat = state.turn
        led = state.led if state.trick_pos else -1
        card = _card(data, legal_cards(live[seat], trump, led), f"{who(seat)} plays")
        live[seat].remove(card)
        do(Play(seat, card))
    return actions


def _defend_alone(data: st.DataObject, state: HandState, do: Any) -> None:
    if state.alone and state.rules.defend_alone and state.defender < 0:
        defenders = [s for s in range(4) if (s & 1) != (state.maker & 1)]
        seat = data.draw(st.sampled_from([None, *defenders]), label="defends alone")
        if seat is not None:
            do(DefendAlone(Seat(seat)))


def _throw_in(
    data: st.DataObject,
    state: HandState,
    live: list[list[Card]],
    trump: int,
    *,
    before_make: bool,
    do: Any,
) -> bool:
    """Maybe throw the hand in: a seat whose hand fits one of the table's throw-ins."""
    for name in state.rules.throw_ins:
        if (name == "no-ace-no-face") == before_make:
            continue  # "no ace, no face" is declared after trump is made, the others before
        for seat in range(4):
            cards = tuple(sorted(live[seat]))
            if not state.active(Seat(seat)) or len(cards) != HAND_SIZE:
                continue
            if throw_in_qualifies(name, cards, Suit(trump)) and data.draw(
                st.booleans(), label=f"{SEAT_LETTERS[seat]} throws in {name}"
            ):
                do(ThrowIn(Seat(seat), name, cards))
                return True
    return False
