"""Renaissance Rivals set-up: decks, hands, the market, pawns, cities and the Red deck. Each
test quotes the rulebook sentences it checks; the decisions [Dn] are those of
docs/rules/renaissance-rivals.md."""

from collections import Counter

import pytest
from rr_helpers import check, new, sq

import tavola
from tavola.games.renaissance_rivals.cards import LAYOUT, SKILLS, STACK_SIZE
from tavola.games.renaissance_rivals.rules import K_MP, K_START, PILE_LEVEL, RED


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_each_deck_is_the_artists_masterpieces_and_three_starting_commissions(players: int) -> None:
    """Each player takes the 8 Masterpiece cards for their artist and shuffles them together with 3
    Starting Commission cards (2 Holy Family cards and 1 Madonna card) to create their draw deck.
    Each player starts with two (2) Holy Family cards and one Madonna card. These are shuffled
    together with their chosen artist's Masterpiece cards to form the player's starting draw deck.
    63 Player Deck cards (8 unique Masterpiece cards for each of 6 artists + 15 Level 0 cards, 3 per
    player) Each seat's cards are its own artist's eight Masterpieces and its
    two Holy Family and one Madonna, shuffled. [D2] The artists not chosen are drawn from the
    seed, all different."""
    g = new(players, seed=3)
    t = g.t
    assert len(set(g.artist)) == players
    for s in range(players):
        mine = g.decks[s] + g.hands[s]
        assert len(mine) == 11
        mps = [i for i in mine if t.kind[i] == K_MP]
        assert len(mps) == 8 and {t.mp_artist[i] for i in mps} == {g.artist[s]}
        starts = sorted(t.names[i] for i in mine if t.kind[i] == K_START)
        assert starts == ["Holy Family", "Holy Family", "Madonna"]
    decks = {tuple(g.decks[0]) for g in (new(2, seed=k) for k in range(6))}
    assert len(decks) > 1  # shuffled
    check(g)


def test_a_seat_plays_the_artist_it_chose_and_the_others_are_drawn() -> None:
    """In addition, pawns or player tokens of some kind will be needed to represent the players'
    chosen artists as they move around the map. [D2] Each seat may choose its artist; the
    others are drawn from the seed among those nobody chose, all different."""
    ids = new(2).t.c.artist_ids
    for seed in range(20):
        g = new(3, seed=seed, artist_1="nelli")
        assert ids[g.artist[1]] == "nelli" and len(set(g.artist)) == 3
        assert g.view(0)["seats"][1]["artist"] == "nelli"
        assert g.pawn[1] == sq("A2")  # Nelli starts on A2
    assert new(2, seed=4).artist == new(2, seed=4, artist_0="drawn").artist  # as it always was
    with pytest.raises(tavola.UnknownGameError, match="two seats chose raphael"):
        new(2, artist_0="raphael", artist_1="raphael")
    with pytest.raises(tavola.UnknownGameError, match="is one of drawn, leonardo"):
        new(2, artist_0="botticelli")
    spec = tavola.get_spec("renaissance-rivals")
    assert spec.options["artist_2"].applies(3) and not spec.options["artist_2"].applies(2)


def test_first_round_hands_are_three_four_five_and_six() -> None:
    """In the first round, the player who goes first will draw a hand of only 3 cards, while the
    second player draws a hand of 4. In a 3 or 4 player game, the third player will draw 5 cards in
    the first round and the fourth player will draw 6. [D1] Seat 0 goes first, then the seats in
    order. (At the end of the first round and every round thereafter, all players will draw 4 cards
    into their hand for the next round, unless one or more of these cards has a special action that
    grants the player an extra card draw)."""
    for players, sizes in ((2, [3, 4]), (3, [3, 4, 5]), (4, [3, 4, 5, 6])):
        g = new(players, seed=1)
        assert [len(h) for h in g.hands] == sizes
        assert g.cur == 0 and g.to_act == frozenset({0})
        ends = 0
        while ends < players:
            g.act(g.cur, g.parse_action(g.cur, "end"))
            ends += 1
        # every later hand is 4 (the start decks hold no BRONZ or COLOR)
        assert [len(h) for h in g.hands] == [4] * players


def test_the_market_is_dealt_by_level_into_stacks_of_the_rulebooks_sizes() -> None:
    """Market Commission cards are sorted into piles by Level. Each pile is then shuffled and dealt
    out evenly into the stacks shown below, according to its Level (0, 1, 2, 3, or 4): At setup,
    each of the Level 0 stacks should contain exactly 7 cards. All other stacks should contain 6
    cards each, except for the Level 4 stack, which contains only 5 cards. 97 Market Commission
    cards These are the cards that are dealt out into a 4 x 4 grid of card stacks in order to create
    the shared market (which also serves as a game board for movement purposes). The layout: L0 L1
    L1 L1 / L0 L1 L1 L2 / L1 L2 L3 L2 /
    L1 L3 L4 L3, column A holding 26 cards."""
    g = new(2, seed=5)
    t = g.t
    for p, stack in enumerate(g.stacks):
        level = LAYOUT[p // 4][p % 4]
        assert len(stack) == STACK_SIZE[level]
        assert {t.level[i] for i in stack} == {level}
        assert all(i < RED for i in stack)
    assert [len(g.stacks[p]) for p in (0, 4)] == [7, 7]
    assert len(g.stacks[sq("C4")]) == 5
    assert sum(len(g.stacks[p]) for p in (0, 4, 8, 12)) == 26
    assert sum(map(len, g.stacks)) == 97
    tops = {tuple(x[-1] for x in new(2, seed=k).stacks) for k in range(5)}
    assert len(tops) == 5  # shuffled


def test_st_peters_is_shuffled_into_the_level_3_stacks() -> None:
    """(This card is randomly shuffled into the other Level 3 cards before game set-up, so that it
    is impossible to predict in which of the three Level 3 stacks it will be revealed, or when.) The
    latter is a special ARCH Commission that costs 14 Influence and scores 10 VP at the end of the
    game."""
    where = Counter()
    for seed in range(40):
        g = new(2, seed=seed)
        stp = g.t.st_peters[0]
        (p,) = [p for p, x in enumerate(g.stacks) if stp in x]
        where[p] += 1
        assert LAYOUT[p // 4][p % 4] == 3
        assert g.t.skill[stp] == SKILLS.index("ARCH") and g.t.cost[stp] == 14 and g.t.vp[stp] == 10
    assert set(where) == {sq("C3"), sq("B4"), sq("D4")}


def test_pawns_start_on_their_artists_stacks() -> None:
    """At the start of the game, player tokens for Michelangelo, II Moretto, and Plautilla Nelli
    are placed on top of the lowest Level 0 stack (first column, second row), while Leonardo,
    Antonia Uccello, and Raphael place their player tokens on the highest Level 2 stack (fourth
    column, second row). In addition, pawns or player tokens of some kind will be needed to
    represent the players' chosen artists as they move around the map."""
    by_artist = {}
    for seed in range(20):
        g = new(4, seed=seed)
        for s in range(4):
            by_artist[g.c.artist_ids[g.artist[s]]] = g.view(None)["seats"][s]["pawn"]
    assert by_artist == {
        "michelangelo": "A2",
        "moretto": "A2",
        "nelli": "A2",
        "leonardo": "D2",
        "uccello": "D2",
        "raphael": "D2",
    }


def test_the_red_deck_resupplies_by_row_with_three_or_four_players() -> None:
    """In a 3 or 4-player game, which requires two decks of Commission cards, the cards in the
    second deck (known as the "Red Deck," after the color of the Level) are separated into four
    separate draw piles by level. These piles are placed to one or the other side of the playing
    area, high to low: Level 4 cards next to row 1, Level 3 next to row 2, Level 2 cards next to row
    3, and Level 1 cards next to row 4. [D11] The Red deck's level-0 cards are left out; piles of
    levels 4, 3, 2, 1
    beside rows 1 to 4. Note: Reserving a second deck of cards for re-supplying emptied stacks can
    also be adopted in a 2-player game."""
    for players in (3, 4):
        g = new(players, seed=2)
        assert g.red
        for row, pile in enumerate(g.piles):
            assert {g.t.level[i] for i in pile} == {PILE_LEVEL[row]}
            assert all(i >= RED for i in pile)
        assert [len(p) for p in g.piles] == [5, 18, 18, 42]
        v = g.view(0)
        assert v["red_piles"] == [5, 18, 18, 42]
    assert not new(2).red and new(2, red_deck="yes").red and not new(1).red
    with pytest.raises(tavola.UnknownGameError, match="needs the Red deck"):
        new(3, red_deck="no")
    with pytest.raises(tavola.UnknownGameError, match="D11"):
        new(1, red_deck="yes")


def test_city_slots_one_per_seat_per_city() -> None:
    """6 City cards (2 for each city) City cards are placed to the side of the map, adjoining the
    corresponding row(s) of the 4 x 4 art market. Line up the City cards with their respective rows.
    Place a Milan card to the left of the first row (and another one to the row's right, in a 3-5
    player game); place the Florence card(s) next to the second and third rows; Rome card(s) are
    placed next to the bottom row. To help players remember that an artist can only work on a single
    Masterpiece at a time in a particular City, in a 2-player game players should use opposite edges
    of the City cards for slotting in their Masterpieces. In a 3-5 player game, the second set of 3
    City cards will need to be placed to the right of the corresponding market rows, so that there
    are enough card edges to provide each player with one slot for each City. Each seat has its own
    slot in each of the three cities
    (the view's ``in_progress`` per seat), so seats never block each other."""
    g = new(4, seed=1)
    v = g.view(None)
    assert all(p["in_progress"] == {} for p in v["seats"])
    assert [m["stack"] for m in v["market"]][:4] == ["A1", "B1", "C1", "D1"]


def test_no_five_player_game() -> None:
    """A five-player variant of the rules will be made available separately. Renaissance Rivals is
    a 1-5 player game of cutthroat artistic competition that can be played in about an hour, for
    ages 12+. (Note that in a 5-player game, it is very occasionally possible for one player to be
    "shut out" of a particular city.) [D24] The five-player variant is not in this rulebook: the
    error and the
    description say so."""
    with pytest.raises(tavola.UnknownGameError, match="made available separately"):
        tavola.new_game("renaissance-rivals", players=5)
    spec = tavola.get_spec("renaissance-rivals")
    assert spec.min_players == 1 and spec.max_players == 4
    assert "made available separately" in spec.description
