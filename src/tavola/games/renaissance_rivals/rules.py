"""Renaissance Rivals: the state and its transitions, in plain lists of ints for speed.

Cards are numbered once per card set (:class:`Tables`): the 97 Commissions of the main deck,
the 97 of the Red deck, the 48 Masterpieces, then three Starting Commissions for each of four
seats. The market is 16 stacks (row-major, A1 = 0 ... D4 = 15), each a list whose last item is
the top card. Every rule here is quoted in docs/rules/renaissance-rivals.md with the decisions
[Dn] it takes where the rulebook is silent. Each transition appends a raw event tuple to
``log`` (events.py says who sees what).

Chance: the k-th shuffle of a game draws from ``stream(seed, SHUFFLE, k)``; the artists from
``stream(seed, ARTISTS)``.

On the hot paths (legal actions, acting, the turn's transitions) lists are built by loops, not
comprehensions (docs/design.md, performance rules: faster on Python 3.11).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from functools import lru_cache
from typing import Any

from ...core.errors import UnknownGameError, quote
from ...core.events import Event
from ...core.protocol import Action, ActionCatalog, Game, GameResult, WorldPolicy, freeze
from ...core.rng import shuffle, stream
from .cards import (
    ARCH,
    ARROWS,
    BRONZ,
    CARDS,
    CITIES,
    CITY_OF_ROW,
    COLOR,
    GOLD,
    LAND,
    LAYOUT,
    MAJOR_VP,
    N_COMMISSIONS,
    SKILLS,
    ST_PETERS_VP,
    STACK_SIZE,
    Cards,
    square_name,
)

PLAY, OVER = 0, 1
PHASES = ("play", "over")
HAND = 4
"""'all players will draw 4 cards into their hand for the next round'"""
FIRST_HANDS = (3, 4, 5, 6)
"""'the player who goes first will draw a hand of only 3 cards, while the second player draws a
hand of 4 ... the third player will draw 5 cards in the first round and the fourth player will
draw 6.'"""
MAX_PLAYERS = 4
WIN_MASTERPIECES = 6
SOLO_ST_PETERS = 6
TURN_LIMIT = 60
REDEALS = 20
"""How many times resampling deals a seat's hand again to find one holding the LAND or ARCH cards
its Elevations this turn need, before it puts them in first."""
SHUFFLE, ARTISTS = 1, 2
DRAWN = "drawn"
"""An artist option's value for an artist drawn from the seed (decision D2)."""
RED = N_COMMISSIONS  # the first Red deck card
MP0 = 2 * N_COMMISSIONS  # the first Masterpiece
ST0 = MP0 + 48  # the first Starting Commission
NC = ST0 + 3 * MAX_PLAYERS
K_COM, K_MP, K_START = 0, 1, 2
PILE_LEVEL = (4, 3, 2, 1)
"""'Level 4 cards next to row 1, Level 3 next to row 2, Level 2 cards next to row 3, and Level
1 cards next to row 4'"""
DIRS = ((-1, 0), (1, 0), (0, -1), (0, 1))
DIR_NAMES = ("up", "down", "left", "right")
USES = ("influence", "advancement", "down")
END_REASONS = ("masterpieces", "st-peters", "solo-lost", "turn-limit")

# Raw event kinds (the first item of each ``log`` tuple).
(
    EV_START,
    EV_TURN,
    EV_DRAW,
    EV_SHUFFLE,
    EV_USE,
    EV_ACQUIRE,
    EV_REVEAL,
    EV_RESUPPLY,
    EV_BEGIN,
    EV_ADVANCE,
    EV_COMPLETE,
    EV_ELEVATE,
    EV_MOVE,
    EV_TRANSFER,
    EV_DISCARD,
    EV_REMOVE,
    EV_END,
) = range(17)

_NOBODY: frozenset[int] = frozenset()
_SEATS = tuple(frozenset((s,)) for s in range(MAX_PLAYERS))


class Tables:
    """What games with one card set share: card ids and faces by number, the action catalog."""

    def __init__(self, c: Cards) -> None:
        self.c = c
        ids: list[str] = []
        names: list[str] = []
        kind: list[int] = []
        inf: list[int] = []
        adv: list[int] = []
        level: list[int] = []
        skill: list[int] = []
        cost: list[int] = []
        vp: list[int] = []
        arrow: list[tuple[int, int]] = []
        for red in (False, True):
            for i in range(N_COMMISSIONS):
                ids.append(("red-" if red else "") + c.ids[i])
                names.append(c.names[i] + (" (Red)" if red else ""))
                kind.append(K_COM)
                inf.append(c.inf[i])
                adv.append(c.adv[i])
                level.append(c.level[i])
                skill.append(c.skill[i])
                cost.append(c.cost[i])
                vp.append(ST_PETERS_VP if i == c.st_peters else c.level[i])
                arrow.append(ARROWS[c.arrow[i]])
        for i in range(len(c.mp_ids)):
            ids.append(c.mp_ids[i])
            names.append(c.mp_names[i])
            kind.append(K_MP)
            inf.append(c.mp_inf[i])
            adv.append(c.mp_adv[i])
            level.append(-1)
            skill.append(c.mp_skill[i])
            cost.append(0)
            vp.append(c.mp_vp[i])
            arrow.append((0, 0))
        kinds = [k for k in range(len(c.start_ids)) for _ in range(c.start_count[k])]
        for s in range(MAX_PLAYERS):
            seen: dict[int, int] = {}
            for k in kinds:
                seen[k] = seen.get(k, 0) + 1
                many = c.start_count[k] > 1
                ids.append(f"s{s + 1}-{c.start_ids[k]}" + (f"-{seen[k]}" if many else ""))
                names.append(c.start_names[k])
                kind.append(K_START)
                inf.append(c.start_inf[k])
                adv.append(c.start_adv[k])
                level.append(0)
                skill.append(-1)  # [D3] no Skill Badge
                cost.append(0)
                vp.append(0)
                arrow.append((0, 0))
        self.ids, self.names, self.kind = tuple(ids), tuple(names), tuple(kind)
        self.inf, self.adv, self.level = tuple(inf), tuple(adv), tuple(level)
        self.skill, self.cost, self.vp, self.arrow = tuple(skill), tuple(cost), tuple(vp), arrow
        self.number = {cid: i for i, cid in enumerate(ids)}
        self.draws = tuple(k == K_COM and skill[i] in (BRONZ, COLOR) for i, k in enumerate(kind))
        self.elevates = tuple(k == K_COM and skill[i] in (LAND, ARCH) for i, k in enumerate(kind))
        self.gold = tuple(k == K_COM and skill[i] == GOLD for i, k in enumerate(kind))
        self.mp_city = tuple(c.mp_city[i - MP0] if kind[i] == K_MP else -1 for i in range(NC))
        self.mp_steps = tuple(
            c.mp_steps[i - MP0] if kind[i] == K_MP else (0, 0, 0) for i in range(NC)
        )
        self.mp_artist = tuple(c.mp_artist[i - MP0] if kind[i] == K_MP else -1 for i in range(NC))
        self.st_peters = (c.st_peters, RED + c.st_peters)
        self.of_level = tuple(
            tuple(i for i in range(N_COMMISSIONS) if c.level[i] == lv) for lv in range(5)
        )
        """The (first deck's) Commissions of each level."""
        self.masterpieces_of = tuple(
            tuple(i for i in range(MP0, ST0) if self.mp_artist[i] == a)
            for a in range(len(c.artist_ids))
        )
        """Each artist's Masterpieces."""
        self.badge = tuple(1 << skill[i] if k == K_COM else 0 for i, k in enumerate(kind))
        """A Commission's Skill Badge as a bitmask (0 for any other card)."""
        self.owned_vp = tuple(0 if k == K_MP else self.vp[i] for i, k in enumerate(kind))
        """What a card in a deck, hand, discard pile or Elevated scores (a Masterpiece: 0)."""
        self.solo_owned_vp = tuple(
            SOLO_ST_PETERS if i in self.st_peters else v for i, v in enumerate(self.owned_vp)
        )
        """The same in the solo game, where St. Peter's scores 6."""
        # -- the catalog
        acts: list[Action] = []
        aliases: dict[int, tuple[str, ...]] = {}

        def add(kind_: str, params: dict[str, Any] | None, label: str, *alias: str) -> int:
            code = len(acts)
            acts.append(Action(code, kind_, params, label))
            if alias:
                aliases[code] = alias
            return code

        self.end = add("end", None, "End the turn", "end turn", "done", "pass")
        self.move = tuple(add("move", {"dir": d}, f"Move {d}", d, d[0]) for d in DIR_NAMES)
        self.advance = tuple(
            add("advance", {"city": city.lower()}, f"Advance the Masterpiece in {city}")
            for city in CITIES
        )
        self.acquire = tuple(
            tuple(
                add(
                    "acquire",
                    {"stack": square_name(p // 4, p % 4), "to": to},
                    f"Acquire {square_name(p // 4, p % 4)} to the {where}",
                )
                for to, where in (("deck", "deck"), ("palette", "Palette"))
            )
            for p in range(16)
        )
        use: list[tuple[int, ...]] = []
        for i in range(NC):
            codes = [  # a name may end "for the Sforza": the points follow a colon
                add(
                    "use",
                    {"card": ids[i], "as": u},
                    f"Use {names[i]}: {points} {u.capitalize()}",
                    f"Use {names[i]} for {u.capitalize()}",  # the earlier label
                )
                for u, points in zip(USES[:2], (self.inf[i], self.adv[i]), strict=True)
            ]
            if self.gold[i]:
                codes.append(
                    add("use", {"card": ids[i], "as": "down"}, f"Use {names[i]} to move down")
                )
            use.append(tuple(codes))
        self.use = tuple(use)
        self.use_in_place = tuple(codes[:2] for codes in use)
        """The uses of each card on the bottom row, where a GOLD card cannot move down."""
        self.begin = tuple(
            add("start", {"card": ids[i]}, f"Start {names[i]}", ids[i]) if kind[i] == K_MP else -1
            for i in range(NC)
        )
        self.elevate = tuple(
            add("elevate", {"card": ids[i]}, f"Elevate {names[i]}") if kind[i] != K_MP else -1
            for i in range(NC)
        )
        self.transfer = tuple(
            add("transfer", {"card": ids[i]}, f"End the turn, moving {names[i]} to the Palette")
            if kind[i] == K_COM
            else -1
            for i in range(NC)
        )
        self.catalog = ActionCatalog(acts, aliases)
        self.actions = self.catalog.actions
        # The code's meaning, for act: (what, argument, argument).
        meaning: list[tuple[int, int, int]] = [(0, 0, 0)] * len(acts)
        meaning[self.end] = (A_END, 0, 0)
        for d, code in enumerate(self.move):
            meaning[code] = (A_MOVE, d, 0)
        for city, code in enumerate(self.advance):
            meaning[code] = (A_ADVANCE, city, 0)
        for p in range(16):
            for to, code in enumerate(self.acquire[p]):
                meaning[code] = (A_ACQUIRE, p, to)
        for i in range(NC):
            for u, code in enumerate(self.use[i]):
                meaning[code] = (A_USE, i, u)
            for what, code in ((A_BEGIN, self.begin[i]), (A_ELEVATE, self.elevate[i])):
                if code >= 0:
                    meaning[code] = (what, i, 0)
            if self.transfer[i] >= 0:
                meaning[self.transfer[i]] = (A_TRANSFER, i, 0)
        self.meaning = tuple(meaning)
        self._linked: dict[int, int] = {}

    def linked(self, mastery: int) -> int:
        """The skills (a bitmask) cross-linked by a Palette giving Mastery of ``mastery``."""
        found = self._linked.get(mastery)
        if found is None:
            links = self.c.linked
            found = 0
            for k in range(len(SKILLS)):  # a loop: a generator would make cells on every call
                if links(k, mastery):
                    found |= 1 << k
            self._linked[mastery] = found
        return found


A_END, A_MOVE, A_ADVANCE, A_ACQUIRE, A_USE, A_BEGIN, A_ELEVATE, A_TRANSFER = range(8)


@lru_cache(maxsize=16)
def tables_for(c: Cards) -> Tables:
    """The shared tables of a card set, kept for the last few sets (a bounded cache)."""
    return Tables(c)


SQUARES_OF_LEVEL = tuple(
    tuple(p for p in range(16) if LAYOUT[p // 4][p % 4] == lv) for lv in range(5)
)
"""The market stacks of each level, in square order."""
NEAR = tuple(
    tuple(
        rr * 4 + cc
        for rr in range(p // 4 - 1, p // 4 + 2)
        for cc in range(p % 4 - 1, p % 4 + 2)
        if 0 <= rr <= 3 and 0 <= cc <= 3
    )
    for p in range(16)
)
"""The stacks within one space of each square (the square itself included), row by row."""
COLUMN_A = (0, 4, 8, 12)
"""The market stacks of the leftmost column, top to bottom."""
STEPS = tuple(
    tuple(d for d, (dr, dc) in enumerate(DIRS) if 0 <= p // 4 + dr <= 3 and 0 <= p % 4 + dc <= 3)
    for p in range(16)
)
"""The directions in which a pawn on each square may move one space."""


def _clamp(v: int) -> int:
    return 0 if v < 0 else 3 if v > 3 else v


class RenaissanceRivals(Game):
    """A game of Renaissance Rivals (Seth McCormick) for 1 to 4 players."""

    __slots__ = (
        "_memo",
        "acted",
        "adv_pool",
        "artist",
        "bonus",
        "c",
        "charges",
        "completed",
        "cur",
        "decks",
        "discards",
        "el_done",
        "el_gone",
        "elevated",
        "ended",
        "free_used",
        "hands",
        "inf_pool",
        "mastery",
        "n",
        "palettes",
        "pawn",
        "phase",
        "piles",
        "progress",
        "red",
        "removed",
        "shuffles",
        "solo",
        "stacks",
        "t",
        "turn_limit",
        "turns",
        "used",
        "working",
    )

    def __init__(self, players: int, seed: int, variant: str, options: dict[str, Any]) -> None:
        self._start(players, seed, variant, options)
        n = self.n = players
        self.c = c = CARDS.load(options["cards"])
        self.t = t = tables_for(c)
        self.catalog = t.catalog
        self.solo = n == 1
        self.red = options["red_deck"] == "yes" or (options["red_deck"] == "rules" and n >= 3)
        self.turn_limit = options["turn_limit"]
        self.shuffles = 0
        self.turns = 0
        self.cur = 0  # [D1] seat 0 goes first, then seat order
        self._memo: list[int] | None = None  # the codes legal_actions last gave; any act clears
        self.phase = PLAY
        self.ended = -1
        self.removed: list[int] = []
        self.artist = choose_artists(
            c.artist_ids,
            c.artist_names,
            [options.get(f"artist_{s}", DRAWN) for s in range(n)],
            seed,
        )
        self.pawn = [c.artist_start[a][0] * 4 + c.artist_start[a][1] for a in self.artist]
        # "Market Commission cards are sorted into piles by Level. Each pile is then shuffled
        # and dealt out evenly into the stacks shown below, according to its Level"
        self.stacks: list[list[int]] = [[] for _ in range(16)]
        for level in range(5):
            pile = list(t.of_level[level])
            self._shuffle(pile)
            size = STACK_SIZE[level]
            for p in SQUARES_OF_LEVEL[level]:  # dealt from the top of the pile
                self.stacks[p] = pile[: -size - 1 : -1]
                del pile[-size:]
        # "the cards in the second deck ... are separated into four separate draw piles by
        # level" [D11] the Red deck's level-0 cards are not used.
        self.piles: list[list[int]] = [[], [], [], []]
        if self.red:
            for row in range(4):
                pile = [RED + i for i in t.of_level[PILE_LEVEL[row]]]
                self._shuffle(pile)
                self.piles[row] = pile
        # "Each player takes the 8 Masterpiece cards for their artist and shuffles them together
        # with 3 Starting Commission cards (2 Holy Family cards and 1 Madonna card)"
        self.decks: list[list[int]] = []
        for s in range(n):
            deck = [*t.masterpieces_of[self.artist[s]], *range(ST0 + 3 * s, ST0 + 3 * s + 3)]
            self._shuffle(deck)
            self.decks.append(deck)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.discards: list[list[int]] = [[] for _ in range(n)]
        self.palettes: list[list[int]] = [[] for _ in range(n)]
        self.mastery = [0] * n
        self.elevated: list[list[int]] = [[] for _ in range(n)]
        self.completed: list[list[int]] = [[] for _ in range(n)]
        self.working = [[-1, -1, -1] for _ in range(n)]  # a Masterpiece in progress per city
        self.progress = [[0, 0, 0] for _ in range(n)]  # its steps done
        self.log.append((EV_START, tuple(self.artist), self.red))
        for s in range(n):
            self._draw_hand(s, HAND if self.solo else FIRST_HANDS[s])
        self._begin_turn()

    # -- the protocol ------------------------------------------------------------------

    @property
    def to_act(self) -> frozenset[int]:
        return _NOBODY if self.phase == OVER else _SEATS[self.cur]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def at_limit(self) -> bool:
        return self.phase == OVER and END_REASONS[self.ended] == "turn-limit"

    @property
    def turn(self) -> int:
        """The turn being played, from 1; once over, the last one played (the solo loss and
        the cap end a game after its turn is counted, the others during it)."""
        counted = self.phase == OVER and END_REASONS[self.ended] in ("solo-lost", "turn-limit")
        return self.turns if counted else self.turns + 1

    @property
    def result(self) -> GameResult | None:
        # [D14] the most points wins; equal scores share the win.
        if self.phase != OVER:
            return None
        if self.solo:  # won by six Masterpieces, else lost: a loss has no winner
            won = END_REASONS[self.ended] == "masterpieces"
            return GameResult((self.score(0),), (0,) if won else (), (1,))
        return GameResult.from_scores([self.score(s) for s in range(self.n)])

    def legal_actions(self, seat: int) -> list[Action]:
        if seat.__class__ is not int or seat != self.cur or self.phase == OVER:
            self._query_seat(seat)
            return []
        codes = self._memo = self._codes()  # the act that follows checks against this list
        a = self.t.actions
        out = []
        for code in codes:
            out.append(a[code])
        return out

    def _codes(self) -> list[int]:
        """The codes of the legal actions, in a stable order."""
        t = self.t
        s = self.cur
        out: list[int] = []
        hand = self.hands[s]
        used = self.used
        pawn = self.pawn[s]
        r = pawn >> 2
        may_act = not self.free_used
        # Use a card: influence or advancement, or (GOLD) move down instead.
        use = t.use if r < 3 else t.use_in_place
        for i in hand:
            if i not in used:
                out += use[i]
        if may_act:
            # Acquire a Commission within one space of the pawn.
            inf = self.inf_pool
            mastery = self.mastery[s]
            linked = t.linked(mastery)
            stacks = self.stacks
            cost, level, skill, acquire = t.cost, t.level, t.skill, t.acquire
            for p in NEAR[pawn]:
                stack = stacks[p]
                if not stack:
                    continue
                top = stack[-1]
                if cost[top] > inf:
                    continue
                k = skill[top]
                if level[top] >= 2 and not linked >> k & 1:
                    continue
                out.append(acquire[p][0])
                if not mastery >> k & 1:
                    out.append(acquire[p][1])
            # Start a Masterpiece in the pawn's city, with Mastery of its skill.
            city = CITY_OF_ROW[r]
            working = self.working[s]
            if working[city] < 0:
                mp_city = t.mp_city  # -1 for a card that is not a Masterpiece
                for i in hand:
                    if mp_city[i] == city and i not in used and mastery >> skill[i] & 1:
                        out.append(t.begin[i])
            # Advance the Masterpiece of the pawn's city.
            w = working[city]
            if w >= 0 and t.mp_steps[w][self.progress[s][city]] <= self.adv_pool:
                out.append(t.advance[city])
        # Elevate a Commission from the hand or the discards.
        if self.charges:
            for i in sorted({*hand, *self.discards[s]}):
                if t.kind[i] != K_MP:
                    out.append(t.elevate[i])
        # Move one space: a completed Masterpiece's move, or the free move of a turn without
        # Commission or Masterpiece actions.
        if self.bonus or not (self.acted or self.free_used):
            move = t.move
            for d in STEPS[pawn]:
                out.append(move[d])
        # End the turn, moving at most one Commission from the hand to the Palette.
        mastery = self.mastery[s]
        badge = t.badge
        for i in hand:
            if badge[i] and not mastery & badge[i]:
                out.append(t.transfer[i])
        out.append(t.end)
        return out

    def act(self, seat: int, action: Action) -> None:
        if seat.__class__ is not int or seat != self.cur or self.phase == OVER:
            raise self._refuse_seat(seat)
        t = self.t
        try:
            known = t.actions[action.code] is action
        except (AttributeError, IndexError, TypeError):
            known = False
        if not known:
            found = self.catalog.canonical(action)
            if found is None:
                raise self._unknown_action(action)
            action = found
        code = action.code
        codes = self._codes() if self._memo is None else self._memo
        if code not in codes:
            raise self._refuse_action(action, map(t.actions.__getitem__, codes))
        self._memo = None
        self.history.append((seat, code))
        what, x, y = t.meaning[code]
        if what == A_USE:
            self._use(x, y)
        elif what == A_ACQUIRE:
            self._acquire(x, y)
        elif what == A_BEGIN:
            self._begin(x)
        elif what == A_ADVANCE:
            self._advance(x)
        elif what == A_ELEVATE:
            self._elevate(x)
        elif what == A_MOVE:
            self._move(x)
        elif what == A_TRANSFER:
            self._end_turn(x)
        else:
            self._end_turn(-1)

    # -- the rules -----------------------------------------------------------------------

    def _shuffle(self, cards: list[int]) -> None:
        shuffle(cards, self.seed, SHUFFLE, self.shuffles)
        self.shuffles += 1

    def _restock(self, s: int) -> None:
        """'As soon as your draw deck runs out of cards ..., your discard pile is shuffled and
        becomes the new active deck' [D5] at once, whenever the deck is empty."""
        if self.decks[s] or not self.discards[s]:
            return
        deck = self.discards[s]
        self.discards[s] = []
        self._shuffle(deck)
        self.decks[s] = deck
        self.log.append((EV_SHUFFLE, s, len(deck)))

    def _draw_hand(self, s: int, count: int) -> None:
        """Draw ``count`` cards, and one more for each BRONZ or COLOR drawn ([D6] at once,
        without limit), while cards are left. One event names the cards drawn, sorted."""
        hand = self.hands[s]
        draws = self.t.draws
        decks = self.decks
        drawn = []
        while count > 0:
            if not decks[s]:
                self._restock(s)
                if not decks[s]:
                    break
            card = decks[s].pop()
            drawn.append(card)
            count -= 1
            if draws[card]:
                count += 1
        if not decks[s]:
            self._restock(s)
        hand.extend(drawn)
        hand.sort()
        self.log.append((EV_DRAW, s, tuple(sorted(drawn))))

    def _begin_turn(self) -> None:
        s = self.cur
        self.used: list[int] = []
        self.inf_pool = self.adv_pool = 0
        self.bonus = 0
        self.acted = self.free_used = False
        el = self.t.elevates
        charges = 0
        for i in self.hands[s]:
            if el[i]:
                charges += 1
        self.charges = charges  # [D19] private: others know only el_done and el_gone
        self.el_done = self.el_gone = 0
        self.log.append((EV_TURN, s, self.turns))

    def _use(self, card: int, how: int) -> None:
        s = self.cur
        t = self.t
        self.used.append(card)
        if how == 0:
            self.inf_pool += t.inf[card]
        elif how == 1:
            self.adv_pool += t.adv[card]
        else:  # GOLD: "moving your pawn down one space INSTEAD of spending"
            self.pawn[s] += 4
        self.log.append((EV_USE, s, card, how, self.pawn[s]))

    def _acquire(self, p: int, to_palette: int) -> None:
        s = self.cur
        t = self.t
        stack = self.stacks[p]
        card = stack.pop()
        self.inf_pool -= t.cost[card]
        self.acted = True
        if to_palette:
            self.palettes[s].append(card)
            self.mastery[s] |= 1 << t.skill[card]
        else:
            self.discards[s].append(card)
        # "Acquiring a Commission card immediately moves your player token in the direction
        # of the arrow" [D7] a part that would leave the grid is dropped.
        r, col = divmod(self.pawn[s], 4)
        dr, dc = t.arrow[card]
        before = self.pawn[s]
        self.pawn[s] = _clamp(r + dr) * 4 + _clamp(col + dc)
        self.log.append((EV_ACQUIRE, s, p, card, to_palette, before, self.pawn[s]))
        # "When a Commission card is acquired, the card immediately beneath it is revealed."
        self.log.append((EV_REVEAL, p, stack[-1] if stack else -1))
        if not stack and self.red:
            pile = self.piles[p // 4]
            if pile:  # [D12] one card, from the pile beside the stack's row
                stack.append(pile.pop())
                self.log.append((EV_RESUPPLY, p, stack[-1]))
        if card in t.st_peters and not self.solo:
            self._finish(1)

    def _begin(self, card: int) -> None:
        s = self.cur
        city = self.t.mp_city[card]
        self.hands[s].remove(card)
        self.working[s][city] = card
        self.progress[s][city] = 0
        self.acted = True
        self.log.append((EV_BEGIN, s, card, city))

    def _advance(self, city: int) -> None:
        s = self.cur
        t = self.t
        card = self.working[s][city]
        step = self.progress[s][city]
        cost = t.mp_steps[card][step]
        self.adv_pool -= cost
        self.acted = True
        self.log.append((EV_ADVANCE, s, card, step + 1, cost))
        if step < 2:
            self.progress[s][city] = step + 1
            return
        self.working[s][city] = -1
        self.progress[s][city] = 0
        self.completed[s].append(card)
        self.bonus += 1
        self.log.append((EV_COMPLETE, s, card, t.vp[card]))
        done = self.completed[s]
        if len(done) >= WIN_MASTERPIECES and self._has_major(done):
            self._finish(0)

    def _has_major(self, cards: list[int]) -> bool:
        """Whether ``cards`` hold a "major" Masterpiece (worth 8 Victory Points)."""
        vp = self.t.vp
        return any(vp[i] == MAJOR_VP for i in cards)

    def _elevate(self, card: int) -> None:
        s = self.cur
        self.charges -= 1
        self.el_done += 1
        if card in self.hands[s]:
            self.el_gone += self.t.elevates[card]  # a LAND or ARCH card gone from the hand
            self.hands[s].remove(card)
            if card in self.used:
                self.used.remove(card)
            where = 0
        else:
            self.discards[s].remove(card)
            where = 1
        self.elevated[s].append(card)
        self.log.append((EV_ELEVATE, s, card, where))

    def _move(self, d: int) -> None:
        s = self.cur
        if self.bonus:
            self.bonus -= 1
            why = 0
        else:
            self.free_used = True
            why = 1
        dr, dc = DIRS[d]
        self.pawn[s] += dr * 4 + dc
        self.log.append((EV_MOVE, s, d, self.pawn[s], why))

    def _end_turn(self, transfer: int) -> None:
        s = self.cur
        t = self.t
        hand = self.hands[s]
        if transfer >= 0:
            hand.remove(transfer)
            self.palettes[s].append(transfer)
            self.mastery[s] |= 1 << t.skill[transfer]
            self.log.append((EV_TRANSFER, s, transfer))
        # "All the cards you have drawn in this round ... will be discarded at the end of your
        # turn, whether or not you made use of them."
        self.log.append((EV_DISCARD, s, tuple(hand)))
        self.discards[s].extend(hand)
        self.hands[s] = []
        self.used = []
        self._restock(s)
        self._draw_hand(s, HAND)
        self.turns += 1
        if self.solo:
            # "a card must be removed from the stack furthest from the player among the
            # stacks remaining in the leftmost column"
            stacks = self.stacks
            for p in COLUMN_A:
                if stacks[p]:
                    card = stacks[p].pop()
                    self.removed.append(card)
                    top = stacks[p][-1] if stacks[p] else -1
                    self.log.append((EV_REMOVE, p, card, top))
                    break
            for p in COLUMN_A:
                if stacks[p]:
                    break
            else:  # [D15] the last card of column A is gone
                self._finish(2)
                return
        if self.turns >= self.turn_limit * self.n:
            self._finish(3)  # [D16] the safety cap
            return
        self.cur = (s + 1) % self.n
        self._begin_turn()

    def _finish(self, reason: int) -> None:
        self.phase = OVER
        self.ended = reason
        self.log.append((EV_END, reason, tuple(self.score(s) for s in range(self.n))))

    # -- scoring -------------------------------------------------------------------------

    def score(self, s: int) -> int:
        """Victory Points now: the sum of :meth:`score_parts`."""
        masterpieces, commissions, removed = self.score_parts(s)
        return masterpieces + commissions - removed

    def score_parts(self, s: int) -> tuple[int, int, int]:
        """Seat ``s``'s Victory Points in parts: its completed Masterpieces; its Commissions in
        the deck (draw deck, hand, discards) and Elevated, by level (St. Peter's 10, in the solo
        game 6; nothing for the Palette); and, in the solo game, one less per card removed from
        column A (else 0)."""
        t = self.t
        vp = t.vp
        owned = t.solo_owned_vp if self.solo else t.owned_vp
        masterpieces = 0
        for i in self.completed[s]:
            masterpieces += vp[i]
        commissions = 0
        for pile in (self.decks[s], self.hands[s], self.discards[s], self.elevated[s]):
            for i in pile:
                commissions += owned[i]
        return masterpieces, commissions, len(self.removed) if self.solo else 0

    # -- what a seat knows ---------------------------------------------------------------

    def unseen(self, s: int) -> list[int]:
        """The cards of seat ``s`` in its deck or unseen in its hand (as others know them)."""
        hand = self.hands[s]
        if s == self.cur and self.used:
            used = self.used
            hand = [i for i in hand if i not in used]
        return sorted([*self.decks[s], *hand])

    def view(self, seat: int | None) -> dict[str, Any]:
        return _views.build_view(self, self._query_seat(seat, spectator=True))

    def info_key(self, seat: int | None) -> Hashable:
        seat = self._query_seat(seat, spectator=True)
        n = self.n
        per = []
        for s in range(n):
            mine = s == seat
            per.append(
                (
                    self.pawn[s],
                    tuple(self.hands[s]) if mine else len(self.hands[s]),
                    tuple(sorted(self.decks[s])) if mine else tuple(self.unseen(s)),
                    tuple(self.discards[s]),
                    tuple(self.palettes[s]),
                    tuple(self.elevated[s]),
                    tuple(self.completed[s]),
                    tuple(self.working[s]),
                    tuple(self.progress[s]),
                )
            )
        return (
            self.phase,
            self.cur,
            self.turns,
            self.ended,
            tuple(self.artist),
            tuple((len(x), x[-1]) if x else (0, -1) for x in self.stacks),
            tuple(map(len, self.piles)),
            tuple(per),
            tuple(self.used),
            self.inf_pool,
            self.adv_pool,
            self.charges if seat == self.cur else None,  # [D19] the hand's secret
            self.el_done,
            self.el_gone,
            self.bonus,
            self.acted,
            self.free_used,
            tuple(self.removed),
        )

    def observe(self, seat: int) -> Any:
        from .observation import observe

        return observe(self, self._query_seat(seat))

    def describe_event(self, raw: tuple[Any, ...]) -> Event:
        return _events.describe(self, raw)

    def event_text(self, event: dict[str, Any], viewer: int | None) -> str:
        return _text.describe(self.t, event, viewer)

    def card_table(self) -> dict[str, Any]:
        return _text.card_table(self.t)

    def hidden_ids(self, seat: int | None) -> frozenset[str]:
        """The cards of decks and hands that ``seat`` cannot see: every deck (the order of its
        own is hidden from it too) and the other seats' hands but for the cards used this turn;
        for a spectator, also the cards below the market's tops and in the Red piles. [D18] A
        seat's set leaves the market's face-down cards out: no seat ever sees them, and the
        shipped re-deal check counts such cards as never moved (the twin checks still cover
        them)."""
        ids = self.t.ids
        out = []
        if seat is None:
            out = [i for stack in self.stacks for i in stack[:-1]]
            for pile in self.piles:
                out.extend(pile)
        for s in range(self.n):
            out.extend(self.decks[s])
            if s != seat:
                out.extend(self.unseen(s))
        return frozenset(ids[i] for i in out)

    def canonical(self) -> Hashable:
        # The log and history hold tuples of ints: hashable as they are (freeze would copy).
        return (
            self.players,
            self.seed,
            self.variant,
            tuple(self.history),
            self.log_base,
            tuple(self.log),
            self.resampled,
            self.c.digest,
            self.red,
            self.turn_limit,
            self.shuffles,
            tuple(map(tuple, self.stacks)),
            tuple(map(tuple, self.piles)),
            tuple(map(tuple, self.decks)),
            tuple(map(tuple, self.hands)),
            tuple(self.mastery),
            freeze(self._options),
            self.info_key(None),
        )

    def clone(self) -> RenaissanceRivals:
        g = RenaissanceRivals.__new__(RenaissanceRivals)
        g._copy_base(self)
        g.n, g.c, g.t, g.solo, g.red = self.n, self.c, self.t, self.solo, self.red
        g.turn_limit, g.shuffles, g.turns, g.cur = (
            self.turn_limit,
            self.shuffles,
            self.turns,
            self.cur,
        )
        g.phase, g.ended = self.phase, self.ended
        g.removed = self.removed[:]
        g.artist, g.pawn, g.mastery = self.artist[:], self.pawn[:], self.mastery[:]
        g.stacks = [x[:] for x in self.stacks]
        g.piles = [x[:] for x in self.piles]
        g.decks = [x[:] for x in self.decks]
        g.hands = [x[:] for x in self.hands]
        g.discards = [x[:] for x in self.discards]
        g.palettes = [x[:] for x in self.palettes]
        g.elevated = [x[:] for x in self.elevated]
        g.completed = [x[:] for x in self.completed]
        g.working = [x[:] for x in self.working]
        g.progress = [x[:] for x in self.progress]
        g.used = self.used[:]
        g.inf_pool, g.adv_pool, g.charges, g.bonus = (
            self.inf_pool,
            self.adv_pool,
            self.charges,
            self.bonus,
        )
        g.acted, g.free_used = self.acted, self.free_used
        g.el_done, g.el_gone = self.el_done, self.el_gone
        g._memo = None
        return g

    def resample(
        self, seat: int, rng: random.Random, policy: WorldPolicy | None = None
    ) -> RenaissanceRivals:
        """Everything ``seat`` cannot see dealt again: the cards below the market's tops among
        the stacks of their level, each Red pile's order, its own deck's order, and each other
        seat's deck and unseen hand cards ([D17] one pool per seat: what others cannot see)."""
        self._query_seat(seat)
        g = self.clone()
        g._forget(rng)
        for level in range(5):
            where = [
                p for p in range(16) if LAYOUT[p // 4][p % 4] == level and len(g.stacks[p]) > 1
            ]
            pool = sorted(i for p in where for i in g.stacks[p][:-1])
            rng.shuffle(pool)
            for p in where:
                k = len(g.stacks[p]) - 1
                g.stacks[p] = [*pool[:k], g.stacks[p][-1]]
                del pool[:k]
        for pile in g.piles:
            pile.sort()
            rng.shuffle(pile)
        for s in range(g.n):
            if s == seat:
                g.decks[s].sort()
                rng.shuffle(g.decks[s])
                continue
            shown = [i for i in g.hands[s] if s == g.cur and i in g.used]
            need = g.el_done - g.el_gone if s == g.cur else 0
            g.hands[s], g.decks[s] = g._deal_hand(s, shown, need, rng)
        if g.cur != seat and g.phase != OVER:
            el = g.t.elevates
            g.charges = sum(el[i] for i in g.hands[g.cur]) + g.el_gone - g.el_done
        return g

    def _deal_hand(
        self, s: int, shown: list[int], need: int, rng: random.Random
    ) -> tuple[list[int], list[int]]:
        """Seat ``s``'s hand (sorted) and deck dealt again from its unseen cards, keeping what
        others know of the hand: the cards ``shown`` (used this turn); as many BRONZ and COLOR
        cards as it holds, since a hand of n + k cards (n its usual size) drew k of them (when
        the deck ran out, the unseen cards are the hand's alone); and at least ``need`` LAND or
        ARCH cards, for the Elevations made this turn by cards still in the hand. [D17]"""
        t = self.t
        draws, el = t.draws, t.elevates
        hidden = [i for i in self.hands[s] if i not in shown]
        k = sum(draws[i] for i in hidden)
        m = len(hidden) - k
        pool = self.unseen(s)
        lead = [i for i in pool if draws[i]]
        rest = [i for i in pool if not draws[i]]
        rng.shuffle(lead)
        rng.shuffle(rest)
        need -= sum(el[i] for i in shown)
        if sum(el[i] for i in rest[:m]) < need:  # [D17] the worlds where the hand holds them
            for _ in range(REDEALS):
                rng.shuffle(rest)
                if sum(el[i] for i in rest[:m]) >= need:
                    break
            else:  # rare: the cards needed first, the rest at random
                first = [i for i in rest if el[i]][:need]
                rest = [i for i in rest if i not in first]
                rng.shuffle(rest)
                rest = first + rest
        deck = lead[k:] + rest[m:]
        rng.shuffle(deck)
        return sorted([*shown, *lead[:k], *rest[:m]]), deck


def choose_artists(
    ids: tuple[str, ...], names: tuple[str, ...], wanted: list[str], seed: int
) -> list[int]:
    """Each seat's artist (an index of ``ids``, named ``names``): [D2] the one it chose, or one
    of the others drawn from the seed, all different. With none chosen, the draw is what it
    always was."""
    chosen = [w for w in wanted if w != DRAWN]
    for seat, w in enumerate(wanted):
        if w != DRAWN and w not in ids:
            raise UnknownGameError(
                f"option 'artist_{seat}': no artist {quote(w)} in this card set; its artists: "
                f"{', '.join(ids)}"
            )
        if w != DRAWN and w in wanted[:seat]:
            raise UnknownGameError(
                f"option 'artist_{seat}': seat {wanted.index(w)} chose {names[ids.index(w)]} "
                f"({w}) too: each artist is played by one seat"
            )
    free = [a for a in range(len(ids)) if ids[a] not in chosen]
    drawn = iter(stream(seed, ARTISTS).sample(free, len(wanted) - len(chosen)))
    return [ids.index(w) if w != DRAWN else next(drawn) for w in wanted]


def new_game(players: int, seed: int, variant: str, options: dict[str, Any]) -> RenaissanceRivals:
    return RenaissanceRivals(players, seed, variant, options)


# The modules that show this game (views, events, text) import this one: they come last.
from . import events as _events  # noqa: E402
from . import text as _text  # noqa: E402
from . import views as _views  # noqa: E402
