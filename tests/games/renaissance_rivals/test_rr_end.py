"""Renaissance Rivals: the end of the game, scoring, the safety cap and the solo learning game.
Each test quotes the rulebook sentences it checks; the decisions [Dn] are those of
docs/rules/renaissance-rivals.md."""

import random

import pytest
from rr_helpers import a_card, cards, check, clear_hand, do, new, pawn, put, spare, sq

import tavola
from tavola.games.renaissance_rivals.rules import RenaissanceRivals


def st_peters_in_reach(players: int = 2, red: bool = False) -> RenaissanceRivals:
    """A game in which seat 0 may acquire St. Peter's (``red``: the Red deck's), on B4, by paying
    its 14 Influence: ARCH is cross-linked in its Palette and its pawn is on the stack."""
    g = new(players, seed=1)
    put(g, ("red-" if red else "") + a_card(g, st_peters=True), "B4")
    pawn(g, "B4")
    for skill in ("PERSP", "ANTIQ"):
        put(g, a_card(g, level=1, skill=skill), "palette")
    put(g, a_card(g, level=2, skill="LAND"), "palette")
    return g


def test_st_peters_ends_the_game_at_once() -> None:
    """The game ends as soon as one artist completes six of their eight Masterpieces (including
    their "major" masterpiece, worth 8 Victory Points) OR obtains the commission for the Basilica of
    St. Peter's (the largest church in Christendom). The game ends when one player completes 6 of
    their 8 Masterpieces, one of which must be worth 8 VP, or when a player obtains the commission
    for the Basilica of St. Peter's. The latter is a special ARCH Commission that costs 14 Influence
    and scores 10 VP at the end of the game. As soon as either of these conditions are met, the game
    ends and all players' VP scores are totaled. Achieve fame as the "universal genius" Leonardo da
    Vinci, or change history as the artist-nun Plautilla Nelli by rebuilding St. Peter's! [D30]
    Acquiring St. Peter's (ARCH cross-linked, 14 Influence)
    ends the game at once; it scores 10 VP."""
    g = st_peters_in_reach()
    g.inf_pool = 13
    assert not any(
        a.kind == "acquire" and dict(a.params)["stack"] == "B4" for a in g.legal_actions(0)
    )
    g.inf_pool = 14
    do(g, {"kind": "acquire", "stack": "B4", "to": "deck"})
    assert g.is_over and g.view(None)["ended"] == "st-peters"
    assert g.score(0) == 10
    assert g.result.winners == (0,)


def test_st_peters_acquired_to_the_palette_ends_the_game_and_scores_nothing() -> None:
    """Only Commissions that remain in your deck at the end of the game (along with any cards
    that have been "Elevated") are scored for VPs: Commission cards in your Palette do not earn
    VPs. [D31] Acquired to the Palette, St. Peter's still ends the game, and scores 0."""
    g = st_peters_in_reach()
    g.inf_pool = 14
    before = g.score(0)
    do(g, {"kind": "acquire", "stack": "B4", "to": "palette"})
    assert g.is_over and g.view(None)["ended"] == "st-peters"
    assert g.score(0) == before


def test_the_red_decks_st_peters_ends_the_game_too() -> None:
    """The game ends when one player completes 6 of their 8 Masterpieces, one of which must be
    worth 8 VP, or when a player obtains the commission for the Basilica of St. Peter's. [D11]
    [D12] With three players the Red deck refills emptied stacks; its St. Peter's, once on a
    stack, is the same commission: acquiring it ends the game at once, and it scores 10 VP."""
    g = st_peters_in_reach(players=3, red=True)
    g.inf_pool = 14
    do(g, {"kind": "acquire", "stack": "B4", "to": "deck"})
    assert g.is_over and g.view(None)["ended"] == "st-peters"
    assert g.score(0) == 10


def test_scoring() -> None:
    """SCORING MASTERPIECES: Masterpieces earn VPs only when completed. SCORING COMMISSIONS: The
    number of VPs a Commission scores is equal to its level: Level 0 Commissions are worth 0 VP,
    Level 1 Commissions are worth 1 VP, Level 2 Commissions are worth 2 VP, etc. Only
    Commissions that remain in your deck at the end of the game (along with any cards that have
    been "Elevated") are scored for VPs: Commission cards in your Palette do not earn VPs. (This
    is reflected in the fact that Commission cards added to your Palette do not provide any VPs
    at game end.) Masterpiece cards that remain in your deck at the end of the game do not earn
    any VP. [D23] Commissions in the draw deck, hand and discards score their level; Elevated
    ones too; the Palette nothing."""
    g = new(2, seed=1)
    l1, l2, l3 = a_card(g, level=1), a_card(g, level=2), a_card(g, level=3)
    l4 = a_card(g, level=4)
    put(g, l1, "deck")
    put(g, l2, "discards")
    put(g, l3, "elevated")
    put(g, l4, "palette")
    assert g.score(0) == 1 + 2 + 3
    put(g, l1, "deck", 1)
    put(g, l2, "deck", 1)
    put(g, l3, "deck", 1)
    assert (g.score(0), g.score(1)) == (0, 6)
    assert g.view(1)["seats"][0]["score_parts"] == {
        "masterpieces": 0,
        "commissions": 0,
        "removed": 0,
    }
    assert g.view(0)["seats"][1]["score_parts"] == {
        "masterpieces": 0,
        "commissions": 6,
        "removed": 0,
    }


def totals(g: RenaissanceRivals) -> list[int]:
    """Each seat's Victory Points totalled from the card table: completed Masterpieces, and the
    Commissions of its draw deck, hand, discards and Elevated pile (not its Palette)."""
    faces = g.card_table()["cards"]
    out = []
    for s in range(g.n):
        vp = sum(faces[g.t.ids[i]]["vp"] for i in g.completed[s])
        for pile in (g.decks[s], g.hands[s], g.discards[s], g.elevated[s]):
            vp += sum(
                faces[g.t.ids[i]]["vp"] for i in pile if faces[g.t.ids[i]]["kind"] != "masterpiece"
            )
        out.append(vp)
    return out


def test_the_most_points_win_at_the_end_of_a_game_played_out() -> None:
    """Victory Points are totalled, and the player with the most points wins. As soon as either
    of these conditions are met, the game ends and all players' VP scores are totaled. [D14]
    Games played to their end by the heuristic, whichever seat ends them: the result's scores are
    the totals of the cards, and the winners those with the most; a game that reaches the turn
    limit with equal scores is shared."""
    from tavola.games.renaissance_rivals.heuristic import choose

    not_the_ender = 0
    for players, seed in [(2, k) for k in range(6)] + [(3, k) for k in range(4)]:
        g = new(players, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.act(g.cur, choose(g.view(g.cur), g.legal_actions(g.cur), rng))
        assert g.view(None)["ended"] in ("masterpieces", "st-peters")
        scores = totals(g)
        assert list(g.result.scores) == scores
        best = max(scores)
        assert g.result.winners == tuple(s for s in range(players) if scores[s] == best)
        not_the_ender += g.cur not in g.result.winners
        said = g.events(None)[-1]["text"]
        assert said.endswith(", ".join(f"{v} for Seat {s}" for s, v in enumerate(scores)) + ".")
    assert not_the_ender > 0  # the most points win, not the seat that ended the game
    g = new(2, seed=1, turn_limit=5)
    put(g, a_card(g, level=2), "deck", 0)
    put(g, cards(g, 2, level=1)[1], "deck", 1)
    put(g, a_card(g, level=1), "deck", 1)
    while not g.is_over:
        do(g, "end")
    assert g.view(None)["ended"] == "turn-limit"
    assert g.result.scores == (2, 2) and g.result.winners == (0, 1)


def test_st_peters_ends_the_game_and_the_other_seat_may_win() -> None:
    """Victory Points are totalled, and the player with the most points wins. [D30] Seat 0 ends
    the game by acquiring St. Peter's, paid with the Influence of its hand; seat 1, with more
    points in its deck, wins."""
    g = st_peters_in_reach()
    clear_hand(g)
    pay = spare(g, 5, level=1, influence=3)
    for card in pay:
        put(g, card, "hand")
        do(g, {"kind": "use", "card": card, "as": "influence"})
    for card in spare(g, 3, level=4):
        put(g, card, "deck", 1)
    for card in spare(g, 2, level=3):
        put(g, card, "deck", 1)
    assert (g.score(0), g.score(1)) == (5, 18)
    do(g, {"kind": "acquire", "stack": "B4", "to": "deck"})
    assert g.is_over and g.view(None)["ended"] == "st-peters"
    assert list(g.result.scores) == totals(g) == [15, 18]
    assert g.result.winners == (1,)


def test_the_turn_limit_is_a_safety_cap() -> None:
    """[D16] A game nobody ends stops after ``turn_limit`` rounds, scored as usual."""
    g = new(2, seed=3, turn_limit=5)
    rng = random.Random(1)
    while not g.is_over:
        g.act(g.cur, rng.choice(g.legal_actions(g.cur)))
    assert g.view(None)["ended"] == "turn-limit" and g.turns == 10
    # the view shows the last round played, not the one that would have come next
    assert (g.view(None)["round"], g.view(None)["turn"]) == (5, 10)
    assert new(2).view(None)["turn_limit"] == 60
    with pytest.raises(tavola.UnknownGameError):
        new(2, turn_limit=4)


def test_solo_learning_game_removes_from_column_a() -> None:
    """For "learning" solo play: The board is set up as normal. Four cards are drawn on the first
    turn, and every turn thereafter (except when card abilities enable extra card draws). At the end
    of each turn, a card must be removed from the stack furthest from the player among the stacks
    remaining in the leftmost column ("Column A"), and placed in a pile off to one side of the
    board. [D11] One player, no Red deck, hands of 4; after each turn the
    top card of the farthest non-empty stack of column A (A1 first) is removed."""
    g = new(1, seed=1)
    assert g.solo and not g.red and len(g.hands[0]) == 4
    top = g.stacks[0][-1]
    do(g, "end")
    assert g.removed == [top] and len(g.stacks[0]) == 6 and len(g.hands[0]) == 4
    assert g.view(0)["removed"] == [g.t.ids[top]]
    while g.stacks[0]:
        do(g, "end")
    do(g, "end")
    assert len(g.stacks[sq("A2")]) == 6


def test_solo_loss_when_column_a_is_empty() -> None:
    """The game ends as soon as the player wins by completing six Masterpieces, including their 8
    VP Masterpiece, or loses when the last card has been removed from the closest stack in Column A
    (the bottom left stack), whichever comes first. The player's score is determined by adding
    together (total VPs earned from Commission cards remaining in deck) + (VPs from MPs and elevated
    Commission cards), then subtracting the number of all the cards that were removed from the board
    at the end of turns (out of 26 cards total in Column A). [D15] Score: Commissions in the deck
    and Elevated, completed Masterpieces,
    less the cards removed."""
    g = new(1, seed=2)
    while not g.is_over:
        do(g, "end")
    assert g.view(0)["ended"] == "solo-lost" and g.turns == 26 and g.view(0)["turn"] == 26
    assert not any(g.stacks[p] for p in (0, 4, 8, 12))
    assert g.result.scores == (-26,)
    assert g.view(0)["seats"][0]["score_parts"] == {
        "masterpieces": 0,
        "commissions": 0,
        "removed": 26,
    }
    said = g.events(0)[-1]["text"]
    assert said == "The game is over: column A is empty: the solo game is lost. Score: -26 for you."


def test_solo_loss_waits_for_all_of_column_a() -> None:
    """The game ends as soon as the player wins by completing six Masterpieces, including their 8
    VP Masterpiece, or loses when the last card has been removed from the closest stack in Column A
    (the bottom left stack), whichever comes first. [D15] 'The game is lost when, after a turn's
    removal, column A holds no card (whether it was emptied by removals or by acquisitions)'. The
    player acquires the six cards of A4, the bottom left stack: the game goes on until the
    removals have taken the 20 cards of A1 to A3."""
    g = new(1, seed=1)
    g.inf_pool = 99
    while g.stacks[sq("A4")]:
        pawn(g, "A4")
        do(g, {"kind": "acquire", "stack": "A4", "to": "deck"})
    do(g, "end")
    assert not g.is_over
    while not g.is_over:
        do(g, "end")
    assert g.view(0)["ended"] == "solo-lost" and g.turns == 20 and len(g.removed) == 20


def test_solo_victory_ends_before_the_removal_and_st_peters_counts_six() -> None:
    """No card is removed at the end of the turn in which the victory condition is met: instead,
    the game ends instantly. For scoring purposes, St. Peter's is worth double an ordinary level 3
    card (6 points). [D15] In the solo game St. Peter's does not end the game and scores 6."""
    g = new(1, seed=1)
    stp = a_card(g, st_peters=True)
    put(g, stp, "B4")
    pawn(g, "B4")
    for skill in ("PERSP", "ANTIQ"):
        put(g, a_card(g, level=1, skill=skill), "palette")
    put(g, a_card(g, level=2, skill="LAND"), "palette")
    g.inf_pool = 14
    do(g, {"kind": "acquire", "stack": "B4", "to": "deck"})
    assert not g.is_over and g.score(0) == 6
    assert g.view(0)["card_vp"] == {stp: 6} and new(2, seed=1).view(0)["card_vp"] == {}
    from tavola.games.renaissance_rivals.rules import MP0, ST0

    mine = [i for i in range(MP0, ST0) if g.t.mp_artist[i] == g.artist[0]]
    major = next(i for i in mine if g.t.vp[i] == 8)
    minors = [i for i in mine if i != major][:5]
    for i in minors:
        put(g, g.t.ids[i], "completed")
    put(g, g.t.ids[major], "hand")
    from tavola.games.renaissance_rivals.cards import SKILLS

    skill = SKILLS[g.t.skill[major]]
    put(g, a_card(g, level=3, skill=skill), "palette")
    city = ("B1", "B2", "B4")[g.t.mp_city[major]]
    pawn(g, city)
    do(g, {"kind": "start", "card": g.t.ids[major]})
    g.adv_pool = 99
    removed = len(g.removed)
    name = ("milan", "florence", "rome")[g.t.mp_city[major]]
    for _ in range(3):
        do(g, {"kind": "advance", "city": name})
    assert g.is_over and g.view(0)["ended"] == "masterpieces" and len(g.removed) == removed
    parts = g.view(0)["seats"][0]["score_parts"]
    assert parts["masterpieces"] == sum(g.t.vp[i] for i in g.completed[0])
    assert parts["commissions"] == 6 and parts["removed"] == removed
    assert parts["masterpieces"] + 6 - removed == g.score(0) == g.view(0)["seats"][0]["score"]
    check(g)
