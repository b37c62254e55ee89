"""Renaissance Rivals set-up: decks, hands, the market, pawns, cities and the Red deck. Each
test quotes the rulebook sentences it checks; the decisions [Dn] are those of
docs/rules/renaissance-rivals.md."""

from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from rr_helpers import cards, check, do, new, pawn, put, sq

import tavola
from tavola.games.renaissance_rivals import cards as cards_module
from tavola.games.renaissance_rivals.cards import (
    LAYOUT,
    SKILL_LEVEL,
    SKILLS,
    STACK_SIZE,
    cards_by_key,
)
from tavola.games.renaissance_rivals.rules import K_MP, K_START, PILE_LEVEL, RED

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "renaissance-rivals.md"


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
    with pytest.raises(
        tavola.UnknownGameError, match=r"'artist_1': seat 0 chose Raphael Sanzio \(raphael\) too"
    ):
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
    with pytest.raises(tavola.UnknownGameError, match="solo game is played without the Red deck"):
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
    (the view's ``in_progress`` per seat), so seats never block each other: with four players,
    each seat in turn starts a Masterpiece in Milan while the others' are there."""
    g = new(4, seed=1)
    v = g.view(None)
    assert all(p["in_progress"] == {} for p in v["seats"])
    assert [m["stack"] for m in v["market"]][:4] == ["A1", "B1", "C1", "D1"]
    artists = ("leonardo", "michelangelo", "nelli", "raphael")  # each has a level-1 Milan one
    g = new(4, seed=1, **{f"artist_{k}": a for k, a in enumerate(artists)})
    t = g.t
    started = {}
    for seat in range(4):
        assert g.cur == seat
        card = next(
            mid
            for mid in g.c.mp_ids
            if t.mp_artist[t.number[mid]] == g.artist[seat]
            and t.mp_city[t.number[mid]] == 0  # Milan
            and SKILL_LEVEL[t.skill[t.number[mid]]] == 1
        )
        put(g, card, "hand", seat)
        put(g, cards(g, 4, level=1, skill=SKILLS[t.skill[t.number[card]]])[seat], "palette", seat)
        pawn(g, "B1", seat)
        do(g, {"kind": "start", "card": card})
        started[seat] = card
        do(g, "end")
    for seat in range(4):
        assert g.view(None)["seats"][seat]["in_progress"] == {
            "milan": {"card": started[seat], "steps_done": 0}
        }


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


def layouts() -> list[dict[tuple[int, int], int]]:
    """Every market layout with the rulebook's numbers: A1 and A2 level 0 (column A holds 26
    cards, so both level-0 stacks are there, A2 'the lowest', and no level-4 stack); D2 'the
    highest Level 2 stack' (the other level-2 stacks in rows 3 and 4); three level-3 stacks and
    one of level 4; with our seven level-1 and three level-2 stacks."""
    fixed = {(0, 0): 0, (1, 0): 0, (1, 3): 2}
    free = [(r, c) for r in range(4) for c in range(4) if (r, c) not in fixed]
    out = []
    for more2 in combinations([p for p in free if p[0] >= 2], 2):
        rest = [p for p in free if p not in more2]
        for l3 in combinations(rest, 3):
            for l4 in [p for p in rest if p not in l3]:
                lay = dict(fixed) | dict.fromkeys(more2, 2) | dict.fromkeys(l3, 3) | {l4: 4}
                lay = {p: lay.get(p, 1) for p in [(r, c) for r in range(4) for c in range(4)]}
                if sum(STACK_SIZE[lay[(r, 0)]] for r in range(4)) == 26:
                    out.append(lay)
    return out


def test_the_layout_is_one_of_many_that_fit_and_the_page_says_why_this_one() -> None:
    """Each pile is then shuffled and dealt out evenly into the stacks shown below, according to
    its Level (0, 1, 2, 3, or 4): The rules page's count of the layouts that fit the rulebook's
    numbers, and of those that also put the level-4 stack and two or more level-3 stacks in Rome
    and no level-2 stack there, is right, and ours is among the latter."""
    ours = {(r, c): LAYOUT[r][c] for r in range(4) for c in range(4)}
    fit = layouts()
    rome = [
        lay
        for lay in fit
        if [lay[(3, c)] for c in range(4)].count(4) == 1
        and [lay[(3, c)] for c in range(4)].count(3) >= 2
        and 2 not in [lay[(3, c)] for c in range(4)]
    ]
    assert (len(fit), len(rome)) == (31920, 396)
    assert ours in rome
    page = " ".join(DOC.read_text(encoding="utf-8").split())
    assert "31,920 layouts meet all of this" in page and "(396 of the 31,920 do as much)" in page
    assert "the one layout" not in page
    source = " ".join(Path(cards_module.__file__).read_text(encoding="utf-8").split())
    assert "fit 31,920 layouts" in source and "the one layout" not in source


def test_the_most_valuable_cards_are_in_rome_and_need_skills_learned_in_florence() -> None:
    """Different kinds of Commissions trigger movement in different directions, so you need to be
    strategic about the order in which you acquire them: the most valuable Commission cards are
    found in Rome, but these require Skills that can only be learned in Florence or Milan. What
    the standard set honours of it: arrows differ (five or more directions in each level); at
    the deal Rome holds the level-4 stack and two of the three level-3 stacks, the most VP of any
    row; every level-2 stack is in Florence (the Red deck's level-2 pile too), and no level-3 or
    level-4 skill can be cross-linked with skills learned outside Florence."""
    c = cards_by_key("standard")
    for level in range(5):
        arrows = {c.arrow[i] for i in range(97) if c.level[i] == level}
        assert len(arrows) == (5 if level == 4 else 8)
    rows = [[LAYOUT[r][col] for col in range(4)] for r in range(4)]
    assert rows[3].count(4) == 1 and rows[3].count(3) == 2 and rows[2].count(3) == 1
    assert all(2 not in rows[r] for r in (0, 3))  # level 2 only in Florence (rows 2 and 3)
    assert PILE_LEVEL[2] == 2  # the Red deck's level-2 pile is beside row 3, in Florence
    for seed in range(10):
        g = new(2, seed=seed)
        vp = [
            sum(g.t.vp[i] for p in range(4 * r, 4 * r + 4) for i in g.stacks[p]) for r in range(4)
        ]
        assert vp[3] > max(vp[:3]), vp
        costly = max(range(97), key=lambda i: g.t.cost[i] if i != c.st_peters else 0)
        (where,) = [p for p in range(16) if costly in g.stacks[p]]
        assert where // 4 == 3  # the costliest card but St. Peter's is in Rome
    # Mastery from cards dealt outside Florence (rows 1 and 4) never cross-links a skill above
    # level 1; with Florence's level-2 skills, every level-3 skill can be.
    levels_outside = {level for r in (0, 3) for level in rows[r]}
    outside = {c.skill[i] for i in range(97) if c.level[i] in levels_outside}
    mastered = {k for k in range(11) if SKILL_LEVEL[k] == 1}
    grew = True
    while grew:
        mask = sum(1 << k for k in mastered)
        new_skills = {k for k in outside if c.linked(k, mask)} - mastered
        grew = bool(new_skills)
        mastered |= new_skills
    assert mastered == {k for k in range(11) if SKILL_LEVEL[k] == 1}
    mask = sum(1 << k for k in mastered) | 1 << SKILLS.index("LAND") | 1 << SKILLS.index("SCULP")
    assert all(c.linked(k, mask) for k in range(11) if SKILL_LEVEL[k] == 3)
