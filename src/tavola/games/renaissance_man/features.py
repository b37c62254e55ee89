"""What the learned value reads of a seat's position in Renaissance Man (2013), from its view.

A linear value of the raw observation (slots one-hot by worker and offer) picks the winner no
better than the count of workers: whether a pyramid can still grow is not a sum of its slots.
These features are the heuristic's own reading of the structure (:mod:`.heuristic`): how full
it is by level, which action each phase gives (an uncovered worker at that level), whether it
can still finish, how many cards known to the seat fit it, and its tokens, hand and knights.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from .heuristic import LEVEL, NONE, Plan, access, fits, open_slots


def features(view: dict[str, Any]) -> np.ndarray:
    """The features of the view's seat (42 float32 values, most in 0-1)."""
    plan = Plan(view, random.Random(0))
    st, c = plan.st, plan.c
    filled = [x is not None for x in st]
    placed = sum(filled)
    workers = placed / 15
    hand_slots = [fits(c, st, i) for i in plan.hand]
    out = [workers]
    out += [sum(filled[p] for p in range(15) if LEVEL[p] == lv) / (6 - lv) for lv in range(1, 6)]
    out += [float(access(st, lv, kind)) for lv in range(1, 5) for kind in range(4)]
    finishable = plan.finishable(st, plan.stored)
    opens = open_slots(st)
    recruits = [c.ids.index(x) for x in view["recruits"] if x is not None]
    out += [
        float(plan.hire_ok),
        float(finishable),
        len(plan.kinds_reachable(NONE)) / 4,
        len(opens) / 4,
        sum(1 for slots in hand_slots if slots) / 4,  # hand cards with a slot
        len({p for slots in hand_slots for p in slots}) / 4,  # slots a hand card fits
        sum(1 for i in recruits if fits(c, st, i)) / 4,
        max(plan.recruit_value(a, 0) for a in range(4)) / 7,
    ]
    out += [plan.stored.count(face) / 2 for face in range(4)]
    out += [
        len(plan.rm) / 3,
        float(bool(plan.rm) and plan.rm_room(NONE)),
        len(plan.hand) / 4,
        sum(view["knights"][a][plan.me] for a in range(4)) / 4,
        float(14 in opens),  # the Master's slot is open
        float(finishable and placed >= 14),
        workers * view["round"] / view["round_limit"],
        workers * finishable,
    ]
    return np.array(out, dtype=np.float32)
