"""The Testa di Pecora heuristic: a hand-written policy that plays like a competent human.

It reads only the seat's view and the legal actions. Claim the Inheritance on a strong hand
(clerics weighted by rank, Princes, voids; a later offer or the dealer needs less); save the
two cards that bank the most ducats and void a city, never a cleric if avoidable; in play,
score every card by the chance that the trade ends with the seat's coalition, the ducats at
stake and what the card is still worth in hand (so it schmears onto a teammate's sure win,
wins cheaply, ducks with its cheapest card), and lead by role: the Heir (or the Pope's side)
draws clerics, the partner hides behind nobles, opponents cash Princes and lead short cities.
The weights below were tuned by simulation against random players and against itself.

Cards are numbers as in ``deck.py`` (0 = the Pope, lower = stronger in its suit); sets of
cards are int bitmasks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Any

from ...core.protocol import Action
from .deck import N_CARDS, Deck, deck_by_key
from .rules import cards_of

# What a cleric is worth when judging a hand, by rank (Pope first); a Prince counts too.
CLERIC_WEIGHT = (3.0, 3.0, 2.6, 2.6, 2.2, 2.2, 2.1, 2.0, 1.7, 1.6, 1.4, 1.3, 1.2, 1.1)
PRINCE_WEIGHT = 0.8
VOID_WEIGHT = 0.4
CLAIM_FIRST = 6.0  # the score the first seat offered needs to claim
CLAIM_STEP = 0.3  # each earlier pass lowers it by this much
DEALER_EASE = 0.5  # the dealer, offered last, claims a little lighter still
ALONE_EXTRA = 2.5  # holding the Abbot, the Heir plays alone: double stakes, no help
# Saving, in ducats: a city voided is worth VOID_BONUS, plus VOID_PER_CLERIC for each cleric
# left to use there (up to three); a cleric saved costs SAVE_CLERIC plus one per rank above
# the lowest; a noble kept under its city's Prince risks EXPOSED times its ducats.
VOID_BONUS = 6.0
VOID_PER_CLERIC = 4.0
SAVE_CLERIC = 25.0
EXPOSED = 0.75
# What a card kept in hand is worth, in ducats: a cleric KEEP_CLERIC plus KEEP_POWER times
# the share of unseen clerics it beats; the best noble of a city nobody has led yet; the
# partner's still-hidden Abbot a little more.
KEEP_CLERIC = 3.0
KEEP_POWER = 10.0
KEEP_BOSS_NOBLE = 3.0
KEEP_SECRET = 3.0
DRAW_WITH = 3  # the Heir leads clerics with this many, or with the best one left


@dataclass(frozen=True)
class Cards:
    """Per-deck lookups the policy uses, built once per deck."""

    number: dict[str, int]
    suit: tuple[int, ...]
    ducats: tuple[int, ...]
    suit_mask: tuple[int, ...]
    abbot: int
    all_mask: int


@lru_cache(maxsize=8)
def cards_for(key: str) -> Cards:
    """The lookups for the deck named by a view's ``deck`` key."""
    deck: Deck = deck_by_key(key)
    return Cards(
        number={cid: i for i, cid in enumerate(deck.ids)},
        suit=deck.suit_of,
        ducats=deck.ducats,
        suit_mask=deck.suit_masks,
        abbot=deck.abbot,
        all_mask=(1 << N_CARDS) - 1,
    )


def mask_of(cards: Cards, ids: list[str]) -> int:
    """The mask of the cards with these ids."""
    m = 0
    for cid in ids:
        m |= 1 << cards.number[cid]
    return m


def ducats_of(cards: Cards, m: int) -> int:
    """The ducats of the cards in mask ``m``."""
    return sum(cards.ducats[c] for c in cards_of(m))


def card_of(cards: Cards, action: Action) -> int:
    """The card a play or save action names."""
    return cards.number[str(dict(action.params)["card"])]


def choose(view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
    """Pick one of ``legal`` for the seat whose ``view`` this is.

    Deterministic: it never draws from ``rng``, so the same view always gets the same answer.
    """
    if len(legal) == 1:
        return legal[0]
    cards = cards_for(view["deck"])
    phase = view["phase"]
    if phase == "claim":
        return choose_claim(view, legal, cards)
    if phase == "save":
        return choose_save(view, legal, cards)
    return choose_play(view, legal, cards)


# -- claiming the Inheritance -------------------------------------------------------------------


def hand_strength(cards: Cards, hand: int) -> float:
    """Clerics weighted by rank, Princes, and cities without a card (free to use clerics)."""
    score = 0.0
    for c in cards_of(hand):
        if cards.suit[c] == 0:
            score += CLERIC_WEIGHT[min(c, len(CLERIC_WEIGHT) - 1)]
        elif c == top_card(cards, cards.suit[c]):
            score += PRINCE_WEIGHT
    score += VOID_WEIGHT * sum(1 for s in (1, 2, 3) if not hand & cards.suit_mask[s])
    return score


def top_card(cards: Cards, suit: int) -> int:
    """The strongest card number of ``suit`` (its Prince, for a city)."""
    m = cards.suit_mask[suit]
    return (m & -m).bit_length() - 1


def claim_threshold(view: dict[str, Any], alone: bool) -> float:
    """The later the offer, the less a hand needs; the dealer claims lighter still."""
    passes = len(view["inheritance"]["passed"])
    need = CLAIM_FIRST - CLAIM_STEP * passes
    if view["seat"] == view["dealer"]:
        need -= DEALER_EASE
    return need + (ALONE_EXTRA if alone else 0.0)


def choose_claim(view: dict[str, Any], legal: list[Action], cards: Cards) -> Action:
    """Claim when the hand's strength reaches the threshold for this seat and offer."""
    hand = mask_of(cards, view["hand"])
    alone = bool(hand >> cards.abbot & 1)
    want = hand_strength(cards, hand) >= claim_threshold(view, alone)
    kind = "claim" if want else "pass"
    return next((a for a in legal if a.kind == kind), legal[0])


# -- saving two cards ---------------------------------------------------------------


def save_value(cards: Cards, hand: int, pair: int) -> float:
    """Ducats banked, cities voided (worth more with clerics to spare), clerics kept, and
    valuable nobles not left behind unprotected."""
    rest = hand & ~pair
    value = float(ducats_of(cards, pair))
    trumps = (rest & cards.suit_mask[0]).bit_count()
    for s in (1, 2, 3):
        if hand & cards.suit_mask[s] and not rest & cards.suit_mask[s]:
            value += VOID_BONUS + VOID_PER_CLERIC * min(trumps, 3)
    for c in cards_of(rest & ~cards.suit_mask[0]):
        if c != top_card(cards, cards.suit[c]):
            value -= EXPOSED * cards.ducats[c]
    clerics = cards.suit_mask[0].bit_count()
    for c in cards_of(pair & cards.suit_mask[0]):
        value -= SAVE_CLERIC + (clerics - 1 - c)
    return value


def best_save(cards: Cards, hand: int) -> tuple[int, int]:
    """The best two cards of an eight-card hand to save (strongest-first card numbers)."""
    members = cards_of(hand)
    best: tuple[float, int, int] | None = None
    for i, a in enumerate(members):
        for b in members[i + 1 :]:
            v = save_value(cards, hand, 1 << a | 1 << b)
            if best is None or v > best[0]:
                best = (v, a, b)
    assert best is not None
    return best[1], best[2]


def choose_save(view: dict[str, Any], legal: list[Action], cards: Cards) -> Action:
    """Saving is two decisions: both come from one best pair over hand and savings."""
    hand = mask_of(cards, view["hand"])
    saved = mask_of(cards, view["savings"]["cards"] or [])
    pair = best_save(cards, hand | saved)
    by_card = {card_of(cards, a): a for a in legal}
    for c in pair:
        if c in by_card and not saved >> c & 1:
            return by_card[c]
    return legal[0]


# -- playing ------------------------------------------------------------------------------------


@dataclass
class Table:
    """What the seat knows in the play phase, digested from its view."""

    cards: Cards
    seat: int
    n: int
    hand: int
    unseen: int  # cards in other hands or in savings this seat cannot see
    trick: list[tuple[int, int]]  # (seat, card) of the current trade
    sizes: list[int]  # cards left in each hand
    voids: list[int]  # per seat, a mask of the suits it has shown it lacks
    friend: list[float]  # per seat, the chance it is on this seat's coalition
    led: list[int]  # how often each suit has been led this season
    role: str


def read_table(view: dict[str, Any], cards: Cards) -> Table:
    """Digest the view: cards unseen, suits each seat has shown it lacks, who is a friend."""
    seat, n = view["seat"], view["players"]
    hand = mask_of(cards, view["hand"])
    played = 0
    voids = [0] * n
    led = [0, 0, 0, 0]
    trades = [t["cards"] for t in view["trades"]]
    current = view["trade"]["cards"]
    for trade in [*trades, current]:
        if not trade:
            continue
        lead = cards.suit[cards.number[trade[0][1]]]
        led[lead] += 1
        for s, cid in trade:
            c = cards.number[cid]
            played |= 1 << c
            if cards.suit[c] != lead:
                voids[s] |= 1 << lead
    own_savings = mask_of(cards, view["savings"]["cards"] or [])
    unseen = cards.all_mask & ~(hand | played | own_savings)
    return Table(
        cards=cards,
        seat=seat,
        n=n,
        hand=hand,
        unseen=unseen,
        trick=[(s, cards.number[cid]) for s, cid in current],
        sizes=list(view["hand_sizes"]),
        voids=voids,
        friend=friend_chances(view),
        led=led,
        role=view["role"] or "opponent",
    )


def friend_chances(view: dict[str, Any]) -> list[float]:
    """Per seat, the chance it is on this seat's coalition, from what the view tells."""
    seat, n = view["seat"], view["players"]
    role = view["role"] or "opponent"
    coalition = view["coalition"]
    members = set(coalition["members"])
    on_side = role != "opponent"
    if coalition["complete"]:
        return [1.0 if (s in members) == on_side else 0.0 for s in range(n)]
    side = members | ({seat} if on_side else set())
    others = set(coalition["opponents"]) | (set() if on_side else {seat})
    unknown = [s for s in range(n) if s not in side and s not in others]
    side_left = max(2 - len(side), 0)  # a coalition is two seats unless someone is alone
    p_side = side_left / len(unknown) if unknown else 0.0
    out = []
    for s in range(n):
        if s in side:
            out.append(1.0 if on_side else 0.0)
        elif s in others:
            out.append(0.0 if on_side else 1.0)
        else:
            out.append(p_side if on_side else 1.0 - p_side)
    return out


def beats(cards: Cards, a: int, b: int, lead: int) -> bool:
    """Whether card ``a`` beats ``b``, the card winning a trade led in suit ``lead``."""
    sa, sb = cards.suit[a], cards.suit[b]
    if sa == 0:
        return sb != 0 or a < b
    return sa == lead and sb == lead and a < b


def winning(cards: Cards, trick: list[tuple[int, int]]) -> tuple[int, int]:
    """(seat, card) winning the trade so far."""
    lead = cards.suit[trick[0][1]]
    best = trick[0]
    for seat, c in trick[1:]:
        if beats(cards, c, best[1], lead):
            best = (seat, c)
    return best


def p_holds_any(pool: int, size: int, want: int) -> float:
    """Chance a hand of ``size`` cards dealt from ``pool`` cards holds one of ``want`` of them."""
    if want <= 0 or size <= 0:
        return 0.0
    if size > pool - want:
        return 1.0
    return 1.0 - comb(pool - want, size) / comb(pool, size)


def p_beats(t: Table, r: int, best: int, lead: int) -> float:
    """Chance seat ``r``, still to play, can beat ``best`` in a trade led in ``lead``."""
    cards = t.cards
    possible = t.unseen
    for s in range(4):
        if t.voids[r] >> s & 1:
            possible &= ~cards.suit_mask[s]
    pool, size = possible.bit_count(), t.sizes[r]
    trumps = possible & cards.suit_mask[0]
    if cards.suit[best] == 0:
        higher = (trumps & ((1 << best) - 1)).bit_count()
        if lead == 0:
            return p_holds_any(pool, size, higher)
        follow = (possible & cards.suit_mask[lead]).bit_count()
        p_void = 1.0 - p_holds_any(pool, size, follow)
        return p_void * p_holds_any(pool - follow, size, higher)
    follow_mask = possible & cards.suit_mask[lead]
    follow = follow_mask.bit_count()
    higher = (follow_mask & ((1 << best) - 1)).bit_count()
    p_void = 1.0 - p_holds_any(pool, size, follow)
    return p_holds_any(pool, size, higher) + p_void * p_holds_any(
        pool - follow, size, trumps.bit_count()
    )


def p_team_wins(t: Table, holder: int, best: int, lead: int, after: list[int]) -> float:
    """Chance the trade ends with this seat's coalition, ``holder`` winning it so far."""
    hold_enemy = hold_friend = 1.0
    for r in after:
        pb = p_beats(t, r, best, lead)
        hold_enemy *= 1.0 - (1.0 - t.friend[r]) * pb
        hold_friend *= 1.0 - t.friend[r] * pb
    f = t.friend[holder]
    return f * hold_enemy + (1.0 - f) * (1.0 - hold_friend)


def keep_value(t: Table, c: int) -> float:
    """What card ``c`` is still worth in hand: winning power, and the partner's secrecy."""
    cards = t.cards
    suit = cards.suit[c]
    if suit == 0:
        unseen_trumps = t.unseen & cards.suit_mask[0]
        above = (unseen_trumps & ((1 << c) - 1)).bit_count()
        total = unseen_trumps.bit_count()
        power = 1.0 if total == 0 else 1.0 - above / total
        value = KEEP_CLERIC + KEEP_POWER * power
        if c == cards.abbot and t.role == "partner" and t.hand.bit_count() > 2:
            value += KEEP_SECRET  # the partner does not reveal itself early
        return value
    higher_unseen = t.unseen & cards.suit_mask[suit] & ((1 << c) - 1)
    if not higher_unseen and t.led[suit] == 0:
        return KEEP_BOSS_NOBLE
    return 0.0


def after_me(t: Table) -> list[int]:
    """Seats still to play in the current trade after this one."""
    left = t.n - len(t.trick) - 1
    return [(t.seat + k) % t.n for k in range(1, left + 1)]


def follow_score(t: Table, c: int, lead: int, at_stake: float) -> float:
    """Expected ducats for the coalition from playing ``c`` now, less what ``c`` keeps."""
    cards = t.cards
    holder, best = winning(cards, t.trick)
    if beats(cards, c, best, lead):
        holder, best = t.seat, c
    p = p_team_wins(t, holder, best, lead, after_me(t))
    return (2.0 * p - 1.0) * (at_stake + cards.ducats[c]) - keep_value(t, c)


def choose_play(view: dict[str, Any], legal: list[Action], cards: Cards) -> Action:
    """Lead by the rules of ``choose_lead``; follow with the card of the best score."""
    t = read_table(view, cards)
    by_card = {card_of(cards, a): a for a in legal}
    if not t.trick:
        return by_card[choose_lead(t, list(by_card))]
    lead = cards.suit[t.trick[0][1]]
    unseen = t.unseen.bit_count()
    per_card = ducats_of(cards, t.unseen) / unseen if unseen else 0.0
    at_stake = sum(cards.ducats[c] for _, c in t.trick) + per_card * len(after_me(t))
    best = max(by_card, key=lambda c: (follow_score(t, c, lead, at_stake), c))
    return by_card[best]


# -- leading ------------------------------------------------------------------------------------


def is_boss(t: Table, c: int) -> bool:
    """Whether ``c`` is the strongest card of its suit not yet played (as far as we know)."""
    m = t.cards.suit_mask[t.cards.suit[c]]
    return not t.unseen & m & ((1 << c) - 1)


def choose_lead(t: Table, options: list[int]) -> int:
    """Open a trade: the Heir's side draws clerics, opponents cash Princes and lead cities."""
    cards = t.cards
    trumps = [c for c in options if cards.suit[c] == 0]
    nobles = [c for c in options if cards.suit[c] != 0]
    if not nobles:
        return lead_trump(t, trumps)
    # The Heir (or the Pope's side) draws clerics; the partner keeps quiet and leads cities.
    out = t.unseen & cards.suit_mask[0]
    drawing = bool(trumps and out) and t.role not in ("opponent", "partner")
    if drawing and (is_boss(t, trumps[0]) or len(trumps) >= DRAW_WITH):
        return lead_trump(t, trumps)
    cashable = [c for c in nobles if is_boss(t, c) and t.led[cards.suit[c]] == 0]
    if cashable:
        return max(cashable, key=lambda c: cards.ducats[c])
    return lead_city(t, nobles)


def lead_trump(t: Table, trumps: list[int]) -> int:
    """A boss cleric if there is one; else the lowest, sparing ducats and a hidden Abbot."""
    if is_boss(t, trumps[0]) and t.role != "partner":
        return trumps[0]
    cards = t.cards

    def cost(c: int) -> tuple[int, int, int]:
        hide = 1 if c == cards.abbot and t.role == "partner" else 0
        return (hide, cards.ducats[c], -c)

    return min(trumps, key=cost)


def lead_city(t: Table, nobles: list[int]) -> int:
    """The cheapest noble, from the shortest city, one led least often so far."""
    cards = t.cards

    def cost(c: int) -> tuple[int, int, int, int]:
        suit = cards.suit[c]
        length = (t.hand & cards.suit_mask[suit]).bit_count()
        return (cards.ducats[c], length, t.led[suit], -c)

    return min(nobles, key=cost)
