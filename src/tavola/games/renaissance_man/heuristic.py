"""A planning bot for Renaissance Man (2013): it decides from its seat's view alone.

It plans a whole commitment at its first step and follows it step by step (the plan depends
only on the view, not on the steps already taken, so it is the same plan at every step): hire
the card that fits (keeping a Merchant uncovered where it can), teach toward a Renaissance Man
with cards that fit nowhere, barter for coin tokens (Hire access in later phases), recruit where
its knights can win a card that fits its structure, remove a worker when that regains a Hire it
could use, and otherwise pass. It lays the Foundation so that the recruits fit, places won
recruits and generated Renaissance Men where they keep its hand's options open, and discards
cards that fit nowhere.

It works against a stalled structure by asking, of every structure it could make, whether some
sequence of actions can still complete it (:meth:`Plan.finishable`: each worker still missing
needs an action to place it, and placing it may cover the worker that gave that action; the
Master needs one from level four or a token). A hire, a won recruit or a generated Renaissance
Man (the Teach that would generate it included) that would leave a structure that cannot finish
is avoided; with no Merchant left uncovered it barters for coin tokens (swapping a stored bread
token if need be) and teaches toward a Renaissance Man, and keeps only the cards that feed
those; a structure that cannot finish all the same removes, in the phase where that gives it an
action, the fewest workers (up to four) that let it finish and give the most action types back
(Hire, then Barter, Teach, Recruit).
"""

from __future__ import annotations

import functools
import itertools
import random
from typing import Any

from ...core.protocol import Action
from .cards import PAIRS, RM, SYMBOLS, WILD, WORKERS, Cards, cards_by_key

LEVEL = (1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5)
OFFSET = (0, 5, 9, 12, 14)
PERMS = tuple(itertools.permutations(range(5)))
NONE: frozenset[int] = frozenset()
WILD_CARD = -1
"""A card number standing for any face-down Renaissance Man (wild, no action)."""
ENGINE = (7.0, 3.0, 5.0, 2.0)
"""What regaining each action type is worth to a stuck structure: Hire, Teach (a Renaissance
Man for four), Barter (a coin token hires in any phase), Recruit."""


def _supports(p: int) -> tuple[int, int]:
    i = p - OFFSET[LEVEL[p] - 1]
    base = OFFSET[LEVEL[p] - 2]
    return base + i, base + i + 1


def _above(p: int) -> tuple[int, ...]:
    lv = LEVEL[p]
    if lv == 5:
        return ()
    i = p - OFFSET[lv - 1]
    return tuple(OFFSET[lv] + j for j in (i - 1, i) if 0 <= j < 5 - lv)


SUP = tuple(_supports(p) if p >= 5 else (-1, -1) for p in range(15))
ABOVE = tuple(_above(p) for p in range(15))
SLOT_OF = {f"{LEVEL[p]}.{p - OFFSET[LEVEL[p] - 1] + 1}": p for p in range(15)}
NAME_OF = {p: s for s, p in SLOT_OF.items()}


class Slot:
    """A structure slot as the bot reads it: type (0-3 worker, 4 wild), offers as bitmasks."""

    __slots__ = ("ol", "orr", "typ")

    def __init__(self, typ: int, ol: int, orr: int) -> None:
        self.typ, self.ol, self.orr = typ, ol, orr


def read_slot(c: Cards, x: str | None) -> Slot | None:
    if x is None:
        return None
    if x == "down":
        return Slot(RM, WILD, WILD)
    if x.startswith("foundation-"):
        t = WORKERS.index(x[11:])
        return Slot(t, WILD, WILD) if t == RM else Slot(t, 1 << t, 1 << t)
    i = c.ids.index(x)
    if c.offer[i] is None:
        return Slot(RM, WILD, WILD)
    return Slot(c.typ[i], 1 << c.offer[i][0], 1 << c.offer[i][1])


def needs(c: Cards, i: int) -> tuple[int, int]:
    n = c.need[i]
    return (WILD, WILD) if n is None else (1 << n[0], 1 << n[1])


def fits(
    c: Cards, st: list[Slot | None], card: int, removed: frozenset[int] = frozenset()
) -> list[int]:
    nl, nr = needs(c, card)
    out = []
    for p in range(5, 15):
        if st[p] is not None and p not in removed:
            continue
        a, b = SUP[p]
        x, y = st[a], st[b]
        if x is None or y is None or a in removed or b in removed:
            continue
        if nl & x.orr and nr & y.ol:
            out.append(p)
    return out


def open_slots(st: list[Slot | None]) -> list[int]:
    """Empty slots with both cards beneath: where a wild card could go."""
    return [p for p in range(5, 15) if st[p] is None and all(st[q] is not None for q in SUP[p])]


def uncovered(st: list[Slot | None], p: int, removed: frozenset[int] = frozenset()) -> bool:
    return all(st[q] is None or q in removed for q in ABOVE[p])


def access(
    st: list[Slot | None], level: int, kind: int, removed: frozenset[int] = frozenset()
) -> bool:
    for p in range(15):
        x = st[p]
        if (
            LEVEL[p] == level
            and x is not None
            and p not in removed
            and x.typ == kind
            and uncovered(st, p, removed)
        ):
            return True
    return False


def hire_engine(st: list[Slot | None], stored: list[int]) -> bool:
    """Whether the bot can still hire in some phase: an uncovered Merchant, or a coin token."""
    return 0 in stored or any(access(st, lv, 0) for lv in range(1, 5))


@functools.lru_cache(maxsize=1 << 16)
def _finishable(
    types: tuple[int, ...], hires: int, breads: int, room: int, easy: frozenset[int]
) -> bool:
    """See :meth:`Plan.finishable`; ``types`` by slot (-1 empty), ``hires`` the coin and
    shield tokens, ``room`` the free token places, ``easy`` the slots a known card with an
    action fits."""
    if -1 not in types:
        return True
    kinds = {types[p] for p in range(15) if types[p] >= 0 and all(types[q] < 0 for q in ABOVE[p])}
    slots = [p for p in range(5, 15) if types[p] < 0 and all(types[q] >= 0 for q in SUP[p])]

    def put(p: int, t: int) -> tuple[int, ...]:
        return (*types[:p], t, *types[p + 1 :])

    worker = 0 in kinds or 3 in kinds
    if worker or hires:
        # a worker's Hire is spent before a token's; a Merchant (Hire), a Baker (coin tokens)
        # or a Renaissance Man card (fits anywhere) stand for every card that could be placed
        used = (hires, room) if worker else (hires - 1, room + 1)
        for p in slots:
            wild = p in easy or types[SUP[p][0]] == types[SUP[p][1]] == RM
            for t in (0, 2, RM) if wild else (RM,):
                if _finishable(put(p, t), used[0], breads, used[1], easy):
                    return True
    if 1 in kinds and any(_finishable(put(p, RM), hires, breads, room, easy) for p in slots):
        return True
    if 2 in kinds:
        return room > 0 and _finishable(types, hires + 1, breads, room - 1, easy)
    return breads > 0 and _finishable(types, hires + 1, breads - 1, room, easy)


def find(legal: list[Action], data: dict[str, Any]) -> Action | None:
    for a in legal:
        if a.to_json() == data:
            return a
    return None


def _slot_value(c: Cards, st: list[Slot | None], p: int, hand: list[int], card: int) -> float:
    """How good it is to fill ``p``: progress, minus the access it covers, minus the hand
    cards that would lose their only slot."""
    v = 10.0 + 0.1 * LEVEL[p]
    covers = False
    for q in SUP[p]:
        x = st[q]
        if x is not None and x.typ == 0 and uncovered(st, q):
            v -= 1.5
            covers = True
    if covers and c.typ[card] != 0:
        after = st[:]
        after[p] = Slot(RM, WILD, WILD)
        if not any(access(after, lv, 0) for lv in range(1, 5)):
            v -= 2.0
    for other in hand:
        if other != card and fits(c, st, other) == [p]:
            v -= 1.0
    return v


class Plan:
    def __init__(self, view: dict[str, Any], rng: random.Random) -> None:
        self.view = view
        self.c = c = cards_by_key(view["cards"])
        self.me = me = view["seat"]
        self.st = [read_slot(c, x) for x in view["structures"][me]]
        self.hand = [c.ids.index(x) for x in view["hand"]]
        self.stored = [SYMBOLS.index(t["face"]) for t in view["stored"][me]]
        self.rm = [SYMBOLS.index(t["face"]) for t in view["rm_tokens"][me]]
        self.supply = list(view["supply"].values())
        self.rng = rng
        self.hire_ok = hire_engine(self.st, self.stored)

    def face_left(self, face: int) -> int:
        best, count = -1, 0
        for j, n in enumerate(self.supply):
            if face in PAIRS[j] and n > count:
                best, count = j, n
        return best

    def keep_value(self, card: int) -> float:
        """What a hand card is worth kept: it fits now, or is wild. With no way left to hire
        (no uncovered Merchant, no coin stored), a card is only worth what it feeds: a Teach
        toward a Renaissance Man, a Barter, a Recruit."""
        c = self.c
        if not self.hire_ok:
            return 1.0 if self.fodder(card) else 0.0
        worker = any(access(self.st, lv, 0) for lv in range(1, 5))
        slots = [
            p for p in fits(c, self.st, card) if self.hire_risk(NONE, p, card, 0, worker) < 10.0
        ]
        if c.typ[card] == RM:
            return 8.0 if slots else 0.0
        return 5.0 if slots else 0.0

    def fodder(self, card: int) -> bool:
        """Whether ``card`` feeds an action type the structure (or a token) gives toward
        hiring again: a Teach it still needs (whose Renaissance Man would have a slot), a Barter
        for a coin token, a Recruit likely won of a card that fits."""
        t = self.c.typ[card]
        if t == RM:
            return False
        kinds = self.kinds_reachable(frozenset())
        return (
            (1 in kinds and t not in self.rm and (len(self.rm) < 3 or self.rm_room(NONE)))
            or (2 in kinds and t == 0)
            or (3 in kinds and self.recruit_value(t) >= 2.0)
        )

    def recruit_value(self, area: int, more: int = 1) -> float:
        """What the card in ``area`` is worth to the bot times its chance of winning it with
        ``more`` knights added to its own there."""
        v = self.view
        card = v["recruits"][area]
        if card is None:
            return 0.0
        i = self.c.ids.index(card)
        worth = 7.0 if fits(self.c, self.st, i) else (4.0 if self.c.typ[i] == RM else 1.0)
        mine = v["knights"][area][self.me] + more
        others = [k for s, k in enumerate(v["knights"][area]) if s != self.me]
        if v["opposing"]:
            others.append(v["opposing"][area] + 0.5)
        best = max(others, default=0)
        chance = 1.0 if mine > best else (0.4 * more if mine == best else 0.1 * more)
        return worth * chance

    def kinds_reachable(self, removed: frozenset[int]) -> set[int]:
        """Action types some uncovered worker gives at some level (or a stored token)."""
        out = set(self.stored)
        for level in range(1, 5):
            for kind in range(4):
                if access(self.st, level, kind, removed):
                    out.add(kind)
        return out

    def removal_sets(self, most: int = 2) -> list[frozenset[int]]:
        """Removals worth a look: none, then every chain of up to ``most`` workers of level 2+
        that can be removed one after the other (each uncovered once those before it are
        gone), fewest first."""
        out = [NONE]
        seen = {NONE}
        for removed in out:
            if len(removed) == most:
                continue
            for p in range(5, 15):
                more = removed | {p}
                if self.st[p] is not None and more not in seen and uncovered(self.st, p, removed):
                    seen.add(more)
                    out.append(more)
        return out

    def need_coin(self) -> bool:
        """Whether a coin token is what the bot needs: no Merchant gives it Hire any more, or
        the pyramid nears its top with no Merchant above level two (the last workers will
        cover the ones below, and a stored coin hires in any phase)."""
        if not self.hire_ok:
            return True
        if 0 in self.stored or sum(x is not None for x in self.st) < 10:
            return False
        return not (access(self.st, 3, 0) or access(self.st, 4, 0))

    def finishable(self, st: list[Slot | None], stored: list[int]) -> bool:
        """Whether some sequence of actions can still complete ``st``, read as its worker
        types. Hire and Recruit (an uncovered Merchant or Knight, a coin or shield token) place
        a Renaissance Man card (one will come), or a worker with an action where a card known
        to the bot fits (its hand; the Recruit board if it can recruit now) or a Renaissance
        Man beneath makes one likely; Teach (an uncovered Scholar) places a Renaissance Man;
        Barter (an uncovered Baker, a bread token) banks a coin token. One that cannot (a
        Scholar whose last Renaissance Man must cover it, say) only removing workers unblocks."""
        c = self.c
        cards = list(self.hand)
        if 3 in self.kinds_reachable(NONE):
            cards += [c.ids.index(x) for x in self.view["recruits"] if x is not None]
        easy = frozenset(p for i in cards if c.typ[i] != RM for p in fits(c, st, i))
        types = tuple(-1 if x is None else x.typ for x in st)
        hires = stored.count(0) + stored.count(3)
        return _finishable(types, hires, stored.count(2), 4 - len(stored), easy)

    def stuck(self) -> bool:
        """Whether no sequence of actions can complete the structure (see :meth:`finishable`)."""
        return not self.finishable(self.st, self.stored)

    def hire_risk(
        self, removed: frozenset[int], p: int, card: int, kind: int = 0, worker: bool = True
    ) -> float:
        """What hiring ``card`` into ``p`` (less ``removed``) costs in ways to act later: a
        structure that gives no action at all any more can only be unblocked by removing
        workers; one with no Hire (no uncovered Merchant, no coin token) needs a coin token
        or a Renaissance Man from Teach for every further worker."""
        after = [None if q in removed else x for q, x in enumerate(self.st)]
        after[p] = Slot(RM, WILD, WILD) if card < 0 else read_slot(self.c, self.c.ids[card])
        stored = list(self.stored)
        if not worker and kind in stored:
            stored.remove(kind)
        if not self.finishable(after, stored):
            return 10.0
        if not hire_engine(after, stored):
            return 3.0
        return 0.0

    def rm_room(self, removed: frozenset[int]) -> bool:
        """Whether a generated Renaissance Man has a slot that leaves the structure able to
        finish (or is the Master)."""
        slots = open_slots([None if q in removed else x for q, x in enumerate(self.st)])
        return any(p == 14 or self.hire_risk(removed, p, WILD_CARD) < 10.0 for p in slots)

    def drop_face(self) -> int:
        """The stored face to drop for a new token: one held twice, else the rarest use."""
        for f in (3, 2, 1, 0):
            if self.stored.count(f) > 1:
                return f
        for f in (3, 2, 1):
            if f in self.stored:
                return f
        return -1

    def best_action(self, removed: frozenset[int]) -> tuple[float, list[dict[str, Any]]]:
        v = self.view
        c = self.c
        level = v["level"]
        best: tuple[float, list[dict[str, Any]]] = (0.6, [{"kind": "pass"}])
        st = self.st
        for kind in range(4):
            worker = access(st, level, kind, removed)
            if not worker and kind not in self.stored:
                continue
            cost = 0.0 if worker else 1.5
            for card in self.hand:
                if kind == 0:
                    for p in fits(c, st, card, removed):
                        val = _slot_value(c, st, p, self.hand, card) - cost
                        if p != 14:
                            val -= self.hire_risk(removed, p, card, kind, worker)
                        if val > best[0]:
                            steps = [{"kind": "act", "type": "hire"}, self._card(card)]
                            best = (val, [*steps, self._place(p)])
                    continue
                t = c.typ[card]
                if t == RM:
                    continue
                lose = self.keep_value(card)
                if kind == 1:
                    pair = self.face_left(t)
                    if (
                        t in self.rm
                        or pair < 0
                        or (len(self.rm) == 3 and not self.rm_room(removed))
                    ):
                        continue
                    val = (3.0 if self.hire_ok else 6.0) + 2.5 * len(self.rm) - lose - cost
                    steps = [{"kind": "act", "type": "teach"}, self._card(card), self._token(pair)]
                elif kind == 2:
                    pair = self.face_left(t)
                    if pair < 0:
                        continue
                    if kind in self.stored and not worker and (t != 0 or not self.need_coin()):
                        continue  # a bread token is only swapped for a coin one
                    val = (7.0 if self.need_coin() else 3.5) if t == 0 else 1.6
                    val -= lose + cost
                    steps = [{"kind": "act", "type": "barter"}, self._card(card), self._token(pair)]
                    if len(self.stored) >= 4:
                        # make room: only for a coin token, dropping a face held twice
                        drop = self.drop_face()
                        if t != 0 or 0 in self.stored or drop < 0:
                            continue
                        val -= 1.0
                        steps.append({"kind": "drop", "token": SYMBOLS[drop]})
                else:
                    val = self.recruit_value(t) - lose * 0.5 - cost
                    steps = [{"kind": "act", "type": "recruit"}, self._card(card)]
                    if sum(v["knights"][a][self.me] for a in range(4)) == 4:
                        # all four on the board (ties kept them there): move the one whose
                        # area is worth least, rather than leave them tied for good
                        areas = [a for a in range(4) if a != t and v["knights"][a][self.me]]
                        if not areas:
                            continue
                        src = min(areas, key=lambda a: self.recruit_value(a, 0))
                        val += 0.5 - 0.5 * self.recruit_value(src, 0)
                        steps.append({"kind": "knight", "from": SYMBOLS[src]})
                if val > best[0]:
                    best = (val, steps)
        return best

    def action(self) -> list[dict[str, Any]]:
        """The whole commitment for this action phase, as the steps' JSON. A removal costs a
        worker, so it is only planned when it lets the bot hire in this very phase and leaves
        it a way to hire later (a Merchant uncovered at a level where none is now, or one at
        all when it has none): never to regain an action of another phase, which led to
        hiring and removing the same slot round after round. A stuck structure (see
        :meth:`stuck`) removes workers to get action types back."""
        value, steps = self.best_action(frozenset())
        chosen: frozenset[int] = frozenset()
        level = self.view["level"]
        if not access(self.st, level, 0) and 0 not in self.stored:
            base = self.merchant_levels(self.st, frozenset())
            for removed in self.removal_sets()[1:]:
                if not access(self.st, level, 0, removed):
                    continue
                val, plan = self.best_action(removed)
                if plan[0].get("type") != "hire":
                    continue
                after: list[Slot | None] = [
                    None if q in removed else x for q, x in enumerate(self.st)
                ]
                card = self.c.ids.index(plan[1]["card"])
                after[SLOT_OF[plan[2]["slot"]]] = read_slot(self.c, plan[1]["card"])
                gained = self.merchant_levels(after, frozenset()) - base
                if not gained or (base and self.c.typ[card] != 0):
                    continue
                total = val + 3.0 - 10.0 * len(removed)
                if total > value + 1:
                    value, steps, chosen = total, plan, removed
        if not chosen and self.stuck():
            # remove the fewest workers that let the structure finish and give the most action
            # types back, in the phase they act in (nothing is lost by waiting for it); a
            # little noise, fixed for the phase, so that a dead end met again is not always
            # left the same way
            noise = random.Random(self.view["round"] * 8 + level)
            best = 0.0
            for removed in self.removal_sets(4)[1:]:
                if not any(
                    access(self.st, level, k, removed) > access(self.st, level, k) for k in range(4)
                ):
                    continue
                kinds = self.kinds_reachable(removed)
                score = sum(ENGINE[k] for k in kinds) - 1.5 * len(removed)
                score += 2.0 * noise.random()
                after = [None if q in removed else x for q, x in enumerate(self.st)]
                score += 20.0 * self.finishable(after, self.stored)
                if kinds and score > best:
                    best, chosen = score, removed
            if chosen:
                value, steps = self.best_action(chosen)
        # chains are removed top first
        order = sorted(chosen, key=lambda p: -LEVEL[p])
        removals = [{"kind": "remove", "slot": NAME_OF[p]} for p in order]
        return [*removals, *steps, {"kind": "ready"}]

    @staticmethod
    def merchant_levels(st: list[Slot | None], removed: frozenset[int]) -> set[int]:
        """The levels at which an uncovered Merchant gives Hire."""
        return {lv for lv in range(1, 5) if access(st, lv, 0, removed)}

    def _card(self, card: int) -> dict[str, Any]:
        return {"kind": "card", "card": self.c.ids[card]}

    @staticmethod
    def _place(p: int) -> dict[str, Any]:
        return {"kind": "place", "slot": NAME_OF[p]}

    @staticmethod
    def _token(pair: int) -> dict[str, Any]:
        a, b = PAIRS[pair]
        return {"kind": "token", "faces": f"{SYMBOLS[a]}/{SYMBOLS[b]}"}

    def best_slot(self, slots: list[int], card: int) -> int:
        def value(p: int) -> float:
            v = _slot_value(self.c, self.st, p, self.hand, card)
            return v - self.hire_risk(NONE, p, card) if p != 14 else v

        return max(slots, key=lambda p: (value(p), -p))


def _foundation(view: dict[str, Any], legal: list[Action]) -> Action:
    c = cards_by_key(view["cards"])
    done = [
        WORKERS.index(s["worker"] if s["worker"] != "renaissance" else "renaissance")
        for s in view["mine"] or []
    ]
    recruits = [c.ids.index(x) for x in view["recruits"] if x is not None]
    best, order = -1.0, PERMS[0]
    for perm in PERMS:
        if list(perm[: len(done)]) != done:
            continue
        st: list[Slot | None] = [read_slot(c, f"foundation-{WORKERS[t]}") for t in perm] + [
            None
        ] * 10
        score = sum(len(fits(c, st, i)) for i in recruits)
        score += 0.5 * (perm.index(RM) in (1, 2, 3)) + 0.3 * (perm.index(0) in (0, 4))
        if score > best:
            best, order = score, perm
    want = {"kind": "foundation", "worker": WORKERS[order[len(done)]]}
    return find(legal, want) or legal[0]


def choose(view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
    """The bot's move for its seat, from its view and legal actions."""
    if len(legal) == 1:
        return legal[0]
    phase = view["phase"]
    if phase == "foundation":
        return _foundation(view, legal)
    plan = Plan(view, rng)
    if phase == "action":
        steps = plan.action()
        mine = [{k: v for k, v in s.items() if k != "label"} for s in view["mine"] or []]
        if len(mine) < len(steps) and mine == steps[: len(mine)]:
            found = find(legal, steps[len(mine)])
            if found is not None:
                return found
        for fallback in ({"kind": "ready"}, {"kind": "pass"}):
            found = find(legal, fallback)
            if found is not None:
                return found
        return legal[0]
    if phase == "place":
        slots = [SLOT_OF[a.to_json()["slot"]] for a in legal if a.kind == "place"]
        hand_slots = {p for h in plan.hand for p in fits(plan.c, plan.st, h)}
        p = min(
            slots,
            key=lambda q: (plan.hire_risk(NONE, q, WILD_CARD), q in hand_slots, LEVEL[q], q),
        )
        return find(legal, Plan._place(p)) or legal[0]
    if phase == "recruit":
        card = plan.c.ids.index(view["recruit"]["card"])
        slots = [SLOT_OF[a.to_json()["slot"]] for a in legal if a.kind == "place"]
        p = plan.best_slot(slots, card) if slots else -1
        if p == 14 or (p >= 0 and plan.hire_risk(NONE, p, card) < 10.0):
            return find(legal, Plan._place(p)) or legal[0]
        return find(legal, {"kind": "hand"}) or legal[0]
    # discards: every card that fits nowhere now (new cards come in the refill), but keep one
    # to act with when the hand would otherwise be empty of fodder
    if find(legal, {"kind": "ready"}):
        return find(legal, {"kind": "ready"})  # type: ignore[return-value]
    mine = {s["card"] for s in view["mine"] or [] if s["kind"] == "discard"}
    kept = [i for i in plan.hand if plan.c.ids[i] not in mine]
    useless = [i for i in kept if plan.keep_value(i) == 0]
    if useless and (len(useless) > 1 or len(kept) > 1):
        return find(legal, {"kind": "discard", "card": plan.c.ids[useless[0]]}) or legal[-1]
    return find(legal, {"kind": "done"}) or legal[-1]
