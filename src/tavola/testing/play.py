"""Checks of play itself: games end, seeds decide, records replay, clones and bad input are safe.

The full state is compared through the game's ``canonical()``, which :func:`check_canonical`
first shows to be full: every move changes it, and it decides everything any seat can observe.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Hashable, Sequence
from typing import Any

from ..core.errors import (
    IllegalActionError,
    MalformedActionError,
    RecordError,
    SeatError,
    TavolaError,
    quote,
)
from ..core.protocol import Action, Game
from ..core.record import replay
from ..core.registry import new_game
from ._support import (
    BAD_SEATS,
    Case,
    check,
    derived,
    json_problem,
    playout,
    states,
    text,
    who,
)


@check
def check_playouts(case: Case, seeds: tuple[int, ...]) -> None:
    """Random playouts end within ``max_game_length`` with a valid result; the invariants hold
    in every state; ``to_act``, ``legal_actions``, ``is_over`` and ``result`` agree; the game's
    ``GameInfo`` fits (catalog size, score bounds)."""
    info = case.info
    for seed in seeds:
        for g in playout(case, seed):
            if case.step == 0 and info.num_distinct_actions != len(g.catalog):
                case.fail(
                    f"GameInfo.num_distinct_actions is {info.num_distinct_actions}, but the "
                    f"catalog has {len(g.catalog)} actions"
                )
            case.invariants(g)
            _check_turn(case, g)
        _check_result(case, g)


def _check_turn(case: Case, g: Game) -> None:
    to_act = g.to_act
    if not isinstance(to_act, frozenset) or not to_act <= set(case.seats):
        case.fail(f"to_act is {to_act!r}, not a frozenset of seats")
    if g.is_over == bool(to_act):
        case.fail(f"is_over is {g.is_over} while to_act is {sorted(to_act)}")
    if (g.result is None) != (not g.is_over):
        case.fail(f"result is {g.result!r} while is_over is {g.is_over}")
    actions = g.catalog.actions
    for seat in case.seats:
        legal = g.legal_actions(seat)
        if bool(legal) != (seat in to_act):
            case.fail(f"seat {seat} has {len(legal)} legal actions; to_act is {sorted(to_act)}")
        if legal != g.legal_actions(seat):
            case.fail(f"seat {seat}'s legal actions change order between two calls")
        if len(set(legal)) != len(legal):
            case.fail(f"seat {seat}'s legal actions repeat an action: {legal}")
        for a in legal:
            if not (0 <= a.code < len(actions) and actions[a.code] == a):
                case.fail(f"legal action {a!r} has code {a.code}, not its catalog index")


def _check_result(case: Case, g: Game) -> None:
    r = g.result
    n = case.players
    if r is None or len(r.scores) != n or len(r.places) != n:
        case.fail(f"the result {r!r} does not cover the {n} seats")
    best = max(r.scores)
    if n == 1 and r.winners in ((), (0,)):
        pass  # a one-player game is won or lost, whatever its score
    elif list(r.winners) != [s for s in range(n) if r.scores[s] == best]:
        case.fail(f"winners {r.winners} are not the seats with the top score in {r.scores}")
    if sorted(r.ranking) != list(range(n)) or r.places[r.ranking[0]] != 1:
        case.fail(f"ranking {r.ranking} / places {r.places} are not a ranking of the seats")
    lo, hi = case.info.min_score, case.info.max_score
    if not all(lo <= v <= hi for v in r.scores):
        case.fail(f"scores {r.scores} are outside GameInfo's [{lo}, {hi}]")
    problem = json_problem(r.to_json())
    if problem:
        case.fail(f"the result is not JSON: {problem}")


@check
def check_bad_parameters(case: Case, seeds: tuple[int, ...]) -> None:
    """``new_game`` refuses a bad game id, player count, variant, option or seed with a
    TavolaError."""
    spec, n = case.spec, case.players
    for kwargs in (
        {"players": spec.max_players + 1},
        {"players": spec.min_players - 1},
        {"players": str(n)},
        {"players": True},
        {"variant": "no-such-variant"},
        {"options": {"no-such-option": 1}},
        {"options": "not a mapping"},
        {"seed": -1},
        {"seed": 2**64},
        {"seed": "1"},
        {"seed": 1.0},
    ):
        try:
            new_game(spec.id, **({"players": n, "variant": case.variant} | kwargs))  # type: ignore[arg-type]
        except TavolaError:
            continue
        case.fail(f"new_game accepted {kwargs}")
    try:
        new_game(spec.id + "-no-such-game")
    except TavolaError:
        return
    case.fail("new_game accepted an unknown game id")


@check
def check_determinism(case: Case, seeds: tuple[int, ...]) -> None:
    """The same seed and moves give the same game (canonical form and every view) at every step;
    with chance, different seeds give different games."""
    for seed in seeds:
        first = [(_sampled(g, case.step), _views(case, g)) for g in playout(case, seed)]
        for g, (canonical, views) in zip(playout(case, seed), first, strict=True):
            if _sampled(g, case.step) != canonical:
                case.fail("the same seed and moves gave a different canonical state")
            if _views(case, g) != views:
                case.fail("the same seed and moves gave different views")
    if case.spec.chance:
        firsts = {text([case.new(s).view(t) for t in case.viewers]) for s in range(6)}
        if len(firsts) < 2:
            case.fail("six different seeds all gave the same first views, yet the game has chance")


def _views(case: Case, g: Game) -> list[str]:
    return [text(g.view(t)) for t in case.viewers]


def _sampled(g: Game, step: int) -> Hashable:
    """The canonical form of every fourth state and the last (it can be slow to build)."""
    return g.canonical() if step % 4 == 0 or g.is_over else None


@check
def check_canonical(case: Case, seeds: tuple[int, ...]) -> None:
    """``canonical()`` is the full state: hashable, equal for a clone, changed by every move and
    by the seed, and deciding everything observable (two states with equal canonical forms have
    equal views, legal actions, hidden ids and ``to_act``, also among resampled states: resamples
    for different seats under equal rngs share seed and history, not their deals)."""
    seen: dict[Hashable, Any] = {}
    firsts = set()
    for seed in seeds:
        previous = None
        for step, g in states(case, seed):
            case.step = step
            canonical = g.canonical()
            hash(canonical)
            if step % 4 == 0 and g.clone().canonical() != canonical:
                case.fail("a clone has a different canonical form")
            if canonical == previous:
                case.fail("a move left the canonical form unchanged: it misses part of the state")
            previous = canonical
            if step == 0:
                firsts.add(canonical)
            if step % 2 == 0:
                _decides(case, seen, g, canonical)
            if step % 6 == 0:  # one rng for all seats: the same seed, different deals
                for s in case.seats:
                    h = g.resample(s, derived(seed, step))
                    _decides(case, seen, h, h.canonical())
    if len(firsts) < len(seeds):
        case.fail("different seeds gave equal canonical forms: the seed is part of the state")


def _decides(case: Case, seen: dict[Hashable, Any], g: Game, canonical: Hashable) -> None:
    observable = (
        _views(case, g),
        [g.legal_actions(s) for s in case.seats],
        [g.hidden_ids(t) for t in case.viewers],
        g.to_act,
    )
    known = seen.setdefault(canonical, observable)
    if known != observable:
        case.fail("two states with equal canonical forms differ in what seats observe")


@check
def check_replay(case: Case, seeds: tuple[int, ...]) -> None:
    """A record survives JSON and replays to the same state (canonical form), in full and in
    part; it pins the card data by digest; a tampered record is refused with a RecordError."""
    for seed in seeds:
        trace = []
        for g in playout(case, seed):
            trace.append((g.canonical(), _views(case, g)))
        record = g.record()
        problem = json_problem(record)
        if problem:
            case.fail(f"the record is not JSON: {problem}")
        record = json.loads(json.dumps(record))
        spec = case.spec
        expected = {"game": spec.id, "players": case.players, "seed": seed}
        if {k: record.get(k) for k in expected} != expected:
            case.fail(f"the record says {quote({k: record.get(k) for k in expected}, 200)}")
        if record.get("rules_version") != spec.rules_version:
            case.fail("the record lacks the rules version")
        if record.get("cards") != g.card_digests():
            case.fail("the record does not pin the card data by digest ('cards')")
        if len(record["actions"]) != len(trace) - 1:
            case.fail(f"the record has {len(record['actions'])} actions for {len(trace) - 1}")
        again = replay(record)
        if again.canonical() != trace[-1][0] or again.record() != g.record():
            case.fail("the replayed game differs from the game recorded")
        last = len(trace) - 1
        for upto in sorted({0, 1, last // 3, last // 2, last - 1, last} & set(range(last + 1))):
            case.step = upto
            part = replay(record, upto=upto)
            if part.canonical() != trace[upto][0] or _views(case, part) != trace[upto][1]:
                case.fail(f"replaying the first {upto} actions gave a different state")
        _tampered(case, record)


def _tampered(case: Case, record: dict[str, Any]) -> None:
    bad: list[dict[str, Any]] = []
    if record["actions"]:
        k = len(record["actions"]) // 2
        actions = [list(a) for a in record["actions"]]
        actions[k][0] = case.players
        bad.append(record | {"actions": actions})
    for name, digest in record["cards"].items():
        bad.append(record | {"cards": record["cards"] | {name: "0" + digest[1:]}})
    bad.append(record | {"rules_version": record["rules_version"] + "-other"})
    for tampered in bad:
        try:
            replay(tampered)
        except RecordError:
            continue
        case.fail("a tampered record was replayed instead of refused with a RecordError")


@check
def check_clones(case: Case, seeds: tuple[int, ...]) -> None:
    """A clone equals its original (canonical form) and is independent of it: playing either
    out leaves the other unchanged. So are ``copy.copy`` and ``copy.deepcopy`` (taking turns
    with ``clone`` from position to position)."""
    copiers = (
        (lambda x: x.clone(), "a clone"),
        (copy.copy, "copy.copy"),
        (copy.deepcopy, "a deep copy"),
    )
    for seed in seeds:
        rng = random.Random(seed)
        for g in playout(case, seed):
            if case.step % 7 or g.is_over:
                continue
            make, name = copiers[case.step // 7 % len(copiers)]
            before = g.canonical()
            c = make(g)
            if c.canonical() != before:
                case.fail(f"{name} has a different canonical form")
            _play(c, rng)
            if g.canonical() != before:
                case.fail(f"playing {name} out changed the original")
            original = g.clone()
            c = original.clone()
            _play(original, rng)
            if c.canonical() != before:
                case.fail("playing the original out changed a clone")


def _play(g: Game, rng: random.Random) -> None:
    while not g.is_over:
        seat = rng.choice(sorted(g.to_act))
        g.act(seat, rng.choice(g.legal_actions(seat)))


@check
def check_refusals(case: Case, seeds: tuple[int, ...]) -> None:
    """Every action that is not legal for a seat, every bad seat and any junk in place of an
    action is refused (IllegalActionError, or TavolaError for junk) and changes nothing."""
    junk: list[object] = [None, "play", 3, {"kind": "nope"}, object(), Action(0, "no-such-kind")]
    for seed in seeds:
        for step, g in states(case, seed, every=5):
            case.step = step
            before = g.canonical()
            every = g.catalog.actions
            for seat in case.seats:
                legal = set(g.legal_actions(seat))
                for action in every:
                    if action not in legal:
                        _refused(case, g, seat, action, IllegalActionError)
            for seat in (*BAD_SEATS, case.players, None):
                _refused(case, g, seat, every[0], IllegalActionError)
            for seat in sorted(g.to_act):
                for thing in junk:
                    _refused(case, g, seat, thing, TavolaError)
            if g.canonical() != before:
                case.fail("a refused action changed the game")


def _refused(case: Case, g: Game, seat: object, action: object, error: type[Exception]) -> None:
    try:
        g.act(seat, action)  # type: ignore[arg-type]
    except error:
        return
    except Exception as exc:
        case.fail(
            f"act({quote(seat)}, {quote(action)}) raised {type(exc).__name__}, "
            f"not {error.__name__}: {exc}"
        )
    case.fail(f"act({quote(seat)}, {quote(action)}) was accepted")


_CHARS = 'ab kind{}[]":,\\\t\n\x00\x7f\u00e9\u202e\U0001f0a1-.0123456789'


def _junk(rng: random.Random, words: Sequence[str], depth: int = 0) -> object:
    """Random JSON-like data, catalog words mixed in, nested a little."""
    roll = rng.randrange(12 if depth < 3 else 8)
    if roll == 0:
        return rng.choice([None, True, False])
    if roll == 1:
        return rng.choice([0, -1, 2**64, -(2**70), rng.randrange(-999, 999)])
    if roll == 2:
        return rng.choice([0.5, -0.0, 1e308, float("nan"), float("inf")])
    if roll == 3:
        return "".join(rng.choice(_CHARS) for _ in range(rng.randrange(24)))
    if roll == 4:
        return rng.choice(words)
    if roll == 5:
        word = rng.choice(words)
        return rng.choice([word.upper(), f"  {word} ", word[:-1], word + "x", word * 2])
    if roll == 6:
        return json.dumps(_junk(rng, words, depth + 1))
    if roll == 7:
        return str(_junk(rng, words, depth + 1))
    if roll == 8:
        return [_junk(rng, words, depth + 1) for _ in range(rng.randrange(4))]
    data: dict[Any, Any] = {"kind": rng.choice(words)} if roll < 11 else {}
    for _ in range(rng.randrange(4)):
        key = rng.choice(words) if rng.random() < 0.7 else _junk(rng, words, depth + 1)
        if isinstance(key, str):
            data[key] = _junk(rng, words, depth + 1)
    return data


def _nasty() -> list[object]:
    deep = 100_000
    return [
        "",
        " ",
        "{",
        "x" * 100_000,
        "[" * deep,
        '{"kind": ' * deep,
        "{" + '"a":{' * deep,
        b'{"kind": "play"}',
        ("play",),
        {1: 2},
        {"kind": None},
        {"kind": ["play"]},
        {"kind": {"kind": "play"}},
        set(),
        object(),
        Action(0, "no-such-kind"),
        float("nan"),
    ]


@check
def check_malformed_input(case: Case, seeds: tuple[int, ...]) -> None:
    """``parse_action`` reads junk (random JSON, JSON text, labels gone wrong, deep nesting, huge
    strings) as a catalog action or refuses it with a MalformedActionError, never another error
    (for a seat that does not exist, a SeatError), and changes nothing; every action's JSON, JSON
    text and (when legal) label read back as it."""
    for seed in seeds:
        g = case.new(seed)
        case.seed = seed
        actions = g.catalog.actions
        words = sorted(
            {a.kind for a in actions}
            | {a.label for a in actions}
            | {str(v) for a in actions for kv in a.params for v in kv}
            | {json.dumps(a.to_json()) for a in actions}
        )
        rng = random.Random(seed)
        before = g.canonical()
        seats = [min(g.to_act), *sorted(set(case.seats) - g.to_act)[:1], case.players]
        inputs = _nasty() + [_junk(rng, words) for _ in range(300)]
        for data in inputs:
            for seat in seats[:-1]:
                _parse(case, g, seat, data)
            try:
                g.parse_action(case.players, data)
                case.fail(f"parse_action({case.players}, {quote(data)}) read a seat that is not")
            except SeatError:
                pass
        for seat in seats[:1]:
            for a in actions:
                for form in (a.to_json(), json.dumps(a.to_json()), a):
                    if g.parse_action(seat, form) != a:
                        case.fail(f"{quote(form)} does not read back as {a!r}")
            for a in g.legal_actions(seat):
                if g.parse_action(seat, str(a)) != a:
                    case.fail(f"the label {str(a)!r} of a legal action does not read back")
        if g.canonical() != before:
            case.fail("parse_action changed the game")


def _parse(case: Case, g: Game, seat: int, data: object) -> None:
    try:
        action = g.parse_action(seat, data)
    except MalformedActionError as exc:
        if not str(exc):
            case.fail(f"parse_action({quote(data)}) raised a MalformedActionError with no text")
        return
    except Exception as exc:
        case.fail(
            f"parse_action({seat}, {quote(data)}) raised {type(exc).__name__}, "
            f"not MalformedActionError: {exc}"
        )
    if g.catalog.canonical(action) is not action:
        case.fail(f"parse_action({quote(data)}) gave {action!r}, not an action of the catalog")


@check
def check_json_and_seats(case: Case, seeds: tuple[int, ...]) -> None:
    """Views, events, records and public records are plain JSON, and a view is its caller's to
    change (a front end or a bot that empties it changes neither the game nor the next view);
    asking about a seat that does not exist (or None where a spectator makes no sense) raises a
    SeatError."""
    for seed in seeds:
        for g in playout(case, seed):
            for t in case.viewers:
                problem = json_problem(g.view(t))
                if problem:
                    case.fail(f"the view of {who(t)} is not JSON: {problem}")
            if case.step % 5 == 0 or g.is_over:
                _check_views_are_copies(case, g)
            if case.step % 30 == 0 or g.is_over:
                _check_documents(case, g)
                _check_bad_seats(case, g)


def _check_views_are_copies(case: Case, g: Game) -> None:
    for t in case.viewers:
        before = json.dumps(g.view(t))
        _empty(g.view(t))
        if json.dumps(g.view(t)) != before:
            case.fail(
                f"emptying a view of {who(t)} changed the next one: a view shares a list or "
                "dict with the game (a caller could change the game)"
            )


def _empty(x: object) -> None:
    """Empty every list and dict in ``x``, innermost first, as a careless caller might."""
    if isinstance(x, dict | list):
        for v in x.values() if isinstance(x, dict) else x:
            _empty(v)
        x.clear()


def _check_documents(case: Case, g: Game) -> None:
    docs: list[tuple[str, object]] = [("the record", g.record())]
    for t in case.viewers:
        docs.append((f"{who(t)}'s events", g.events(t)))
        docs.append((f"{who(t)}'s public record", g.public_record(t)))
    for name, doc in docs:
        problem = json_problem(doc)
        if problem:
            case.fail(f"{name} is not JSON: {problem}")


def _check_bad_seats(case: Case, g: Game) -> None:
    bad = (*BAD_SEATS, case.players)
    calls = {
        "view": (g.view, bad),
        "info_key": (g.info_key, bad),
        "events": (g.events, bad),
        "public_record": (g.public_record, bad),
        "observe": (g.observe, (*bad, None)),
        "legal_actions": (g.legal_actions, (*bad, None)),
        "action_mask": (g.action_mask, (*bad, None)),
        "resample": (lambda s: g.resample(s, random.Random(0)), (*bad, None)),
    }
    for name, (call, seats) in calls.items():
        for seat in seats:
            try:
                call(seat)
            except SeatError:
                continue
            except Exception as exc:
                case.fail(f"{name}({quote(seat)}) raised {type(exc).__name__}, not SeatError")
            case.fail(f"{name}({quote(seat)}) was answered: there is no such seat")
    for since in (-1, True, 1.5, "0", None):
        try:
            g.events(0, since)  # type: ignore[arg-type]
        except TavolaError:
            continue
        case.fail(f"events(0, since={quote(since)}) was answered")


__all__ = [
    "check_bad_parameters",
    "check_canonical",
    "check_clones",
    "check_determinism",
    "check_json_and_seats",
    "check_malformed_input",
    "check_playouts",
    "check_refusals",
    "check_replay",
]
