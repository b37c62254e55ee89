"""The text rendering of Testa di Pecora: what each phase shows, and that it shows no secret."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

import tavola
from tavola.games.testa_di_pecora.deck import deck_by_key
from tavola.games.testa_di_pecora.rules import cards_of
from tavola.games.testa_di_pecora.text import narrate, render

Policy = Callable[[tavola.Game, int], tavola.Action]


def first(g: tavola.Game, seat: int) -> tavola.Action:
    return g.legal_actions(seat)[0]


def advance(g: tavola.Game, until: Callable[[tavola.Game], bool], policy: Policy = first) -> None:
    """Play ``policy`` for whoever acts until ``until(g)`` holds."""
    while not until(g):
        seat = min(g.to_act)
        g.act(seat, policy(g, seat))


def hidden_names(g: tavola.Game, seat: int) -> list[str]:
    """Names of the cards ``seat`` may not know: others' hands, the Inheritance, others' savings."""
    mask = g.inherit | (g.savings if seat != g.heir else 0)
    for other in range(g.n):
        if other != seat:
            mask |= g.hands[other]
    return [g.deck.names[c] for c in cards_of(mask)]


def named(text: str, name: str) -> bool:
    """Whether a card is named; "the Pope" or "Pope's side" speak of a role, not a card."""
    return re.search(rf"(?<!the ){re.escape(name)}\b(?!'s)", text) is not None


def check_seat(g: tavola.Game, seat: int) -> str:
    """Render the seat's view: its own hand is there, nothing hidden from it is.

    Savings of finished seasons are public (and those cards are now dealt again), so the
    seasons' summaries are left out of the search for hidden cards.
    """
    text = render(g.view(seat))
    assert max(map(len, text.splitlines())) <= 80
    for card in cards_of(g.hands[seat]):
        assert g.deck.names[card] in text
    current = re.sub(r"\(savings:[^)]*\)", "", text)
    leaks = [name for name in hidden_names(g, seat) if named(current, name)]
    assert not leaks, f"seat {seat} sees {leaks}:\n{text}"
    return text


def check_all(g: tavola.Game) -> list[str]:
    return [check_seat(g, seat) for seat in range(g.n)]


def test_claim_phase() -> None:
    g = tavola.new_game("testa-di-pecora", players=5, seed=1, options={"first_dealer": 4})
    g.act(0, g.parse_action(0, "pass"))
    texts = check_all(g)
    assert "season 1 of 3" in texts[1]
    assert "The Inheritance is offered to you: claim it or pass." in texts[1]
    assert "2 cards face down; passed: seat 0" in texts[1]
    assert "passed: you" in texts[0]
    assert "Your hand (6 cards" in texts[0]
    assert "4                6      6       0  dealer" in texts[0]


def test_save_phase_shows_savings_to_the_heir_only() -> None:
    g = tavola.new_game("testa-di-pecora", players=5, seed=2, options={"first_dealer": 4})
    g.act(0, g.parse_action(0, "claim"))
    saved = g.legal_actions(0)[0]
    g.act(0, saved)
    texts = check_all(g)
    name = str(saved).removeprefix("Save ")
    assert "The Heir (you) to save 1 more card face down." in texts[0]
    assert f"Your savings: {name}" in texts[0]
    assert "claimed by seat 0, the Heir (1 card saved face down)" in texts[1]
    assert all(not named(t, name) for t in texts[1:])


@pytest.mark.parametrize("players", [4, 5])
def test_play_phase_shows_the_trade_and_the_last_trade(players: int) -> None:
    g = tavola.new_game(
        "testa-di-pecora", players=players, seed=3, options={"first_dealer": players - 1}
    )
    advance(g, lambda g: len(g.trades) == 1 and len(g.trick) == 2)
    texts = check_all(g)
    deck = g.deck
    _, cards, winner = g.trades[0]
    for seat, text in enumerate(texts):
        assert f"Trading day 2 of {8 if players == 4 else 6}" in text
        assert "On the table, a trade in " + deck.suit_names[deck.suit_of[g.trick[0]]] in text
        for card in (*g.trick, *cards):
            assert deck.names[card] in text
        who = "You win" if seat == winner else f"Seat {winner} wins"
        assert f"{who} the trade with" in text
        assert "Coalitions:" in text and "Your role:" in text
    if players == 5:
        assert "Your savings:" in texts[g.heir]


def test_play_phase_in_a_later_season() -> None:
    rng = random.Random(4)
    g = tavola.new_game("testa-di-pecora", players=5, seed=4, options={"first_dealer": 4})
    advance(
        g,
        lambda g: len(g.seasons_log) == 1 and g.phase_name == "play" and len(g.trades) == 2,
        lambda g, s: rng.choice(g.legal_actions(s)),
    )
    text = render(g.view(0))
    assert "season 2 of 3" in text
    assert "Season 1: " in text and "ducats (savings: " in text


def test_four_players_name_the_pope_side() -> None:
    g = tavola.new_game("testa-di-pecora", players=4, seed=5, options={"first_dealer": 3})
    pope = next(s for s in range(4) if g.hands[s] >> g.deck.pope & 1)
    text = check_seat(g, pope)
    assert "Your role: you hold the Pope" in text
    assert "Pope's side" in text


def test_everyone_passing_is_reported() -> None:
    g = tavola.new_game("testa-di-pecora", players=5, seed=6, options={"first_dealer": 4})
    for seat in range(5):
        before, action = g.view(0), g.parse_action(seat, "pass")
        g.act(seat, action)
    lines = narrate(before, g.view(0), 4, action.to_json(), "Seat 4")
    assert lines[0] == "Seat 4 passes."
    assert lines[1].startswith("Season 1: everyone passed.")
    assert lines[2] == "Season 1 of 3: you deal."
    text = check_seat(g, 0)
    assert "Season 1: everyone passed. Influence: you " in text
    assert "1 renown and the cards are dealt again" in text


@pytest.mark.parametrize("players", [4, 5])
def test_game_over_shows_the_seasons_and_the_ranking(players: int) -> None:
    rng = random.Random(players)
    g = tavola.new_game(
        "testa-di-pecora", players=players, seed=7, options={"first_dealer": players - 1}
    )
    advance(g, lambda g: g.is_over, lambda g, s: rng.choice(g.legal_actions(s)))
    text = render(g.view(1))
    assert "The game is over." in text
    assert all(f"Season {k}: " in text for k in (1, 2, 3))
    result = g.result
    assert result is not None
    best = result.ranking[0]
    assert f"Final ranking: 1. {'you' if best == 1 else f'seat {best}'} " in text
    assert max(map(len, text.splitlines())) <= 80


def test_spectator_view_renders() -> None:
    g = tavola.new_game("testa-di-pecora", players=5, seed=8, options={"first_dealer": 4})
    advance(g, lambda g: g.phase_name == "play")
    text = render(g.view(None))
    assert "Your hand" not in text
    assert not any(named(text, name) for name in g.deck.names)


@pytest.mark.parametrize("players", [4, 5])
def test_narration_agrees_with_the_rules_and_hides_savings(players: int) -> None:
    rng = random.Random(players)
    g = tavola.new_game(
        "testa-di-pecora", players=players, seed=9, options={"first_dealer": players - 1}
    )
    viewer = 1
    while not g.is_over:
        seat = min(g.to_act)
        action = rng.choice(g.legal_actions(seat))
        before, trades, season = g.view(viewer), len(g.trades), len(g.seasons_log)
        g.act(seat, action)
        lines = narrate(before, g.view(viewer), seat, action.to_json(), f"Seat {seat}")
        if action.kind == "save" and seat != viewer:
            assert lines == [f"Seat {seat} saves a card face down."]
        if len(g.trades) > trades and len(g.seasons_log) == season:
            _, cards, winner = g.trades[-1]
            who = "You win" if winner == viewer else f"Seat {winner} wins"
            card = deck_by_key("standard").names[cards[(winner - g.trades[-1][0]) % players]]
            assert f"{who} the trade with {card}: " in lines[1]
        if len(g.seasons_log) > season:
            assert any(line.startswith(f"Season {season + 1}: ") for line in lines)


@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("seed", [10, 11])
def test_no_view_in_a_whole_game_names_a_hidden_card(players: int, seed: int) -> None:
    rng = random.Random(seed)
    g = tavola.new_game(
        "testa-di-pecora", players=players, seed=seed, options={"first_dealer": players - 1}
    )
    while not g.is_over:
        check_all(g)
        seat = min(g.to_act)
        g.act(seat, rng.choice(g.legal_actions(seat)))
