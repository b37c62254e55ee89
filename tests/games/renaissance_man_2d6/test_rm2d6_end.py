"""Renaissance Man (2006) rules: declaring the last turn, the end of the game and the winner.
Each test quotes the rulebook sentence it checks; the decisions [Dn] are those of
docs/rules/renaissance-man-2d6.md."""

import pytest
from rm2d6_helpers import (
    HIGH,
    LOW,
    arrange,
    attempt,
    declare,
    draw_reserve,
    fix_dice,
    lay_out,
    legal,
    mark,
    new,
    pass_,
    play,
    roll,
    small_set,
    turn_up,
)

import tavola

TEN = ["fgmw", "ccf", "cf"]  # 5 + 3 + 2 points in the small set
NINE = ["fgmw", "ccf", "g"]  # 5 + 3 + 1


def at_ten(players: int = 3, holder: int = 1, **options):
    """Seat ``holder`` has 10 points; seat 0 is to play; plenty of cards to draw."""
    g = new(players, seed=21, cards=small_set(), **options)
    arrange(g, {s: "C" for s in range(players)})
    lay_out(g, ["c", "f", "w"], success={holder: TEN})
    return g


def test_no_declaration_is_offered_below_ten_points() -> None:
    """ "If any player has 10 points or more and it’s the end of your turn, you may declare that
    your next turn is your last turn." With 9 points at most, turns simply follow one another."""
    g = new(3, seed=20, cards=small_set())
    lay_out(g, ["c", "f"], success={1: NINE})
    for seat in (0, 1, 2):
        assert g.to_act == {seat}
        draw_reserve(g)
        assert g.view(None)["phase"] == "turn"


def test_any_player_with_ten_points_lets_the_player_whose_turn_ends_declare() -> None:
    """ "If any player has 10 points or more and it’s the end of your turn, you may declare that
    your next turn is your last turn." Read as written: at the end of each turn, if ANY player
    has 10 or more, the player whose turn is ending may declare, even with fewer points itself
    (here seat 0 with none, while seat 1 has 10).
    Decision: [D11]."""
    g = at_ten()
    since = mark(g)
    draw_reserve(g)
    v = g.view(None)
    assert v["phase"] == "declare" and v["current"] == 0 and g.to_act == {0}
    assert legal(g) == ["declare", "pass"]
    assert g.legal_actions(1) == []
    assert [e["kind"] for e in g.events(None, since)] == ["draw"]
    pass_(g)  # declining: the next turn begins, and the offer comes again at its end
    assert g.view(None)["phase"] == "turn" and g.to_act == {1}
    draw_reserve(g)
    assert g.view(None)["phase"] == "declare" and g.to_act == {1}


def test_reaching_ten_during_a_turn_offers_the_declaration_at_its_end() -> None:
    """ "If any player has 10 points or more and it’s the end of your turn, you may declare that
    your next turn is your last turn." A Challenge won that brings a player to 10 ends the turn
    ("Either way, your turn is done."), and the declaration is offered right then.
    Decision: [D11]."""
    g = new(2, seed=22, cards=small_set())
    arrange(g, {0: "C", 1: "F"})
    lay_out(g, ["f"], top=["c"], success={0: NINE})
    turn_up(g)
    attempt(g, "c")
    play(g, 0, "C")
    fix_dice(g, HIGH)
    roll(g)
    v = g.view(None)
    assert v["scores"] == [10, 0] and v["phase"] == "declare" and g.to_act == {0}


def test_after_a_declaration_each_other_player_has_one_more_turn() -> None:
    """ "The game ends at the end of your next turn." After seat 0 declares, seats 1 and 2 play
    one turn each, then seat 0 plays its last turn, and the game is over at its end.
    Decision: [D11] one declaration per game: nobody is asked again."""
    g = at_ten()
    draw_reserve(g)
    since = mark(g)
    declare(g)
    (d,) = [e for e in g.events(None, since) if e["kind"] == "declare"]
    assert d["seat"] == 0 and d["last_turn"] == 4
    v = g.view(None)
    assert v["declared"] == 0 and v["last_turn"] == 4 and v["turn"] == 2
    for seat in (1, 2):
        assert g.to_act == {seat} and not g.is_over
        draw_reserve(g)
        assert g.view(None)["phase"] == "turn"  # no second declaration is offered
    assert g.to_act == {0} and g.view(None)["turn"] == 4
    turn_up(g)
    assert not g.is_over
    pass_(g)
    assert g.is_over and g.view(None)["ended"] == "declared"
    assert g.events(None)[-1]["kind"] == "end" and g.events(None)[-1]["reason"] == "declared"
    assert g.result is not None and g.result.winners == (1,)


def test_the_declarers_last_turn_is_played_in_full() -> None:
    """ "The game ends at the end of your next turn." The last turn is a whole turn: the declarer
    may turn up a Challenge and attempt it; the game ends when that turn ends, after the roll."""
    g = at_ten(players=2, holder=0)
    lay_out(g, ["f"], top=["c"], success={0: TEN})
    draw_reserve(g)
    declare(g)
    draw_reserve(g)  # seat 1's one more turn
    turn_up(g)
    attempt(g, "c")
    play(g, 0, "C")
    fix_dice(g, HIGH)
    roll(g)
    assert g.is_over and g.view(None)["scores"] == [11, 0]
    assert g.legal_actions(0) == [] and g.legal_actions(1) == [] and g.to_act == frozenset()


def test_the_most_points_win() -> None:
    """ "If you have the most points at the end of the game, you win!" "Wisely spend your
    Creative Reserves to accomplish nifty challenges and end the game with the most points in
    your Success pile." A player's points are those of the cards in its Success pile; the result
    ranks the players by them."""
    g = at_ten(players=3, holder=2)
    lay_out(g, ["c", "f"], success={0: ["w", "m"], 1: ["gw", "g"], 2: TEN})
    draw_reserve(g)
    declare(g)
    for _ in range(3):
        draw_reserve(g)
    r = g.result
    assert r is not None and r.scores == (2, 3, 10)
    assert r.winners == (2,) and r.places == (3, 2, 1) and r.ranking == [2, 1, 0]
    points = [sum(g.c.points[g.c.index(i)] for i in pile) for pile in g.view(None)["success"]]
    assert list(r.scores) == points


def test_a_tie_for_the_most_points_is_shared() -> None:
    """ "If you have the most points at the end of the game, you win!" Players tied for the most
    points all win, and tied players share a place (here at the turn limit, 5 points each).
    Decision: [D6]."""
    g = new(3, seed=26, cards=small_set(), turn_limit=10)
    lay_out(g, ["c", "f"], success={0: ["fgmw"], 1: ["ccf", "cf"], 2: ["w"]})
    while not g.is_over:
        draw_reserve(g)
    r = g.result
    assert r is not None and r.scores == (5, 5, 1)
    assert r.winners == (0, 1) and r.places == (1, 1, 3) and r.ranking == [0, 1, 2]


def test_the_game_ends_when_no_challenge_is_left() -> None:
    """ "If you win, discard all CR cards you used and move the Challenge to your Success pile."
    When the last Challenge anywhere (none face up, none in the deck) goes to a Success pile,
    nothing is left to win: the game ends at the end of that turn, without a declaration.
    Decision: [D8]."""
    g = new(2, seed=23, cards=small_set())
    arrange(g, {0: "C", 1: ""})
    lay_out(g, ["c"], deck=[], rest=1)
    assert g.view(None)["scores"][1] >= 10
    attempt(g, "c")
    play(g, 0, "C")
    fix_dice(g, HIGH)
    since = mark(g)
    roll(g)
    assert g.is_over and g.view(None)["ended"] == "no-challenges"
    assert [e["kind"] for e in g.events(None, since)] == ["roll", "end"]


def test_the_game_ends_when_the_last_card_was_an_event() -> None:
    """ "If you have the highest total, put the Event in your Success pile; you get to use the
    special benefits on it." An Event that was the last card of the Challenge deck, with nothing
    face up, leaves no Challenge anywhere: the game ends with that turn.
    Decision: [D8]."""
    g = new(2, seed=24, cards=small_set(("e", "C", 1, "bonus", 1)))
    arrange(g, {0: "", 1: ""})
    lay_out(g, [], deck=["e"], rest=1)
    turn_up(g)
    fix_dice(g, HIGH, LOW)
    for _ in range(2):
        seat = next(iter(g.to_act))
        g.act(seat, g.parse_action(seat, {"kind": "stand"}))
    assert g.is_over and g.view(None)["ended"] == "no-challenges"
    assert g.view(None)["success"][0] == ["e"]


def test_a_turn_limit_ends_a_game_nobody_ends() -> None:
    """ "The game ends at the end of your next turn." The rulebook's only end is a declaration,
    which never comes if nobody reaches 10 points; the option turn_limit (default 400, from 10 to
    5000) ends the game at the end of that turn.
    Decision: [D9]."""
    g = new(2, seed=25, turn_limit=10)
    assert g.view(None)["turn_limit"] == 10
    for turn in range(1, 11):
        assert not g.is_over and g.view(None)["turn"] == turn
        draw_reserve(g)
    assert g.is_over and g.view(None)["ended"] == "turn-limit"
    assert g.result is not None and g.result.winners == (0, 1)
    assert new(2, seed=25).view(None)["turn_limit"] == 400
    with pytest.raises(tavola.UnknownGameError):
        new(2, seed=25, turn_limit=9)


def test_the_declared_end_comes_before_the_turn_limit() -> None:
    """ "The game ends at the end of your next turn." A declared last turn that falls on the turn
    limit ends the game as declared.
    Decision: [D9], [D11]."""
    g = at_ten(players=2, turn_limit=10)
    g.turns = 7  # turn 8 of 10
    draw_reserve(g)
    declare(g)
    draw_reserve(g)
    draw_reserve(g)
    assert g.is_over and g.view(None)["ended"] == "declared" and g.view(None)["turn"] == 10


def test_a_declared_end_past_the_turn_limit_is_played_out() -> None:
    """ "The game ends at the end of your next turn." A declaration made before the limit
    keeps its promise: the turns up to the declarer's last are played, past the limit too.
    Decision: [D9]."""
    g = at_ten(players=3, turn_limit=10)
    g.turns = 7  # turn 8 of 10: seat 0 declares; its last turn is turn 11
    draw_reserve(g)
    declare(g)
    for turn in (9, 10):
        draw_reserve(g)
        assert not g.is_over, turn
    draw_reserve(g)
    assert g.is_over and g.view(None)["ended"] == "declared" and g.view(None)["turn"] == 11
