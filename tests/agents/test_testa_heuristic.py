"""The Testa di Pecora heuristic: always legal, plays the way a competent player would in
hand-built positions, and clearly beats random play."""

from __future__ import annotations

import copy
import json
import random

import pytest

import tavola
from tavola.agents import make_agent
from tavola.games.testa_di_pecora import rules
from tavola.games.testa_di_pecora.heuristic import choose

GAME = "testa-di-pecora"


def deal(
    players: int, hands: dict[int, list[str]], inherit: list[str] | None = None
) -> rules.TestaGame:
    """A fresh game (dealer: the last seat, seat 0 offered first and leading first) whose
    hands are the given card ids; seats and Inheritance cards not given get the cards left."""
    g = tavola.new_game(GAME, players=players, seed=0, options={"first_dealer": players - 1})
    deck = g.deck
    given = [deck.index(c) for cards in hands.values() for c in cards]
    given += [deck.index(c) for c in inherit or []]
    assert len(given) == len(set(given)), "a card is dealt twice"
    rest = [c for c in range(32) if c not in given]
    size = rules.HAND_SIZE[players]
    masks = []
    for s in range(players):
        cards = [deck.index(c) for c in hands.get(s, [])]
        while len(cards) < size:
            cards.append(rest.pop())
        assert len(cards) == size, f"seat {s} has {len(cards)} cards"
        masks.append(sum(1 << c for c in cards))
    g.hands = masks
    if players == 5:
        chosen = [deck.index(c) for c in inherit or []]
        g.inherit = sum(1 << c for c in chosen + rest[: 2 - len(chosen)])
    else:
        assert not rest
        g.side = g._pope_side()
    return g


def act(g: rules.TestaGame, seat: int, text: str) -> None:
    """Play a named action (a card id, "claim" or "pass") for ``seat``."""
    assert seat in g.to_act, f"seat {seat} is not to act; {sorted(g.to_act)} is"
    g.act(seat, g.parse_action(seat, text))


def heuristic(g: rules.TestaGame) -> str:
    """The heuristic's choice for the seat to act, as a card id or an action kind."""
    (seat,) = g.to_act
    action = choose(g.view(seat), g.legal_actions(seat), random.Random(0))
    return str(dict(action.params).get("card", action.kind))


def claimed_by(g: rules.TestaGame, heir: int, saves: tuple[str, str]) -> None:
    """Everyone before ``heir`` passes, ``heir`` claims and saves ``saves``."""
    for s in range(heir):
        act(g, s, "pass")
    act(g, heir, "claim")
    for card in saves:
        g.act(heir, g.parse_action(heir, {"kind": "save", "card": card}))


# -- always legal ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 5])
def test_always_legal_over_full_games(players: int) -> None:
    agent = make_agent("heuristic", GAME)
    for seed in range(50):
        g = tavola.new_game(GAME, players=players, seed=seed, options={"first_dealer": players - 1})
        rng = random.Random(seed)
        mixed = seed % 2 == 1  # odd seeds: the heuristic against random players
        for _ in range(10_000):  # a cap, in case nobody ever claimed the Inheritance
            if g.is_over:
                break
            (seat,) = g.to_act
            legal = g.legal_actions(seat)
            if mixed and seat != seed % players:
                action = legal[rng.randrange(len(legal))]
            else:
                action = agent.choose(g.view(seat), legal, rng)
                assert action in legal
            g.act(seat, action)
        assert g.is_over


def test_reads_only_the_view_and_leaves_it_alone() -> None:
    """A JSON round trip of the view gives the same choice, and the view is not changed."""
    g = tavola.new_game(GAME, players=5, seed=3, options={"first_dealer": 4})
    rng = random.Random(3)
    while not g.is_over:
        (seat,) = g.to_act
        view, legal = g.view(seat), g.legal_actions(seat)
        before = copy.deepcopy(view)
        a = choose(view, legal, random.Random(1))
        assert view == before
        assert choose(json.loads(json.dumps(view)), legal, random.Random(2)) == a
        g.act(seat, legal[rng.randrange(len(legal))])


# -- claiming the Inheritance ------------------------------------------------------------------

STRONG = ["pope", "mendicant", "cardinal", "archbishop", "bishop", "venice-prince"]
WEAK = ["venice-count", "venice-baron", "florence-knight", "naples-count", "naples-baron",
        "naples-knight"]  # fmt: skip
MIDDLING = ["bishop", "chaplain", "friar", "venice-count", "florence-count", "naples-baron"]


def test_claims_a_very_strong_hand() -> None:
    assert heuristic(deal(5, {0: STRONG})) == "claim"


def test_passes_a_very_weak_hand() -> None:
    assert heuristic(deal(5, {0: WEAK})) == "pass"


def test_a_middling_hand_passes_first_but_the_dealer_claims_it_after_four_passes() -> None:
    assert heuristic(deal(5, {0: MIDDLING})) == "pass"
    g = deal(5, {4: MIDDLING}, inherit=["novice", "naples-knight"])
    for s in range(4):
        act(g, s, "pass")
    assert heuristic(g) == "claim"


# -- saving --------------------------------------------------------------------------------------


def save_with(hand: list[str]) -> set[str]:
    """Seat 0 claims with ``hand`` (six cards + two inherited) and lets the heuristic save."""
    g = deal(5, {0: hand[:6]}, inherit=hand[6:])
    act(g, 0, "claim")
    for _ in range(2):
        act(g, 0, heuristic(g))
    assert g.phase_name == "play"
    return set(g.view(0)["savings"]["cards"])


def test_buries_the_valuable_nobles_of_a_city_and_keeps_the_clerics() -> None:
    saved = save_with(["pope", "mendicant", "cardinal", "archbishop", "venice-prince",
                       "venice-duke", "florence-knight", "naples-knight"])  # fmt: skip
    assert saved == {"venice-prince", "venice-duke"}


def test_buries_to_void_a_city_rather_than_for_ducats_alone() -> None:
    # Duke + Marquis of Florence would bank 14 ducats and void nothing; the Duke with the lone
    # Knight of Naples banks 10 and leaves Naples free for the clerics.
    saved = save_with(["pope", "mendicant", "cardinal", "archbishop", "florence-duke",
                       "florence-marquis", "florence-count", "naples-knight"])  # fmt: skip
    assert saved == {"florence-duke", "naples-knight"}


def test_does_not_save_clerics_when_it_has_nobles() -> None:
    saved = save_with(["pope", "cardinal", "bishop", "camerlengo", "canon", "chaplain",
                       "venice-count", "naples-knight"])  # fmt: skip
    assert saved == {"venice-count", "naples-knight"}


# -- following ---------------------------------------------------------------------------------

# Seat 2 is the Heir, seat 3 (the Abbot) its partner; seats 0, 1 and 4 oppose them.
HEIR_GAME = {
    0: ["venice-knight", "venice-baron", "inquisitor", "deacon", "florence-count", "naples-knight"],
    1: ["venice-count", "venice-marquis", "prior", "novice", "florence-baron", "naples-marquis"],
    2: ["pope", "mendicant", "cardinal", "archbishop", "florence-duke", "naples-prince"],
    3: ["abbot", "friar", "florence-prince", "florence-knight", "naples-count", "naples-baron"],
    4: ["venice-prince", "venice-duke", "camerlengo", "canon", "chaplain", "florence-marquis"],
}


def heir_game() -> rules.TestaGame:
    g = deal(5, HEIR_GAME, inherit=["bishop", "naples-duke"])
    claimed_by(g, 2, ("florence-duke", "naples-duke"))
    assert g.view(3)["role"] == "partner"
    return g


def test_partner_schmears_onto_the_heirs_sure_win() -> None:
    g = heir_game()
    act(g, 0, "venice-knight")
    act(g, 1, "venice-count")
    act(g, 2, "pope")  # the Heir has no Venice and takes the trade with the Pope
    assert heuristic(g) == "florence-prince"


def test_partner_does_not_spend_a_strong_cleric_under_its_teammates_pope() -> None:
    g = deal(5, {0: ["pope", "inquisitor", "prior", "deacon", "florence-count", "naples-knight"],
                 1: ["cardinal", "abbot", "friar", "venice-count", "florence-baron",
                     "naples-marquis"]},
             inherit=["bishop", "naples-duke"])  # fmt: skip
    claimed_by(g, 0, ("florence-count", "naples-duke"))
    act(g, 0, "pope")
    assert heuristic(g) == "friar"  # not the Cardinal, nor the Abbot that would reveal it


def test_four_players_the_mendicant_schmears_once_the_pope_shows_its_partner() -> None:
    g = deal(4, {0: ["pope", "cardinal", "archbishop", "bishop", "venice-prince", "venice-duke",
                     "florence-prince", "florence-duke"],
                 1: ["inquisitor", "prior", "abbot", "camerlengo", "venice-marquis",
                     "venice-count", "florence-marquis", "florence-count"],
                 2: ["mendicant", "canon", "venice-baron", "florence-baron", "naples-prince",
                     "naples-duke", "naples-marquis", "naples-count"],
                 3: ["chaplain", "deacon", "friar", "novice", "venice-knight", "florence-knight",
                     "naples-baron", "naples-knight"]})  # fmt: skip
    act(g, 0, "pope")
    act(g, 1, "inquisitor")
    assert g.view(2)["coalition"]["members"] == [0, 2]
    assert heuristic(g) == "canon"  # 10 ducats onto the Pope; the Mendicant stays in hand


def test_ducks_with_its_cheapest_card_when_it_cannot_win() -> None:
    g = deal(5, {0: ["pope", "mendicant", "cardinal", "archbishop", "florence-duke",
                     "naples-prince"],
                 1: ["camerlengo", "canon", "novice", "venice-count", "florence-baron",
                     "naples-marquis"]},
             inherit=["bishop", "naples-duke"])  # fmt: skip
    claimed_by(g, 0, ("florence-duke", "naples-duke"))
    act(g, 0, "pope")
    assert g.view(1)["role"] == "opponent"
    assert heuristic(g) == "novice"


def test_wins_cheaply_when_an_opponent_is_winning() -> None:
    g = deal(5, {0: ["pope", "mendicant", "florence-duke", "archbishop", "bishop",
                     "naples-prince"],
                 1: ["florence-knight", "venice-count", "inquisitor", "chaplain", "naples-count",
                     "naples-baron"],
                 2: ["florence-count", "venice-baron", "prior", "friar", "naples-marquis",
                     "venice-marquis"],
                 3: ["florence-baron", "venice-prince", "abbot", "camerlengo", "canon",
                     "florence-marquis"],
                 4: ["cardinal", "deacon", "novice", "venice-knight", "naples-knight",
                     "venice-duke"]},
             inherit=["florence-prince", "naples-duke"])  # fmt: skip
    claimed_by(g, 0, ("florence-prince", "naples-duke"))
    act(g, 0, "florence-duke")
    act(g, 1, "florence-knight")
    act(g, 2, "florence-count")
    act(g, 3, "florence-marquis")
    # Seat 4 plays last and has no Florence: any cleric takes the Duke's 10 ducats, so it
    # spends its weakest, not the Cardinal, and does not throw a noble away.
    assert heuristic(g) == "novice"


# -- leading -------------------------------------------------------------------------------------


def test_heir_leads_its_best_cleric_and_opponents_cash_a_prince() -> None:
    g = heir_game()
    # Seat 0 opposes the Heir and holds no Prince: a low noble of a short city, no cleric.
    first = heuristic(g)
    assert g.deck.suit_of[g.deck.index(first)] != 0
    assert g.deck.ducats[g.deck.index(first)] == 0
    g2 = deal(5, {0: ["pope", "mendicant", "cardinal", "archbishop", "florence-duke",
                      "naples-prince"]},
              inherit=["bishop", "naples-duke"])  # fmt: skip
    claimed_by(g2, 0, ("florence-duke", "naples-duke"))
    assert heuristic(g2) == "pope"
    g3 = deal(5, {0: ["venice-prince", "venice-count", "friar", "florence-knight",
                      "naples-count", "naples-baron"],
                  1: ["pope", "mendicant", "cardinal", "archbishop", "florence-duke",
                      "naples-prince"]},
              inherit=["bishop", "naples-duke"])  # fmt: skip
    claimed_by(g3, 1, ("florence-duke", "naples-duke"))
    assert heuristic(g3) == "venice-prince"


def test_partner_leads_a_noble_and_keeps_the_abbot_hidden() -> None:
    g = deal(5, {0: ["abbot", "friar", "deacon", "florence-count", "naples-count",
                     "naples-baron"],
                 1: ["pope", "mendicant", "cardinal", "archbishop", "florence-duke",
                     "naples-prince"]},
             inherit=["bishop", "naples-duke"])  # fmt: skip
    claimed_by(g, 1, ("florence-duke", "naples-duke"))
    assert g.view(0)["role"] == "partner"
    assert heuristic(g) in {"florence-count", "naples-count", "naples-baron"}


def test_counts_played_clerics_to_know_its_cleric_is_the_best_left() -> None:
    hands = {0: ["pope", "cardinal", "novice", "venice-prince", "florence-prince",
                 "naples-prince"],
             1: ["mendicant", "bishop", "venice-knight", "florence-knight", "naples-knight",
                 "venice-baron"],
             2: ["deacon", "friar", "venice-count", "florence-count", "naples-count",
                 "florence-baron"]}  # fmt: skip
    g = deal(5, hands, inherit=["naples-duke", "florence-duke"])
    claimed_by(g, 0, ("naples-duke", "florence-duke"))
    act(g, 0, "pope")
    act(g, 1, "mendicant")  # now the Cardinal is the best cleric left
    for s in (2, 3, 4):
        act(g, s, heuristic(g))
    assert g.trades[-1][2] == 0
    assert heuristic(g) == "cardinal"
    # The same, but the Mendicant is still out: the Heir does not lead the Cardinal into it.
    g = deal(5, hands, inherit=["naples-duke", "florence-duke"])
    claimed_by(g, 0, ("naples-duke", "florence-duke"))
    act(g, 0, "pope")
    act(g, 1, "bishop")
    for s in (2, 3, 4):
        act(g, s, heuristic(g))
    assert g.trades[-1][2] == 0
    assert heuristic(g) != "cardinal"


# -- strength ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "games", "bound"), [(5, 500, 0.28), (4, 500, 0.30)])
def test_beats_random_players_clearly(players: int, games: int, bound: float) -> None:
    """With the seat rotated, its share of wins is well above 1/players (measured over
    2000 games: about 0.39 at both 5 and 4 players; ties split the win)."""
    agent = make_agent("heuristic", GAME)
    credit = 0.0
    for i in range(games):
        g = tavola.new_game(
            GAME, players=players, seed=10_000 + i, options={"first_dealer": players - 1}
        )
        rng = random.Random(i)
        me = i % players
        while not g.is_over:
            (seat,) = g.to_act
            legal = g.legal_actions(seat)
            if seat == me:
                action = agent.choose(g.view(seat), legal, rng)
            else:
                action = legal[rng.randrange(len(legal))]
            g.act(seat, action)
        winners = g.result.winners
        credit += 1 / len(winners) if me in winners else 0.0
    assert credit / games > bound
