"""The games' screens explain their notation, and say what happened in words."""

from __future__ import annotations

import io
import random
import re

import tavola
from tavola.games.renaissance_man import text as rm13
from tavola.games.renaissance_man_2d6 import text as rm06
from tavola.games.renaissance_rivals import text as rivals
from tavola.tui import play


def test_2013_pyramid_cells_never_touch_and_a_face_up_renaissance_man_is_rm() -> None:
    """Neighbours ran together ('$ M  RR K  $') and a face-up Renaissance Man showed as 'rm01'
    where the help spoke of RM."""
    c = rm13.cards_by_key("standard")
    foundation = [f"foundation-{w}" for w in rm13.WORKERS]
    level2 = ["merchant-01", "merchant-02", "renaissance-01", "down"]
    rows = rm13.pyramid(c, [*foundation, *level2, *[None] * 6])
    words = {*rm13.LETTER.values(), *rm13.SHORT, "[RM]"}
    for row in rows:
        level, *cells = row.split()
        assert level in {"L1", "L2", "L3", "L4", "L5"}
        assert all(cell in words or cell[0].isdigit() for cell in cells), row
    assert rows[3].split()[1:] == ["$", "M", "R", "B", "M", "S", "RM", "[RM]"]


def test_2013_help_explains_rm_and_the_score() -> None:
    help_ = rm13.help_text(tavola.new_game("renaissance-man", 1, seed=1).view(0))
    flat = " ".join(help_.split())
    assert "RM is a Renaissance Man (wild" in flat and "[RM] a face-down one" in flat
    assert "Score: the workers in your structure" in flat
    assert "scoring the workers you built" in flat  # why a lost game alone scores 13


def test_2013_the_last_choice_of_the_foundation_is_announced() -> None:
    """Choosing the fourth worker lays the fifth and finishes the Foundation at once."""
    g = tavola.new_game("renaissance-man", 2, seed=5)
    for _ in range(2):
        g.act(0, g.legal_actions(0)[0])
    assert "Two workers are left" not in rm13.render(g.view(0))
    g.act(0, g.legal_actions(0)[0])
    assert "Two workers are left" in rm13.render(g.view(0))
    chosen = "Your choice so far: Next: Merchant; Next: Scholar; Next: Baker."
    assert chosen in rm13.render(g.view(0))
    g.act(0, g.legal_actions(0)[0])
    while 0 not in g.to_act:
        g.act(1, g.legal_actions(1)[0])
    laid = next(e["text"] for e in g.events(0) if e["kind"] == "foundation")
    assert laid == (
        "You laid the Foundation, from left to right: Merchant, Scholar, Baker, Knight, "
        "Renaissance Man."
    )


def test_rivals_help_explains_the_market_cells_the_hand_and_the_skills() -> None:
    help_ = " ".join(
        rivals.help_text(tavola.new_game("renaissance-rivals", 2, seed=1).view(0)).split()
    )
    assert "A2*0 ANAT$1 (7) is the stack of column A, row 2, with Seat 0's pawn on it" in help_
    assert "gives 2 Influence or 1 Advancement when used" in help_
    assert "Skills: ANAT Anatomy, ANTIQ Antiquities" in help_
    screen = rivals.render(tavola.new_game("renaissance-rivals", 2, seed=1).view(0))
    assert "Your hand (x/y: the Influence or Advancement a card gives when used):" in screen


def test_2006_you_may_declare_your_next_turn_the_last() -> None:
    g = tavola.new_game("renaissance-man-2d6", 3, seed=1)
    rng = random.Random(1)
    while g.view(min(g.to_act))["phase"] != "declare":
        seat = min(g.to_act)
        g.act(seat, rng.choice(g.legal_actions(seat)))
    seat = min(g.to_act)
    assert "You may declare your next turn the last." in rm06.render(g.view(seat))
    other = (seat + 1) % 3
    assert f"Seat {seat} may declare their next turn the last." in rm06.render(g.view(other))


def test_2006_the_start_tells_the_first_player_you_go_first() -> None:
    """It said 'seat 0 goes first' to seat 0."""
    g = tavola.new_game("renaissance-man-2d6", 3, seed=1, options={"first_player": 0})
    assert "3 players; you go first." in g.events(0)[0]["text"]
    assert "3 players; Seat 0 goes first." in g.events(1)[0]["text"]
    assert "3 players; Seat 0 goes first." in g.events(None)[0]["text"]


def test_2013_a_lost_game_alone_says_what_its_score_counts() -> None:
    """'The game is lost, with a score of 13': 13 of what was said nowhere."""
    out = io.StringIO()
    play("renaissance-man", 1, 0, [], 1, io.StringIO("1\n" * 3000), out)
    said = " ".join(out.getvalue().split())
    assert re.search(r"The game is lost\. Score: \d+ for you \(the workers built\)\.", said)
