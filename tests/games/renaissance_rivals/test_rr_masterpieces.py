"""Renaissance Rivals Masterpieces: Mastery, cities, one per city, steps, completion and its
move. Each test quotes the rulebook sentences it checks; the decisions [Dn] are those of
docs/rules/renaissance-rivals.md."""

import pytest
from rr_helpers import a_card, clear_hand, do, legal_json, mp, new, pawn, put, spare

import tavola
from tavola.games.renaissance_rivals.cards import CITIES, SKILLS

CITY_ROW = {"Milan": "B1", "Florence": "B2", "Rome": "B4"}


def give_mastery(g, card: str) -> None:
    """Put a Commission of the Masterpiece ``card``'s skill into seat 0's Palette, unless the
    seat has Mastery of it already."""
    skill = SKILLS[g.t.skill[g.t.number[card]]]
    level = 1 if skill in SKILLS[:5] else 2 if skill in ("LAND", "SCULP") else 3
    if skill not in g.view(0)["seats"][0]["mastery"]:
        put(g, a_card(g, level=level, skill=skill), "palette")


def ready(players: int = 2, seed: int = 1, **want):
    """A game where seat 0 holds one Masterpiece (``want``) and has Mastery of its skill, its
    pawn in a row of the card's city."""
    for k in range(seed, seed + 60):  # a seed whose seat 0 has such a Masterpiece
        g = new(players, seed=k)
        try:
            card = mp(g, 0, **want)
        except AssertionError:
            continue
        break
    clear_hand(g)
    put(g, card, "hand")
    give_mastery(g, card)
    city = CITIES[g.t.mp_city[g.t.number[card]]]
    pawn(g, CITY_ROW[city])
    return g, card, city


def starts(g) -> list[str]:
    return [a["card"] for a in legal_json(g) if a["kind"] == "start"]


def test_start_needs_mastery_and_the_city() -> None:
    """To start a Masterpiece and make progress towards its completion, you must meet its specific
    requirements. A Masterpiece card in your hand can only be started or advanced on your turn if
    you have Mastery of a specific Skill (identified on the card by the Palette icon) and your
    player token is located in a row belonging to the City printed at the bottom of the card. A
    Masterpiece action can only be taken when your token occupies a row belonging to the city
    designated on the Masterpiece card you wish to start and/or Advance this round. All Masterpieces
    require Mastery of a particular Skill (shown in the Palette icon on the card), meaning you must
    have a Commission card with the corresponding Skill Badge in your Palette before the Masterpiece
    can be started. If City and Skill requirements are met, you can start a Masterpiece by tucking
    the card underneath the corresponding City card so that only the Advancement points required to
    complete the "1st step" are showing. Furthermore, each Masterpiece can only be executed in its
    designated city, so completing them will require planning and foresight! Starting a Masterpiece
    by playing the card to a City removes it from your deck and allows you to spend Advancement
    points to complete it. Starting a Masterpiece costs nothing. You can start a Masterpiece anytime
    during your turn: you do not have to spend any Advancement points on its completion. [D22]
    [D26]"""
    g, card, city = ready(vp=2)
    assert starts(g) == [card]
    do(g, {"kind": "start", "card": card})
    v = g.view(1)["seats"][0]
    assert v["in_progress"] == {city.lower(): {"card": card, "steps_done": 0}}
    assert card not in g.hands[0] + g.decks[0] + g.discards[0]
    g, card, city = ready(vp=2)
    g.palettes[0].clear()
    g.mastery[0] = 0
    put(g, a_card(g, level=1, skill="GOLD"), "elevated")
    assert starts(g) == []
    g, card, city = ready(vp=2)
    pawn(g, "B4" if city != "Rome" else "B1")
    assert starts(g) == []


def test_cross_linking_is_not_mastery() -> None:
    """Reminder: cross-linking a Skill does NOT grant Mastery of that Skill. In order to start a
    Masterpiece requiring Mastery of that Skill, a Commission card associated with that Skill must
    have been added to the player's Palette (see #2b above, Assign Commissions). When a Skill is
    cross-linked, the player may acquire Commissions associated with that Skill. [D26] A
    cross-linked LAND without a LAND card in the Palette does not
    let a LAND Masterpiece start."""
    g, _card, _city = ready(vp=4, skill="LAND")
    g.palettes[0].clear()
    put(g, a_card(g, level=1, skill="PERSP"), "palette")
    put(g, a_card(g, level=1, skill="PORT"), "palette")
    assert "LAND" in g.view(0)["seats"][0]["cross_linked"]
    assert starts(g) == []


def test_one_masterpiece_per_city_and_never_discarded() -> None:
    """A player can only work on one Masterpiece at a time in any given city. Once started in a
    particular city, a Masterpiece must be completed before a new Masterpiece can be played in the
    same city: Masterpieces cannot be discarded. When a Masterpiece card is played from a player's
    hand, it is tucked under one side of the appropriate City card so that all players can see its
    required Skill and the number of Advancement points needed to advance it the first step towards
    its completion. Stepwise progression is shown by sliding out the Masterpiece card to reveal the
    Advancement points required to complete the next step."""
    g, card, city = ready(vp=2)
    do(g, {"kind": "start", "card": card})
    other = next(
        g.t.ids[i]
        for i in range(len(g.t.ids))
        if g.t.mp_artist[i] == g.artist[0]
        and g.t.mp_city[i] == g.t.mp_city[g.t.number[card]]
        and g.t.ids[i] != card
    )
    put(g, other, "hand")
    give_mastery(g, other)
    assert other not in starts(g)
    assert g.view(1)["seats"][0]["in_progress"][city.lower()]["card"] == card
    kinds = {a.kind for a in g.catalog.actions}
    assert "discard" not in kinds and "abandon" not in kinds


def test_not_after_using_its_resources() -> None:
    """You cannot start a Masterpiece in the same round that you use the card to generate resources
    (Influence or Advancement). Note that this means you cannot apply the Advancement points
    generated by a Masterpiece card to its own advancement."""
    g, card, _city = ready(vp=2)
    do(g, {"kind": "use", "card": card, "as": "advancement"})
    assert starts(g) == []


def test_advance_step_by_step_and_complete() -> None:
    """The small gear on each step of a Masterpiece card shows how many Advancement points are
    required to advance it to the next step. You can start a Masterpiece and Advance it one or more
    steps in the same turn. Once the Advancement point requirement for the 1st, 2nd or 3rd "step"
    has been met, the Masterpiece card is slid out from under the City card so the points required
    to complete the next step are revealed. If a player has enough Advancement points, the
    Masterpiece can be advanced more than one step at a time, without limit (i.e., a Masterpiece can
    be played and completed in the same round). When the Advancement requirements of the third step
    have been paid, the Masterpiece is complete: place the card in the your pile of completed
    Masterpieces. Each Masterpiece card displays the resources it generates in hand (upper-left
    corner), the Advancement points required to take the Masterpiece each step to completion, and
    the Victory Points (VPs) that are awarded to the player at game's end if the Masterpiece is
    completed. Masterpiece cards that remain in your deck at the end of the game do not earn any VP.
    [D22] Each ``advance`` pays a
    step in full; a Masterpiece may be started and completed in one turn."""
    g, card, city = ready(vp=3)
    i = g.t.number[card]
    steps = g.t.mp_steps[i]
    do(g, {"kind": "start", "card": card})
    g.adv_pool = sum(steps)
    for k in range(3):
        assert {"kind": "advance", "city": city.lower()} in legal_json(g)
        do(g, {"kind": "advance", "city": city.lower()})
        if k < 2:
            assert g.view(0)["seats"][0]["in_progress"][city.lower()]["steps_done"] == k + 1
    assert g.adv_pool == 0
    assert g.view(0)["seats"][0]["completed"] == [card] and g.score(0) == 3
    g, card, city = ready(vp=3)
    do(g, {"kind": "start", "card": card})
    g.adv_pool = g.t.mp_steps[g.t.number[card]][0] - 1
    assert not any(a["kind"] == "advance" for a in legal_json(g))


def test_masterpieces_score_only_when_completed() -> None:
    """SCORING MASTERPIECES: Masterpieces earn VPs only when completed. Masterpiece cards that
    remain in your deck at the end of the game do not earn any VP."""
    g, card, _city = ready(vp=5)
    assert g.score(0) == 0
    do(g, {"kind": "start", "card": card})
    assert g.score(0) == 0


def fund(g, points: int, seat: int = 0) -> list[str]:
    """Put level-1 Commissions giving 3 Advancement each into the hand, enough for ``points``."""
    funds = spare(g, -(-points // 3), level=1, advancement=3)
    for card in funds:
        put(g, card, "hand", seat)
    return funds


def use_all(g, funds: list[str], how: str = "advancement") -> None:
    for card in funds:
        do(g, {"kind": "use", "card": card, "as": how})


def complete(g, card: str, city: str) -> None:
    """Advance the started ``card`` through its three steps, paid by cards of the hand."""
    steps = g.t.mp_steps[g.t.number[card]]
    use_all(g, fund(g, sum(steps)))
    for _ in range(3):
        do(g, {"kind": "advance", "city": city.lower()})
    assert card in g.view(None)["seats"][0]["completed"]


def moves(g) -> list[str]:
    return sorted(a["dir"] for a in legal_json(g) if a["kind"] == "move")


def test_a_completed_masterpiece_gives_a_move_any_time_that_turn() -> None:
    """Each time you complete a Masterpiece, you MAY move your token one space up, down, left, or
    right (NOT diagonally). This optional movement is in addition to any other movements taken that
    turn and can be completed any time during the player's turn (it does not have to be used
    immediately after completing the Commission). [D13] One bonus move, not diagonal; it may wait;
    unused, it is lost at the turn's end."""
    g, card, city = ready(vp=2, city="Milan")
    pawn(g, "B1")
    do(g, {"kind": "start", "card": card})
    assert moves(g) == []  # a started Masterpiece is an action: no free move
    complete(g, card, city)
    assert moves(g) == ["down", "left", "right"]  # up leaves the grid; never diagonal
    assert g.view(0)["this_turn"]["bonus_moves"] == 1
    do(g, {"kind": "use", "card": fund(g, 1)[0], "as": "influence"})  # the move waits
    assert moves(g) == ["down", "left", "right"]
    do(g, {"kind": "move", "dir": "left"})
    assert g.view(0)["seats"][0]["pawn"] == "A1" and moves(g) == []
    g, card, city = ready(vp=2, city="Milan")
    do(g, {"kind": "start", "card": card})
    complete(g, card, city)
    do(g, "end")  # unused: lost
    do(g, "end")
    assert g.cur == 0 and g.view(0)["this_turn"]["bonus_moves"] == 0
    pawn(g, "B1")
    do(g, {"kind": "move", "dir": "down"})  # the free move of a turn without actions
    assert moves(g) == []


def test_the_milan_example() -> None:
    """Example: a player has just completed a Masterpiece in Milan, earning a free space of
    movement. Meanwhile, she has another Milan Masterpiece card in her hand this turn whose
    resources have not been used. She decides to start the new Masterpiece in the Milan BEFORE
    taking the bonus movement to move down 1 space into Florence. [D13] Leonardo, on B1 in
    Milan, completes one Milan Masterpiece, starts a second from the hand, unused, and then
    moves down to B2; moving first would have left the second out of Milan."""
    g = new(2, seed=1, artist_0="leonardo")
    clear_hand(g)
    first = mp(g, 0, city="Milan", skill="ANAT")
    second = mp(g, 0, city="Milan", skill="PORT")
    for card in (first, second):
        put(g, card, "hand")
    for skill in ("ANAT", "PORT"):
        put(g, a_card(g, level=1, skill=skill), "palette")
    pawn(g, "B1")
    do(g, {"kind": "start", "card": first})
    complete(g, first, "Milan")
    assert g.view(0)["this_turn"]["bonus_moves"] == 1
    assert second in g.view(0)["seats"][0]["hand"]
    assert {"kind": "use", "card": second, "as": "influence"} in legal_json(g)  # unused
    before = g.clone()
    do(g, {"kind": "start", "card": second})
    do(g, {"kind": "move", "dir": "down"})
    seat = g.view(1)["seats"][0]
    assert seat["pawn"] == "B2"  # Florence
    assert seat["in_progress"] == {"milan": {"card": second, "steps_done": 0}}
    assert seat["completed"] == [first] and moves(g) == []
    # the other order: once in Florence, the second Milan Masterpiece cannot be started
    before.act(0, before.parse_action(0, {"kind": "move", "dir": "down"}))
    assert before.view(0)["seats"][0]["pawn"] == "B2"
    assert starts(before) == []


def test_each_completed_masterpiece_gives_its_own_move() -> None:
    """Each time you complete a Masterpiece, you MAY move your token one space up, down, left, or
    right (NOT diagonally). [D13] Two completed in a turn give two moves."""
    g, milan, _ = ready(vp=2, city="Milan")
    florence = mp(g, 0, city="Florence")
    put(g, florence, "hand")
    give_mastery(g, florence)
    do(g, {"kind": "start", "card": milan})
    complete(g, milan, "Milan")
    pawn(g, CITY_ROW["Florence"])
    do(g, {"kind": "start", "card": florence})
    complete(g, florence, "Florence")
    assert g.view(0)["this_turn"]["bonus_moves"] == 2
    do(g, {"kind": "move", "dir": "down"})
    assert g.view(0)["this_turn"]["bonus_moves"] == 1 and moves(g)
    do(g, {"kind": "move", "dir": "down"})
    assert g.view(0)["seats"][0]["pawn"] == "B4" and moves(g) == []


def test_start_at_any_point_and_the_bonus_move_with_other_moves() -> None:
    """You can start a Masterpiece anytime during your turn: you do not have to spend any
    Advancement points on its completion. This optional movement is in addition to any other
    movements taken that turn and can be completed any time during the player's turn (it does
    not have to be used immediately after completing the Commission). [D13] [D20] A Masterpiece
    started after cards are used and a Commission acquired (its arrow moving the pawn into
    Milan); completed, its bonus move is taken after a GOLD move, and another acquisition's
    arrow moves the pawn after it."""
    g = new(2, seed=1, artist_0="leonardo")
    clear_hand(g)
    card = mp(g, 0, city="Milan", skill="ANAT")
    put(g, card, "hand")
    put(g, a_card(g, level=1, skill="ANAT"), "palette")
    (up,) = spare(g, 1, level=1, arrow="U", cost=2)
    put(g, up, "B2")
    pawn(g, "B2")
    assert starts(g) == []  # B2 is in Florence
    pay = spare(g, 2, level=1, influence=3)
    for c in pay:
        put(g, c, "hand")
    (gold,) = spare(g, 1, level=1, skill="GOLD", arrow="R")
    put(g, gold, "hand")
    use_all(g, pay, "influence")
    do(g, {"kind": "acquire", "stack": "B2", "to": "deck"})
    assert g.view(0)["seats"][0]["pawn"] == "B1"  # the arrow: up, into Milan
    assert starts(g) == [card]  # after using cards and acquiring
    do(g, {"kind": "start", "card": card})
    complete(g, card, "Milan")
    do(g, {"kind": "use", "card": gold, "as": "down"})  # GOLD: down instead of points
    assert g.view(0)["seats"][0]["pawn"] == "B2"
    assert g.view(0)["this_turn"]["bonus_moves"] == 1
    assert moves(g) == ["down", "left", "right", "up"]  # the bonus move is still there
    do(g, {"kind": "move", "dir": "down"})
    assert g.view(0)["seats"][0]["pawn"] == "B3" and moves(g) == []
    (right,) = spare(g, 1, level=1, arrow="R", cost=2)
    put(g, right, "B3")
    g_inf = g.view(0)["this_turn"]["influence"]
    assert g_inf >= 2  # 6 Influence paid 2 for the first
    do(g, {"kind": "acquire", "stack": "B3", "to": "deck"})
    assert g.view(0)["seats"][0]["pawn"] == "C3"  # arrows still move the pawn after it


def test_masterpieces_are_never_elevated() -> None:
    """NOTE: Masterpieces can never be Elevated. [D19]"""
    g, card, _city = ready(vp=2)
    put(g, a_card(g, level=2, skill="LAND"), "hand")
    elevatable = [a["card"] for a in legal_json(g) if a["kind"] == "elevate"]
    assert elevatable and card not in elevatable


def test_a_completed_game_needs_the_major() -> None:
    """The game ends as soon as one artist completes six of their eight Masterpieces (including
    their "major" masterpiece, worth 8 Victory Points) OR obtains the commission for the Basilica of
    St. Peter's (the largest church in Christendom). The game ends when one player completes 6 of
    their 8 Masterpieces, one of which must be worth 8 VP, or when a player obtains the commission
    for the Basilica of St. Peter's. [D30] Six completed Masterpieces including the 8-VP major end
    the
    game at once; six without the major do not."""
    g = new(2, seed=2)
    from tavola.games.renaissance_rivals.rules import MP0, ST0

    mine = [i for i in range(MP0, ST0) if g.t.mp_artist[i] == g.artist[0]]
    minors = [i for i in mine if g.t.vp[i] != 8]
    major = next(i for i in mine if g.t.vp[i] == 8)
    for i in minors[:6]:
        put(g, g.t.ids[i], "completed")
    assert not g.is_over
    g2, _card, city = ready(vp=8, seed=2)
    for i in minors[:5]:
        put(g2, g2.t.ids[i], "completed")
    do(g2, {"kind": "start", "card": g2.t.ids[major]})
    g2.adv_pool = 99
    for _ in range(3):
        do(g2, {"kind": "advance", "city": city.lower()})
    assert g2.is_over and g2.view(None)["ended"] == "masterpieces"
    with pytest.raises(tavola.IllegalActionError):
        do(g2, "end")


def test_a_masterpiece_advances_only_in_a_row_of_its_city() -> None:
    """The art market (a 4 x 4 grid of cards, whose top row represents Milan, the middle two rows
    Florence, and the bottom row Rome). A Masterpiece card in your hand can only be started or
    advanced on your turn if [...] your player token is located in a row belonging to the City
    printed at the bottom of the card. [D22] A started Masterpiece, the Advancement points in hand:
    ``advance`` is offered in the rows of its city and in no other."""
    city_of_row = {1: "Milan", 2: "Florence", 3: "Florence", 4: "Rome"}
    for city in ("Milan", "Florence", "Rome"):
        g, card, _ = ready(city=city)
        do(g, {"kind": "start", "card": card})
        g.adv_pool = g.t.mp_steps[g.t.number[card]][0]
        for row, row_city in city_of_row.items():
            pawn(g, f"C{row}")
            offered = {"kind": "advance", "city": city.lower()} in legal_json(g)
            assert offered == (row_city == city), (card, city, row)


def start_and_complete(g, card: str) -> None:
    """Seat 0 plays the Masterpiece ``card``: into the hand, with Mastery of its skill and the
    pawn in its city, it is started and its three steps paid (the Advancement pool set to their
    sum, so that a turn may complete many)."""
    put(g, card, "hand")
    give_mastery(g, card)
    i = g.t.number[card]
    city = CITIES[g.t.mp_city[i]]
    pawn(g, CITY_ROW[city])
    do(g, {"kind": "start", "card": card})
    g.adv_pool = sum(g.t.mp_steps[i])
    for _ in range(3):
        do(g, {"kind": "advance", "city": city.lower()})


@pytest.mark.parametrize("players", [1, 2])
def test_the_sixth_masterpiece_completed_in_play_ends_the_game_with_the_major(players: int) -> None:
    """The game ends when one player completes 6 of their 8 Masterpieces, one of which must be
    worth 8 VP, or when a player obtains the commission for the Basilica of St. Peter's. The game
    ends as soon as the player wins by completing six Masterpieces, including their 8 VP
    Masterpiece, or loses when the last card has been removed from the closest stack in Column A
    (the bottom left stack), whichever comes first. [D30] Masterpieces started and completed in
    play, in the solo game too: six without the major do not end the game, the major as the
    seventh does; with the major completed first, the fifth completion does not end it and the
    sixth, a minor one, does."""
    g = new(players, seed=1)
    clear_hand(g)
    mine = g.t.masterpieces_of[g.artist[0]]
    major = next(g.t.ids[i] for i in mine if g.t.vp[i] == 8)
    minors = [g.t.ids[i] for i in mine if g.t.vp[i] != 8]
    for card in minors[:6]:
        start_and_complete(g, card)
    assert not g.is_over  # six, none of them the major
    start_and_complete(g, major)
    assert g.is_over and g.view(None)["ended"] == "masterpieces"
    g = new(players, seed=1)
    clear_hand(g)
    for k, card in enumerate([major, *minors[:5]], start=1):
        start_and_complete(g, card)
        assert g.is_over == (k == 6), k
    assert g.view(None)["ended"] == "masterpieces"
