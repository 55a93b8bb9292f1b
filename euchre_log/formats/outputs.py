"""Pydantic models of the JSON the store commands print; ``schemas/`` is generated from them."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from . import names
from .models import (
    ActionModel,
    Card,
    ErrorModel,
    FlagModel,
    GameReport,
    HandResultModel,
    Seat,
    Suit,
    Team,
    TeamScore,
)

Players = dict[Literal["N", "E", "S", "W"], str]

PLAYER_FIELDS = names.PLAYER_FIELDS


class NewGameOut(BaseModel):
    """``euchre-log new --json``."""

    id: int


class GameListItem(BaseModel):
    """One game in ``euchre-log games --json``."""

    id: int
    date: str | None
    title: str | None
    players: Players
    score: TeamScore
    winner: Team | None
    hands: int
    status: Literal["in progress", "finished"]
    source: str = Field(
        description="recorded (entered here, and resumed by record) or imported (read from "
        "a file; record resumes it only when named)"
    )
    updated_at: str


class GamesOut(BaseModel):
    """``euchre-log games --json``."""

    games: list[GameListItem] = Field(
        description="The games listed, the most recent first: 30 unless --limit or --all."
    )
    total: int = Field(description="How many games match the filters in all.")


class Reopened(BaseModel):
    """A won game opened again for undo (``record --reopen``), as its record keeps it."""

    entry: int = Field(description="The journal entry that records it.")
    at: str = Field(description="When, as ISO 8601 time in UTC.")


class SummaryOut(GameReport):
    """``euchre-log summary --json``: a check-report game plus the game's facts."""

    id: int
    title: str | None
    date: str | None
    players: Players
    rules: dict[str, Any]
    status: Literal["in progress", "finished"]
    fingerprint: str = Field(
        description="The fingerprint of the game's record as it stands (its head hash, "
        "shortened): euchre-log verify GAME --fingerprint checks the record against it later."
    )
    last_entry: int = Field(description="The record's last entry, which the fingerprint covers.")
    reopened: list[Reopened] = Field(
        default_factory=list,
        description="Each time the game was reopened after it was won (record --reopen), so "
        "that undo could take back its entries.",
    )


class Imported(BaseModel):
    file: str
    id: int
    hands: int
    score: TeamScore


class Skipped(BaseModel):
    """A game that ``import`` did not store because the database already holds it."""

    file: str
    id: int = Field(description="The stored game that holds the same game.")
    hands: int


class Rejected(BaseModel):
    file: str
    error: ErrorModel


class ImportOut(BaseModel):
    """``euchre-log import --json``."""

    imported: list[Imported]
    skipped: list[Skipped] = Field(
        description="Games already held (the same players, rules, starting score and hands), "
        "not stored again (unless --allow-duplicates)."
    )
    rejected: list[Rejected]


class RecordLine(BaseModel):
    """One line of ``euchre-log record --json``: the answer to one input line, once stored."""

    line: int = Field(
        description="The input line number, from 1; line 0 is the state loaded before any input."
    )
    ok: bool
    game: int
    error: str | None = Field(
        default=None, description="Why the line was refused (nothing on it was stored)."
    )
    added: int | None = None
    undone: int | None = None
    flags: list[FlagModel] | None = None
    hand: int | None = None
    to_act: Literal["N", "E", "S", "W"] | None = None
    expected: str | None = None
    score: TeamScore | None = None
    winner: Team | None = None
    last_seq: int | None = None


class CallCounts(BaseModel):
    """A player's calls in one bidding round, trump suit or seat relative to the dealer."""

    calls: int = Field(description="Hands in which the player fixed trump.")
    made: int = Field(description="Calls where the makers took 3 or more tricks.")
    marches: int = Field(description="Calls where the makers took all 5 tricks.")
    euchred: int = Field(description="Calls where the makers took fewer than 3 tricks.")


class ReviewStats(BaseModel):
    """The open-hand review's counts for a player or a partnership, over the cached
    reviews of the hands of their games (hindsight: every card face up), and the fair
    review's accuracy over the fair reviews kept."""

    hands: int = Field(description="Analysed hands in those games.")
    plays: int = Field(description="Cards they played in the analysed hands.")
    choices: int = Field(description="Those plays with two or more legal cards.")
    tricks_given: int = Field(
        description="Tricks their cards gave away to the other side (the sum of each "
        "play's cost, as review --json gives it)."
    )
    accuracy: float | None = Field(
        description="100 x (choices that gave nothing away) / choices, to one decimal; "
        "null without choices."
    )
    makeable_not_made: int = Field(
        description="Hands they played for the makers (the maker, or the maker's partner "
        "unless the maker went alone; for a partnership, the hands the pair made trump) "
        "that best play from the first card made, but that were euchred."
    )
    avoidable_euchres: int = Field(
        description="Hands they played for the makers (as above) that were euchred, "
        "though par gives the makers 3 tricks or more in the trump they named (as dealt, "
        "nobody alone, the dealer's best discard): the cards did not doom the call; the "
        "play, the discard or going alone did."
    )
    fair_choices: int = Field(
        description="Their choices with a fair review kept (review works it out; stats "
        "reads the reviews of the default --samples 200 and works out none)."
    )
    fair_accuracy: float | None = Field(
        description="100 x (those choices that found a best card by what the player could "
        "see: a loss of at most 0.05 points) / fair_choices, to one decimal; null without "
        "such choices."
    )


class PlayerStats(BaseModel):
    """One player's counts over the games that match the filters."""

    name: str
    games: int = Field(description="Games the player sat in.")
    wins: int = Field(description="Those games their side won.")
    hands: int = Field(description="Hands dealt in the player's games, passed-out hands included.")
    calls: int = Field(
        description="Hands in which the player fixed trump (ordered up, assisted, took it "
        "up, or named a suit)."
    )
    made: int = Field(description="Calls where the makers took 3 or more tricks (marches too).")
    marches: int = Field(description="Calls where the makers took all 5 tricks.")
    euchred: int = Field(
        description="Calls where the makers took fewer than 3 tricks. A hand ended by an "
        "upheld renege call, or not yet finished, is a call but neither made nor euchred."
    )
    alone_calls: int = Field(description="Calls made alone.")
    alone_marches: int = Field(description="Lone calls that took all 5 tricks.")
    defended_alone: int = Field(description="Times the player defended alone.")
    euchres_as_defender: int = Field(
        description="Hands where the player's side defended and euchred the makers."
    )
    reneges: int = Field(description="Renege flags against the player.")
    points: int = Field(
        description="All points their side scored in the hands of their games, penalties "
        "included (a starting score is not)."
    )
    by_round: dict[Literal["1", "2"], CallCounts] = Field(
        description="Calls by bidding round: 1 (the upcard ordered up) or 2 (a suit named)."
    )
    by_trump: dict[Literal["C", "D", "H", "S"], CallCounts] = Field(
        description="Calls by trump suit."
    )
    by_seat: dict[
        Literal["dealer", "left_of_dealer", "dealer_partner", "right_of_dealer"], CallCounts
    ] = Field(description="Calls by the caller's seat relative to the dealer.")
    review: ReviewStats | None = Field(
        description="The open-hand review's counts for the player (null with --no-review)."
    )


class PartnershipStats(BaseModel):
    """Two players who sat as partners, whatever their seats."""

    players: list[str] = Field(min_length=2, max_length=2, description="The two names, sorted.")
    games: int = Field(description="Games they played as partners.")
    wins: int = Field(description="Those games they won.")
    hands: int = Field(description="Hands dealt in those games.")
    calls: int = Field(description="Hands in which either of them fixed trump.")
    made: int
    marches: int
    euchred: int
    points_for: int = Field(description="Points their side scored in those hands.")
    points_against: int = Field(description="Points the other side scored in those hands.")
    review: ReviewStats | None = Field(
        description="The open-hand review's counts for the pair, over the games they "
        "partnered (null with --no-review)."
    )


class StatsFilters(BaseModel):
    """The filters the stats were computed with."""

    player: str | None
    since: str | None = Field(description="Only games dated on or after this day.")
    games: list[int] = Field(description="Only these games (every game when empty).")


class ReviewCoverage(BaseModel):
    """How many of the hands that count the review's counts cover."""

    hands: int = Field(description="Hands dealt in the games that match the filters.")
    reviewed: int = Field(description="Those with a current review cached.")
    analysed: int = Field(
        description="Those the review could analyse (trump made, play finished, every "
        "card known, no renege)."
    )
    missing: int = Field(
        description="Hands without a current review: 0 once stats has computed them."
    )


class StatsOut(BaseModel):
    """``euchre-log stats --json``: player and partnership stats over the stored games."""

    filters: StatsFilters
    games: int = Field(description="Games that match the filters.")
    hands: int = Field(description="Hands dealt in those games.")
    players: list[PlayerStats]
    partnerships: list[PartnershipStats]
    review: ReviewCoverage | None = Field(
        description="The hands the open-hand review's counts cover (null with --no-review)."
    )


class RuleOptionOut(BaseModel):
    """One rule option in ``euchre-log rules --json``."""

    name: str
    value: Any
    default: Any
    accepted: str = Field(description="The accepted values, in words.")
    meaning: str
    source: str = Field(description="The seed documents the option comes from.")


class PresetOut(BaseModel):
    source: str
    options: dict[str, Any]


class RulesOut(BaseModel):
    """``euchre-log rules --json``: every option of a preset (or the defaults)."""

    preset: str | None
    options: list[RuleOptionOut]
    presets: dict[str, PresetOut]


# ---------------------------------------------------------------------------
# replay --json and explain --json


class PlayedCard(BaseModel):
    seat: Seat
    card: Card


class TrickOut(BaseModel):
    """One trick, as far as it was played."""

    number: int = Field(description="The trick's number, 1 to 5.")
    leader: Seat
    cards: list[PlayedCard] = Field(description="The cards in the order they were played.")
    winner: Seat | None = Field(description="Who took the trick; null while it is not complete.")


class DealtHand(BaseModel):
    """A seat's hand as dealt, when the record shows it."""

    cards: list[Card]
    how: Literal["dealt", "deduced"] = Field(
        description="dealt: the deal was recorded; deduced: worked out from the play once "
        "the seat had played all its cards."
    )
    unseen: int = Field(
        description="Cards dealt that nobody saw, not in cards: the dealer's unseen discard."
    )


class DiscardOut(BaseModel):
    """The dealer's discard after picking up the upcard."""

    card: Card | None
    how: Literal["recorded", "deduced", "unseen"] = Field(
        description="recorded: entered when it was made; deduced: the dealer never played "
        "it; unseen: nobody saw which card it was (card is null)."
    )


class ReplayHand(BaseModel):
    """One hand as it lay on the table."""

    result: HandResultModel = Field(
        description="The check report's verdict on the hand (check-report.schema.json)."
    )
    upcard: Card
    dealt: dict[Seat, DealtHand | None] = Field(
        description="Each seat's hand as dealt, when it was recorded or the play shows it."
    )
    discard: DiscardOut | None = Field(
        description="Null when the dealer did not pick up the upcard (or has not discarded yet)."
    )
    actions: list[ActionModel] = Field(
        description="Every entry of the hand in the order it was recorded, as in a euchre-log/1 file."
    )
    tricks: list[TrickOut]


class ReplayOut(BaseModel):
    """``euchre-log replay --json``: the game's hands (or the one of --hand), trick by trick."""

    id: int
    title: str | None
    date: str | None
    players: Players
    hands: list[ReplayHand]


class KnownCard(BaseModel):
    """A card the record shows a seat held, and how that is known."""

    card: Card
    how: Literal["dealt", "upcard", "played", "shown", "deduced"] = Field(
        description="dealt: in the recorded deal; upcard: the upcard, picked up by the dealer; "
        "played: played on a trick; shown: shown with a renege call; deduced: worked out "
        "from the play."
    )
    played_on: int | None = Field(description="The trick it was played on, 1 to 5.")
    discarded: bool = Field(description="The dealer discarded it.")


class ShowOut(BaseModel):
    """A suit a seat showed out of: the first trick it did, and the card played instead."""

    suit: Suit
    trick: int
    played: Card


class SeatCards(BaseModel):
    """Everything the record shows about one player's cards in the hand."""

    seat: Seat
    name: str
    active: bool = Field(description="False when the seat sat out (its partner went alone).")
    dealt: DealtHand | None = Field(description="The hand as dealt, when the record shows it.")
    cards: list[KnownCard] = Field(description="Every card the record shows the seat held.")
    showed_out: list[ShowOut] = Field(description="The suits the seat showed out of.")


class CallOut(BaseModel):
    """A renege call and its verdict, judged on everything the hand's record shows."""

    seat: Seat = Field(description="Who called the renege.")
    accused: Seat
    trick: int
    shown: list[Card] = Field(description="Cards the accused showed when the call was made.")
    status: Literal["pending", "upheld", "false"] = Field(
        description="upheld: the record proves the renege; false: the record shows the "
        "accused could not follow; pending: nothing recorded proves or disproves it yet (a "
        "later play may; the check report flags it unresolved_renege_call, with no penalty)."
    )
    action: int = Field(description="The call's place among the hand's actions, from 0.")
    decided_by: int | None = Field(
        description="The place of the action that settled it (the call itself, or a later "
        "play or call); null while it is pending."
    )
    penalised: bool = Field(description="True for the upheld call whose penalty the hand scores.")


class PenaltyOut(BaseModel):
    """A penalty the table agreed on."""

    seat: Seat
    team: Team
    points: int
    reason: str


class ExplainOut(BaseModel):
    """``euchre-log explain --json``: the dispute view of one hand."""

    id: int
    title: str | None
    date: str | None
    players: Players
    hand: int = Field(description="The hand's number, from 1.")
    hands: int = Field(description="How many hands the game has.")
    reneged: bool = Field(description="True when the record proves a renege in this hand.")
    result: HandResultModel = Field(
        description="The check report's verdict on the hand; its flags carry the proof of "
        "each renege (the card held, the card played instead, and how it is known)."
    )
    calls: list[CallOut]
    penalties: list[PenaltyOut]
    discard: DiscardOut | None
    seats: list[SeatCards] = Field(description="North, East, South and West, in that order.")


# ---------------------------------------------------------------------------
# verify --json and copy --json


class VerifyProblem(BaseModel):
    """One break in a game's record, or in the database's register of games."""

    game: int | None = Field(description="The game; null for the register of games itself.")
    kind: Literal["changed", "removed", "inserted", "reordered", "head", "header", "cache"] = Field(
        description="header: the game's rules, starting score, first dealer or players "
        "are not those its header sealed; cache: a cached result (hand, flag, the game's "
        "summary, its content hash, a cached review) is not what its record gives."
    )
    entry: int | None = Field(description="The journal entry's sequence number in the game.")
    hand: int | None
    action: int | None = Field(description="The entry's place among its hand's entries, from 1.")
    message: str


class VerifyRecord(BaseModel):
    """An intact game: how far its record goes, and its fingerprint."""

    game: int
    last_entry: int = Field(description="The record's last entry.")
    fingerprint: str = Field(description="The fingerprint of the record's head hash.")
    reopened: list[int] = Field(
        default_factory=list,
        description="The entries that record each time the game was reopened after it was "
        "won (record --reopen).",
    )


class VerifyFingerprint(BaseModel):
    """What ``verify GAME --fingerprint X`` found of the fingerprint."""

    game: int
    fingerprint: str = Field(description="The fingerprint checked, as written by euchre-log.")
    matched: Literal["entry", "seal"] | None = Field(
        description="entry: the record up to ``entry`` has it (later entries were added since); "
        "seal: an export of the game has it; null: no state of the record has it, or the "
        "state up to ``entry`` has it but entries of it were taken back since (``taken_back``)."
    )
    entry: int | None
    added_since: int | None = Field(description="Entries recorded after the matched one.")
    taken_back: list[int] = Field(
        default_factory=list,
        description="Entries at or before ``entry`` that an undo recorded since took back: "
        "the record no longer says what it said when the fingerprint was taken (exit code 1).",
    )
    last_entry: int


class VerifyOut(BaseModel):
    """``euchre-log verify --json``: every game's hash chain and caches, recomputed."""

    games: list[int] = Field(description="The games checked (and those found deleted).")
    intact: bool = Field(description="True when no problem was found.")
    problems: list[VerifyProblem]
    records: list[VerifyRecord] = Field(
        description="Each intact game's last entry and fingerprint."
    )
    fingerprint: VerifyFingerprint | None = Field(
        description="With --fingerprint: what the fingerprint matched (exit code 1 if nothing)."
    )


class CopiedGame(BaseModel):
    """What became of one source game."""

    status: Literal["copied", "skipped", "refused"]
    game: int = Field(description="The game's id in the source.")
    uid: str = Field(description="The game's identity, the same in every database.")
    title: str | None
    hands: int
    entries: int = Field(description="Journal entries, undos included.")
    target_game: int | None = Field(
        description="The game's id in the target (copied, or skipped: already there)."
    )
    reason: str | None = Field(description="Why it was skipped or refused.")


class CopyOut(BaseModel):
    """``euchre-log copy --json``."""

    model_config = ConfigDict(populate_by_name=True)

    from_: str = Field(alias="from", description="The source, its password masked.")
    to: str = Field(description="The target, its password masked.")
    copied: int
    skipped: int
    refused: int
    games: list[CopiedGame]


class ExportOut(BaseModel):
    """What ``euchre-log export GAME -o FILE --json`` wrote."""

    game: int | None = Field(description="The stored game exported, or null for a log file.")
    file: str | None = Field(description="The game log file exported (HTML only), or null.")
    format: Literal["json", "csv", "egn", "html"]
    output: str = Field(description="The file written.")
    bytes: int = Field(description="Its size in bytes (UTF-8).")
    sha256: str = Field(description="The SHA-256 of what was written, in hex.")
    fingerprint: str | None = Field(
        description="A stored game exported as JSON or EGN: the fingerprint of its seal "
        "(the log's head_hash), which euchre-log verify GAME --fingerprint accepts."
    )


# ---------------------------------------------------------------------------
# review --json (REVIEW.md: the euchre-log-review/1 document)

REVIEW_FORMAT = "euchre-log-review/1"

Tricks = Annotated[int, Field(ge=0, le=5)]


Points = Annotated[float, Field(description="Points, to 2 decimals (half away from zero).")]


class ReviewInfo(BaseModel):
    """The fair review of one card played (REVIEW.md, "What each player could see"):
    judged over the worlds of what its player could see, each way the unseen cards
    could lie, each played out open-handed from the next card on."""

    worlds: int = Field(ge=1, description="The number of worlds of the seat's view (exact).")
    exact: bool = Field(description="Whether every world was solved.")
    solved: int = Field(ge=1, description="How many worlds were solved (the sample's size).")
    ev: dict[Card, Points] = Field(
        description="Every legal card and its expected points (the mover's team's less "
        "the other team's), to 2 decimals."
    )
    best: list[Card] = Field(
        description="The legal cards whose ev is within 0.005 of the highest, sorted as the "
        "open-hand best is."
    )
    loss: Points = Field(ge=0, description="ev(best) - ev(played), to 2 decimals.")
    se: Points = Field(
        ge=0,
        description="The standard error of loss over the sample (0 when exact), to 2 decimals.",
    )
    label: Literal["inaccuracy", "mistake", "blunder"] | None = Field(
        description="inaccuracy from a loss of 0.2 points, mistake from 0.5, blunder from "
        "1.0; a sampled loss must clear the threshold by two standard errors."
    )


class ReviewPlay(BaseModel):
    """One card played, graded with every card face up, and by what its player could see."""

    trick: int = Field(ge=1, le=5, description="The trick it was played to, 1 to 5.")
    seat: Seat
    card: Card
    dd_before: Tricks = Field(
        description="The makers' tricks in the whole hand with best play from just before the card."
    )
    dd_after: Tricks = Field(
        description="The same just after it (a trick it completes counts for its winner)."
    )
    cost: Tricks = Field(
        description="The tricks the card gave the other side: dd_before - dd_after for a "
        "maker, dd_after - dd_before for a defender; never negative."
    )
    best: list[Card] = Field(
        description="Every legal card that keeps dd_before, by rank (the Benny, A K Q J T 9 "
        "8 7) then suit (C D H S)."
    )
    legal: int = Field(
        ge=1,
        description="How many cards the seat could legally play; 2 or more makes the play "
        "a choice (beyond REVIEW.md).",
    )
    mark: Literal["?", "??"] | None = Field(
        description="? a card that cost a trick without changing the hand's points; ?? one "
        "that changed them; null when it cost nothing (beyond REVIEW.md)."
    )
    info: ReviewInfo | None = Field(
        description="The fair review of the card; null when the hand has none (the hand's "
        "info_reason says why)."
    )


class BidOptionOut(BaseModel):
    """One call valued: its expected points for the bidder's team less the other's."""

    ev: Points
    se: Points = Field(ge=0, description="Its standard error (0 when exact).")


class ReviewBid(BaseModel):
    """One bid made, and every call the rules let the seat make at that moment, valued
    over worlds of its view before the bidding (its five cards and the upcard), everyone
    else then passing, nobody defending alone, the normal opening lead. A pass is not
    valued; sampled open-hand play is known to favour calling."""

    seat: Seat
    action: Literal["pass", "order", "call"]
    call: str | None = Field(
        description="The option the bid took (order, order_alone, H, H_alone...); null for "
        "a pass (beyond REVIEW.md)."
    )
    options: dict[str, BidOptionOut] = Field(
        description="Each call the seat could make (order, order_alone, or a suit and "
        "_alone: H, H_alone) and its expected points."
    )
    worlds: int = Field(ge=1, description="The worlds of the view (beyond REVIEW.md).")
    exact: bool = Field(description="Whether every world was solved (beyond REVIEW.md).")
    solved: int = Field(ge=1, description="How many were (beyond REVIEW.md).")


class LoneCall(BaseModel):
    """A lone hand: who goes alone, in which trump."""

    seat: Seat
    trump: Suit


class ReviewBestCall(BaseModel):
    """What par says one team's best call was (hindsight: nobody sees the other hands
    while bidding, and the bidding may not have offered that suit)."""

    trumps: list[Suit] = Field(
        description="The trump suits that give the team the most tricks as makers of an "
        "ordinary partnership hand (par)."
    )
    tricks: Tricks = Field(description="Those tricks.")
    points: TeamScore = Field(description="What making such a trump would score.")
    alone: list[LoneCall] = Field(
        description="The team's lone hands that take all five tricks with best play from "
        "the deal (the partner out, the opening lead by the rules, the dealer's best "
        "discard): when there is one, going alone is the best call."
    )
    alone_points: TeamScore | None = Field(
        description="What a lone march scores (null when there is none)."
    )


class ReviewClaim(BaseModel):
    """A claim that ended the hand: the cards before it are graded."""

    seat: Seat
    tricks: int = Field(description="The tricks claimed (scored for the claimer's side).")


class ReviewHand(BaseModel):
    """One hand's open-hand review. When analysed is false, reason says why and every
    other field is null."""

    number: int = Field(description="The hand's number in the game, from 1.")
    analysed: bool
    reason: str | None = Field(description="Why the hand is not analysed, in words.")
    trump: Suit | None
    maker: Seat | None
    alone: bool | None
    defender_alone: Seat | None
    tricks: Tricks | None = Field(description="The makers' tricks as played (and scored).")
    dd_tricks: Tricks | None = Field(
        description="The makers' tricks with best play from before the first card."
    )
    dd_points: TeamScore | None = Field(
        description="What dd_tricks would score under the game's rules, exactly as check "
        "scores a hand."
    )
    par: dict[Literal["C", "D", "H", "S"], TeamScore] | None = Field(
        description="By trump suit, each team's tricks with best play in an ordinary "
        "partnership hand from the hands as dealt, the opening lead left of the dealer (for "
        "the upcard's suit, the dealer picks it up and discards best). Null unless every "
        "dealt card is known, and for decks other than 24 cards."
    )
    plays: list[ReviewPlay] | None = Field(description="Every card played, in order.")
    best_calls: dict[Team, ReviewBestCall] | None = Field(
        description="What par says each team's best call was, beside the call made (trump, "
        "maker, alone); null without par (beyond REVIEW.md)."
    )
    called_best: bool | None = Field(
        description="Whether the call made is par's best for the makers: their lone march "
        "when there is one, else one of their best trumps without going alone, and no call "
        "at all when no trump gives them 3 tricks; null without par (beyond REVIEW.md)."
    )
    makers_could_make: bool | None = Field(
        description="Whether, at some moment of the play, best play from there gave the "
        "makers 3 tricks or more (beyond REVIEW.md)."
    )
    defenders_could_euchre: bool | None = Field(
        description="Whether, at some moment of the play, best play from there held the "
        "makers to 2 tricks or fewer (beyond REVIEW.md)."
    )
    claim: ReviewClaim | None = Field(
        description="The claim that ended the hand, if one did (beyond REVIEW.md)."
    )
    info_reason: str | None = Field(
        description="Why the plays have no fair review (info), in words; null when they have."
    )
    bids: list[ReviewBid] | None = Field(
        description="The fair review of each bid made, in order, when every seat's five "
        "dealt cards are known (a passed-out hand too)."
    )
    bids_reason: str | None = Field(
        description="Why the bids have no fair review, in words; null when they have."
    )


class ReviewPlayer(BaseModel):
    """One seat's play over a game's analysed hands."""

    name: str
    plays: int = Field(description="Cards played in the analysed hands.")
    choices: int = Field(description="Plays where the player had two or more legal cards.")
    cost_tricks: int = Field(description="The sum of the cost of their plays.")
    accuracy: float | None = Field(
        description="100 x (choices with cost 0) / choices, to one decimal; null without choices."
    )
    info_choices: int = Field(
        description="The plays with info (the fair review) and two or more legal cards."
    )
    info_loss: Points = Field(description="The sum of their loss, to 2 decimals.")
    info_accuracy: float | None = Field(
        description="100 x (those choices whose loss is at most 0.05) / info_choices, to one "
        "decimal: the share of choices that found a best card; null without choices."
    )


class ReviewGame(BaseModel):
    """One game's review: from a file (file) or from the database (game)."""

    file: str | None = Field(default=None, description="The file it was read from.")
    game: int | None = Field(default=None, description="The stored game's id.")
    title: str | None = Field(description="The game's title (beyond REVIEW.md).")
    hands: list[ReviewHand]
    players: dict[Seat, ReviewPlayer]


class ReviewRejected(BaseModel):
    """An input that could not be reviewed: a file that was rejected, or a game that is
    not stored (or has no such hand)."""

    file: str | None = None
    game: int | None = None
    error: ErrorModel


class ReviewOut(BaseModel):
    """``euchre-log review --json``: the euchre-log-review/1 document (REVIEW.md)."""

    format: Literal["euchre-log-review/1"]
    games: list[ReviewGame]
    rejected: list[ReviewRejected] = Field(
        description="The inputs that were rejected (the exit code is then 2; beyond REVIEW.md)."
    )
