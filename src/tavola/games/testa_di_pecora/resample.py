"""Determinization: re-deal every card a seat cannot see, consistent with all it has seen.

A seat sees its own hand (and savings, if it is the Heir) and every card played. The other
hands, the face-down Inheritance and another Heir's savings are re-dealt, keeping each hand's
size and every void that play has shown ("must play a noble from the same city, if they have
one": a player who did not follow has no card of that suit left). Future deals are re-seeded,
and the copy keeps no true past (no history, no log of the Heir's saved cards).

How close to uniform: with no void shown, every consistent deal is equally likely. With voids,
cards are placed one at a time, each to a slot drawn with weight proportional to its room among
the slots that accept it and keep a complete deal possible (Hall's condition), so every
consistent deal can be drawn, but not with exactly equal chances. Measured by
benchmarks/resample_uniformity.py on late-season states with voids (12 to 90 consistent deals,
20,000 draws each): total variation distance from uniform 0.009 to 0.055 (sampling noise alone:
0.009 to 0.025); the least likely deal came at 0.76 of the uniform chance, the most likely at 1.20.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import TYPE_CHECKING

from .deck import N_CARDS
from .rules import OVER, cards_of

if TYPE_CHECKING:
    from .rules import TestaGame

_ALL = (1 << N_CARDS) - 1


def voids(g: TestaGame) -> list[int]:
    """Per seat, the mask of suits it has shown it no longer holds this season."""
    out = [0] * g.n
    suit_mask_of = g.t.suit_mask_of
    plays = [(leader, cards) for leader, cards, _ in g.trades]
    if g.trick:
        plays.append((g.leader, tuple(g.trick)))
    for leader, cards in plays:
        lead = suit_mask_of[cards[0]]
        for i, c in enumerate(cards[1:], start=1):
            if not lead >> c & 1:
                out[(leader + i) % g.n] |= lead
    return out


Hall = list[tuple[tuple[int, ...], list[int]]]


def _hall_groups(accepts: list[list[bool]]) -> Hall:
    """Each set of suits some slot refuses, with the slots that accept any suit of it.

    Only these sets can break Hall's condition: a set with a suit every slot accepts may go to
    any slot, and the cards left always exactly fill the room left.
    """
    refused = [s for s in range(4) if not all(row[s] for row in accepts)]
    return [
        (group, [j for j, row in enumerate(accepts) if any(row[s] for s in group)])
        for k in range(1, len(refused) + 1)
        for group in combinations(refused, k)
    ]


def _feasible(supply: list[int], caps: list[int], groups: Hall) -> bool:
    """Hall's condition: every set of suits fits in the slots that accept any of them."""
    for group, slots in groups:
        if sum(supply[s] for s in group) > sum(caps[j] for j in slots):
            return False
    return True


def resample(g: TestaGame, seat: int, rng: random.Random) -> TestaGame:
    """A copy of ``g`` that ``seat`` cannot tell apart from it, hidden cards dealt at random."""
    g._query_seat(seat)
    h = g.clone()
    h._forget(rng)
    if g.phase == OVER:
        return h
    # Slots hold hidden cards: other hands, the Inheritance, another Heir's savings.
    void = voids(g)
    slots = [s for s in range(g.n) if s != seat]
    contents = [g.hands[s] for s in slots]
    allowed = [_ALL & ~void[s] for s in slots]
    slots += ["inherit"]
    contents.append(g.inherit)
    allowed.append(_ALL)
    if g.heir >= 0 and g.heir != seat:
        slots.append("savings")
        contents.append(g.savings)
        allowed.append(_ALL)
    caps = [m.bit_count() for m in contents]
    hidden = 0
    for m in contents:
        hidden |= m
    cards = cards_of(hidden)
    rng.shuffle(cards)
    new = [0] * len(slots)
    if all(a == _ALL for a in allowed):
        i = 0
        for j, cap in enumerate(caps):
            for c in cards[i : i + cap]:
                new[j] |= 1 << c
            i += cap
    else:
        suit_masks = g.t.suit_masks
        suit_of = g.deck.suit_of
        accepts = [[bool(a & suit_masks[s]) for s in range(4)] for a in allowed]
        groups = _hall_groups(accepts)
        supply = [0] * 4
        for c in cards:
            supply[suit_of[c]] += 1
        for c in cards:
            s = suit_of[c]
            supply[s] -= 1
            options = [j for j in range(len(slots)) if caps[j] and accepts[j][s]]
            # A random order weighted by room left (Efraimidis-Spirakis keys): with no voids
            # this is exactly a uniform deal.
            options.sort(key=lambda j: rng.random() ** (1.0 / caps[j]), reverse=True)
            for j in options:
                caps[j] -= 1
                if _feasible(supply, caps, groups):
                    new[j] |= 1 << c
                    break
                caps[j] += 1
            else:  # pragma: no cover - the true deal is always a feasible witness
                raise AssertionError("no consistent deal exists")
    for slot, m in zip(slots, new, strict=True):
        if slot == "inherit":
            h.inherit = m
        elif slot == "savings":
            h.savings = m
        else:
            h.hands[slot] = m
    if g.n == 4:
        h.side = h._pope_side()
    elif g.side:  # 5 players, after the savings: the Abbot's holder may have changed
        holder = h._holder(g.deck.abbot)
        h.partner = -1 if holder == h.heir else holder
        h.side = (h.heir,) if h.partner < 0 else (h.heir, h.partner)
    return h
