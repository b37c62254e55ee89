"""Renaissance Man (2013): recruit resolution, discards, refills, the end, the one-player game."""

from __future__ import annotations

import random
from typing import Any

from rm13_helpers import (
    SLOT,
    clear_hand,
    commit,
    find_card,
    give,
    in_deck,
    labels,
    lay_foundations,
    new,
    on_top,
    pass_all,
    put,
    rms,
    step,
)

from tavola.games.renaissance_man.rules import DOWN, RenaissanceMan

COIN, BOOK, BREAD, SHIELD = range(4)
M, SC, BA, K = range(4)


def ready_game(
    players: int = 2, seed: int = 1, variant: str | None = None, **options: Any
) -> RenaissanceMan:
    g = new(players, seed, variant, **options)
    lay_foundations(g)
    for s in range(players):
        clear_hand(g, s)
    return g


def test_the_round_resolves_recruits_then_discards_then_refills() -> None:
    """ "Resolution of the Recruit Board, followed by" "Discarding and Dealing cards." "Resolve
    Recruit Board" "Players may Discard" "Refill Recruits & Refill Players' hands" "After the
    players finish all the called Action Phases, they then resolve the Recruit Board."
    "(resolving areas from left to right)": seat 1's worker on level two calls phase 2; the
    knights on the board are resolved only after it, book before shield, then the discards,
    then the refill."""
    g = ready_game(3)
    put(g, 1, "2.1", find_card(g, K))
    book, shield = g.recruits[BOOK], g.recruits[SHIELD]
    g.board[BOOK] = [1, 0, 0]
    g.board[SHIELD] = [0, 0, 1]
    pass_all(g)
    assert (g.phase, g.level) == (1, 2)  # action phase 2: nothing resolved yet
    assert g.board[BOOK] == [1, 0, 0] and "resolve" not in [e["kind"] for e in g.events(None)]
    pass_all(g)
    assert g.view(None)["recruit"] == {"seat": 0, "area": "book", "card": g.c.ids[book]}
    step(g, 0, "hand")
    assert g.view(None)["recruit"] == {"seat": 2, "area": "shield", "card": g.c.ids[shield]}
    step(g, 2, "hand")
    assert g.phase == 4 and g.to_act == frozenset({0, 2})  # discards: those holding cards
    for s in (0, 2):
        commit(g, s, "done", "ready")
    events = g.events(None)
    kinds = [e["kind"] for e in events]
    phase2 = kinds.index("phase")  # the call of action phase 2
    last_reveal = max(i for i, k in enumerate(kinds) if k == "reveal")
    resolves = [i for i, k in enumerate(kinds) if k == "resolve"]
    assert phase2 < last_reveal < resolves[0]
    assert [events[i]["area"] for i in resolves] == ["book", "shield"]
    discard = kinds.index("discard")
    assert resolves[-1] < discard < kinds.index("refill") < kinds.index("draw", discard)
    assert g.round == 2 and [len(h) for h in g.hands] == [4, 4, 4]


def test_with_three_or_four_players_a_plurality_wins_an_area() -> None:
    """ "Players resolve each Recruit area where one player has a majority of Knights
    (resolving areas from left to right)." [D8] With three or four players, more knights than
    any other player is enough, even short of half of the area's knights; equal tops tie."""
    for board, winner in (([2, 1, 1], 0), ([1, 2, 1, 1], 1), ([2, 2, 1], None)):
        g = ready_game(len(board))
        g.board[COIN] = list(board)
        pass_all(g)
        res = next(e for e in g.events(None) if e["kind"] == "resolve")
        assert res["winner"] == winner
        if winner is None:
            assert res["outcome"] == "tie" and g.board[COIN] == board
        else:
            assert g.view(None)["recruit"]["seat"] == winner and g.board[COIN] == [0] * len(board)


def test_a_majority_wins_the_card_into_hand_or_structure() -> None:
    """ "Players resolve each Recruit area where one player has a majority of Knights (resolving
    areas from left to right)." "The player with majority places the area's card:" "in his
    hand, or" "in his structure (where appropriate)" "Players retrieve their Knights from an
    area when it is resolved." [D8] [D9] [D30]"""
    g = ready_game(3)
    fit = find_card(g, SC, needs=(COIN, BOOK))
    other = find_card(g, BA, needs=(SHIELD, SHIELD))
    put(g, 0, "2.1", find_card(g, K, needs=(COIN, BOOK)))  # 2.1 taken: the recruit fits 3.1?
    g.set_slot(0, SLOT["2.1"], -1)
    g.recruits[COIN] = fit
    g.recruits[BOOK] = other
    g.deck = [x for x in g.deck if x not in (fit, other)]
    g.board[COIN] = [2, 1, 0]
    g.board[BOOK] = [0, 1, 1]  # a tie: stays
    pass_all(g)
    assert g.view(None)["recruit"] == {"seat": 0, "area": "coin", "card": g.c.ids[fit]}
    assert g.board[COIN] == [0, 0, 0]  # knights home
    assert labels(g, 0) == [{"kind": "hand"}, {"kind": "place", "slot": "2.1"}]
    step(g, 0, {"kind": "place", "slot": "2.1"})
    assert g.st[0][SLOT["2.1"]] == fit
    assert g.board[BOOK] == [0, 1, 1] and g.recruits[BOOK] == other


def test_the_winner_of_a_recruit_may_remove_a_worker_to_make_room_for_it() -> None:
    """ "At any time during the game, players may freely discard unwanted, uncovered workers
    from their structures, of Level 2 or higher. This does not cost the player an action."
    [D15] The winner of a Recruit area may remove workers before placing its card: only a
    removal could make room for it, and he cannot know before the resolution that he wins."""
    g = ready_game(2)
    fit = find_card(g, SC, needs=(COIN, BOOK))
    blocker = find_card(g, K, needs=(COIN, BOOK))
    put(g, 0, "2.1", blocker)
    g.recruits[COIN] = fit
    g.deck = [x for x in g.deck if x != fit]
    g.board[COIN] = [1, 0]
    while g.view(None)["phase"] == "action":  # phase 1, then 2 (a worker is on level 2)
        pass_all(g)
    assert labels(g, 0) == [{"kind": "hand"}, {"kind": "remove", "slot": "2.1"}]
    step(g, 0, {"kind": "remove", "slot": "2.1"})
    assert g.view(1)["recruit"]["seat"] == 0  # still his decision
    assert labels(g, 0) == [{"kind": "hand"}, {"kind": "place", "slot": "2.1"}]
    step(g, 0, {"kind": "place", "slot": "2.1"})
    assert g.st[0][SLOT["2.1"]] == fit and blocker in g.disc_pub
    said = [e["text"] for e in g.events(1) if e["kind"] in ("remove", "recruit")]
    assert said[-2].startswith("Seat 0 removed") and said[-1].endswith(
        "on level 2, first from the left."
    )


def test_a_recruit_taken_into_hand_is_known_to_all_until_a_discard() -> None:
    """ "Players may discard any cards they wish from their hands (including cards just
    recruited)." [D10]"""
    g = ready_game(2)
    x = g.recruits[SHIELD]
    g.board[SHIELD] = [1, 0]
    pass_all(g)
    step(g, 0, "hand")
    assert g.view(1)["known"][0] == [g.c.ids[x]]
    assert [a["card"] for a in labels(g, 0) if a["kind"] == "discard"] == [g.c.ids[x]]
    commit(g, 0, {"kind": "discard", "card": g.c.ids[x]}, "done", "ready")
    assert g.view(1)["known"][0] == [] and g.view(1)["last_discards"] == [1, 0]
    assert g.view(0)["my_discards"] == [g.c.ids[x]] and g.view(1)["my_discards"] == []
    assert g.c.ids[x] in g.hidden_ids(1)


def test_ties_leave_the_knights_and_resolving_ends_without_majorities() -> None:
    """ "The players continue resolving until there are no further majorities." "In the event of
    a tie, the Knights remain for the following round." [D9]"""
    g = ready_game(2)
    g.board[BREAD] = [1, 1]
    pass_all(g)
    assert g.board[BREAD] == [1, 1] and g.round == 2
    assert any(e["kind"] == "resolve" and e["outcome"] == "tie" for e in g.events(None))


def test_refill_the_board_first_then_hands_from_the_dealers_left() -> None:
    """ "The Dealer begins with the Recruit Board, refilling any vacated Recruit slots with cards
    from the deck." "The Dealer then refills each player's hand back to 4 cards each, beginning
    with the player to his left and continuing clockwise." [D21]"""
    g = ready_game(3)
    g.board[BOOK] = [1, 0, 0]
    pass_all(g)
    step(g, 0, "hand")
    commit(g, 0, "done", "ready")
    events = g.events(None)
    refill = next(i for i, e in enumerate(events) if e["kind"] == "refill")
    draws = [e["seat"] for e in events[refill:] if e["kind"] == "draw"]
    left = (g.dealer + 1) % 3
    expect = [s for s in ((left + i) % 3 for i in range(3)) for _ in range(4 if s else 3)]
    assert draws == expect
    assert [len(h) for h in g.hands] == [4, 4, 4]
    g.hands[1] += [x for x in g.deck[:2]]
    g.deck = g.deck[2:]
    g.hands[1].sort()
    assert len(g.hands[1]) == 6  # [D21] no hand limit: a refill only tops up to 4


def test_an_empty_deck_is_refilled_from_the_shuffled_discards() -> None:
    """ "When the main deck runs out and a new card needs to be drawn, the Dealer should
    reshuffle the discard pile to form a new draw deck." [D11]"""
    g = ready_game(2)
    g.disc_pub = g.deck[:-3]
    g.deck = g.deck[-3:]
    g.board[COIN] = [1, 0]
    pass_all(g)
    step(g, 0, "hand")
    commit(g, 0, "done", "ready")
    shuffles = [e for e in g.events(None) if e["kind"] == "shuffle"]
    assert shuffles and g.view(None)["public_discards"] == []
    assert [len(h) for h in g.hands] == [4, 4]


def one_from_a_master(g: RenaissanceMan) -> int:
    """Seat 0's pyramid built but for its Master (wild workers), the Master in hand and a stored
    Coin to hire it with: the Master's card."""
    free = rms(g)
    for slot in ("2.1", "2.2", "2.3", "2.4", "3.1", "3.2", "3.3", "4.1", "4.2"):
        put(g, 0, slot, free.pop())
    master = free.pop()
    give(g, 0, master)
    g.stored[0] = [COIN]
    g.supply[0] -= 1
    return master


def test_a_master_ends_the_game_after_the_phase() -> None:
    """ "The goal of the players is to create a Worker pyramid structure of 5 levels, making a
    total of 15 workers." "5 workers for Level One (Starting Foundation), 4 for Level Two, 3 for
    Level Three, 2 for Level Four, and 1 (Master) for Level Five." "Attaining a Master ends the
    game (See "End of Game" for more details)." "The Game ends following an Action Phase or
    Recruit Resolution where a player has added a “Master” (i.e. Level Five worker) to his
    structure." "This will be his 15th worker, thus completing his pyramid, and winning the
    game." [D22]"""
    g = ready_game(2)
    master = one_from_a_master(g)
    pass_all(g, but=(0,))
    commit(g, 0, {"kind": "act", "type": "hire"}, {"kind": "card", "card": g.c.ids[master]})
    commit(g, 0, {"kind": "place", "slot": "5.1"}, "ready")
    assert g.is_over and g.level == 1  # right after action phase 1
    assert g.result.winners == (0,) and g.result.scores == (16, 5)
    assert g.view(1)["ended"] == "master"


def test_simultaneous_masters_break_the_tie_by_the_sum() -> None:
    """ "If multiple players achieve this at the same time, then the tied player having the
    highest sum of Stored Actions, Renaissance Man tokens, and Knights in play is the winner (if
    still a tie, then these players share the victory)." [D22]"""
    for extra, winners in ((True, (1,)), (False, (0, 1))):
        g = ready_game(2)
        wild = rms(g)
        free = [x for x in g.deck if x not in wild]
        for s in range(2):
            for slot in ("2.1", "2.2", "2.3", "2.4", "3.1", "3.2", "3.3", "4.1"):
                put(g, s, slot, free.pop())
        g.board[SHIELD] = [1, 1]  # a tie stays: both have a knight in play
        if extra:
            g.rm[1] = [BOOK]
            g.supply[0] -= 1
        for s in range(2):  # both place 4.2 as a Renaissance Man ... then the Master by recruit
            put(g, s, "4.2", free.pop())
        g.recruits[COIN] = wild.pop()
        g.recruits[BOOK] = wild.pop()
        g.deck = [x for x in g.deck if x not in g.recruits]
        g.board[COIN] = [1, 0]
        g.board[BOOK] = [0, 1]
        while g.phase == 1:  # action phases 1 to 4
            pass_all(g)
        step(g, 0, {"kind": "place", "slot": "5.1"})
        assert not g.is_over  # the resolution is not over yet
        step(g, 1, {"kind": "place", "slot": "5.1"})
        assert g.is_over and g.result.winners == winners


def _masters_hired_together(extras: dict[int, tuple[int, int, int]]) -> RenaissanceMan:
    """Both seats hire a Master in action phase 1 (by a stored coin token, level one being
    covered); ``extras[seat]`` = (stored book tokens, Renaissance Man tokens, knights on the
    bread area) each holds besides."""
    g = ready_game(2)
    wild = rms(g)
    free = [x for x in g.deck if x not in wild]
    for s in range(2):
        for slot in ("2.1", "2.2", "2.3", "2.4", "3.1", "3.2", "3.3", "4.1", "4.2"):
            put(g, s, slot, free.pop())
        give(g, s, wild.pop())
        stored, tokens, knights = extras.get(s, (0, 0, 0))
        g.stored[s] = [COIN] + [BOOK] * stored  # the coin/book token, its coin or book face
        g.supply[0] -= 1 + stored
        g.rm[s] = [COIN, BOOK, 4 * 1 + BREAD][:tokens]  # coin/book twice, then coin/bread
        g.supply[0] -= min(tokens, 2)
        g.supply[1] -= tokens == 3
        g.board[BREAD][s] = knights
    for s in range(2):
        master = g.hands[s][0]
        commit(g, s, {"kind": "act", "type": "hire"}, {"kind": "card", "card": g.c.ids[master]})
        commit(g, s, {"kind": "place", "slot": "5.1"}, "ready")
    assert g.is_over and g.level == 1
    return g


def test_simultaneous_masters_sum_stored_actions_tokens_and_knights_in_play() -> None:
    """ "If multiple players achieve this at the same time, then the tied player having the
    highest sum of Stored Actions, Renaissance Man tokens, and Knights in play is the winner (if
    still a tie, then these players share the victory)." Each of the three counts, and they
    count as a sum. [D31] Knights in play are those on the Recruit board: every player has
    four, so those at home (four less those) would favour the other way."""
    cases = (
        ({}, (0, 1)),
        ({1: (1, 0, 0)}, (1,)),  # a stored action
        ({1: (0, 1, 0)}, (1,)),  # a Renaissance Man token
        ({1: (0, 0, 1)}, (1,)),  # a knight in play [D31]
        ({0: (1, 0, 0), 1: (0, 0, 2)}, (1,)),  # 1 against 2
        ({0: (1, 1, 0), 1: (0, 0, 2)}, (0, 1)),  # 2 against 2: shared
        ({0: (2, 1, 1), 1: (0, 3, 0)}, (0,)),  # 4 against 3
    )
    for extras, winners in cases:
        g = _masters_hired_together(extras)
        assert g.result.winners == winners, extras
        assert g.view(0)["winners"] == list(winners) and g.view(0)["ended"] == "master"


def test_the_round_limit_is_a_reported_safety_cap() -> None:
    """[D13] A game with no Master ends after the refill of round ``round_limit``; the most
    workers win (shared on a tie)."""
    g = new(2, 3, round_limit=5)
    lay_foundations(g)
    while not g.is_over:
        for s in sorted(g.to_act):
            if s in g.to_act:
                legal = g.legal_actions(s)
                pick = next((a for a in legal if a.kind in ("pass", "done", "ready")), legal[0])
                g.act(s, pick)
    assert g.round == 5 and g.view(0)["ended"] == "round-limit"
    assert g.result.winners == (0, 1)
    # the log and the view name the same winners as the result, and the log says it in words
    end = g.events(None)[-1]
    assert (end["kind"], end["winners"], g.view(0)["winners"]) == ("end", [0, 1], [0, 1])
    scores = ", ".join(f"{n:g} for Seat {s}" for s, n in enumerate(g.result.scores))
    assert end["text"] == (
        "The game ends: the round limit is reached with no Master. Seat 0 and Seat 1 win. "
        f"Scores: {scores}."
    )
    assert g.events(1)[-1]["text"].split(". ")[1] == "Seat 0 and you win"


def test_alone_the_round_limit_is_a_loss() -> None:
    """[D13] Alone, the round cap ends the game lost, as a deck that runs out does: "You win if
    you complete your pyramid structure before you need to reshuffle the deck (i.e. when you
    need to draw, but the deck is empty)." The score is the workers built."""
    g = new(1, 3, round_limit=5)
    lay_foundations(g)
    while not g.is_over:
        legal = g.legal_actions(0)
        g.act(0, next((a for a in legal if a.kind in ("pass", "done", "ready")), legal[0]))
    v = g.view(0)
    assert g.round == 5 and v["ended"] == "round-limit"
    assert v["winners"] == [] and g.result.winners == () and g.result.scores == (5,)
    assert g.events(None)[-1]["winners"] == []


def test_one_player_opposing_knights_from_two_flipped_cards() -> None:
    """ "Choose a color of Knights to play against." "These Knights will attempt to recruit
    Workers, keeping them from you and reducing the time you have to complete your goal." "At
    the start of the Recruit Resolution phase, flip two cards from the top of the draw pile."
    "Place a Knight of the opposing color onto the Recruit area corresponding to the large icon
    on each flipped card, and resolve the phase as usual." "When the opposing Knights win a
    card, place it in the discard pile." "The opposing Knights will attempt to recruit during
    every Round, even if you do not attempt to recruit." [D12]"""
    g = ready_game(1)
    a = find_card(g, BA)
    b = find_card(g, BA, needs=(SHIELD, SHIELD))
    g.deck = [x for x in g.deck if x not in (a, b)] + [a, b]
    card = g.recruits[BREAD]
    pass_all(g)
    flip = next(e for e in g.events(None) if e["kind"] == "flip")
    assert flip["cards"] == [g.c.ids[b], g.c.ids[a]]
    res = next(e for e in g.events(None) if e["kind"] == "resolve")
    assert res["outcome"] == "opposing" and res["card"] == g.c.ids[card]
    pub = g.view(0)["public_discards"]
    assert g.c.ids[card] in pub and g.c.ids[a] in pub and g.c.ids[b] in pub
    assert g.opp == [0, 0, 0, 0]


def test_one_player_a_flipped_renaissance_man_places_no_knight() -> None:
    """ "Place a Knight of the opposing color onto the Recruit area corresponding to the large
    icon on each flipped card, and resolve the phase as usual." [D12] A flipped Renaissance Man
    has no large icon: it places no knight, and goes to the discards face up."""
    g = ready_game(1)
    two = rms(g)[:2]
    g.deck = [x for x in g.deck if x not in two] + two
    recruits = list(g.recruits)
    pass_all(g)
    flip = next(e for e in g.events(None) if e["kind"] == "flip")
    assert flip["cards"] == [g.c.ids[x] for x in reversed(two)]
    assert not [e for e in g.events(None) if e["kind"] == "resolve"]  # no knight anywhere
    assert g.recruits == recruits and g.opp == [0, 0, 0, 0]
    assert set(g.view(0)["public_discards"]) == {g.c.ids[x] for x in two}


def test_one_player_ties_remove_the_knights() -> None:
    """ "If there is a tie, do not keep the Knights on the board – remove the Knights
    regardless." [D12]"""
    g = ready_game(1)
    a, b = find_card(g, K), find_card(g, K, needs=(SHIELD, SHIELD))
    g.deck = [x for x in g.deck if x not in (a, b)] + [a, b]
    g.board[SHIELD] = [2]
    pass_all(g)
    res = next(e for e in g.events(None) if e["kind"] == "resolve")
    assert res["outcome"] == "tie-removed" and g.board[SHIELD] == [0] and g.opp == [0] * 4


def test_one_player_loses_when_the_deck_must_be_reshuffled() -> None:
    """ "You win if you complete your pyramid structure before you need to reshuffle the deck
    (i.e. when you need to draw, but the deck is empty)." [D11] [D22]"""
    g = ready_game(1)
    g.disc_pub = g.deck[:-1]
    g.deck = g.deck[-1:]
    pass_all(g)
    assert g.is_over and g.view(0)["ended"] == "deck-out" and g.view(0)["winners"] == []
    assert g.events(0)[-1]["text"].startswith(
        "The game ends: the deck had to be reshuffled before the pyramid was complete. "
        "The game is lost."
    )


def test_one_player_wins_with_a_master_before_the_deck_runs_out() -> None:
    """ "You win if you complete your pyramid structure before you need to reshuffle the deck
    (i.e. when you need to draw, but the deck is empty)." [D22] Alone, a Master is a win."""
    g = ready_game(1)
    master = one_from_a_master(g)
    commit(g, 0, {"kind": "act", "type": "hire"}, {"kind": "card", "card": g.c.ids[master]})
    commit(g, 0, {"kind": "place", "slot": "5.1"}, "ready")
    assert g.is_over and g.deck and g.view(0)["ended"] == "master"
    assert g.result.winners == (0,) and g.view(0)["winners"] == [0]


def test_one_player_easier_reshuffles_some_cards_once() -> None:
    """ "For an easier game, randomly reshuffle a pre-chosen number of cards (10, for example) to
    make a new draw pile when the deck initially runs out, and play until a new shuffle is
    needed." [D11] [D24]"""
    g = ready_game(1, variant="easier")
    g.disc_pub = g.deck[:-1]
    g.deck = g.deck[-1:]
    pass_all(g)
    assert not g.is_over and g.easier_used
    shuffle = next(e for e in g.events(None) if e["kind"] == "shuffle")
    assert shuffle["size"] == 10
    g.deck = []
    pass_all(g)
    assert g.is_over and g.view(0)["ended"] == "deck-out"
    assert new(1, 1, "easier", solo_cards=4).solo_cards == 4


def _reshuffled_by_a_renaissance_man(shuffles: int, reveal: bool = True) -> RenaissanceMan:
    """The easier game alone: the deck is empty; the player's fourth teaching generates a
    Renaissance Man, whose face-down card is drawn from the reshuffle. ``shuffles`` moves the
    seed's stream, so that the reshuffle takes other cards; ``reveal=False``: the game just
    before the reveal, the Knight taught already in the face-up discards."""
    g = ready_game(1, variant="easier")
    g.rm[0] = [COIN, 4 * 3 + BOOK, 4 * 5 + BREAD]  # coin/book, book/bread, bread/shield
    for j in (0, 3, 5):
        g.supply[j] -= 1
    knight = find_card(g, K)
    give(g, 0, knight)
    rest = sorted(g.deck)
    g.deck = []
    g.disc_sec = [(0, x) for x in rest[:5]] + [(-1, rest[5])]  # his own, and one nobody saw
    g.disc_pub = rest[6:]
    g.shuffles += shuffles
    if not reveal:
        g.hands[0].remove(knight)
        g.disc_pub.append(knight)
        return g
    commit(g, 0, {"kind": "act", "type": "teach"}, {"kind": "card", "card": g.c.ids[knight]})
    commit(g, 0, {"kind": "token", "faces": "coin/shield"}, "ready")
    assert g.easier_used and g.view(0)["phase"] == "place"
    return g


def test_one_player_easier_reshuffle_never_shows_which_cards_it_took() -> None:
    """ "Throughout the game, players will discard cards to a face-down discard pile near the
    center of the table." "For an easier game, randomly reshuffle a pre-chosen number of cards
    (10, for example) to make a new draw pile when the deck initially runs out, and play until
    a new shuffle is needed." [D24] The pile is face down: two games that differ only in which
    ten cards the reshuffle took look the same to the player, in his view, its key, his
    observation and the cards hidden from him; his view names the cards that went into the pile
    face up, not which are left, and no longer his face-down discards (they may be in the
    deck)."""
    before = _reshuffled_by_a_renaissance_man(0, reveal=False)
    a, b = _reshuffled_by_a_renaissance_man(0), _reshuffled_by_a_renaissance_man(1)
    assert set(a.deck) != set(b.deck)  # other cards taken (and one of them drawn face down)
    for seat in (0, None):
        assert a.view(seat) == b.view(seat)
        assert a.info_key(seat) == b.info_key(seat)
        assert a.hidden_ids(seat) == b.hidden_ids(seat)
    assert (a.observe(0) == b.observe(0)).all()
    ids = a.c.ids
    v = a.view(0)
    mine = sorted(c for s, c in before.disc_sec if s == 0)  # his face-down discards
    public = sorted(before.disc_pub)  # the pile's face-up cards, the taught Knight too
    assert len(mine) == 5 and len(public) == 96 - 4 - 6
    assert v["reshuffled_from"] == a.view(None)["reshuffled_from"] == [ids[x] for x in public]
    assert v["public_discards"] == [] and v["my_discards"] == []
    assert v["deck"] == 9 and v["discards"] == 92 - 10  # the one drawn lies face down
    assert {ids[x] for x in mine + public} <= a.hidden_ids(0)  # deck or pile: none known
    h = a.resample(0, random.Random(2))
    assert h.view(0) == v and h.info_key(0) == a.info_key(0)

    def unseen(g: RenaissanceMan) -> list[int]:
        return sorted(g.deck + [c for _, c in g.disc_sec] + [x for x in g.pending if x >= 0])

    assert unseen(h) == unseen(a) and len(h.deck) == 9


def test_one_player_tougher_discards_cards_face_down_first() -> None:
    """ "For a tougher game, randomly discard a number of cards (10, for example) face-down from
    the deck before the game begins." [D24]"""
    g = new(1, 2, "tougher")
    assert g.view(0)["aside"] == 10 and g.view(0)["deck"] == 96 - 10 - 4
    assert len(g.disc_sec) == 10 and all(s == -1 for s, _ in g.disc_sec)
    assert g.view(0)["public_discards"] == []
    assert new(2, 2, "tougher").aside == 0  # [D24] only the one-player game changes
    assert new(1, 2, "tougher", solo_cards=20).view(0)["deck"] == 96 - 20 - 4


def test_face_down_renaissance_men_hide_their_card() -> None:
    """[D23] [D6] Nobody sees a face-down card, its owner included; removed, it goes to the
    discards unseen."""
    g = ready_game(2)
    x = rms(g)[0]
    y = find_card(g, K)
    put(g, 0, "2.1", y, down=True)
    assert g.st[0][SLOT["2.1"]] == DOWN + y
    assert g.c.ids[y] in g.hidden_ids(0) and g.view(0)["structures"][0][SLOT["2.1"]] == "down"
    commit(g, 0, {"kind": "remove", "slot": "2.1"}, "pass", "ready")
    commit(g, 1, "pass", "ready")
    assert (-1, y) in g.disc_sec and g.c.ids[y] not in g.view(0)["public_discards"]
    assert x >= 0


def test_a_reshuffle_takes_the_face_down_discards_too() -> None:
    """[D11] "The whole discard pile, face-up and face-down parts, is shuffled into the new
    deck, when a draw finds the deck empty." The deck is empty at the hands' refill: the ten
    cards discarded face down go into the new deck with the face-up ones."""
    g = ready_game(2)
    down = g.deck[:10]
    g.disc_sec = [(i % 2, x) for i, x in enumerate(down)]
    g.disc_pub = g.deck[10:]
    g.deck = []
    pass_all(g)
    shuffle = next(e for e in g.events(None) if e["kind"] == "shuffle")
    assert shuffle["size"] == 92 and g.disc_sec == [] and g.view(0)["discards"] == 0
    assert set(down) <= set(g.deck + g.hands[0] + g.hands[1])


def test_the_round_limit_ends_the_game_after_that_rounds_refill() -> None:
    """[D13] "A safety cap: if nobody has a Master after the refill of round `round_limit`
    (option, default 40), the game ends." Round 5 is the last: its refill still tops the
    empty hands up to four before the game ends."""
    g = ready_game(2, round_limit=5)
    g.round = 5
    pass_all(g)
    assert g.is_over and g.round == 5 and g.view(0)["ended"] == "round-limit"
    assert [len(h) for h in g.hands] == [4, 4]


def test_one_player_a_single_opposing_knight_wins_an_area() -> None:
    """ "Players resolve each Recruit area where one player has a majority of Knights (resolving
    areas from left to right)." [D8] "in the one-player game the opposing knights count as a
    player": one flipped Knight (the other flip, a Renaissance Man, places none) puts one
    opposing knight in the shield area; alone there, it wins the card."""
    g = ready_game(1)
    on_top(g, in_deck(g, K)[0], rms(g)[0])
    card = g.recruits[SHIELD]
    pass_all(g)
    res = [e for e in g.events(None) if e["kind"] == "resolve"]
    assert [(e["area"], e["outcome"], e["card"]) for e in res] == [
        ("shield", "opposing", g.c.ids[card])
    ]


def test_one_player_the_card_the_opposing_knights_win_leaves_the_board() -> None:
    """ "When the opposing Knights win a card, place it in the discard pile." The area is then
    vacated, and refilled: "The Dealer begins with the Recruit Board, refilling any vacated
    Recruit slots with cards from the deck." """
    g = ready_game(1)
    on_top(g, *in_deck(g, BA)[:2])
    card = g.recruits[BREAD]
    pass_all(g)
    assert g.round == 2 and card not in g.recruits
    assert g.view(0)["public_discards"].count(g.c.ids[card]) == 1
    assert [e["area"] for e in g.events(None) if e["kind"] == "refill"] == ["bread"]


def test_one_player_a_refill_from_the_empty_deck_loses() -> None:
    """ "You win if you complete your pyramid structure before you need to reshuffle the deck
    (i.e. when you need to draw, but the deck is empty)." [D11] (one player) "Any draw that
    finds the deck empty (a refill, a flip, a generated Renaissance Man) ends the game: lost."
    The deck holds just the round's two flips. A flipped Knight's knight wins the shield card:
    the Recruit board's refill needs a card (the hand is full). Two flipped Renaissance Men win
    nothing: the empty hand's refill needs one."""
    for knight in (True, False):
        g = ready_game(1)
        wild = rms(g)
        flips = [in_deck(g, K)[0] if knight else wild.pop(), wild.pop()]
        if knight:
            give(g, 0, *wild[:4])
        g.disc_pub = [x for x in g.deck if x not in flips]
        g.deck = []
        on_top(g, *flips)
        pass_all(g)
        if knight:
            commit(g, 0, "done", "ready")  # the discard phase: he keeps his four cards
            assert g.recruits[SHIELD] == -1
        assert g.is_over and g.view(0)["ended"] == "deck-out", "board" if knight else "hand"
        assert g.round == 1 and len(g.hands[0]) == 4 * knight
