"""The Renaissance Man (2006) heuristic: a hand-written policy that plays like a careful human.

It reads only the seat's view and the legal actions, and weighs everything in points. A CR card
in hand is worth about ``CARD_VALUE`` points, more for a kind the Challenges still in play ask
for often and for a kind an unseen Event matches, less as the game nears its end, nothing on
the last turn. Then:

- attempt: for each face-up Challenge, the cards to play are the ones that maximise
  ``P(success) * (points - value of the cards spent)`` (cards are lost only on a success), the
  odds exact from ``odds.py``; the best Challenge is attempted, with those cards, then a roll;
- turn: turn up a Challenge if the expected best attempt after it (the fresh card's +1, the
  chance of an Event and its contest) is worth more than a Creative Reserves card, else draw;
- Event: play as many matching cards as maximise ``P(highest total) * (points + benefit -
  cards spent) - P(another wins) * their gain``; the chance is exact (2d6 each, re-rolls of
  ties) given the cards already played and a rough guess of what the seats still to play add;
- declare: when leading by more than the others can plausibly make up in one turn each;
- on a last turn, points that take the lead count extra, and cards are spent freely.

The weights were tuned by simulation against random players and against itself.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from operator import mul
from typing import Any

from ...core.protocol import Action
from .cards import KINDS, MAX_POINTS, Cards, cards_by_key
from .odds import TWO_DICE, modifier, success_chance
from .rules import DECLARE_AT

K = len(KINDS)

CARD_VALUE = 0.5
"""Points a CR card in hand is worth early on: one card meeting a requirement turns a -2 into 0,
about +25% success on a Challenge of ~2 points, used once."""
CARD_VALUE_STEP = 0.05
"""Added to CARD_VALUE per player beyond four: with more players, more Events come up between
our turns and a card has more contests to serve in (by simulation: 0.6 is best at six players,
0.5 at two and four)."""
DEMAND_WEIGHT = 0.5
"""How far a kind's value follows its demand: the share of requirements of the Challenges still
in play (face up or unseen) naming it, over its share of the CR deck (1 = as often as dealt)."""
EVENT_HOLD = 0.1
"""Points added to a card's value for each unseen Event its kind matches (kept for contests)."""
PACE = 0.8
"""Points the leader gains in a round of turns, about: how long until someone reaches 10."""
STAGE_TURNS = 4.0
"""With fewer own turns than this left, cards lose value in proportion (they may go unused)."""
LATE_VALUE = 0.5
"""The share of its value a card keeps when the game is declared and one own turn is left."""
BONUS_PER_TURN = 0.3
"""Points a standing +1 to Challenge rolls brings per own turn left (+~13% on some attempts)."""
WAIVE_PER_TURN = 0.4
"""Points one waived requirement brings per own turn left (a -2 avoided or a card kept)."""
DENY = 1.0
"""How much an Event won by another seat costs us, as a share of its value split over the
others (1: in a two-player game, their gain is our loss)."""
OTHERS_PLAY = 0.5
"""The share of its likely matching cards a seat still to play at an Event is guessed to play."""
LEAD_BONUS = 4.0
"""On a last turn, points that take the lead (or tie it, half) are worth this much more."""
DECLARE_P = 0.55
"""Declare the last turn when the chance that nobody overtakes in one turn is at least this."""
MAX_EXTRA = 7
"""Extra matching cards beyond which a Challenge roll cannot improve (+5 already makes 7)."""
TURNS_CAP = 30.0
"""The most own turns left ever assumed (bounds card values early in long games)."""

_LOW, _HIGH = -7, 6
_CHANCE = tuple(success_chance(m) for m in range(_LOW, _HIGH + 1))
"""Success chance by modifier, from ``odds.py``: 0 at -6 and below, 1 at +5 and above."""


_SURE = 5
"""The modifier at which a Challenge roll cannot fail (2 + 5 = 7)."""
_TIE = 1e-9
"""Utilities closer than this are a tie: the option met first (fewer cards, a lower card
number) is kept, so float noise cannot flip a choice."""


def chance(mod: int) -> float:
    """The chance that 2d6 + ``mod`` reaches 7 (``odds.success_chance``, tabled).

    >>> chance(0), chance(1), chance(-9), chance(9)
    (0.5833333333333334, 0.7222222222222222, 0.0, 1.0)
    """
    return _CHANCE[min(max(mod, _LOW), _HIGH) - _LOW]


@dataclass(frozen=True)
class Deck:
    """Per-card-set lookups: card numbers by id, and each card's kinds."""

    c: Cards
    number: dict[str, int]
    kinds: tuple[tuple[int, ...], ...]  # the kinds a card requires (an Event: matches)
    supply: tuple[float, ...]  # each kind's share of the CR deck


@lru_cache(maxsize=8)
def deck_for(key: str) -> Deck:
    """The lookups for the card set named by a view's ``cards`` key."""
    c = cards_by_key(key)
    total = sum(c.reserve_counts)
    return Deck(
        c=c,
        number={cid: i for i, cid in enumerate(c.ids)},
        kinds=tuple(tuple(k for k in range(K) if need[k]) for need in c.needs),
        supply=tuple(n / total for n in c.reserve_counts),
    )


_C, _F, _G, _M, _W = KINDS


def counts(by_kind: dict[str, int]) -> list[int]:
    """A view's ``{"C": 1, ...}`` as a list in ``KINDS`` order."""
    return [by_kind[_C], by_kind[_F], by_kind[_G], by_kind[_M], by_kind[_W]]


# -- the table as this seat sees it ---------------------------------------------------------


@dataclass
class Seat:
    """What one decision needs, digested from the view."""

    d: Deck
    view: dict[str, Any]
    me: int
    n: int
    hand: list[int]
    scores: list[int]
    table: tuple[int, ...]
    unseen: tuple[int, ...]  # Challenge-deck cards not visible anywhere (the deck)
    reserve_unseen: list[int]  # per kind, CR cards this seat cannot place
    pool: int  # all of them
    final: str  # "no" (nobody declared), "later", "now" or "past": this seat's last turn
    turns_left: float  # own turns after this one, about
    value: list[float]  # per kind, points a card in hand is worth
    v_draw: float  # the expected value of the next CR card drawn
    bonus: int  # our standing Event benefits
    waive: int
    gain: Sequence[float]  # what gaining 0..MAX_POINTS points is worth (``gains``)

    @cached_property
    def shown(self) -> list[tuple[list[int], int]]:
        """Per seat, the cards of its hand that all have seen (by kind), and how many others."""
        out = []
        for known, size in zip(self.view["known"], self.view["hand_sizes"], strict=True):
            seen = counts(known)
            out.append((seen, max(0, size - sum(seen))))
        return out


def final_state(view: dict[str, Any], me: int, n: int) -> str:
    """Where this seat stands with respect to its last turn, once someone has declared.

    The declarer ``D`` declares at the end of a turn; the next ``n`` turns are the last, from
    ``D + 1`` round to ``D``, the final one being ``last_turn`` (numbered as ``turn``)."""
    declarer = view["declared"]
    if declarer is None:
        return "no"
    offset = (me - declarer) % n or n
    mine = view["last_turn"] - n + offset
    turn = view["turn"]
    if turn < mine:
        return "later"
    return "now" if turn == mine and view["current"] == me else "past"


@dataclass(frozen=True)
class Board:
    """The Challenges as every seat sees them, digested: shared by all views that show them."""

    table: tuple[int, ...]
    unseen: tuple[int, ...]  # Challenge-deck cards not visible anywhere (the deck)
    worth: tuple[float, ...]  # per kind, a card's value before the game's stage counts


@lru_cache(maxsize=1024)
def board(
    key: str,
    n: int,
    table_ids: tuple[str, ...],
    success: tuple[tuple[str, ...], ...],
    event: str | None,
) -> Board:
    """The unseen Challenges and each kind's worth, from what a view shows: the card set, the
    players, the face-up Challenges, the Success piles and the Event being contested."""
    d = deck_for(key)
    c = d.c
    num = d.number
    visible = {num[i] for i in table_ids}
    for pile in success:
        visible.update(num[i] for i in pile)
    if event is not None:
        visible.add(num[event])
    unseen = tuple(i for i in range(c.n_cards) if i not in visible)
    table = tuple(num[i] for i in table_ids)
    # Demand: requirements of the Challenges still to win, by kind; Events (all unseen) by kind.
    demand = [0] * K
    events = [0] * K
    for i in (*table, *unseen):
        if c.is_event[i]:
            for k in d.kinds[i]:
                events[k] += 1
        else:
            need = c.needs[i]
            for k in d.kinds[i]:
                demand[k] += need[k]
    total = sum(demand)
    base = CARD_VALUE + CARD_VALUE_STEP * max(0, n - 4)
    worth = []
    for k in range(K):
        ratio = demand[k] / total / d.supply[k] if total else 1.0
        v = base * (1.0 + DEMAND_WEIGHT * (ratio - 1.0)) + EVENT_HOLD * events[k]
        worth.append(max(0.0, v))
    return Board(table, unseen, tuple(worth))


def read(view: dict[str, Any]) -> Seat:
    """Digest the view: unseen Challenges, the value of each kind of card, the game's stage."""
    d = deck_for(view["cards"])
    me, n = view["seat"], view["players"]
    event = view["event"]
    b = board(
        view["cards"],
        n,
        tuple(view["table"]),
        tuple(map(tuple, view["success"])),
        None if event is None else event["card"],
    )
    scores = view["scores"]
    final = final_state(view, me, n)
    if final in ("now", "past"):
        turns_left = 0.0
    elif final == "later":
        turns_left = 1.0
    else:  # rounds until the leader can declare at PACE points a round, then the last round;
        # and no more than our share of the Challenges left to win
        turns_left = min(
            TURNS_CAP,
            max(0, DECLARE_AT - max(scores)) / PACE + 1.0,
            (len(b.unseen) + len(b.table)) / n,
        )
    if final in ("now", "past"):
        stage = 0.0
    elif final == "later":
        stage = LATE_VALUE
    else:
        stage = min(1.0, turns_left / STAGE_TURNS)
    value = []
    for w in b.worth:
        value.append(w * stage)
    reserve_unseen = counts(view["unseen"])
    pool = sum(reserve_unseen)
    mean = sum(map(mul, value, reserve_unseen)) / pool if pool else 0.0
    v_draw = mean if pool else sum(value) / K
    return Seat(
        d=d,
        view=view,
        me=me,
        n=n,
        hand=counts(view["hand"]),
        scores=list(scores),
        table=b.table,
        unseen=b.unseen,
        reserve_unseen=reserve_unseen,
        pool=pool,
        final=final,
        turns_left=turns_left,
        value=value,
        v_draw=v_draw,
        bonus=view["bonus"][me],
        waive=view["waive"][me],
        gain=gains(scores, me, final),
    )


_POINTS = tuple(float(p) for p in range(MAX_POINTS + 1))


def gains(scores: list[int], me: int, final: str) -> Sequence[float]:
    """What gaining 0..MAX_POINTS points is worth: the points, plus, once the game is declared,
    LEAD_BONUS for each step they take us up from behind to a tie (half) to the lead."""
    if final == "no":
        return _POINTS
    mine = scores[me]
    best = max(x for i, x in enumerate(scores) if i != me)

    def lead(score: int) -> float:
        return 1.0 if score > best else 0.5 if score == best else 0.0

    return [p + LEAD_BONUS * (lead(mine + p) - lead(mine)) for p in range(MAX_POINTS + 1)]


# -- attempts ---------------------------------------------------------------------------------


def plan(
    s: Seat, card: int, turned: bool, played: list[int] | None = None
) -> tuple[float, tuple[int, ...]]:
    """The best cards to add to an attempt at Challenge ``card``: (expected utility, cards
    to add by kind). ``played``: cards already committed to it.

    The answer depends only on the card and on this seat's cards of the kinds it requires, so
    it is memoised (``best_cards``): the same ones recur from turn to turn and over rollouts.
    """
    c = s.d.c
    hand, value = s.hand, s.value
    held = []
    for k in s.d.kinds[card]:
        held.append((k, hand[k], value[k], 0 if played is None else played[k]))
    return best_cards(
        c.needs[card], s.gain[c.points[card]], int(turned) + s.bonus, s.waive, tuple(held)
    )


@lru_cache(maxsize=1 << 14)
def best_cards(
    needs: tuple[int, ...],
    gain: float,
    base: int,
    waive: int,
    held: tuple[tuple[int, int, float, int], ...],
) -> tuple[float, tuple[int, ...]]:
    """``plan`` for a Challenge requiring ``needs`` and worth ``gain``, rolled with ``base``
    added (the fresh card's +1, the standing bonus) and ``waive`` requirements waived; ``held``
    is (kind, cards in hand, value of one, cards played) for each kind it requires.

    Utility is ``P(success) * (gain - value of every card played)``: cards come back on a
    failure. A card either meets a requirement (+2) or is an extra (+1); for each number of
    each, the cheapest cards are best (an extra of a kind whose requirement is still unmet
    counts as meeting it: better still), so only those pairs are rated, with ``odds.py``
    (``modifier``'s sum, kept up to date card by card).
    """
    meet: list[tuple[float, int]] = []  # (value, kind) of each card meeting a requirement
    extra: list[tuple[float, int]] = []  # and of each card beyond
    room = [0] * K  # per kind, the cards that still meet a requirement
    unmet = surplus = 0  # odds.shortfall of the cards played
    for k, count, v, have in held:
        if have:
            gain -= have * v
        short = needs[k] - have
        if short > 0:
            unmet += short
            if count > short:
                room[k] = short
                meet += [(v, k)] * short
                extra += [(v, k)] * (count - short)
            elif count:
                room[k] = count
                meet += [(v, k)] * count
        else:
            surplus -= short
            if count:
                extra += [(v, k)] * count
    if len(meet) > 1:
        meet.sort()
    if len(extra) > 1:
        extra.sort()
        del extra[MAX_EXTRA:]
    top, best_i, best_j = -1.0, 0, 0
    cost = 0.0
    n_extra = len(extra)
    for i in range(len(meet) + 1):
        if i:
            v, k = meet[i - 1]
            room[k] -= 1
            unmet -= 1
            cost += v
        left = room[:]
        spent, short, over = cost, unmet, surplus
        j = 0
        while True:
            mod = base - 2 * (short - waive if short > waive else 0) + over
            p = 1.0 if mod >= _SURE else _CHANCE[mod - _LOW] if mod > _LOW else 0.0
            u = p * (gain - spent)
            if u > top + _TIE:
                top, best_i, best_j = u, i, j
            if mod >= _SURE or j == n_extra:  # sure already (more cards only cost), or no more
                break
            v, k = extra[j]
            j += 1
            spent += v
            if left[k]:  # meets a requirement the cheaper cards left unmet
                left[k] -= 1
                short -= 1
            else:
                over += 1
    adds = [0] * K
    for _, k in (*meet[:best_i], *extra[:best_j]):
        adds[k] += 1
    return top, tuple(adds)


def best_attempt(s: Seat, turned: int) -> tuple[float, int]:
    """The best face-up Challenge to attempt now: (utility, card), card -1 if none is worth it
    (``turned``: the card turned up this turn, or -1)."""
    top, card = 0.0, -1
    for i in sorted(s.table):
        u, _ = plan(s, i, i == turned)
        if u > top + _TIE:
            top, card = u, i
    return top, card


# -- Events -----------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def contest(mods: tuple[int, ...]) -> tuple[float, ...]:
    """Each contender's chance to win an Event contest, contenders sorted by what they add.

    All roll 2d6 plus their modifier; those tied for the highest total roll again, with the
    same modifiers, until one is highest. For every set T of contenders, P(T is exactly the set
    tied on top) is summed over the top total; a tied set below all plays its own contest
    (recursively), the whole set again with the chance left.

    >>> [round(x, 4) for x in contest((0, 0))]
    [0.5, 0.5]
    >>> round(contest((0, 1))[1], 4)
    0.6237
    """
    n = len(mods)
    if n == 1:
        return (1.0,)
    low = min(mods)
    if low:
        return contest(tuple(m - low for m in mods))
    top_total = 12 + max(mods)
    tied = [0.0] * (1 << n)  # P(the set with this bit mask is exactly the tie on top)
    for v in range(2, top_total + 1):
        at = [TWO_DICE[v - m] / 36 if 0 <= v - m <= 12 else 0.0 for m in mods]
        below = [sum(TWO_DICE[: max(0, min(13, v - m))]) / 36 for m in mods]
        for mask in range(1, 1 << n):
            p = 1.0
            for i in range(n):
                p *= at[i] if mask >> i & 1 else below[i]
                if not p:
                    break
            tied[mask] += p
    full = (1 << n) - 1
    share = [0.0] * n
    for mask in range(1, full):
        p = tied[mask]
        if not p:
            continue
        members = [i for i in range(n) if mask >> i & 1]
        sub = contest(tuple(mods[i] for i in members))
        for j, i in enumerate(members):
            share[i] += p * sub[j]
    rest = 1.0 - tied[full]
    return tuple(x / rest for x in share)


@lru_cache(maxsize=4096)
def p_win_event(mine: int, others: tuple[int, ...]) -> tuple[float, float]:
    """(Our chance to win an Event contest, the others' in all), given what each adds to 2d6."""
    mods = sorted((mine, *others))
    by_mod = dict(zip(mods, contest(tuple(mods)), strict=True))
    return by_mod[mine], sum(by_mod[m] for m in others)


def matching_held(s: Seat, seat: int, kinds: tuple[int, ...]) -> float:
    """How many cards of ``kinds`` another seat likely holds: the ones all have seen, plus its
    unknown cards times the share of those kinds among the cards we cannot place."""
    known, unknown = s.shown[seat]
    seen = alike = 0
    for k in kinds:
        seen += known[k]
        alike += s.reserve_unseen[k]
    return seen + unknown * (alike / s.pool if s.pool else 0.0)


def benefit_value(s: Seat, card: int) -> float:
    """What an Event's benefit is worth to us in points (``recover``: the matching discards;
    the cards played to win it stay discarded)."""
    c = s.d.c
    what, amount = c.benefit[card], c.amount[card]
    if what == "draw":
        return amount * s.v_draw
    if what == "tribute":
        givers = 0
        for o, h in enumerate(s.view["hand_sizes"]):
            if o != s.me and h:
                givers += 1
        return min(amount, givers) * s.v_draw
    if what == "bonus":
        return amount * BONUS_PER_TURN * s.turns_left
    if what == "waive":
        return amount * WAIVE_PER_TURN * s.turns_left
    if what == "recover":
        discards = counts(s.view["reserve_discards"])
        return sum(discards[k] * s.value[k] for k in s.d.kinds[card])
    return 0.0


def event_plan(
    s: Seat, card: int, turner: int, played: list[list[int]] | None
) -> tuple[float, int]:
    """The best number of matching cards for us to have played to Event ``card`` in all:
    (utility, number). ``played``: each seat's cards played so far (None: nobody has played,
    we are first); seats after us in turn order (from ``turner``) are guessed.
    """
    c = s.d.c
    n, me = s.n, s.me
    kinds = s.d.kinds[card]
    own = [0] * K if played is None else played[me]
    committed = sum(own)
    mine_pos = (me - turner) % n
    guess = []
    for o in range(n):
        if o == me:
            continue
        mod = int(o == turner)
        if played is not None and (o - turner) % n < mine_pos:
            mod += sum(played[o])
        else:
            mod += int(OTHERS_PLAY * matching_held(s, o, kinds) + 0.5)
        guess.append(mod)
    others = tuple(guess)
    worth = s.gain[c.points[card]] + benefit_value(s, card)
    deny = DENY / (n - 1)
    # Cards we may add, cheapest first; what we committed is spent on a win either way.
    spare = []
    for k in kinds:
        spare += [s.value[k]] * s.hand[k]
    spare.sort()
    cost = sum(map(mul, own, s.value))
    best, best_k = -1e9, committed
    for extra in range(len(spare) + 1):
        if extra:
            cost += spare[extra - 1]
        p, theirs = p_win_event(committed + extra + int(me == turner), others)
        others_gain = theirs * worth * deny
        u = p * (worth - cost) - others_gain
        if u > best + _TIE:
            best, best_k = u, committed + extra
    return best, best_k


# -- turning up or drawing ------------------------------------------------------------------


def turn_up_value(s: Seat) -> float:
    """Expected utility of turning up a Challenge: over the unseen cards, the best attempt
    after it (the new card with its +1, or one already face up), plus an Event's contest."""
    if not s.unseen:
        return 0.0
    c = s.d.c
    existing, _ = best_attempt(s, -1)
    total = 0.0
    for i in s.unseen:
        if c.is_event[i]:
            u, _ = event_plan(s, i, s.me, None)
            total += u + existing
        else:
            u, _ = plan(s, i, True)
            total += max(u, existing)
    return total / len(s.unseen)


def choose_turn(s: Seat, legal: list[Action]) -> Action:
    """Draw a CR card, or turn up a Challenge (or, the deck empty, attempt one directly)."""
    by_kind = {a.kind: a for a in legal if a.kind != "draw"}
    draws = {dict(a.params)["deck"]: a for a in legal if a.kind == "draw"}
    reserve = draws.get("reserves")
    if "challenges" in draws:
        if reserve is None or turn_up_value(s) >= s.v_draw:
            return draws["challenges"]
        return reserve
    attempts = {dict(a.params)["challenge"]: a for a in legal if a.kind == "attempt"}
    if attempts:
        u, card = best_attempt(s, -1)
        ids = s.d.c.ids
        if card >= 0 and ids[card] in attempts and (reserve is None or u >= s.v_draw):
            return attempts[ids[card]]
    if reserve is not None:
        return reserve
    return by_kind.get("pass", legal[0])


def choose_pick(s: Seat, legal: list[Action]) -> Action:
    """Attempt the face-up Challenge with the best plan, or pass if none is worth anything."""
    turned = s.view["turned"]
    _, card = best_attempt(s, -1 if turned is None else s.d.number[turned])
    if card >= 0:
        cid = s.d.c.ids[card]
        for a in legal:
            if a.kind == "attempt" and dict(a.params)["challenge"] == cid:
                return a
    return next((a for a in legal if a.kind == "pass"), legal[0])


def choose_select(s: Seat, legal: list[Action]) -> Action:
    """Play the next card of the plan (recomputed from the cards committed so far), then roll."""
    attempt = s.view["attempt"]
    card = s.d.number[attempt["challenge"]]
    _, adds = plan(s, card, attempt["turned"], counts(attempt["played"]))
    return play_or(legal, adds, "roll")


def play_or(legal: list[Action], adds: Sequence[int], fallback: str) -> Action:
    """A legal play of a kind in ``adds`` (the one with most to add), else ``fallback``."""
    plays = {dict(a.params)["card"]: a for a in legal if a.kind == "play"}
    wanted = [(adds[k], -k) for k in range(K) if adds[k] and KINDS[k] in plays]
    if wanted:
        return plays[KINDS[-max(wanted)[1]]]
    return next((a for a in legal if a.kind == fallback), legal[-1])


def choose_event(s: Seat, legal: list[Action]) -> Action:
    """Play one more matching card while the plan wants more than we have played, else stand.
    The card played is the matching one worth least to us."""
    ev = s.view["event"]
    card = s.d.number[ev["card"]]
    played = [counts(p) for p in ev["played"]]
    _, want = event_plan(s, card, ev["turned_by"], played)
    if want > sum(played[s.me]):
        plays = {dict(a.params)["card"]: a for a in legal if a.kind == "play"}
        kinds = [k for k in s.d.kinds[card] if KINDS[k] in plays]
        if kinds:
            return plays[KINDS[min(kinds, key=lambda k: (s.value[k], k))]]
    return next((a for a in legal if a.kind == "stand"), legal[-1])


# -- declaring ------------------------------------------------------------------------------


def p_gain_at_least(s: Seat, o: int, need: int) -> float:
    """The chance, roughly, that seat ``o`` gains ``need`` points or more in one turn: it turns
    up a card and attempts the best Challenge worth enough, with the cards it likely holds."""
    if need <= 0:
        return 1.0
    c = s.d.c
    view = s.view
    bonus, waive = view["bonus"][o], view["waive"][o]
    held = [matching_held(s, o, (k,)) for k in range(K)]

    def p(i: int, turned: bool) -> float:
        if c.is_event[i] or c.points[i] < need:
            return 0.0
        needs = c.needs[i]
        cover = [min(needs[k], int(held[k] + 0.5)) for k in range(K)]
        return chance(modifier(needs, cover, turned, bonus, waive))

    table = max((p(i, False) for i in s.table), default=0.0)
    if not s.unseen:
        return table
    return sum(max(table, p(i, True)) for i in s.unseen) / len(s.unseen)


def choose_declare(s: Seat, legal: list[Action]) -> Action:
    """Declare when leading and the chance that no other seat overtakes us in its last turn
    (a tie counting half) is at least DECLARE_P."""
    mine = s.scores[s.me]
    keep = 1.0
    for o in range(s.n):
        if o == s.me:
            continue
        lead = mine - s.scores[o]
        if lead <= 0:
            keep = 0.0
            break
        keep *= 1.0 - (p_gain_at_least(s, o, lead) + p_gain_at_least(s, o, lead + 1)) / 2
    kind = "declare" if keep >= DECLARE_P else "pass"
    return next((a for a in legal if a.kind == kind), legal[-1])


def choose(view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
    """Pick one of ``legal`` for the seat whose ``view`` this is.

    Deterministic: it never draws from ``rng``, so the same view always gets the same answer.
    """
    if len(legal) == 1:
        return legal[0]
    s = read(view)
    phase = view["phase"]
    if phase == "turn":
        return choose_turn(s, legal)
    if phase == "pick":
        return choose_pick(s, legal)
    if phase == "select":
        return choose_select(s, legal)
    if phase == "event":
        return choose_event(s, legal)
    return choose_declare(s, legal)
