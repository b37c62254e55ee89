"""Checks of fairness: resampled twins, and secret commitments in simultaneous phases.

``g.resample(seat, rng)`` is what a search bot plays against, so it must be a *twin* of ``g``
for the seat (the same view, key, observation, legal actions, hidden ids and events from then
on), hold nothing true the seat cannot see (no history, record, events or seed), depend on
nothing but the seat's view and ``rng`` (twins resample identically under the same rng), and
re-deal what is hidden.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ..core.errors import TavolaError, quote
from ..core.protocol import Action, Game
from ._support import Case, check, derived, play_out, playout, states, text, who

FIRST_DEALS = 20
"""Resamples of each seat's first state in :func:`check_redeal`."""

TRIES = 4
"""Resamples of each later state in :func:`check_redeal`."""


@check
def check_resample(case: Case, seeds: tuple[int, ...]) -> None:
    """``h = g.resample(seat, rng)`` leaves ``g`` as it was and is a twin of it for the seat and
    the spectator: view, info key, observation, legal actions, action mask, hidden ids and
    ``to_act`` equal. It holds no truth (empty history and events, no record, another seed), is
    determined by ``rng`` and by the view alone (``h`` and ``g`` resample identically under the
    same rng), and plays to its end with the invariants holding."""
    for seed in seeds:
        rng = random.Random(seed)
        for step, g in states(case, seed, every=6):
            case.step = step
            before = g.canonical()
            for s in case.seats:
                h = g.resample(s, derived(seed, step, s))
                twins(case, g, h, s)
                _holds_no_truth(case, g, h, s)
                if g.resample(s, derived(seed, step, s)).canonical() != h.canonical():
                    case.fail(f"two resamples for seat {s} with equal rngs differ")
                _pure(case, g, h, s, derived(seed, step, s, 1).getrandbits(64))
                if s == step % case.players:
                    play_out(case, h, rng, case.info.max_game_length - step)
            if g.canonical() != before:
                case.fail("resampling (or playing a resample out) changed the game")


def twins(case: Case, g: Game, h: Game, s: int) -> None:
    """Fail unless ``g`` and ``h`` look the same to seat ``s`` (and to a spectator)."""
    for name, ask in (
        ("view", lambda x, t: text(x.view(t))),
        ("info_key", lambda x, t: x.info_key(t)),
        ("hidden_ids", lambda x, t: x.hidden_ids(t)),
    ):
        for t in (s, None):
            if ask(g, t) != ask(h, t):
                case.fail(f"a resample for seat {s} changed {name}({t})")
    if not np.array_equal(g.observe(s), h.observe(s)):
        case.fail(f"a resample for seat {s} changed observe({s})")
    if g.legal_actions(s) != h.legal_actions(s):
        case.fail(f"a resample for seat {s} changed its legal actions")
    if not np.array_equal(g.action_mask(s), h.action_mask(s)):
        case.fail(f"a resample for seat {s} changed its action mask")
    if g.to_act != h.to_act or g.is_over != h.is_over:
        case.fail(f"a resample for seat {s} changed who is to act")


def _holds_no_truth(case: Case, g: Game, h: Game, s: int) -> None:
    if h.history:
        case.fail(f"a resample for seat {s} keeps the true history")
    if h.seed == g.seed:
        case.fail(f"a resample for seat {s} keeps the true seed (and so every future deal)")
    for t in case.viewers:
        if h.events(t):
            case.fail(f"a resample for seat {s} shows {who(t)} past events")
    for copy in (h, h.clone()):
        try:
            copy.record()
        except TavolaError:
            continue
        case.fail(f"a resample for seat {s} (or its clone) gives a record")


def _pure(case: Case, a: Game, b: Game, s: int, k: int) -> None:
    """Fail unless ``a`` and ``b`` (twins for ``s``) resample identically under ``Random(k)``."""
    if a.resample(s, random.Random(k)).canonical() != b.resample(s, random.Random(k)).canonical():
        case.fail(
            f"two games that look the same to seat {s} resample differently under the same "
            "rng: the resample depends on more than the seat's view"
        )


@check
def check_twin_events(case: Case, seeds: tuple[int, ...]) -> None:
    """A game and a resample of it for a seat, played on with the same moves: while the seat's
    views stay equal, the events each move shows the seat (and the spectator) are equal, down
    to their numbers, and the two still resample identically under the same rng."""
    for seed in seeds:
        rng = random.Random(seed)
        last: dict[int | None, int] = dict.fromkeys(case.viewers, -1)
        for g in playout(case, seed):
            for t in case.viewers:
                last[t] = max((e["i"] for e in g.events(t, last[t] + 1)), default=last[t])
            if case.step % 7 == 0 and not g.is_over:
                for s in case.seats:
                    _walk(case, g.clone(), g.resample(s, derived(seed, case.step, s)), s, rng, last)


def _walk(
    case: Case, a: Game, b: Game, s: int, rng: random.Random, last: dict[int | None, int]
) -> None:
    marks = {t: [last[t], -1] for t in (s, None)}
    for _ in range(6):
        if a.is_over or a.to_act != b.to_act or text(a.view(s)) != text(b.view(s)):
            return
        _pure(case, a, b, s, rng.getrandbits(64))
        seat = rng.choice(sorted(a.to_act))
        theirs = set(b.legal_actions(seat))
        common = [x for x in a.legal_actions(seat) if x in theirs]
        if not common:
            return
        action = rng.choice(common)
        a.act(seat, action)
        b.act(seat, action)
        for t, mark in marks.items():
            new = [x.events(t, m + 1) for x, m in zip((a, b), mark, strict=True)]
            if text(a.view(t)) == text(b.view(t)) and new[0] != new[1]:
                case.fail(
                    f"after the same move in two games that look the same to {who(t)}, "
                    f"it is shown different events: {quote(new[0], 300)} and {quote(new[1], 300)}"
                )
            for j, events in enumerate(new):
                if events:
                    mark[j] = events[-1]["i"]


def _arrangement(case: Case, h: Game, s: int, ids: list[str]) -> tuple[Any, ...]:
    """Where ``h`` has the cards ``ids`` (which seats see each), and the other seats' views."""
    hidden = [h.hidden_ids(t) for t in case.seats]
    where = tuple(frozenset(t for t in case.seats if t != s and c not in hidden[t]) for c in ids)
    return where, tuple(text(h.view(t)) for t in case.seats if t != s)


@check
def check_redeal(case: Case, seeds: tuple[int, ...]) -> None:
    """Resampling re-deals what is hidden (games with hidden information).

    Where a card is is told by which seats see it (``hidden_ids``). At each seat's first state,
    if the cards hidden from it lie in two places or more, 20 resamples must move at least half
    of those cards. Later, a state *qualifies* for a seat if its hidden cards lie in two places
    or more, or (simultaneous games) another seat has committed in the open phase; of the
    qualifying states (every third of the playouts, and all with commitments), at least half
    must see some resample change the cards' places or another seat's view (voids shown in play
    may force some deals). And some resample must change something somewhere. With one player
    (no other seat to see a card anywhere), a state qualifies when two cards or more are hidden,
    and a resample must change the game's state (the order of what is hidden).
    """
    if not case.spec.hidden_information:
        return
    qualifying = varied = 0
    changed = False
    for seed in seeds:
        g = case.new(seed)
        case.seed, case.step = seed, 0
        for s in case.seats:
            _first_deal(case, g, s)
        pending: set[int] = set()
        previous: frozenset[int] = frozenset()
        for g in playout(case, seed):
            if g.history:
                mover = g.history[-1][0]
                if not g.to_act <= previous:
                    pending = set()
                if len(previous) > 1 and mover not in g.to_act and g.to_act:
                    pending.add(mover)
            previous = g.to_act
            if (case.step % 3 and not pending) or g.is_over:
                continue
            for s in case.seats:
                ids = sorted(g.hidden_ids(s))
                base = _arrangement(case, g, s, ids)
                tries = [g.resample(s, derived(seed, case.step, s, k)) for k in range(TRIES)]
                if case.players == 1:  # no other seat to see where a card lies: its order moves
                    moved = any(h.canonical() != g.canonical() for h in tries)
                    spread = len(ids) > 1
                else:
                    moved = any(_arrangement(case, h, s, ids) != base for h in tries)
                    spread = len(set(base[0])) > 1
                changed = changed or moved
                if spread or (case.spec.simultaneous and pending - {s}):
                    qualifying += 1
                    varied += moved
    case.seed = case.step = None
    if not changed:
        case.fail("no resample changed anything hidden: resample does not re-deal")
    if varied * 2 < qualifying:
        case.fail(
            f"only {varied} of {qualifying} states with hidden cards in several places (or "
            "hidden commitments) were changed by resampling"
        )


def _first_deal(case: Case, g: Game, s: int) -> None:
    ids = sorted(g.hidden_ids(s))
    base = _arrangement(case, g, s, ids)
    if len(set(base[0])) < 2:
        return
    seed = case.seed or 0
    deals = [
        _arrangement(case, g.resample(s, derived(seed, s, k)), s, ids)[0]
        for k in range(FIRST_DEALS)
    ]
    moved = sum(len({base[0][i], *(d[i] for d in deals)}) > 1 for i in range(len(ids)))
    if moved * 2 < len(ids):
        case.fail(
            f"{FIRST_DEALS} resamples of seat {s}'s first state moved {moved} of the "
            f"{len(ids)} cards hidden from it"
        )


@check
def check_simultaneous(case: Case, seeds: tuple[int, ...]) -> None:
    """While a simultaneous phase is open, what a seat committed shows nowhere else: two games
    that differ only in one seat's commitment look the same to every other seat and a spectator
    (views, info keys, observations, legal actions, events) until the others have committed,
    and resample identically for every other seat under the same rng; and a step that does not
    finish a commitment changes nothing any other seat sees, not even the moves it knows of,
    and taking it back (where the game allows) gives the game exactly as it was."""
    if not case.spec.simultaneous:
        return
    for seed in seeds:
        rng = random.Random(seed)
        for step, g in states(case, seed):
            case.step = step
            if len(g.to_act) < 2:
                continue
            first = {t: max((e["i"] for e in g.events(t)), default=-1) + 1 for t in case.viewers}
            for seat in sorted(g.to_act):
                legal = g.legal_actions(seat)
                _step_unseen(case, g, seat, legal[0], first)
                for other in legal[1:]:
                    a, b = g.clone(), g.clone()
                    a.act(seat, legal[0])
                    b.act(seat, other)
                    _commit_hidden(case, a, b, seat, first, rng)


def _step_unseen(
    case: Case, g: Game, seat: int, action: Action, first: dict[int | None, int]
) -> None:
    after = g.clone()
    after.act(seat, action)
    if seat not in after.to_act:
        return  # it finished the commitment: the others see that it is in
    if after.can_take_back(seat):
        again = after.clone()
        again.take_back(seat)
        if again.canonical() != g.canonical():
            case.fail(f"taking back seat {seat}'s step did not give the game as it was")
    for t in case.viewers:
        if t != seat and (
            after.moves_seen(t) != g.moves_seen(t)
            or text(after.view(t)) != text(g.view(t))
            or after.events(t, first[t]) != g.events(t, first[t])
        ):
            case.fail(f"{who(t)} can tell that seat {seat} took a step of its secret choice")


def _commit_hidden(
    case: Case, a: Game, b: Game, seat: int, first: dict[int | None, int], rng: random.Random
) -> None:
    others = [t for t in case.viewers if t != seat]
    waiting = set(a.to_act) - {seat}  # seats yet to commit: to_act shrinks as they do
    while True:
        for t in others:
            same = (
                text(a.view(t)) == text(b.view(t))
                and a.info_key(t) == b.info_key(t)
                and a.events(t, first[t]) == b.events(t, first[t])
            )
            if t is not None:
                same = same and np.array_equal(a.observe(t), b.observe(t))
                same = same and a.legal_actions(t) == b.legal_actions(t)
            if not same or a.to_act != b.to_act:
                case.fail(f"{who(t)} can tell what seat {seat} committed before the phase closed")
            if t is not None:
                _pure(case, a, b, t, rng.getrandbits(64))
        if not waiting or seat in a.to_act:
            return
        before = a.to_act
        mover = rng.choice(sorted(waiting))
        action = rng.choice(a.legal_actions(mover))
        a.act(mover, action)
        b.act(mover, action)
        waiting &= a.to_act
        if not waiting or not a.to_act <= before:  # the phase has closed
            return


__all__ = [
    "check_redeal",
    "check_resample",
    "check_simultaneous",
    "check_twin_events",
    "twins",
]
