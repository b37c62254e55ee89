"""The Renaissance Rivals heuristic: a greedy route planner that reads only its seat's view.

It first reads a plan from the public record: which Commissions are still in the market (every
card a player owns is public, so the rest are there), hence whether its major Masterpiece can
still be mastered, and which skills its Palette should gain (each skill its Masterpieces need,
and the skills that cross-link them, along the recipe nearest to done). If the major can no
longer be made, only St. Peter's can end the game: it then also wants ARCH cross-linked and
digs the level-3 stacks, where St. Peter's lies. Each decision, in this order of preference:

- start a Masterpiece it may start here (the highest VP first), then advance the Masterpiece of
  the pawn's city whenever the points are there; while a step can be paid from the hand, use
  the cards with the most Advancement for it;
- otherwise buy: the best Commission within reach (value: its VP, its resources, the skills of
  the plan, the more for the major's, St. Peter's when it wins, a dig toward it, and where its
  arrow leads), paying with the cards that give the most Influence; a card whose skill a
  Masterpiece needs, or of level 1, goes to the Palette (a higher one that only cross-links
  goes to the deck, for its points, until it is drawn and transferred);
- Elevate the weakest cards (Starting Commissions, level 0), keep Masterpieces;
- move (a GOLD card, a completed Masterpiece's move, the free move) toward the city where its
  Masterpieces can be started or advanced, the one of its major first; with none, toward the
  best card of the market it may acquire;
- end the turn, transferring a Commission whose skill the plan wants.
"""

from __future__ import annotations

import random
from typing import Any

from ...core.protocol import Action
from .cards import (
    ARCH,
    CITIES,
    CITY_OF_ROW,
    MAJOR_VP,
    SKILLS,
    Cards,
    cards_by_key,
    square,
)
from .rules import K_COM, K_MP, K_START, MP0, RED, Tables, tables_for

CITY = {name.lower(): i for i, name in enumerate(CITIES)}
ROWS_OF_CITY = ((0,), (1, 2), (3,))
NEED_BONUS = 3.0
MAJOR_BONUS = 3.0
LINK_BONUS = 1.5
DIG_BONUS = 3.0
WIN_BONUS = 40.0


def _dist_to_city(row: int, city: int) -> int:
    return min(abs(row - r) for r in ROWS_OF_CITY[city])


def _bits(mask: int) -> list[int]:
    return [k for k in range(len(SKILLS)) if mask >> k & 1]


def _wanted(c: Cards, mastery: int, skills: int, links_only: bool = False) -> int:
    """The skills the Palette should gain for ``skills``: each one not mastered (unless
    ``links_only``) and, for one not cross-linked, the missing skills of its nearest recipe,
    down to level 1."""
    out = 0
    todo = [(k, links_only) for k in _bits(skills & ~mastery)]
    while todo:
        k, link = todo.pop()
        if not link:
            if out >> k & 1:
                continue
            out |= 1 << k
        if c.links[k] and not c.linked(k, mastery):
            best = min(c.links[k], key=lambda m: (bin(m & ~mastery).count("1"), m))
            todo += [(j, False) for j in _bits(best & ~mastery)]
    return out


def _reachable(c: Cards, mastery: int, owned: int, left: int) -> int:
    """The skills a Palette can still gain: those mastered, of a Commission owned (a transfer
    needs no cross-link), or of one left in the market that the others make acquirable."""
    reach = mastery | owned
    grew = True
    while grew:
        grew = False
        for k in _bits(left & ~reach):
            if not c.links[k] or any(m & reach == m for m in c.links[k]):
                reach |= 1 << k
                grew = True
    return reach


def choose(view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
    if len(legal) == 1:
        return legal[0]
    t = tables_for(cards_by_key(view["cards"]))
    c = t.c
    num = t.number
    me = view["current"]
    p = view["seats"][me]
    tt = view["this_turn"]
    by: dict[str, list[Action]] = {}
    for a in legal:
        by.setdefault(a.kind, []).append(a)
    hand = [num[x] for x in p["hand"]]
    used = {num[x] for x in tt["used"]}
    free = [i for i in hand if i not in used]
    mastery = 0
    for k in p["mastery"]:
        mastery |= 1 << SKILLS.index(k)
    r, col = square(p["pawn"])  # type: ignore[misc]
    city_here = CITY_OF_ROW[r]
    working = {
        CITY[city]: (num[w["card"]], w["steps_done"]) for city, w in p["in_progress"].items()
    }
    done = {num[x] for x in p["completed"]}
    mine = {num[x] for x in (*p["hand"], *p["deck"], *p["discards"])} | {
        w for w, _ in working.values()
    }
    todo = [i for i in mine if t.kind[i] == K_MP and i not in done]
    need_skills = 0
    for i in todo:
        need_skills |= 1 << t.skill[i]

    # The plan: what the market still holds, the major's fate, the skills to gain.
    market = _market(view, t)
    left = 0
    for i in market:
        left |= t.badge[i]
    owned = 0
    for i in mine:
        owned |= t.badge[i]
    major = [i for i in todo if t.vp[i] == MAJOR_VP]
    major_skill = 1 << t.skill[major[0]] if major else 0
    dig = bool(major_skill) and not _reachable(c, mastery, owned, left) & major_skill
    dig = dig and not view["solo"] and any(s in market for s in t.st_peters)
    major_want = _wanted(c, mastery, major_skill) if not dig else 0
    wanted = _wanted(c, mastery, need_skills) | major_want
    if dig:
        wanted |= _wanted(c, mastery, 1 << ARCH, links_only=True)

    # 1. Start a Masterpiece, the best first.
    if "start" in by:
        return max(by["start"], key=lambda a: (t.vp[num[dict(a.params)["card"]]], a.code))
    # 2. Advance.
    if "advance" in by:
        return by["advance"][0]
    uses = {(num[dict(a.params)["card"]], dict(a.params)["as"]): a for a in by.get("use", [])}
    if city_here in working:
        w, step = working[city_here]
        need = sum(t.mp_steps[w][step:]) - tt["advancement"]
        startable = {
            i
            for i in free
            if t.kind[i] == K_MP and t.mp_city[i] == city_here and mastery >> t.skill[i] & 1
        }
        cands = [i for i in free if i not in startable and (i, "advancement") in uses]
        next_step = t.mp_steps[w][step] - tt["advancement"]
        if cands and sum(t.adv[i] for i in cands) >= min(need, next_step) > 0:
            best = max(cands, key=lambda i: (t.adv[i] - 0.5 * t.inf[i], t.adv[i], -i))
            return uses[(best, "advancement")]
    # 3. Buy the best Commission within reach.
    scores = view["seats"]
    lead = max((s["score"] for k, s in enumerate(scores) if k != me), default=0)
    target = _target_city(t, working, todo, mastery, free, r)
    tops = {m["stack"]: num[m["top"]] for m in view["market"] if m["top"] is not None}
    counts = {m["stack"]: m["count"] for m in view["market"]}
    stp_seen = any(i in t.st_peters for i in tops.values())

    def value(card: int, stack: str) -> float:
        v = float(t.vp[card]) + 0.45 * (t.inf[card] + t.adv[card])
        k = t.skill[card]
        if not mastery >> k & 1:
            if wanted >> k & 1:
                v += NEED_BONUS + (MAJOR_BONUS if major_want >> k & 1 else 0.0)
            elif any(
                (need_skills >> j & 1) and any(rec >> k & 1 for rec in c.links[j])
                for j in range(len(SKILLS))
            ):
                v += LINK_BONUS
        if card in t.st_peters:
            v += WIN_BONUS if p["score"] + 10 >= lead else 5.0
        elif dig and not stp_seen and t.level[card] == 3 and counts[stack] > 1:
            v += DIG_BONUS
        if t.draws[card] or t.elevates[card]:
            v += 1.0
        dr, _dc = t.arrow[card]
        nr = min(3, max(0, r + dr))
        if target is not None:
            v += 0.6 * (_dist_to_city(r, target) - _dist_to_city(nr, target))
        return v - 0.15 * t.cost[card]

    def acquirable(card: int) -> bool:
        return t.level[card] < 2 or c.linked(t.skill[card], mastery)

    potential = tt["influence"] + sum(t.inf[i] for i in free)
    best_card, best_v, best_stack = -1, 0.5, ""
    for stack, card in tops.items():
        rr, cc = square(stack)  # type: ignore[misc]
        if abs(rr - r) > 1 or abs(cc - col) > 1:
            continue
        if t.cost[card] > potential or not acquirable(card):
            continue
        v = value(card, stack)
        if v > best_v:
            best_card, best_v, best_stack = card, v, stack
    if best_card >= 0:
        if t.cost[best_card] <= tt["influence"]:
            k = t.skill[best_card]
            to_palette = (
                not mastery >> k & 1
                and (need_skills >> k & 1 or t.level[best_card] <= 1)
                and best_card not in t.st_peters
            )
            for a in by.get("acquire", []):
                pa = dict(a.params)
                if pa["stack"] == best_stack and pa["to"] == ("palette" if to_palette else "deck"):
                    return a
            for a in by.get("acquire", []):
                if dict(a.params)["stack"] == best_stack:
                    return a
        cands = [i for i in free if (i, "influence") in uses]
        if cands:
            best = max(cands, key=lambda i: (t.inf[i] - 0.3 * t.adv[i], t.inf[i], -i))
            return uses[(best, "influence")]
    # 4. Elevate the weakest card.
    if "elevate" in by:
        weak = [
            a
            for a in by["elevate"]
            if t.kind[num[dict(a.params)["card"]]] == K_START
            or t.level[num[dict(a.params)["card"]]] == 0
        ]
        if weak:
            return weak[0]
    # 5. Move toward the target city, else toward the best card of the market.
    if target is not None and _dist_to_city(r, target) > 0:
        want_down = max(ROWS_OF_CITY[target]) > r
        for (_card, how), a in sorted(uses.items(), key=lambda x: x[1].code):
            if how == "down" and want_down:
                return a
        for a in by.get("move", []):
            d = dict(a.params)["dir"]
            if (d == "down" and want_down) or (d == "up" and not want_down):
                return a
    elif target is None and "move" in by:
        goal = max(
            (
                (value(card, s) - _reach(r, col, s), s)
                for s, card in tops.items()
                if acquirable(card)
            ),
            default=None,
        )
        if goal is not None and _reach(r, col, goal[1]) > 0:
            gr, gc = square(goal[1])  # type: ignore[misc]
            step = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
            for a in by["move"]:
                dr, dc = step[dict(a.params)["dir"]]
                if abs(r + dr - gr) + abs(col + dc - gc) < abs(r - gr) + abs(col - gc):
                    return a
    # 6. End, transferring a wanted skill.
    best_t = None
    for a in by.get("transfer", []):
        card = num[dict(a.params)["card"]]
        if (
            t.kind[card] == K_COM
            and wanted >> t.skill[card] & 1
            and (best_t is None or t.vp[card] < t.vp[num[dict(best_t.params)["card"]]])
        ):
            best_t = a
    if best_t is not None:
        return best_t
    return by["end"][0] if "end" in by else legal[-1]


def _reach(r: int, col: int, stack: str) -> int:
    """How many moves a pawn on (r, col) is from having ``stack`` within reach."""
    sr, sc = square(stack)  # type: ignore[misc]
    return max(0, abs(sr - r) - 1, abs(sc - col) - 1)


def _market(view: dict[str, Any], t: Tables) -> set[int]:
    """The Commissions still in the market (or a Red pile): every card a player owns is
    public, and the solo game's removed cards too, so the rest are there."""
    num = t.number
    out = set(range(RED))
    if view["red_deck"]:
        out |= {i for i in range(RED, MP0) if t.level[i] > 0}
    for s in view["seats"]:
        for key in ("hand", "deck", "unseen", "discards", "palette", "elevated"):
            out.difference_update(num[x] for x in s[key] or ())
    out.difference_update(num[x] for x in view["removed"] or ())
    return out


def _target_city(
    t: Tables,
    working: dict[int, tuple[int, int]],
    todo: list[int],
    mastery: int,
    free: list[int],
    r: int,
) -> int | None:
    """Where to head: a city with a Masterpiece in progress (the least left to pay), else the
    city of the startable Masterpiece of most VP in hand, else of the major if it is startable
    anywhere soon, else of any startable one."""
    if working:
        return min(
            working, key=lambda city: (sum(t.mp_steps[working[city][0]][working[city][1] :]), city)
        )
    startable = [
        i
        for i in todo
        if mastery >> t.skill[i] & 1 and CITY.get(CITIES[t.mp_city[i]].lower()) not in working
    ]
    in_hand = [i for i in startable if i in free]
    pool = in_hand or startable
    if pool:
        best = max(pool, key=lambda i: (t.vp[i], -_dist_to_city(r, t.mp_city[i]), -i))
        return t.mp_city[best]
    return None
