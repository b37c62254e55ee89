"""Renaissance Man (2013): the box, the flavour, the note on simultaneous play, the credits."""

from __future__ import annotations

from rm13_helpers import lay_foundations, new

import tavola
from tavola.games.renaissance_man.rules import FOUND

RULES_PAGE = "docs/rules/renaissance-man.md"


def test_the_box() -> None:
    """ "1-4 players · 30 minutes" "Each player is a Renaissance Man, skilled as a Scholar, a
    Merchant, a Knight, and a Baker." "The goal is to train, hire, and recruit others, aiming to
    produce a Master of one of these 4 areas of study." """
    spec = tavola.get_spec("renaissance-man")
    assert (spec.min_players, spec.max_players) == (1, 4)
    assert spec.simultaneous and spec.hidden_information
    g = new(2)
    lay_foundations(g)
    assert sorted(x - FOUND for x in g.st[0][:5]) == [0, 1, 2, 3, 4]  # skilled in all four


def test_play_is_as_simultaneous_as_possible() -> None:
    """ "At all times, play is as simultaneous as possible." "Examples:" Every choice that the
    rules make at the same time is a commitment: the Foundation, each action, the placing of
    generated Renaissance Men, the discards; only a recruit won is placed by its winner alone."""
    g = new(3)
    assert g.to_act == frozenset({0, 1, 2})
    lay_foundations(g)
    assert g.to_act == frozenset({0, 1, 2})


def test_the_credits_are_the_rulebooks() -> None:
    """ "Author: Anthony Rubbo" "Illustrations: Claus Stephan and Martin Hoffmann" "Graphics:
    Mirko Suzuki" "Editing: Heydon Hensley" "© 2013 Rio Grande Games." "All rights reserved."
    "If you have comments, questions, or suggestions, please write to us at:" "Rio Grande Games,
    PO Box 1033, Placitas, NM 87043, USA" "RioGames@aol.com" "Visit our website at:
    www.riograndegames.com" "© 2013 Rio Grande Games" The rules page quotes them; the game's
    description names the author."""
    assert "Anthony Rubbo" in tavola.get_spec("renaissance-man").description
