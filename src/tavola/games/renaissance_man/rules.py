"""Renaissance Man (Rubbo, 2013): the state and its transitions, in plain lists of ints for speed.

Cards are numbered as in :class:`~.cards.Cards` (0..95). A structure is a list of 15 slots,
level one first (slots 0-4), then level two (5-8), three (9-11), four (12-13) and the Master
(14); a slot holds -1 (empty), a card number (face up), ``DOWN + card`` (a face-down
Renaissance Man) or ``FOUND + type`` (a Foundation card). Every rule here is quoted in
docs/rules/renaissance-man.md with the decisions [Dn] it takes where the rulebook is unclear.
Each transition appends a raw event tuple to ``log`` (events.py says who sees what).

Every simultaneous choice goes through :class:`~tavola.core.commit.Commitments`: the Foundation,
each action (worker removals, action type, card, and what the action needs), the placing of
generated Renaissance Men, and the discards. Nothing of it is applied before all are in.

On the hot paths (legal steps, acting, the round's transitions) lists are built by loops, not
comprehensions (docs/design.md, performance rules: faster on Python 3.11).
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Collection, Hashable, Sequence
from functools import lru_cache
from typing import Any

from ...core.commit import Commitments
from ...core.events import Event
from ...core.protocol import Action, ActionCatalog, Game, GameResult, WorldPolicy
from ...core.rng import shuffle, stream
from .cards import CARDS, PAIRS, RM, SYMBOLS, WILD, WORKER_NAMES, Cards

HAND = 4
"""'The Dealer deals 4 cards to each player from the main deck.'"""
KNIGHTS = 4
"""'4 Wooden Knights of the player's color'"""
MAX_STORED = 4
"""'A player may not have more than 4 tokens (of any types) stored at any time'"""
ROUND_LIMIT = 40
"""[D13] The default safety cap on rounds."""
SOLO_CARDS = 10
"""'(10, for example)': the easier and tougher one-player variants' number of cards."""
VARIANTS = ("standard", "easier", "tougher")
HIRE, TEACH, BARTER, RECRUIT = range(4)
"""Action types, by the icon that gives them: coin, book, bread, shield."""
ALL_KINDS = 0b1111
"""Every action type, as a bitmask (bit ``k`` for type ``k``)."""
PAIR_MASKS = tuple(1 << a | 1 << b for a, b in PAIRS)
"""The two faces of each token pair, as a bitmask."""
ACTION_NAMES = ("hire", "teach", "barter", "recruit")
SLOTS = 15
LEVEL = (1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5)
OFFSET = (0, 5, 9, 12, 14)
DOWN = 1000
FOUND = 2000
MASTER = 14

FOUNDATION, ACTION, PLACE_RM, RESOLVE, DISCARD, OVER = range(6)
PHASES = ("foundation", "action", "place", "recruit", "discard", "over")
SHUFFLE, DEALER, ASIDE = 1, 2, 3  # sub-streams of the seed
END_REASONS = ("master", "round-limit", "deck-out")


def _supports(p: int) -> tuple[int, int]:
    level = LEVEL[p]
    i = p - OFFSET[level - 1]
    base = OFFSET[level - 2]
    return base + i, base + i + 1


def _above(p: int) -> tuple[int, ...]:
    level = LEVEL[p]
    if level == 5:
        return ()
    i = p - OFFSET[level - 1]
    size = 6 - (level + 1)
    base = OFFSET[level]
    return tuple(base + j for j in (i - 1, i) if 0 <= j < size)


def corners(left: int, right: int) -> int:
    """Every (left icon, right icon) pair of two icon bitmasks, as one bitmask (bit 4i + j).

    A worker fits above two others when its needs and their offers share a pair: with both
    as corners(), one ``&`` tells it, for one slot or for all open slots at once."""
    return sum(1 << (4 * i + j) for i in range(4) for j in range(4) if left >> i & right >> j & 1)


CLOCKWISE = tuple(
    tuple(tuple((d + 1 + i) % n for i in range(n)) for d in range(n)) for n in range(5)
)
"""CLOCKWISE[players][dealer]: the seats from the Dealer's left, Dealer last."""
CORNERS = tuple(corners(a, b) for a in range(16) for b in range(16))
"""corners(a, b) at index 16a + b."""
SUPPORTS = tuple(_supports(p) if p >= 5 else (-1, -1) for p in range(SLOTS))
ABOVE = tuple(_above(p) for p in range(SLOTS))
LEVEL_SLOTS = tuple(tuple(p for p in range(SLOTS) if LEVEL[p] == k) for k in range(6))
LEVEL_MASKS = tuple(sum(1 << p for p in slots) for slots in LEVEL_SLOTS)


def occupancy(st: list[int]) -> int:
    """The filled slots of a structure, as a bitmask (bit ``p``)."""
    return sum(1 << p for p, x in enumerate(st) if x >= 0)


Shape = tuple[tuple[tuple[int, int, int], ...], tuple[tuple[int, ...], ...], tuple[int, ...]]
_SHAPES: dict[int, Shape] = {}
Info = tuple[int, tuple[int, ...], tuple[int, ...]]


def shape(occ: int) -> Shape:
    """What a structure's occupancy alone decides, computed once per occupancy: the open slots
    (empty, both supports filled) with their supports, per level the uncovered filled slots,
    and the action codes of the removals allowed. 'At any time during the game, players may
    freely discard unwanted, uncovered workers from their structures, of Level 2 or higher.'"""
    found = _SHAPES.get(occ)
    if found is not None:
        return found

    def filled(p: int) -> bool:
        return bool(occ >> p & 1)

    def uncovered(p: int) -> bool:
        return filled(p) and not any(filled(q) for q in ABOVE[p])

    opens = tuple(
        (p, *SUPPORTS[p])
        for p in range(5, SLOTS)
        if not filled(p) and all(filled(q) for q in SUPPORTS[p])
    )
    by_level = tuple(tuple(p for p in LEVEL_SLOTS[k] if uncovered(p)) for k in range(6))
    removals = tuple(REMOVE_BASE + p for p in range(5, SLOTS) if uncovered(p))
    _SHAPES[occ] = found = (opens, by_level, removals)
    return found


def slot_name(p: int) -> str:
    """'2.1': level two, first slot from the left."""
    return f"{LEVEL[p]}.{p - OFFSET[LEVEL[p] - 1] + 1}"


ORDINALS = ("first", "second", "third", "fourth", "fifth")


def place_words(name: str) -> str:
    """A place of a pyramid in the rulebook's words, by its name (slot_name): '2.3' is 'level 2,
    third from the left', '5.1' 'level 5 (the Master)'. Moves and sentences say places so.

    >>> place_words("2.3"), place_words("1.1"), place_words("5.1")
    ('level 2, third from the left', 'level 1, first from the left', 'level 5 (the Master)')
    """
    level, index = name.split(".")
    if level == "5":
        return "level 5 (the Master)"
    return f"level {level}, {ORDINALS[int(index) - 1]} from the left"


# Raw event kinds (the first item of each ``log`` tuple).
(
    EV_BOARD,
    EV_STEP,
    EV_READY,
    EV_FOUNDATION,
    EV_DEAL,
    EV_ROUND,
    EV_PHASE,
    EV_REVEAL,
    EV_REMOVE,
    EV_HIRE,
    EV_TOKEN,
    EV_SPEND,
    EV_DROP,
    EV_KNIGHT,
    EV_RM_MADE,
    EV_RM_PLACED,
    EV_FLIP,
    EV_RESOLVE,
    EV_TAKE,
    EV_DISCARD,
    EV_REFILL,
    EV_DRAW,
    EV_SHUFFLE,
    EV_SUPPLY_OUT,
    EV_END,
    EV_ASIDE,
    EV_NO_CARD,
) = range(27)

# Action codes.
READY, PASS, TO_HAND, DONE = range(4)
ACT_BASE = 4  # + action type (4)
FOUND_BASE = 8  # + worker type (5)
PLACE_BASE = 13 - 5  # + slot 5..14
REMOVE_BASE = 23 - 5  # + slot 5..14
TOKEN_BASE = 33  # + pair (6)
DROP_BASE = 39  # + face (4)
KNIGHT_BASE = 43  # + area (4)
CARD_BASE = 47  # + card
_NOBODY: frozenset[int] = frozenset()
_SEATS = tuple(frozenset((s,)) for s in range(4))


def _removals(steps: Sequence[int], tail: int) -> Sequence[int]:
    """The slots an action commitment removes, its last ``tail`` steps left out."""
    n = len(steps) - tail
    if not n:
        return ()
    out = []
    for x in steps[:n]:
        out.append(x - REMOVE_BASE)
    return out


class Lost(Exception):
    """The one-player game is lost: a draw needs a reshuffle (raised out of a transition)."""


class Tables:
    """What games with one card set share: the action catalog and per-card lookups."""

    def __init__(self, c: Cards) -> None:
        self.cards = c
        n = c.n_cards
        self.discard_base = CARD_BASE + n
        size = FOUND + 5
        typ = [RM] * size
        nl = [WILD] * size
        nr = [WILD] * size
        ol = [WILD] * size
        orr = [WILD] * size
        for i in range(n):
            typ[i] = c.typ[i]
            if c.need[i] is not None:
                nl[i], nr[i] = 1 << c.need[i][0], 1 << c.need[i][1]
                ol[i], orr[i] = 1 << c.offer[i][0], 1 << c.offer[i][1]
        for t in range(5):  # Foundation workers offer their own icon on both corners
            typ[FOUND + t] = t
            if t < RM:
                ol[FOUND + t] = orr[FOUND + t] = 1 << t
        self.typ, self.ol, self.orr = typ, ol, orr
        self.bits = [1 << x for x in typ]
        """Per card, its type as a bitmask (a Renaissance Man's bit 4 meets no action's mask)."""
        self.takes = [corners(a, b) for a, b in zip(nl, nr, strict=True)]
        """Per card, the (left, right) offers its needs match, as a bitmask of corners()."""
        acts = [
            Action(READY, "ready", None, "Ready"),
            Action(PASS, "pass", None, "Take no action"),
            Action(TO_HAND, "hand", None, "Take the recruit into my hand"),
            Action(DONE, "done", None, "Keep the rest"),
        ]
        acts += [
            Action(ACT_BASE + t, "act", {"type": ACTION_NAMES[t]}, ACTION_NAMES[t].capitalize())
            for t in range(4)
        ]
        acts += [
            Action(
                FOUND_BASE + t,
                "foundation",
                {"worker": WORKER_NAMES[t].lower()[:11]},
                f"Next: {WORKER_NAMES[t]}",
            )
            for t in range(5)
        ]
        acts += [
            Action(
                PLACE_BASE + p,
                "place",
                {"slot": slot_name(p)},
                f"Place on {place_words(slot_name(p))}",
            )
            for p in range(5, SLOTS)
        ]
        acts += [
            Action(
                REMOVE_BASE + p,
                "remove",
                {"slot": slot_name(p)},
                f"Remove the worker on {place_words(slot_name(p))}",
            )
            for p in range(5, SLOTS)
        ]
        acts += [
            Action(
                TOKEN_BASE + j,
                "token",
                {"faces": f"{SYMBOLS[a]}/{SYMBOLS[b]}"},
                f"Take a {SYMBOLS[a]}/{SYMBOLS[b]} token (your card's icon face up)",
            )
            for j, (a, b) in enumerate(PAIRS)
        ]
        acts += [
            Action(DROP_BASE + f, "drop", {"token": SYMBOLS[f]}, f"Drop a {SYMBOLS[f]} token")
            for f in range(4)
        ]
        acts += [
            Action(
                KNIGHT_BASE + a,
                "knight",
                {"from": SYMBOLS[a]},
                f"Move my knight from the {SYMBOLS[a]} area",
            )
            for a in range(4)
        ]
        names = c.names  # unique: a worker type and its count ("Baker #15"), as the cards show
        acts += [
            Action(CARD_BASE + i, "card", {"card": c.ids[i]}, f"Use {names[c.ids[i]]}")
            for i in range(n)
        ]
        acts += [
            Action(
                self.discard_base + i, "discard", {"card": c.ids[i]}, f"Discard {names[c.ids[i]]}"
            )
            for i in range(n)
        ]
        aliases: dict[int, tuple[str, ...]] = {READY: ("r", "ok", "reveal"), PASS: ("p", "no")}
        for p in range(5, SLOTS):  # the earlier labels name them too
            aliases[PLACE_BASE + p] = (f"Place at {slot_name(p)}",)
            aliases[REMOVE_BASE + p] = (f"Remove {slot_name(p)}",)
        for a in range(4):
            aliases[KNIGHT_BASE + a] = (f"Move my knight from {SYMBOLS[a]}",)
        for j, (a, b) in enumerate(PAIRS):
            aliases[TOKEN_BASE + j] = (f"Token {SYMBOLS[a]}/{SYMBOLS[b]}",)
        for i in range(n):  # and the card names without '#' ("Use Baker 15")
            old = names[c.ids[i]].replace("#", "")
            aliases[CARD_BASE + i] = (f"Use {old}",)
            aliases[self.discard_base + i] = (f"Discard {old}",)
        self.catalog = ActionCatalog(acts, aliases)
        self.actions = self.catalog.actions
        self.events: dict[tuple[Any, ...], Event] = {}


@lru_cache(maxsize=32)
def tables_for(c: Cards) -> Tables:
    return Tables(c)


class RenaissanceMan(Game):
    """A game of Renaissance Man (Rubbo, 2013) for 1 to 4 players."""

    __slots__ = (
        "_infos",
        "_memo",
        "area",
        "aside",
        "board",
        "c",
        "commits",
        "dealer",
        "deck",
        "disc_pub",
        "disc_sec",
        "easier_used",
        "ended",
        "hands",
        "known",
        "last",
        "level",
        "occ",
        "opp",
        "pending",
        "phase",
        "pool",
        "rcard",
        "recruits",
        "rm",
        "round",
        "round_limit",
        "rseat",
        "shown",
        "shuffles",
        "solo_cards",
        "st",
        "stored",
        "supply",
        "t",
        "winners",
    )

    def __init__(self, players: int, seed: int, variant: str, options: dict[str, Any]) -> None:
        self._start(players, seed, variant, options)
        self.c = c = CARDS.load(options["cards"])
        self.t = tables_for(c)
        self.catalog = self.t.catalog
        self.round_limit = options["round_limit"]
        self.solo_cards = options["solo_cards"]
        dealer = options["dealer"]
        if dealer is None:  # [D1] the Dealer is drawn from the seed (alone, one is Dealer)
            dealer = stream(seed, DEALER).randrange(players) if players > 1 else 0
        self.dealer = dealer
        self.shuffles = 0
        self.round = 0
        self.level = 0
        self.area = 0
        self.rseat = self.rcard = -1
        self.ended = -1
        self.winners: tuple[int, ...] = ()
        self.easier_used = False
        self.aside = 0
        self.shown: list[int] = []
        self.last: list[list[int]] = [[-1] * players, [0] * players]
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.known: list[list[int]] = [[] for _ in range(players)]
        self.st = [[-1] * SLOTS for _ in range(players)]
        self.occ = [0] * players  # occupancy() of each structure, kept with it by set_slot()
        self._infos: list[Info | None] = [None] * players  # _info() cache; set_slot() clears
        self.stored: list[list[int]] = [[] for _ in range(players)]
        self.rm: list[list[int]] = [[] for _ in range(players)]
        self.board = [[0] * players for _ in range(4)]
        self.opp = [0] * 4
        self.pending = [-1] * players
        self.supply = list(c.tokens)
        self.disc_pub: list[int] = []
        self.disc_sec: list[tuple[int, int]] = []
        # [D24] the easier one-player game's reshuffle: the cards all saw go into the pile
        # before it (each is now in the deck or still in the pile)
        self.pool: tuple[int, ...] = ()
        # "Shuffles the 96 game cards."
        self.deck = list(range(c.n_cards))
        self._shuffle(self.deck)
        if players == 1 and variant == "tougher":
            # "For a tougher game, randomly discard a number of cards (10, for example)
            # face-down from the deck before the game begins."
            for _ in range(min(self.solo_cards, len(self.deck) - 8)):
                self.disc_sec.append((-1, self.deck.pop()))
                self.aside += 1
            self.log.append((EV_ASIDE, self.aside))
        # "Deals 1 card face-up onto each slot of the Recruit board."
        self.recruits = [self.deck.pop() for _ in range(4)]
        self.log.append((EV_BOARD, dealer, tuple(self.recruits)))
        self.commits = Commitments()
        # (seat, legal codes) as legal_actions last gave them; cleared by any act or step
        self._memo: tuple[int, list[int]] | None = None
        self.phase = FOUNDATION
        self.commits.open(range(players))

    # -- the protocol ------------------------------------------------------------------

    @property
    def to_act(self) -> frozenset[int]:
        phase = self.phase
        if phase == OVER:
            return _NOBODY
        if phase == RESOLVE:
            return _SEATS[self.rseat]
        return self.commits.waiting

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def at_limit(self) -> bool:
        return self.phase == OVER and END_REASONS[self.ended] == "round-limit"

    def scores(self) -> list[int]:
        """Workers in each structure, and one more for a winner (so 16 is a win)."""
        out = [sum(1 for x in st if x >= 0) for st in self.st]
        for s in self.winners:
            out[s] += 1
        return out

    @property
    def result(self) -> GameResult | None:
        if self.phase != OVER:
            return None
        if self.players == 1:  # the one-player game is won or lost: a loss has no winner
            return GameResult(tuple(self.scores()), tuple(self.winners), (1,))
        return GameResult.from_scores(self.scores())

    def legal_actions(self, seat: int) -> list[Action]:
        codes = self._legal_codes(seat)
        if codes is None:
            self._query_seat(seat)
            return []
        self._memo = (seat, codes)  # the act that follows checks against this list
        a = self.t.actions
        out = []
        for code in codes:
            out.append(a[code])
        return out

    def _legal_codes(self, seat: int) -> list[int] | None:
        """The codes of ``seat``'s legal actions; None if it may not act now (``seat in
        self.to_act``, asked without building the set)."""
        phase = self.phase
        if seat.__class__ is not int:
            return None
        if phase == RESOLVE:
            if seat != self.rseat:
                return None
        elif seat not in self.commits.waiting:  # empty when the game is over
            return None
        if phase == ACTION:  # the phases by how often they are asked
            return self._action_codes(seat, self.commits.steps[seat])
        if phase == DISCARD:
            steps = self.commits.steps[seat]
            if steps and steps[-1] == DONE:
                return [READY]
            base = self.t.discard_base
            out = []
            for c in self.hands[seat]:
                if base + c not in steps:
                    out.append(base + c)
            out.append(DONE)
            return out
        if phase == RESOLVE:  # [D15] a removal first, to make room, is the winner's too
            places = [PLACE_BASE + p for p in self.fits(seat, (), self.rcard)]
            return [TO_HAND, *places, *self._info(seat, ())[2]]
        if phase == FOUNDATION:
            steps = self.commits.steps[seat]
            out = []
            for code in range(FOUND_BASE, FOUND_BASE + 5):
                if code not in steps:
                    out.append(code)
            return out
        # PLACE_RM: [D15] removals first (its steps so far), then the place, which ends it
        removed = _removals(self.commits.steps[seat], 0)
        out = [PLACE_BASE + p for p in self.fits(seat, removed, DOWN)]
        out += self._info(seat, removed)[2]
        return out

    def act(self, seat: int, action: Action) -> None:
        memo = self._memo  # the list legal_actions just gave this seat, if it did
        if memo is not None and memo[0] is seat:  # "is": True is not the seat 1
            legal = memo[1]
        else:
            legal = self._legal_codes(seat)
            if legal is None:
                raise self._refuse_seat(seat)
        try:
            code = action.code
            known = self.t.actions[code] is action
        except (AttributeError, IndexError, TypeError):
            known = False
        if not known:
            found = self.catalog.canonical(action)
            if found is None:
                raise self._unknown_action(action)
            action = found
            code = action.code
        if code not in legal:
            raise self._refuse_action(action, map(self.t.actions.__getitem__, legal))
        self.history.append((seat, code))
        self._memo = None
        try:
            if self.phase != RESOLVE:
                self._step(seat, code, True)
            elif REMOVE_BASE + 5 <= code < TOKEN_BASE:  # [D15] making room: still undecided
                self._remove(seat, code - REMOVE_BASE)
            else:
                self._take_recruit(seat, code)
        except Lost:
            self._finish(2)

    # -- commitments ---------------------------------------------------------------------

    def _step(self, seat: int, code: int, log: bool = False) -> None:
        """One step of ``seat``'s commitment; the last one (the fourth Foundation card, a
        Renaissance Man's place, or READY) ends it."""
        if code == READY:
            final = True
        else:
            phase = self.phase  # the fourth Foundation card, or a Renaissance Man's place
            final = (phase == PLACE_RM and code < REMOVE_BASE + 5) or (
                phase == FOUNDATION and len(self.commits.steps[seat]) == 3
            )
        if log and final:  # the others see that it is ready, never what it chose
            self.log.append((EV_READY, seat))
        if self.commits.add(seat, code, final) and log:
            self._reveal()

    def _redraw_step(self, seat: int, action: Action) -> None:
        self._memo = None
        self._step(seat, action.code)

    def _reveal(self) -> None:
        taken = self.commits.close()
        self.shown = []
        phase = self.phase
        if phase == FOUNDATION:
            self._foundation(taken)
        elif phase == ACTION:
            self._resolve_actions(taken)
        elif phase == PLACE_RM:
            self._place_rms(taken)
        else:
            self._discards(taken)

    # -- set-up --------------------------------------------------------------------------

    def _foundation(self, taken: dict[int, tuple[int, ...]]) -> None:
        """'All players then secretly and simultaneously place their 5 Foundation cards
        face-up in a row ...'"""
        for s in range(self.players):
            order = [x - FOUND_BASE for x in taken[s]]
            order.append(next(t for t in range(5) if t not in order))
            for i, t in enumerate(order):
                self.set_slot(s, i, FOUND + t)
            self.log.append((EV_FOUNDATION, s, tuple(order)))
        # "The Dealer deals 4 cards to each player from the main deck." [D2] from his left
        for s in self._clockwise():
            for _ in range(HAND):
                self._draw_to(s)
        self._new_round()

    def _clockwise(self) -> tuple[int, ...]:
        """Seats from the Dealer's left, clockwise (seat numbers grow clockwise), Dealer last."""
        return CLOCKWISE[self.players][self.dealer]

    # -- cards ---------------------------------------------------------------------------

    def _shuffle(self, cards: list[int]) -> None:
        shuffle(cards, self.seed, SHUFFLE, self.shuffles)
        self.shuffles += 1

    def _draw(self) -> int:
        """The top card of the deck (-1 if there is none at all).

        'When the main deck runs out and a new card needs to be drawn, the Dealer should
        reshuffle the discard pile to form a new draw deck.' One player: [D11]."""
        if not self.deck:
            if self.players == 1:
                if self.variant != "easier" or self.easier_used:
                    raise Lost
                # "randomly reshuffle a pre-chosen number of cards (10, for example) to make
                # a new draw pile when the deck initially runs out"
                self.easier_used = True
                pile = sorted(self.disc_pub + [c for _, c in self.disc_sec])
                self._shuffle(pile)
                # [D24] the pile is face down: which cards left it nobody knows, so the rest
                # lie in it face down, unknown to all; the face-up ones are kept as ``pool``
                self.pool = tuple(sorted(self.disc_pub))
                rest = pile[self.solo_cards :]
                rest.sort()
                self.disc_pub = []
                self.disc_sec = [(-1, c) for c in rest]
                self.deck = sorted(pile[: self.solo_cards])
                self._shuffle(self.deck)
                self.log.append((EV_SHUFFLE, len(self.deck)))
            else:
                pile = self.disc_pub + [c for _, c in self.disc_sec]
                self.disc_pub, self.disc_sec = [], []
                pile.sort()
                self._shuffle(pile)
                self.deck = pile
                self.log.append((EV_SHUFFLE, len(pile)))
            if not self.deck:
                return -1
        return self.deck.pop()

    def _draw_to(self, s: int) -> int:
        """Draw a card into seat ``s``'s hand (kept sorted); -1 if there was none."""
        card = self._draw()
        self.log.append((EV_DRAW, s, card))
        if card >= 0:
            insort(self.hands[s], card)
        return card

    def _discard_public(self, card: int) -> None:
        self.disc_pub.append(card)
        self.shown.append(card)

    # -- structure -----------------------------------------------------------------------

    def set_slot(self, s: int, p: int, x: int) -> None:
        """Put ``x`` (a slot's content, or -1 to empty it) at slot ``p`` of seat ``s``'s
        structure: the one way a structure changes."""
        self.st[s][p] = x
        self._infos[s] = None
        if x >= 0:
            self.occ[s] |= 1 << p
        else:
            self.occ[s] &= ~(1 << p)

    def _shape(self, seat: int, removed: Collection[int]) -> Shape:
        """shape() of ``seat``'s structure less the slots ``removed``."""
        occ = self.occ[seat]
        for p in removed:
            occ &= ~(1 << p)
        return shape(occ)

    def openings(self, seat: int, removed: Collection[int]) -> list[tuple[int, int]]:
        """The slots a worker could fill in ``seat``'s structure (less ``removed``): empty,
        with both cards beneath; each with the corners() its supports offer."""
        st = self.st[seat]
        orr, ol = self.t.orr, self.t.ol
        out = []
        for p, left, right in self._shape(seat, removed)[0]:
            out.append((p, CORNERS[orr[st[left]] << 4 | ol[st[right]]]))
        return out

    def fits(self, seat: int, removed: Collection[int], card: int) -> list[int]:
        """Slots where ``card`` may go in ``seat``'s structure (less ``removed``). 'The
        Worker's needs (i.e. the bottom two icons) must match the offers of the lower two
        Workers (top corner icons) exactly (in both type and order, from left to right).' [D3]"""
        takes = self.t.takes[card]
        out = []
        for p, offered in self.openings(seat, removed):
            if takes & offered:
                out.append(p)
        return out

    def worker_kinds(self, seat: int, removed: Collection[int], level: int) -> int:
        """The action types (a bitmask) the uncovered workers of ``level`` give."""
        return self._info(seat, removed)[1][level]

    def _info(self, seat: int, removed: Collection[int]) -> Info:
        """What ``seat``'s structure (less ``removed``) gives: the corners its open slots offer
        (all of them as one mask), per level the action types of its uncovered workers, and
        its removals' action codes. Kept while the structure is unchanged (set_slot() forgets
        it) when nothing is removed."""
        if not removed:
            got = self._infos[seat]
            if got is not None:
                return got
        st = self.st[seat]
        sh = self._shape(seat, removed)
        t = self.t
        orr, ol, typ = t.orr, t.ol, t.typ
        offered = 0
        for _, left, right in sh[0]:
            offered |= CORNERS[orr[st[left]] << 4 | ol[st[right]]]
        kinds = []
        for slots in sh[1]:
            mask = 0
            for p in slots:
                mask |= 1 << typ[st[p]]
            kinds.append(mask & ALL_KINDS)  # a Renaissance Man gives no action
        info = (offered, tuple(kinds), sh[2])
        if not removed:
            self._infos[seat] = info
        return info

    # -- the action phase ------------------------------------------------------------------

    @staticmethod
    def parse(steps: Sequence[int]) -> tuple[Sequence[int], int, int, Sequence[int]]:
        """A commitment's steps read as: removals, action type (-1: none yet, -2: pass), card
        (-1: none yet), and the action's extra choices (a final READY left out)."""
        n = len(steps)
        i = 0
        while i < n and REMOVE_BASE + 5 <= steps[i] < TOKEN_BASE:
            i += 1
        removed = _removals(steps, n - i)
        kind = card = -1
        if i < n:
            kind = -2 if steps[i] == PASS else steps[i] - ACT_BASE
            i += 1
            if kind >= 0 and i < n:
                card = steps[i] - CARD_BASE
                i += 1
        extra = list(steps[i:])
        if extra and extra[-1] == READY:
            extra.pop()
        return removed, kind, card, extra

    def _supply_faces(self) -> int:
        """The faces (a bitmask) some token left in the supply shows."""
        if all(self.supply):
            return ALL_KINDS
        mask = 0
        for j, n in enumerate(self.supply):
            if n:
                mask |= PAIR_MASKS[j]
        return mask

    def _wants(self, seat: int, info: Info, kind: int) -> tuple[list[int], int]:
        """Which hand cards ``seat`` may play for action ``kind`` (its structure giving
        ``info``), as a per-card bitmask and the mask it must meet. A Hire needs a slot the
        card fits; the others a large icon ([D4]: not a Renaissance Man), and for Teach and
        Barter a token of that face in the supply, for Teach one the player does not hold yet."""
        t = self.t
        if kind == HIRE:
            return t.takes, info[0]
        if kind == RECRUIT:
            return t.bits, ALL_KINDS
        allowed = self._supply_faces()
        if kind == TEACH:
            for x in self.rm[seat]:
                allowed &= ~(1 << (x & 3))
        return t.bits, allowed

    def _playable(self, seat: int, removed: Collection[int], kind: int) -> list[int]:
        """The card steps of the hand cards ``seat`` may play for action ``kind`` (_wants)."""
        table, mask = self._wants(seat, self._info(seat, removed), kind)
        out = []
        for x in self.hands[seat]:
            if table[x] & mask:
                out.append(CARD_BASE + x)
        return out

    def _first_step(self, seat: int, removed: Collection[int]) -> list[int]:
        """A commitment's first step (after any removals): take no action, an action type the
        seat has access to and a card for, or remove one more worker."""
        info = self._info(seat, removed)
        access = info[1][self.level]
        for x in self.stored[seat]:  # or a stored token's
            access |= 1 << (x & 3)
        out = [PASS]
        hand = self.hands[seat]
        for k in range(4):
            if access >> k & 1:
                table, mask = self._wants(seat, info, k)
                for x in hand:
                    if table[x] & mask:
                        out.append(ACT_BASE + k)
                        break
        out += info[2]
        return out

    def _action_codes(self, seat: int, steps: Sequence[int]) -> list[int]:
        """The next step of an action commitment, read from its last step (parse() order:
        removals, action type or pass, card, what the action needs, Ready)."""
        if not steps:
            return self._first_step(seat, ())
        last = steps[-1]
        if last >= CARD_BASE:  # the card: what its action needs
            kind = steps[-2] - ACT_BASE
            card = last - CARD_BASE
            if kind == HIRE:
                removed = _removals(steps, 2)
                return [PLACE_BASE + p for p in self.fits(seat, removed, card)]
            out = []
            if kind == RECRUIT:
                board = self.board
                if board[0][seat] + board[1][seat] + board[2][seat] + board[3][seat] < KNIGHTS:
                    return [READY]
                for a in range(4):
                    if board[a][seat]:
                        out.append(KNIGHT_BASE + a)
                return out
            face = self.t.typ[card]
            for j, n in enumerate(self.supply):
                if n and face in PAIRS[j]:
                    out.append(TOKEN_BASE + j)
            return out
        if REMOVE_BASE + 5 <= last < TOKEN_BASE:  # removals so far
            return self._first_step(seat, _removals(steps, 0))
        if ACT_BASE <= last < ACT_BASE + 4:  # the action type: its card
            return self._playable(seat, _removals(steps, 1), last - ACT_BASE)
        if TOKEN_BASE <= last < DROP_BASE and steps[-3] == ACT_BASE + BARTER:
            left = self._stored_after_spend(seat, _removals(steps, 3), BARTER)
            if len(left) >= MAX_STORED:
                return sorted({DROP_BASE + x % 4 for x in left})
        return [READY]  # after a pass, a Hire's slot, a token, a drop or a knight

    def _stored_after_spend(self, seat: int, removed: Collection[int], kind: int) -> list[int]:
        left = list(self.stored[seat])
        if not self.worker_kinds(seat, removed, self.level) >> kind & 1:
            for i, x in enumerate(left):
                if x % 4 == kind:
                    del left[i]
                    break
        return left

    def _resolve_actions(self, taken: dict[int, tuple[int, ...]]) -> None:
        """'Players simultaneously reveal the card they are playing and their action choice.'
        [D5] Removals first, then each action from the Dealer's left, clockwise."""
        plans = []
        for s in self._clockwise():
            plans.append((s, *self.parse(taken[s])))
        for s, removed, kind, card, extra in plans:
            self.last[0][s] = kind
            self.log.append(
                (
                    EV_REVEAL,
                    s,
                    self._slot_cards(s, removed) if removed else (),
                    kind,
                    card,
                    tuple(extra),
                )
            )
            if card >= 0:
                self.shown.append(card)
            for p in removed:
                self._remove(s, p)
        makers = []  # seats whose fourth teaching makes a Renaissance Man: drawn after all act
        for s, _, kind, card, extra in plans:
            if kind < 0:
                continue
            if not self.worker_kinds(s, (), self.level) >> kind & 1:
                self._spend(s, kind)
            self.hands[s].remove(card)
            if card in self.known[s]:
                self.known[s].remove(card)
            if kind == HIRE:
                p = extra[0] - PLACE_BASE
                self.set_slot(s, p, card)
                self.log.append((EV_HIRE, s, card, p))
            elif kind == TEACH:
                self._discard_public(card)
                self._take_token(s, self.t.typ[card], extra[0] - TOKEN_BASE, self.rm[s], 1)
                if len({x % 4 for x in self.rm[s]}) == 4:
                    makers.append(s)
            elif kind == BARTER:
                self._discard_public(card)
                if len(extra) > 1:
                    tok = self._stored_token(s, extra[1] - DROP_BASE)
                    self.stored[s].remove(tok)
                    self.supply[tok // 4] += 1
                    self.log.append((EV_DROP, s, tok))
                self._take_token(s, self.t.typ[card], extra[0] - TOKEN_BASE, self.stored[s], 0)
            else:
                self._discard_public(card)
                area = self.t.typ[card]
                origin = -1
                if extra:
                    origin = extra[0] - KNIGHT_BASE
                    self.board[origin][s] -= 1
                self.board[area][s] += 1
                self.log.append((EV_KNIGHT, s, origin, area))
        # "All players take actions simultaneously": every card of the reveal is discarded
        # before a Renaissance Man's draw may reshuffle the discards into a new deck [D5]
        for s in makers:
            self._make_rm(s)
        if max(self.pending) >= 0:
            self.phase = PLACE_RM
            self.commits.open(s for s, card in enumerate(self.pending) if card >= 0)
        else:
            self._after_phase()

    def _slot_card(self, s: int, p: int) -> int:
        x = self.st[s][p]
        return -1 if x >= DOWN else x

    def _slot_cards(self, s: int, slots: Sequence[int]) -> tuple[int, ...]:
        return tuple([self._slot_card(s, p) for p in slots])

    def _stored_token(self, s: int, face: int) -> int:
        """The first of seat ``s``'s stored tokens showing ``face``."""
        for tok in self.stored[s]:
            if tok % 4 == face:
                return tok
        raise AssertionError(f"seat {s} stores no token of face {face}")

    def _remove(self, s: int, p: int) -> None:
        x = self.st[s][p]
        self.set_slot(s, p, -1)
        if x >= DOWN:  # [D6] a face-down Renaissance Man goes to the discards unseen
            self.disc_sec.append((-1, x - DOWN))
        else:
            self._discard_public(x)
        self.log.append((EV_REMOVE, s, p, -1 if x >= DOWN else x))

    def _spend(self, s: int, kind: int) -> None:
        """'Each token in a player's "Stored Actions" area provides a one-time access to
        that action.'"""
        tok = self._stored_token(s, kind)
        self.stored[s].remove(tok)
        self.supply[tok // 4] += 1
        self.log.append((EV_SPEND, s, tok))

    def _take_token(self, s: int, face: int, pair: int, into: list[int], where: int) -> None:
        """A token showing ``face``, of the chosen pair if one is left ([D7] else another
        pair with that face; else none, and everyone is told)."""
        if not self.supply[pair]:
            pair = -1
            for j, n in enumerate(self.supply):
                if n and face in PAIRS[j]:
                    pair = j
                    break
        if pair < 0:
            self.log.append((EV_SUPPLY_OUT, s, face, where))
            return
        self.supply[pair] -= 1
        tok = pair * 4 + face
        into.append(tok)
        self.log.append((EV_TOKEN, s, tok, where, len(into)))
        if not self._supply_faces() >> face & 1:
            self.log.append((EV_SUPPLY_OUT, -1, face, where))

    def _make_rm(self, s: int) -> None:
        """'If all 4 tokens are now present, the player generates a Renaissance Man.'"""
        for tok in self.rm[s]:
            self.supply[tok // 4] += 1
        self.rm[s] = []
        card = self._draw()
        self.log.append((EV_RM_MADE, s, card >= 0))
        if card >= 0:
            self.pending[s] = card

    def _place_rms(self, taken: dict[int, tuple[int, ...]]) -> None:
        """'If multiple players create a "Renaissance Man" at the same time, then they all are
        dealt a face-down card from the deck, and simultaneously choose where to place it in
        their structures.' [D15] [D5] Every player's removals first, then the places."""
        order = [s for s in self._clockwise() if s in taken]
        for s in order:
            for p in _removals(taken[s], 1):
                self._remove(s, p)
        for s in order:
            p = taken[s][-1] - PLACE_BASE
            self.set_slot(s, p, DOWN + self.pending[s])
            self.pending[s] = -1
            self.log.append((EV_RM_PLACED, s, p))
        self._after_phase()

    def _after_phase(self) -> None:
        """'After Action Phase 1 is complete, the Dealer looks around to all players'
        structures, and sees whether anyone has at least one worker (covered or uncovered)
        on Level 2.'"""
        if self._master_end():
            return
        nxt = self.level + 1
        if nxt <= 4:
            mask = LEVEL_MASKS[nxt]
            for occ in self.occ:
                if occ & mask:
                    self._open_action(nxt)
                    return
        self._start_resolution()

    def _master_end(self) -> bool:
        """'The Game ends following an Action Phase or Recruit Resolution where a player has
        added a "Master" (i.e. Level Five worker) to his structure.'"""
        if max(self.occ) >> MASTER == 0:  # the Master's is the highest slot
            return False
        masters = [s for s in range(self.players) if self.st[s][MASTER] >= 0]
        # "the tied player having the highest sum of Stored Actions, Renaissance Man tokens,
        # and Knights in play is the winner (if still a tie, then these players share the
        # victory)."
        sums = {s: self.tie_sum(s) for s in masters}
        top = max(sums.values())
        self.winners = tuple(s for s in masters if sums[s] == top)
        self._finish(0)
        return True

    def tie_sum(self, s: int) -> int:
        """[D31] Stored Actions, Renaissance Man tokens, and Knights in play: the player's
        knights on the Recruit board."""
        return len(self.stored[s]) + len(self.rm[s]) + sum(self.board[a][s] for a in range(4))

    def _open_action(self, level: int) -> None:
        self.level = level
        self.phase = ACTION
        self.log.append((EV_PHASE, level))
        self.commits.open(range(self.players))

    # -- recruit resolution ----------------------------------------------------------------

    def _start_resolution(self) -> None:
        self.phase = RESOLVE
        self.level = 0
        if self.players == 1:
            # "At the start of the Recruit Resolution phase, flip two cards from the top of the
            # draw pile."
            flipped = []
            for _ in range(2):
                card = self._draw()  # [D12] a flipped card goes to the discards at once
                flipped.append(card)
                if card >= 0:
                    self._discard_public(card)
                    if self.t.typ[card] != RM:
                        self.opp[self.t.typ[card]] += 1
            self.log.append((EV_FLIP, tuple(flipped)))
        self.area = 0
        self._next_area()

    def _next_area(self) -> None:
        """'Players resolve each Recruit area where one player has a majority of Knights
        (resolving areas from left to right).' [D8] [D9]"""
        n = self.players
        board, opp = self.board, self.opp
        a = self.area
        while a < 4:
            row = board[a]
            top = max(row)
            rival = opp[a]  # the one-player game's opposing Knights, as a seat n
            if rival > top:
                top = rival
            if top:
                card = self.recruits[a]
                if row.count(top) + (rival == top) == 1:
                    winner = n if rival == top else row.index(top)
                    board[a] = [0] * n
                    opp[a] = 0
                    self.recruits[a] = -1
                    self.log.append((EV_RESOLVE, a, winner if winner < n else -2, card))
                    if card >= 0:
                        self.shown.append(card)
                    if winner == n:
                        if card >= 0:  # "When the opposing Knights win a card, place it in
                            self._discard_public(card)  # the discard pile."
                    elif card >= 0:
                        self.area = a
                        self.rseat, self.rcard = winner, card
                        return
                elif n == 1:
                    # "If there is a tie, do not keep the Knights on the board – remove the
                    # Knights regardless."
                    board[a] = [0]
                    opp[a] = 0
                    self.log.append((EV_RESOLVE, a, -3, card))
                else:  # "In the event of a tie, the Knights remain for the following round."
                    self.log.append((EV_RESOLVE, a, -1, card))
            a += 1
        self.area = a
        self.rseat = self.rcard = -1
        if self._master_end():
            return
        self._open_discards()

    def _take_recruit(self, seat: int, code: int) -> None:
        """'The player with majority places the area's card: in his hand, or in his structure
        (where appropriate)'"""
        self.shown = []
        card = self.rcard
        if code == TO_HAND:
            self.hands[seat].append(card)
            self.hands[seat].sort()
            self.known[seat].append(card)
            self.log.append((EV_TAKE, seat, card, -1))
        else:
            p = code - PLACE_BASE
            self.set_slot(seat, p, card)
            self.log.append((EV_TAKE, seat, card, p))
        self.shown.append(card)
        self.area += 1
        self._next_area()

    # -- discards and refills ----------------------------------------------------------------

    def _open_discards(self) -> None:
        """'Players may discard any cards they wish from their hands (including cards just
        recruited).'"""
        seats = [s for s, hand in enumerate(self.hands) if hand]
        if seats:
            self.phase = DISCARD
            self.commits.open(seats)
        else:
            self._refill()

    def _discards(self, taken: dict[int, tuple[int, ...]]) -> None:
        base = self.t.discard_base
        self.last[1] = [0] * self.players
        for s, steps in taken.items():  # in seat order
            cards = []
            for x in steps:
                if x >= base:
                    cards.append(x - base)
            for card in cards:
                self.hands[s].remove(card)
                self.disc_sec.append((s, card))
            if cards:  # [D10] the others no longer know which cards are left
                self.known[s] = []
            self.last[1][s] = len(cards)
            self.log.append((EV_DISCARD, s, tuple(cards)))
        self._refill()

    def _refill(self) -> None:
        """'The Dealer begins with the Recruit Board, refilling any vacated Recruit slots with
        cards from the deck.' 'The Dealer then refills each player's hand back to 4 cards
        each, beginning with the player to his left and continuing clockwise.'"""
        for a in range(4):
            if self.recruits[a] < 0:
                card = self._draw()
                self.recruits[a] = card
                self.log.append((EV_REFILL, a, card))
        for s in self._clockwise():
            for _ in range(HAND - len(self.hands[s])):
                if self._draw_to(s) < 0:
                    break
        if self.round >= self.round_limit:
            self._finish(1)  # [D13]
            return
        self._new_round()

    def _new_round(self) -> None:
        self.round += 1
        self.log.append((EV_ROUND, self.round))
        self._open_action(1)

    def _finish(self, reason: int) -> None:
        self.phase = OVER
        self.ended = reason
        self.commits.close() if self.commits.is_open else None
        result = self.result  # the winners by [D13] too: the most workers, if nobody is Master
        self.log.append((EV_END, reason, result.winners, tuple(self.scores())))  # type: ignore[union-attr]

    # -- what a seat knows ---------------------------------------------------------------

    def unseen(self, seat: int | None) -> list[int]:
        """The cards ``seat`` cannot see, sorted: the deck, others' hands but their known
        cards, others' face-down discards, every face-down Renaissance Man."""
        seen = set(self.disc_pub)
        seen.update(x for x in self.recruits if x >= 0)
        if self.rcard >= 0:
            seen.add(self.rcard)
        for s in range(self.players):
            seen.update(x for x in self.st[s] if 0 <= x < DOWN)
            seen.update(self.hands[s] if s == seat else self.known[s])
        seen.update(c for s, c in self.disc_sec if s == seat and seat is not None)
        return [x for x in range(self.c.n_cards) if x not in seen]

    def view(self, seat: int | None) -> dict[str, Any]:
        return _views.build_view(self, self._query_seat(seat, spectator=True))

    def info_key(self, seat: int | None) -> Hashable:
        """The state pieces ``view(seat)`` is built from, as one tuple (no JSON built)."""
        seat = self._query_seat(seat, spectator=True)
        commits = self.commits
        is_open = commits.is_open
        resolve = self.phase == RESOLVE
        over = self.ended >= 0
        return (
            self.phase,
            self.round,
            self.level,
            self.dealer,
            self.variant,
            self.round_limit,
            self.solo_cards,
            self.c.key,
            tuple(self.recruits),
            tuple(map(tuple, self.board)),
            tuple(self.opp),
            tuple(tuple(x if x < DOWN or x >= FOUND else DOWN for x in st) for st in self.st),
            tuple(map(tuple, self.stored)),
            tuple(map(tuple, self.rm)),
            tuple(self.supply),
            None if seat is None else tuple(self.hands[seat]),
            tuple(len(h) for h in self.hands),
            tuple(map(tuple, self.known)),
            len(self.deck),
            len(self.disc_sec),
            tuple(self.disc_pub),
            None if seat is None else tuple(c for s, c in self.disc_sec if s == seat),
            self.aside,
            self.easier_used,
            self.pool,
            (commits.seats, tuple(sorted(commits.done))) if is_open else None,
            tuple(commits.mine(seat)) if is_open and seat is not None else None,
            tuple(x >= 0 for x in self.pending),
            (self.rseat, self.area, self.rcard) if resolve else None,
            tuple(self.shown),
            tuple(self.last[0]),
            tuple(self.last[1]),
            (self.ended, self.winners) if over else None,
        )

    def can_take_back(self, seat: int) -> bool:
        return self._valid_seat(seat) and self.phase != RESOLVE and self.commits.can_take_back(seat)

    def take_back(self, seat: int) -> int:
        if not self.can_take_back(seat):
            raise self._nothing_to_take_back(seat)
        self.commits.take_back(seat)
        self._memo = None
        return self._drop_last_step(seat)

    def moves_seen(self, seat: int | None) -> int:
        seat = self._query_seat(seat, spectator=True)
        return len(self.history) - self.commits.hidden_from(seat)

    def observe(self, seat: int) -> Any:
        from .observation import observe

        return observe(self, self._query_seat(seat))

    def describe_event(self, raw: tuple[Any, ...]) -> Event:
        """Events are a function of the raw entry and the card set: kept once described."""
        cache = self.t.events
        found = cache.get(raw)
        if found is None:
            found = cache[raw] = _events.describe(self, raw)
            if len(cache) > 50000:
                cache.clear()
        return found

    def event_text(self, event: dict[str, Any], viewer: int | None) -> str:
        return _text.describe(event, viewer, self.c.names)

    def card_table(self) -> dict[str, Any]:
        return _text.card_table(self.c)

    def hidden_ids(self, seat: int | None) -> frozenset[str]:
        ids = self.c.ids
        return frozenset(ids[x] for x in self.unseen(seat))

    def canonical(self) -> Hashable:
        return (
            self.players,
            self.seed,
            self.variant,
            tuple(self.history),
            self.log_base,
            len(self.log),
            self.resampled,
            self.c.digest,
            tuple(self.deck),
            tuple(map(tuple, self.hands)),
            tuple(map(tuple, self.st)),
            tuple(self.disc_sec),
            self.pool,
            tuple(self.pending),
            self.shuffles,
            self.commits.canonical(),
            self.info_key(None),
        )

    def clone(self) -> RenaissanceMan:
        g = RenaissanceMan.__new__(RenaissanceMan)
        g._copy_base(self)
        g.c, g.t = self.c, self.t
        g.round_limit, g.solo_cards, g.dealer = self.round_limit, self.solo_cards, self.dealer
        g.shuffles, g.round, g.level, g.area = self.shuffles, self.round, self.level, self.area
        g.rseat, g.rcard, g.ended, g.winners = self.rseat, self.rcard, self.ended, self.winners
        g.easier_used, g.aside, g.phase = self.easier_used, self.aside, self.phase
        g.pool = self.pool
        g.shown = self.shown[:]
        g.last = [self.last[0][:], self.last[1][:]]
        g.hands = [h[:] for h in self.hands]
        g.known = [h[:] for h in self.known]
        g.st = [h[:] for h in self.st]
        g.occ = self.occ[:]
        g._infos = self._infos[:]
        g.stored = [h[:] for h in self.stored]
        g.rm = [h[:] for h in self.rm]
        g.board = [h[:] for h in self.board]
        g.opp = self.opp[:]
        g.pending = self.pending[:]
        g.supply = self.supply[:]
        g.disc_pub = self.disc_pub[:]
        g.disc_sec = self.disc_sec[:]
        g.deck = self.deck[:]
        g.recruits = self.recruits[:]
        g.commits = self.commits.copy()
        g._memo = None
        return g

    def resample(
        self, seat: int, rng: random.Random, policy: WorldPolicy | None = None
    ) -> RenaissanceMan:
        """Everything ``seat`` cannot see dealt again from one pool (the deck, others' hands
        but their known cards, others' face-down discards, every face-down Renaissance Man),
        and the others' commitments in an open phase drawn again (by ``policy``, if given,
        on this world). [D14]"""
        self._query_seat(seat)
        g = self.clone()
        g._forget(rng)
        pool = self.unseen(seat)
        rng.shuffle(pool)
        for s in range(g.players):
            if s != seat:
                rest = [x for x in g.hands[s] if x not in g.known[s]]
                hand = list(g.known[s])
                hand.extend(pool.pop() for _ in rest)
                hand.sort()
                g.hands[s] = hand
            st = g.st[s]
            for p in range(SLOTS):
                if st[p] >= DOWN and st[p] < FOUND:
                    st[p] = DOWN + pool.pop()
            if g.pending[s] >= 0:
                g.pending[s] = pool.pop()
        g.disc_sec = [(s, c if s == seat else pool.pop()) for s, c in g.disc_sec]
        g.deck = pool
        g.commits.redraw(seat, g, g._redraw_step, rng, policy)
        return g


def new_game(players: int, seed: int, variant: str, options: dict[str, Any]) -> RenaissanceMan:
    return RenaissanceMan(players, seed, variant, options)


# The modules that show this game (views, events, text) import this one: they come last.
from . import events as _events  # noqa: E402
from . import text as _text  # noqa: E402
from . import views as _views  # noqa: E402
