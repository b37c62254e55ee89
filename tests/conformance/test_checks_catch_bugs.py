"""The shipped checks cannot be fooled: each plants one bug in a copy of a real game (a subclass
registered under its own id) and shows the check that must catch it failing, with a message
that says what is wrong and where."""

from __future__ import annotations

import contextlib
import dataclasses
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from tavola_morra import Morra

from tavola.agents import KINDS, AgentKind, PolicyAgent, SeatHandle
from tavola.core.protocol import Game, freeze
from tavola.core.registry import register, unregister
from tavola.games.testa_di_pecora.rules import TestaGame as Pecora  # pytest collects "Test*"
from tavola.games.testa_di_pecora.rules import cards_of
from tavola.testing import CHECKS, SEEDS, ConformanceError


@contextlib.contextmanager
def mutant(
    base: type[Game], info: Callable[..., Any] | None = None, **methods: Any
) -> Iterator[str]:
    """Register a copy of ``base``'s game whose class overrides ``methods``; yield its id."""
    spec = base.spec
    cls = type(f"Buggy{base.__name__}", (base,), {"__slots__": (), **methods})

    def clone(self: Game) -> Game:
        g = base.clone(self)
        g.__class__ = cls
        return g

    if "clone" not in methods:
        cls.clone = clone
    buggy = dataclasses.replace(
        spec, id=f"{spec.id}-buggy", factory=cls, info_of=info or spec.info_of
    )
    cls.spec = buggy
    register(buggy)
    try:
        yield buggy.id
    finally:
        unregister(buggy.id)


def fails(
    check: str, game_id: str, players: int, match: str, seeds: tuple[int, ...] = (0,)
) -> None:
    """``check`` finds the bug (with the seeds of the shipped suite when one seed is not enough:
    a bug that shows only in some deals)."""
    with pytest.raises(ConformanceError, match=match) as caught:
        CHECKS[check](game_id, None, players, seeds=seeds)
    assert str(caught.value).startswith(f"{check}: {game_id} (standard, {players} players)")


def keeps_the_deal(self: Game, seat: int, rng: random.Random) -> Game:
    self._query_seat(seat)
    g = self.clone()
    g._forget(rng)
    return g


def test_a_resample_that_keeps_the_hidden_deal() -> None:
    with mutant(Pecora, resample=keeps_the_deal) as game:
        fails("check_redeal", game, 4, "moved 0 of the 24 cards hidden from it")
    with mutant(Morra, resample=keeps_the_deal) as game:
        fails("check_redeal", game, 3, "does not re-deal")
        fails("check_simultaneous", game, 3, "resample differently")


def test_a_resample_that_peeks_at_the_true_deal() -> None:
    def peeks(self: Pecora, seat: int, rng: random.Random) -> Game:
        return Pecora.resample(self, seat, random.Random(f"{rng.random()}:{self.hands}"))

    with mutant(Pecora, resample=peeks) as game:
        fails("check_resample", game, 4, "depends on more than the seat's view")


def test_a_resample_that_keeps_the_history() -> None:
    def remembers(self: Pecora, seat: int, rng: random.Random) -> Game:
        h = Pecora.resample(self, seat, rng)
        h.history = self.history[:]
        return h

    with mutant(Pecora, resample=remembers) as game:
        fails("check_resample", game, 4, "keeps the true history")


def test_a_resample_that_changes_what_the_seat_sees() -> None:
    def shifts(self: Pecora, seat: int, rng: random.Random) -> Game:
        h = Pecora.resample(self, seat, rng)
        h.renown[seat] += 1
        return h

    with mutant(Pecora, resample=shifts) as game:
        fails("check_resample", game, 4, r"changed view\(")


def test_a_shared_event_number_that_tells_a_secret() -> None:
    """The bug the suite found in Testa: a private event logged only when someone learns the
    coalitions shifted the numbers every seat sees."""

    def sides_news(self: Pecora, seat: int, card: int) -> None:
        Pecora._sides_news(self, seat, card)
        if self.log[-1][1] == frozenset():
            self.log.pop()

    with mutant(Pecora, _sides_news=sides_news) as game:
        fails("check_twin_events", game, 4, "resample differently|different events", SEEDS)


def test_an_info_key_that_misses_the_hand() -> None:
    def key(self: Pecora, seat: int | None) -> Any:
        return (seat, self.phase, self.cur, tuple(self.trades), self.past, tuple(self.trick))

    with mutant(Pecora, info_key=key) as game:
        fails("check_info_key", game, 4, "equal info_key")


def test_a_canonical_form_that_is_only_seed_and_history() -> None:
    def canonical(self: Game) -> Any:
        return freeze((self.seed, self.history, self.log_base))

    with mutant(Pecora, canonical=canonical) as game:
        fails("check_canonical", game, 4, "equal canonical forms differ")


def test_a_clone_that_shares_the_hands() -> None:
    def clone(self: Pecora) -> Game:
        g = Pecora.clone(self)
        g.__class__ = type(self)
        g.hands = self.hands
        return g

    with mutant(Pecora, clone=clone) as game:
        fails("check_clones", game, 4, "changed the original")


def test_a_view_that_shows_a_neighbours_hand() -> None:
    def view(self: Pecora, seat: int | None) -> dict[str, Any]:
        v = Pecora.view(self, seat)
        if seat is not None and self.phase != 3:
            v["peek"] = [self.deck.ids[c] for c in cards_of(self.hands[(seat + 1) % self.n])]
        return v

    with mutant(Pecora, view=view) as game:
        fails("check_views_hide_cards", game, 4, "view names cards hidden from it")
        fails("check_resample", game, 4, "changed view")


def test_an_event_that_shows_a_saved_card() -> None:
    def describe(self: Pecora, raw: tuple[Any, ...]) -> Any:
        return Pecora.describe_event(self, raw)._replace(secret=None)

    with mutant(Pecora, describe_event=describe) as game:
        fails("check_events", game, 5, "events name cards hidden from it")


def test_a_view_that_shows_a_commitment() -> None:
    def view(self: Morra, seat: int | None) -> dict[str, Any]:
        return Morra.view(self, seat) | {"picks": sorted(self.commits.steps.items())}

    with mutant(Morra, view=view) as game:
        fails("check_simultaneous", game, 3, "can tell what seat")


def test_an_observation_of_the_wrong_type() -> None:
    def observe(self: Pecora, seat: int) -> Any:
        return Pecora.observe(self, seat).astype("float64")

    with mutant(Pecora, observe=observe) as game:
        fails("check_observation", game, 4, "not float32")


def test_a_move_by_the_wrong_seat_ignored_instead_of_refused() -> None:
    def act(self: Pecora, seat: int, action: Any) -> None:
        if seat == self.cur or not self._valid_seat(seat):
            Pecora.act(self, seat, action)

    with mutant(Pecora, act=act) as game:
        fails("check_refusals", game, 4, "was accepted")


def test_junk_that_crashes_the_parser() -> None:
    def parse(self: Pecora, seat: int, data: object) -> Any:
        if isinstance(data, list):
            raise TypeError("lists are not expected")
        return Pecora.parse_action(self, seat, data)

    with mutant(Pecora, parse_action=parse) as game:
        fails("check_malformed_input", game, 4, "not MalformedActionError")


def test_a_view_that_is_not_json_or_answers_any_seat() -> None:
    def tuples(self: Pecora, seat: int | None) -> dict[str, Any]:
        return Pecora.view(self, seat) | {"renown": tuple(self.renown)}

    with mutant(Pecora, view=tuples) as game:
        fails("check_json_and_seats", game, 4, "is a tuple")

    def anyone(self: Pecora, seat: int | None) -> dict[str, Any]:
        return {} if seat == 99 else Pecora.view(self, seat)

    with mutant(Pecora, view=anyone) as game:
        fails("check_json_and_seats", game, 4, r"view\(99\) was answered")

    def shared(self: Pecora, seat: int | None) -> dict[str, Any]:
        return Pecora.view(self, seat) | {"renown": self.renown}  # the game's own list

    with mutant(Pecora, view=shared) as game:
        fails("check_json_and_seats", game, 4, "shares a list or dict with the game")


def test_a_public_record_with_the_seed() -> None:
    def public(self: Pecora, seat: int | None) -> dict[str, Any]:
        return Pecora.public_record(self, seat) | {"seed": self.seed}

    with mutant(Pecora, public_record=public) as game:
        fails("check_public_record", game, 4, "has the seed")


def test_a_record_without_card_digests() -> None:
    def record(self: Pecora) -> dict[str, Any]:
        return Pecora.record(self) | {"cards": {}}

    with mutant(Pecora, record=record) as game:
        fails("check_replay", game, 4, "card data")


def test_a_game_longer_than_its_max_game_length() -> None:
    def info(players: int, variant: str, options: dict[str, Any]) -> Any:
        real = Pecora.spec.info_of(players, variant, options)
        return dataclasses.replace(real, max_game_length=10)

    with mutant(Pecora, info=info) as game:
        fails("check_playouts", game, 4, "not over after max_game_length = 10")


def test_a_deal_from_the_global_random_module() -> None:
    def deal(self: Pecora) -> None:
        Pecora._deal(self)
        random.shuffle(self.hands)

    with mutant(Pecora, _deal=deal) as game:
        fails("check_determinism", game, 4, "same seed and moves gave")


def test_a_search_bot_whose_handle_lends_it_the_true_game(monkeypatch: pytest.MonkeyPatch) -> None:
    def lend(self: SeatHandle, game: Game, seat: int) -> None:
        self._world, self.seat = game, seat

    monkeypatch.setattr(SeatHandle, "__init__", lend)
    monkeypatch.setattr(SeatHandle, "resample", lambda self, rng: self._world.clone())
    with pytest.raises(ConformanceError, match=r"ismcts.* in a game that looks the same"):
        CHECKS["check_bots_fair"]("testa-di-pecora", None, 4, seeds=(0,))


def test_a_bot_that_draws_from_the_global_random_module(monkeypatch: pytest.MonkeyPatch) -> None:
    sneaky = PolicyAgent("sneaky", lambda view, legal, rng: random.choice(legal))
    kind = AgentKind(
        "sneaky", "a bot with its own dice", lambda game_id: sneaky, probes=("sneaky",)
    )
    monkeypatch.setitem(KINDS, "sneaky", kind)
    fails("check_bots_fair", "renaissance-man-2d6", 3, r"sneaky chose .* looks the same")


@pytest.mark.parametrize(
    ("policy", "match"),
    [
        (lambda g, seat, legal, rng: g.catalog.actions[-1], "playout policy chose .*, not one of"),
        (lambda g, seat, legal, rng: random.choice(legal), "played otherwise with the same rng"),
    ],
    ids=["illegal", "global-random"],
)
def test_a_playout_policy_that_breaks_the_rules_or_its_rng(policy: Any, match: str) -> None:
    from tavola.games.renaissance_man_2d6 import SPEC

    register(dataclasses.replace(SPEC, id="rm2d6-buggy-playout", playout=policy))
    try:
        fails("check_playout_policy", "rm2d6-buggy-playout", 3, match)
    finally:
        unregister("rm2d6-buggy-playout")


def test_every_check_but_bad_parameters_has_a_planted_bug_here() -> None:
    planted = set(re.findall(r'(?:fails\(|CHECKS\[)\s*"(check_\w+)"', Path(__file__).read_text()))
    assert set(CHECKS) - planted == {"check_bad_parameters"}  # the core checks those
