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


def test_the_log_names_areas_as_the_rulebook_does() -> None:
    """The log said 'You won Baker 11 (book).', 'took a bread token (bread/shield) to the
    renaissance area' and 'sent a knight from home to coin'; the rulebook names the Recruit
    board's areas by their icons and the player board's 'Stored Actions' and 'Renaissance Man'
    areas."""
    names = {"baker-11": "Baker #11"}

    def say(**e: object) -> str:
        return text.describe(e, 0, names)

    assert say(kind="resolve", outcome="won", winner=0, card="baker-11", area="book") == (
        "You won Baker #11 (the book area)."
    )
    assert say(kind="resolve", outcome="tie", winner=None, card=None, area="coin") == (
        "A tie in the coin area: the knights stay."
    )
    token = {"kind": "token", "seat": 1, "face": "bread", "token": "bread/shield", "count": 2}
    assert say(**token, area="renaissance").startswith(
        "Seat 1 took a bread token (its other face shield) to the Renaissance Man area"
    )
    assert "to the Stored Actions area" in say(**token, area="stored")
    assert say(kind="knight", seat=0, to="coin", **{"from": "home"}) == (
        "You sent a knight to the coin area."
    )
    assert say(kind="knight", seat=1, to="coin", **{"from": "book"}) == (
        "Seat 1 moved a knight from the book area to the coin area."
    )
    g = tavola.new_game("renaissance-man", 2, seed=1)
    move = g.catalog.parse({"kind": "knight", "from": "coin"})
    assert str(move) == "Move my knight from the coin area"
    assert g.catalog.parse("Move my knight from coin") is move  # the old label


def test_a_token_says_what_it_is_for() -> None:
    """'Token coin/book' on the button and 'took a book token ... to the Stored Actions area' in
    the log left a player to learn elsewhere what a token does: the move says the card's icon
    shows, the log what the token gives and how many the area holds."""
    g = tavola.new_game("renaissance-man", 2, seed=1)
    move = g.catalog.parse({"kind": "token", "faces": "coin/book"})
    assert str(move) == "Take a coin/book token (your card's icon face up)"
    assert g.catalog.parse("Token coin/book") is move  # the old label
    token = {"kind": "token", "seat": 0, "face": "book", "token": "coin/book"}
    assert text.describe({**token, "area": "stored", "count": 3}, 0, {}) == (
        "You took a book token (its other face coin) to the Stored Actions area, "
        "for one Teach later (3 of 4 stored)."
    )
    assert text.describe({**token, "area": "renaissance", "count": 2}, 1, {}) == (
        "Seat 0 took a book token (its other face coin) to the Renaissance Man area "
        "(2 of 4 for a Renaissance Man)."
    )
    told = [e for e in played_events() if e["kind"] == "token"]
    assert told and all(1 <= e["count"] <= 4 for e in told)


def played_events() -> list[dict]:
    g = tavola.new_game("renaissance-man", 3, seed=2)
    rng = random.Random(2)
    while not g.is_over:
        seat = min(g.to_act)
        g.act(seat, rng.choice(g.legal_actions(seat)))
    return g.events(None)


def test_a_reveal_with_removals_reads_as_one_sentence() -> None:
    """'Seat 1 removes Scholar 6, Renaissance Man 9 and hires with Scholar 1.' read as if the
    second card were hired; and a face-down Renaissance Man removed was called 'down'."""
    names = {"scholar-06": "Scholar #6", "scholar-01": "Scholar #1"}
    reveal = {"kind": "reveal", "seat": 1, "action": "hire", "card": "scholar-01"}
    said = text.describe({**reveal, "removed": ["scholar-06", "down"]}, 0, names)
    assert said == (
        "Seat 1 revealed: remove Scholar #6 and a face-down Renaissance Man, then hire with "
        "Scholar #1."
    )
    removed = {"kind": "remove", "seat": 0, "slot": "3.1", "card": "down"}
    assert text.describe(removed, 0, names) == (
        "You removed a face-down Renaissance Man from level 3, first from the left."
    )


def test_a_reveal_is_told_in_the_past_as_the_rest_of_the_log() -> None:
    """A reveal was told in the present ('You remove Scholar #6, then hire with Scholar #1.')
    between log lines in the past ('You removed Scholar #6 from ...', 'You hired ...'): it now
    says in the past what was revealed, the choice in the words of its steps."""
    names = {"scholar-06": "Scholar #6", "scholar-01": "Scholar #1"}
    reveal = {"kind": "reveal", "seat": 0, "action": "teach", "card": "scholar-01", "removed": []}
    assert text.describe(reveal, 0, names) == "You revealed: teach with Scholar #1."
    idle = {**reveal, "action": None, "removed": ["scholar-06"]}
    assert text.describe(idle, 1, names) == (
        "Seat 0 revealed: remove Scholar #6, then take no action."
    )


def test_a_won_recruit_put_in_hand_says_whose_hand() -> None:
    """A won recruit kept in hand was told 'You put Scholar #6 in hand.'"""
    names = {"scholar-06": "Scholar #6"}
    recruit = {"kind": "recruit", "seat": 0, "card": "scholar-06", "to": "hand"}
    assert text.describe(recruit, 0, names) == "You put Scholar #6 into your hand."
    assert text.describe(recruit, 1, names) == "Seat 0 put Scholar #6 into their hand."


def test_the_places_words_are_the_games_alone() -> None:
    """The web page's JS said a pyramid's places in words of its own ('slotWords'), a copy of
    the game's place_words: the card table now carries the game's words for every place, and
    the page shows them."""
    from pathlib import Path

    from tavola.games.renaissance_man.rules import place_words

    places = tavola.new_game("renaissance-man", 2, seed=1).card_table()["words"]["places"]
    assert len(places) == 15 and places["2.3"] == "level 2, third from the left"
    assert all(words == place_words(name) for name, words in places.items())
    page = Path(text.__file__).parents[2] / "web" / "static" / "games" / "renaissance-man.js"
    assert "from the left" not in page.read_text(encoding="utf-8")


def test_why_a_game_ended_is_said_in_the_games_words_alone() -> None:
    """The web page kept its own end reasons (ENDED), so its board told a one-player loss as
    'the deck had to be reshuffled' while the log said 'the deck ran out': the card table's
    words now carry the game's, which both say."""
    from pathlib import Path

    from tavola.games.renaissance_man.rules import END_REASONS

    ends = tavola.new_game("renaissance-man", 1, seed=1).card_table()["words"]["ends"]
    assert ends == text.ENDS and set(ends) == set(END_REASONS)
    page = Path(text.__file__).parents[2] / "web" / "static" / "games" / "renaissance-man.js"
    said = page.read_text(encoding="utf-8")
    assert "reshuffled" not in said and "round limit is reached" not in said


def test_a_seats_own_secret_steps_are_said_in_the_games_words_to_it_alone() -> None:
    """The web page ('token coin/bread', 'knight from the coin area') and the terminal ('a
    coin/bread token') each said the seat's secret steps in words of their own: the seat's
    view now gives each step the game's label for it, which both show; no other seat nor a
    spectator sees them."""
    import json
    from pathlib import Path

    from rm13_helpers import clear_hand, find_card, give, lay_foundations, new

    g = new(2, 1)
    lay_foundations(g)
    clear_hand(g, 0)
    x = find_card(g, 2)  # a Baker: bread to Barter for
    give(g, 0, x)
    chosen = []
    for data in ({"kind": "act", "type": "barter"}, {"kind": "card", "card": g.c.ids[x]}, None):
        action = g.parse_action(0, data) if data else g.legal_actions(0)[0]
        g.act(0, action)
        chosen.append(action.label)
    mine = g.view(0)["mine"]
    assert [s["label"] for s in mine] == chosen
    assert chosen[2] == "Take a coin/bread token (your card's icon face up)"
    assert f"Your choice so far: {'; '.join(chosen)}." in " ".join(text.render(g.view(0)).split())
    for other in (g.view(1), g.view(None)):
        assert not other["mine"] and "Use Baker" not in json.dumps(other)
    page = Path(text.__file__).parents[2] / "web" / "static" / "games" / "renaissance-man.js"
    js = page.read_text(encoding="utf-8")
    for words in ("token ${", "drop a ${", "knight from the ${", " laid`", "into the hand'"):
        assert words not in js, words
