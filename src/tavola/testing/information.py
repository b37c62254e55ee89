"""Checks of what each seat is told: info keys, observations, events, public records.

Hidden cards are found by id, as a server would: every string of a JSON document (keys too) is
compared with ``hidden_ids(seat)``. An id hidden from a seat may still be named where it is
public history: a past season's savings, say, whose cards are dealt again later. So a view may
name a card hidden from its seat only if the spectator's view names it too; the events a move
shows a seat, only if its view after the move does (views are authoritative); a public record,
only if the seat's view or the spectator's public record does (past events are history). A game
that showed everyone a hidden card would pass this scan, but not the twin checks of
:mod:`tavola.testing.resampling`: re-dealing the card would change the view.
"""

from __future__ import annotations

import json
import random
from collections.abc import Hashable, Iterator
from typing import Any

import numpy as np

from ..core.errors import TavolaError, quote
from ..core.protocol import Game
from ..core.record import replay
from ._support import Case, check, derived, json_problem, playout, states, strings, text, who


def _pool(case: Case, seeds: tuple[int, ...], every: int) -> Iterator[Game]:
    """Every ``every``-th state of the playouts of ``seeds`` and, every ``3 * every``-th, a
    resample per seat."""
    for seed in seeds:
        for step, g in states(case, seed, every):
            case.step = step
            yield g
            if step % (3 * every) == 0:
                for s in case.seats:
                    yield g.resample(s, derived(seed, step, s))


@check
def check_info_key(case: Case, seeds: tuple[int, ...]) -> None:
    """``info_key(seat)`` is hashable and equal for two states exactly when ``view(seat)`` is,
    for every seat and the spectator, over states of random play and resampled states (so over
    different games, and twins that look the same to a seat)."""
    by_key: dict[int | None, dict[Hashable, str]] = {t: {} for t in case.viewers}
    by_view: dict[int | None, dict[str, Hashable]] = {t: {} for t in case.viewers}
    for g in _pool(case, seeds, 1):
        for t in case.viewers:
            key, view = g.info_key(t), text(g.view(t))
            try:
                hash(key)
            except TypeError:
                case.fail(f"info_key({t}) is not hashable: {quote(key)}")
            if by_key[t].setdefault(key, view) != view:
                case.fail(f"two states with equal info_key({t}) have different views")
            if by_view[t].setdefault(view, key) != key:
                case.fail(f"two states with equal views for {who(t)} have different info keys")


@check
def check_observation(case: Case, seeds: tuple[int, ...]) -> None:
    """``observe(seat)`` is a finite float32 array of ``GameInfo.observation_shape``, equal for
    equal views; ``action_mask(seat)`` is an int8 0/1 array over the catalog, 1 exactly at the
    codes of the legal actions."""
    shape = tuple(case.info.observation_shape)
    seen: dict[str, bytes] = {}
    for g in _pool(case, seeds, 2):
        size = len(g.catalog)
        for s in case.seats:
            obs = g.observe(s)
            if not isinstance(obs, np.ndarray) or obs.dtype != np.float32 or obs.shape != shape:
                case.fail(
                    f"observe({s}) is {type(obs).__name__} {getattr(obs, 'dtype', '')} "
                    f"{getattr(obs, 'shape', '')}, not float32 {shape}"
                )
            if not np.isfinite(obs).all():
                case.fail(f"observe({s}) has a value that is not finite")
            if seen.setdefault(f"{s}:{text(g.view(s))}", obs.tobytes()) != obs.tobytes():
                case.fail(f"two states with equal views for seat {s} have different observations")
            mask = g.action_mask(s)
            if not isinstance(mask, np.ndarray) or mask.dtype != np.int8 or mask.shape != (size,):
                case.fail(f"action_mask({s}) is not an int8 array of the catalog's {size} codes")
            legal = {a.code for a in g.legal_actions(s)}
            ones = set(np.flatnonzero(mask).tolist())
            if ones != legal or not set(np.unique(mask).tolist()) <= {0, 1}:
                case.fail(f"action_mask({s}) marks codes {sorted(ones)}; legal: {sorted(legal)}")


@check
def check_events(case: Case, seeds: tuple[int, ...]) -> None:
    """Events are JSON with an increasing number ``i``, a ``kind`` and a ``text``; they are only
    ever appended; ``since`` selects by number; a replay gives the same events for every seat;
    the events a move shows a seat name no card hidden from it that its view does not; and
    they are the caller's own: changing them changes nothing in the game."""
    for seed in seeds:
        chunks: dict[int | None, list[dict[str, Any]]] = {t: [] for t in case.viewers}
        mark = 0
        for g in playout(case, seed):
            new = {t: g.events(t, mark) for t in case.viewers}
            for t, events in new.items():
                _check_new_events(case, g, t, events, chunks[t], mark)
                chunks[t].extend(events)
            mark = 1 + max((e["i"] for events in new.values() for e in events), default=mark - 1)
        again = replay(g.record())
        for t in case.viewers:
            full = g.events(t)
            if full != chunks[t]:
                case.fail(f"{who(t)}'s events are not the events of each move in order")
            if again.events(t) != full:
                case.fail(f"replaying the game gave {who(t)} different events")
            kept = json.dumps(full)
            _spoil(g.events(t))
            if json.dumps(g.events(t)) != kept:
                case.fail(f"changing the events given to {who(t)} changed the game's events")
            numbers = [e["i"] for e in full]
            for since in {0, 1, mark, mark + 5, *numbers[len(numbers) // 2 :][:1]}:
                if g.events(t, since) != [e for e in full if e["i"] >= since]:
                    case.fail(f"events({t}, since={since}) are not the events numbered from it")


def _spoil(value: Any) -> None:
    """Change every list and dict inside ``value`` (a caller's copy may be changed at will)."""
    items = value.values() if isinstance(value, dict) else value
    for x in list(items):
        if isinstance(x, list | dict):
            _spoil(x)
    if isinstance(value, list):
        value.append("spoilt")
    else:
        value["spoilt"] = True


def _check_new_events(
    case: Case,
    g: Game,
    t: int | None,
    events: list[dict[str, Any]],
    before: list[dict[str, Any]],
    mark: int,
) -> None:
    problem = json_problem(events)
    if problem:
        case.fail(f"{who(t)}'s events are not JSON: {problem}")
    last = before[-1]["i"] if before else mark - 1
    for e in events:
        i = e.get("i")
        if type(i) is not int or i <= last or i < mark:
            case.fail(f"{who(t)}'s event numbers do not increase: {quote(i)} after {last}")
        last = i
        if not isinstance(e.get("kind"), str) or not isinstance(e.get("text"), str):
            case.fail(f"{who(t)}'s event {i} lacks a 'kind' or 'text' string")
    leaked = (strings(events) & g.hidden_ids(t)) - strings(g.view(t))
    if leaked:
        case.fail(f"{who(t)}'s events name cards hidden from it: {sorted(leaked)}")


@check
def check_views_hide_cards(case: Case, seeds: tuple[int, ...]) -> None:
    """``hidden_ids`` is a frozenset of strings, the spectator's holding every seat's; no view
    names a card hidden from its seat unless the spectator's view names it too (public
    history)."""
    for seed in seeds:
        for g in playout(case, seed):
            hidden = {t: g.hidden_ids(t) for t in case.viewers}
            for t, ids in hidden.items():
                if not isinstance(ids, frozenset) or not all(isinstance(c, str) for c in ids):
                    case.fail(f"hidden_ids({t}) is not a frozenset of card ids")
                if not ids <= hidden[None]:
                    case.fail(f"cards hidden from {who(t)} are shown to a spectator")
            public = strings(g.view(None))
            for s in case.seats:
                leaked = (strings(g.view(s)) & hidden[s]) - public
                if leaked:
                    case.fail(f"seat {s}'s view names cards hidden from it: {sorted(leaked)}")


@check
def check_public_record(case: Case, seeds: tuple[int, ...]) -> None:
    """``public_record(seat)`` is JSON, has no seed and holds the seat's events; it names no card
    hidden from the seat but those its view or the spectator's public record names, during the
    game and at its end; it cannot be replayed. A resampled game's has no events."""
    for seed in seeds:
        for step, g in states(case, seed, every=11):
            case.step = step
            public = strings(g.public_record(None))
            for t in case.viewers:
                record = g.public_record(t)
                problem = json_problem(record)
                if problem:
                    case.fail(f"{who(t)}'s public record is not JSON: {problem}")
                if "seed" in record:
                    case.fail(f"{who(t)}'s public record has the seed, which reveals every card")
                if record.get("seat") != t:
                    case.fail(f"{who(t)}'s public record names seat {quote(record.get('seat'))}")
                if record.get("events") != g.events(t):
                    case.fail(f"{who(t)}'s public record does not hold its events")
                leaked = (strings(record) & g.hidden_ids(t)) - strings(g.view(t)) - public
                if leaked:
                    case.fail(f"{who(t)}'s public record names hidden cards: {sorted(leaked)}")
                try:
                    replay(record)
                except TavolaError:
                    pass
                else:
                    case.fail(
                        f"{who(t)}'s public record was replayed: it must not rebuild the game"
                    )
            for s in case.seats:
                h = g.resample(s, random.Random(step))
                if h.public_record(s).get("events") != []:
                    case.fail(f"a resample for seat {s} has events in its public record")


__all__ = [
    "check_events",
    "check_info_key",
    "check_observation",
    "check_public_record",
    "check_views_hide_cards",
]
