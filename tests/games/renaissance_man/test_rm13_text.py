"""The terminal's screen of Renaissance Man (2013): in words, fit for 80 columns."""

from __future__ import annotations

import random
import re

import pytest

import tavola
from tavola.games.renaissance_man import text


def positions(players: int, moves: int, seed: int) -> list[tavola.Game]:
    g = tavola.new_game("renaissance-man", players, seed=seed)
    rng, out = random.Random(seed), []
    for step in range(moves):
        if g.is_over:
            break
        if step % 7 == 0:
            out.append(g.clone())
        seat = min(g.to_act)
        g.act(seat, rng.choice(g.legal_actions(seat)))
    return out


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_screen_names_cards_and_choices_in_words(players: int) -> None:
    """It showed card ids ('merchant-02'), the secret choice as a list of dicts and the token
    supply as one, 130 characters wide."""
    names = text.cards_by_key(tavola.new_game("renaissance-man", players, seed=1).view(0)["cards"])
    ids = set(names.names)
    for g in positions(players, 400, seed=players):
        for seat in (0, None):
            screen = text.render(g.view(seat))
            assert "{" not in screen and "[" not in screen.replace("[RM]", ""), screen
            assert not ids & set(re.findall(r"[a-z]+-\d\d", screen)), screen
            assert max(map(len, screen.splitlines())) <= 80, screen
            assert len(screen.splitlines()) <= 32


def test_empty_places_show_their_positions() -> None:
    g = tavola.new_game("renaissance-man", 2, seed=3)
    screen = text.render(g.view(0))
    for place in ("5.1", "4.2", "3.3", "2.4", "1.5"):
        assert place in screen
    assert "$ coin, B book, R bread, S shield" in screen


def test_help_gives_the_one_player_rules_only_alone() -> None:
    alone = text.help_text(tavola.new_game("renaissance-man", 1, seed=1).view(0))
    four = text.help_text(tavola.new_game("renaissance-man", 4, seed=1).view(0))
    assert "One player: opposing knights" in alone and "One player" not in four
    assert "2.3 is level 2, third from" in four
