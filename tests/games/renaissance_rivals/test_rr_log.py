"""The game log in words (the web table's and the terminal's): names, not ids; plurals right; no
symbols a reader has to decode."""

from __future__ import annotations

import pytest

import tavola
from tavola.testing import random_record


def played(players: int, seed: int) -> tavola.Game:
    return tavola.replay(random_record("renaissance-rivals", players, seed))


def test_the_first_line_names_each_seats_artist() -> None:
    g = played(3, 3)
    named = dict(zip(g.c.artist_ids, g.c.artist_names, strict=True))  # type: ignore[attr-defined]
    names = [named[seat["artist"]] for seat in g.view(None)["seats"]]
    assert g.events(None)[0]["text"] == (
        f"3 players with the Red deck. Seat 0 plays {names[0]}; Seat 1 plays {names[1]}; "
        f"Seat 2 plays {names[2]}."
    )
    assert g.events(1)[0]["text"].split("; ")[1] == f"you play {names[1]}"  # past the start: "you"
    assert played(1, 3).events(0)[0]["text"].startswith("1 player. You play ")
    moves = [e for e in g.events(None) if e["kind"] == "acquire" and e["from"] != e["pawn"]]
    assert moves and moves[0]["text"].endswith(
        f"; the pawn moves from {moves[0]['from']} to {moves[0]['pawn']}."
    )


@pytest.mark.parametrize("players", [1, 2, 4])
def test_no_line_has_ids_symbols_or_wrong_plurals(players: int) -> None:
    g = played(players, 5)
    texts = [e["text"] for seat in (None, 0) for e in g.events(seat)]
    assert texts and not [
        t for t in texts if "->" in t or "(s)" in t or "(1 points)" in t or "[" in t
    ]


def test_the_terminal_names_each_seats_artist() -> None:
    from tavola.games.renaissance_rivals.text import render

    g = tavola.new_game("renaissance-rivals", players=2, seed=3)
    named = dict(zip(g.c.artist_ids, g.c.artist_names, strict=True))  # type: ignore[attr-defined]
    view = g.view(0)
    lines = render(view).splitlines()
    for who, seat in (("You", 0), ("Seat 1", 1)):
        artist = named[view["seats"][seat]["artist"]]
        assert [line for line in lines if line.startswith(f"{who}: {artist}, pawn ")]


def test_an_advance_says_the_points_are_advancement_paid() -> None:
    """'You advanced Annunciation to step 2 (2 points).' read like Victory Points; the number is
    the Advancement points paid for the step, and a Masterpiece has three steps."""
    g = played(2, 5)
    advances = [e for e in g.events(None) if e["kind"] == "advance"]
    assert advances
    for e in advances:
        assert e["text"].endswith(
            f" to step {e['step']} of 3, paying {e['points']} Advancement point"
            + ("." if e["points"] == 1 else "s.")
        )


def test_a_move_says_which_move_of_the_rules_it_is() -> None:
    """'You moved up to B2 (masterpiece move).': the rulebook's move after completing a
    Masterpiece is a bonus; the other is the free move of a turn without Commission or
    Masterpiece actions."""
    from tavola.games.renaissance_rivals.text import describe

    t = played(2, 5).t
    move = {"kind": "move", "seat": 0, "dir": "up", "pawn": "B2"}
    assert describe(t, {**move, "why": "masterpiece"}, 0) == (
        "You moved up to B2 (the bonus move of a completed Masterpiece)."
    )
    assert describe(t, {**move, "why": "free"}, 1) == (
        "Seat 0 moved up to B2 (the free move of a turn without Commission or Masterpiece actions)."
    )


def test_a_use_says_its_points_with_one_for() -> None:
    """A card named for its patron was used 'for the Sforza for Influence', in the log and on its
    move's button: the points now follow a colon, and say how many."""
    g = played(2, 5)
    t = g.t  # type: ignore[attr-defined]
    uses = [e for e in g.events(None) if e["kind"] == "use" and e["as"] != "down"]
    assert uses
    for e in uses:
        i = t.number[e["card"]]
        points = t.inf[i] if e["as"] == "influence" else t.adv[i]
        assert e["text"] == f"Seat {e['seat']} used {t.names[i]}: {points} {e['as'].capitalize()}."
    labels = [a.label for a in g.catalog.actions if a.kind == "use"]
    assert "Use Portrait of a Cardinal for the Sforza: 1 Influence" in labels
    assert not [label for label in labels if label.count(" for ") > 1]
    old = g.parse_action(0, "Use Portrait of a Cardinal for the Sforza for Influence")
    assert old.to_json()["as"] == "influence"  # the earlier label still names the move
