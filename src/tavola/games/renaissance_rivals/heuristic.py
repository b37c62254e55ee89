"""The Renaissance Rivals heuristic: a greedy route planner that reads only its seat's view.

Each decision, in this order of preference:

- start a Masterpiece it may start here (the highest VP first), then advance the Masterpiece of
  the pawn's city whenever the points are there; while a step can be paid from the hand, use
  the cards with the most Advancement for it;
- otherwise buy: the best Commission within reach (value: its VP, its resources, the skills it
  teaches or cross-links for the artist's unfinished Masterpieces, St. Peter's when it wins, and
  where its arrow leads), paying with the cards that give the most Influence; a card whose skill
  a Masterpiece needs goes to the Palette;
- Elevate the weakest cards (Starting Commissions, level 0), keep Masterpieces;
- move (a GOLD card, a completed Masterpiece's move, the free move) toward the city where its
  Masterpieces can be started or advanced, the one of its major first;
- end the turn, transferring a Commission whose skill a Masterpiece needs.
"""

from __future__ import annotations

import random
from typing import Any

from ...core.protocol import Action
from .cards import CITIES, CITY_OF_ROW, SKILLS, cards_by_key, square
from .rules import K_COM, K_MP, K_START, Tables, tables_for

CITY = {name.lower(): i for i, name in enumerate(CITIES)}
ROWS_OF_CITY = ((0,), (1, 2), (3,))
NEED_BONUS = 3.0
LINK_BONUS = 1.5
WIN_BONUS = 40.0


def _dist_to_city(row: int, city: int) -> int:
    return min(abs(row - r) for r in ROWS_OF_CITY[city])


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

    def value(card: int) -> float:
        v = float(t.vp[card]) + 0.45 * (t.inf[card] + t.adv[card])
        k = t.skill[card]
        if not mastery >> k & 1:
            if need_skills >> k & 1:
                v += NEED_BONUS
            elif any(
                (need_skills >> j & 1) and any(rec >> k & 1 for rec in c.links[j])
                for j in range(len(SKILLS))
            ):
                v += LINK_BONUS
        if card in t.st_peters:
            v += WIN_BONUS if p["score"] + 10 >= lead else 5.0
        if t.draws[card] or t.elevates[card]:
            v += 1.0
        dr, _dc = t.arrow[card]
        nr = min(3, max(0, r + dr))
        if target is not None:
            v += 0.6 * (_dist_to_city(r, target) - _dist_to_city(nr, target))
        return v - 0.15 * t.cost[card]

    potential = tt["influence"] + sum(t.inf[i] for i in free)
    best_card, best_v, best_stack = -1, 0.5, ""
    for m in view["market"]:
        if m["top"] is None:
            continue
        rr, cc = square(m["stack"])  # type: ignore[misc]
        if abs(rr - r) > 1 or abs(cc - col) > 1:
            continue
        card = num[m["top"]]
        if t.cost[card] > potential:
            continue
        if t.level[card] >= 2 and not c.linked(t.skill[card], mastery):
            continue
        v = value(card)
        if v > best_v:
            best_card, best_v, best_stack = card, v, m["stack"]
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
    # 5. Move toward the target city.
    if target is not None and _dist_to_city(r, target) > 0:
        want_down = max(ROWS_OF_CITY[target]) > r
        for (_card, how), a in sorted(uses.items(), key=lambda x: x[1].code):
            if how == "down" and want_down:
                return a
        for a in by.get("move", []):
            d = dict(a.params)["dir"]
            if (d == "down" and want_down) or (d == "up" and not want_down):
                return a
    # 6. End, transferring a needed skill.
    best_t = None
    for a in by.get("transfer", []):
        card = num[dict(a.params)["card"]]
        if (
            t.kind[card] == K_COM
            and need_skills >> t.skill[card] & 1
            and (best_t is None or t.vp[card] < t.vp[num[dict(best_t.params)["card"]]])
        ):
            best_t = a
    if best_t is not None:
        return best_t
    return by["end"][0] if "end" in by else legal[-1]


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
