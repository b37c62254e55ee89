"""Neither a seat's public record nor a resampled game lets anyone reconstruct the cards hidden
from that seat (Testa di Pecora, where cards are hidden). The shipped suite checks the contract
for every game; these tests show what it means for hidden hands.
"""

from __future__ import annotations

import random
from statistics import mean
from typing import TYPE_CHECKING

import pytest

import tavola
from tavola import RecordError, TavolaError
from tavola.agents import SeatHandle
from tavola.games.testa_di_pecora.rules import cards_of
from tavola.testing._support import strings

if TYPE_CHECKING:
    from tavola.games.testa_di_pecora.rules import TestaGame

GAME = "testa-di-pecora"


def placement(g: TestaGame, seat: int) -> dict[int, object]:
    """Where each card hidden from ``seat`` is: another seat's hand, the Inheritance, savings."""
    out: dict[int, object] = {}
    for t in range(g.n):
        if t != seat:
            out |= dict.fromkeys(cards_of(g.hands[t]), t)
    out |= dict.fromkeys(cards_of(g.inherit), "inheritance")
    if g.heir != seat:
        out |= dict.fromkeys(cards_of(g.savings), "savings")
    return out


def swapped(g: TestaGame, seat: int, rng: random.Random) -> TestaGame:
    """A clone of a freshly dealt ``g`` in which two cards of two other seats change hands."""
    a, b = rng.sample([t for t in range(g.n) if t != seat], 2)
    swap = 1 << rng.choice(cards_of(g.hands[a])) | 1 << rng.choice(cards_of(g.hands[b]))
    h = g.clone()
    h.hands[a] ^= swap
    h.hands[b] ^= swap
    if g.n == 4:
        h.side = h._pope_side()
    return h


def states(players: int, seeds: range, every: int = 3) -> list[tuple[int, TestaGame]]:
    out = []
    for seed in seeds:
        g = tavola.new_game(GAME, players, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not g.is_over:
            if step % every == 0:
                out.append((step, g.clone()))
            (seat,) = g.to_act
            g.act(seat, rng.choice(g.legal_actions(seat)))
            step += 1
        out.append((step, g))
    return out


@pytest.mark.parametrize("players", [4, 5])
def test_deals_a_seat_cannot_tell_apart_give_it_the_same_record_and_resamples(
    players: int,
) -> None:
    """Two deals differing only in cards hidden from a seat, played on with the same moves:
    the seat's public record is the same, event for event, and so is every resample for it
    under the same rng. Neither carries anything of the hidden deal."""
    steps = 0
    for seed in range(4):
        for seat in range(players):
            rng = random.Random(f"{seed}:{seat}")
            g = tavola.new_game(GAME, players, seed=seed)
            h = swapped(g, seat, rng)
            assert placement(g, seat) != placement(h, seat)
            while not g.is_over and g.view(seat) == h.view(seat):
                assert g.public_record(seat) == h.public_record(seat)
                k = rng.getrandbits(64)
                assert (
                    g.resample(seat, random.Random(k)).canonical()
                    == h.resample(seat, random.Random(k)).canonical()
                )
                (mover,) = g.to_act
                common = [a for a in g.legal_actions(mover) if a in h.legal_actions(mover)]
                if not common:
                    break
                action = rng.choice(common)
                g.act(mover, action)
                h.act(mover, action)
                steps += 1
    assert steps > 4 * players * 10  # ten shared moves a walk, on average


@pytest.mark.parametrize("players", [4, 5])
def test_a_public_record_names_only_cards_its_seat_may_know(players: int) -> None:
    """A seat's public record names a card hidden from it only as public history (a card of a
    past season, told to a spectator too, dealt again since) or where its own view does; it has
    no seed and cannot be replayed into the game."""
    history = 0
    for _, g in states(players, range(3), every=5):
        spectator = strings(g.public_record(None))
        for seat in range(players):
            record = g.public_record(seat)
            assert "seed" not in record
            with pytest.raises(RecordError):
                tavola.replay(record)
            named = strings(record) & g.hidden_ids(seat)
            assert named <= strings(g.view(seat)) | spectator
            history += bool(named - strings(g.view(seat)))
    assert history, "past seasons' cards are named in public records once dealt again"


@pytest.mark.parametrize("players", [4, 5])
def test_a_resample_holds_nothing_true_that_its_seat_cannot_see(players: int) -> None:
    """A resample has no history, events, record or true seed; it re-deals the hidden cards in
    nearly every state, and puts them where they truly are no more often than where they are
    in another deal the seat cannot tell from the truth."""
    moved, truth, twin = [], [], []
    for step, g in states(players, range(4)):
        for seat in range(players):
            where = placement(g, seat)
            h = g.resample(seat, random.Random(f"{step}:{seat}"))
            assert h.history == [] and h.seed != g.seed
            assert all(h.events(t) == [] for t in [None, *range(players)])
            with pytest.raises(TavolaError):
                h.record()
            if len(set(where.values())) < 2 or g.is_over:
                continue
            other = placement(g.resample(seat, random.Random(f"twin:{step}:{seat}")), seat)
            guess = placement(h, seat)
            moved.append(guess != where)
            truth.append(mean(guess[c] == where[c] for c in where))
            twin.append(mean(guess[c] == other[c] for c in where))
    assert mean(moved) > 0.9
    assert abs(mean(truth) - mean(twin)) < 0.02


def test_a_search_bots_handle_resamples_exactly_as_the_true_game_would() -> None:
    """A search agent's handle keeps only a twin of the game, never the game; since a resample
    depends on nothing but the seat's view and the rng, the twin gives the very same worlds."""
    g = tavola.new_game(GAME, 4, seed=5)
    rng = random.Random(5)
    for _ in range(30):
        (seat,) = g.to_act
        g.act(seat, rng.choice(g.legal_actions(seat)))
    for seat in range(4):
        handle = SeatHandle(g, seat)
        for k in range(5):
            world = handle.resample(random.Random(k))
            assert world.canonical() == g.resample(seat, random.Random(k)).canonical()
