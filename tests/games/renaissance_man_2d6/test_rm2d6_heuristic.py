"""The Renaissance Man (2006) heuristic: always legal, its odds are those of odds.py, and it
plays sensibly in hand-built positions (attempts, plays, rolls, Events, declaring)."""

from __future__ import annotations

import itertools
import random

import pytest

import tavola
from tavola.games.renaissance_man_2d6 import heuristic as h
from tavola.games.renaissance_man_2d6 import odds, rules
from tavola.games.renaissance_man_2d6.cards import KINDS, counts_of
from tavola.games.renaissance_man_2d6.heuristic import choose

GAME = "renaissance-man-2d6"


def position(
    players: int = 3,
    hand: str = "",
    table: tuple[str, ...] = ("bake-bread", "lend-a-hand", "tune-the-lute"),
    top: str | None = None,
    scores: list[int] | None = None,
) -> rules.RenaissanceMan2d6:
    """A game at seat 0's first turn (seat 0 first), with seat 0 holding ``hand``, the given
    Challenges face up and ``top`` (if any) the next card of the Challenge deck."""
    g = tavola.new_game(GAME, players=players, seed=1, options={"first_player": 0})
    c = g.c
    g.hands[0] = list(counts_of(hand))
    g.table = [c.index(i) for i in table]
    rest = [i for i in range(c.n_cards) if i not in g.table]
    if top is not None:
        rest.remove(c.index(top))
        rest.append(c.index(top))  # the deck is popped from its end
    g.ch_deck = rest
    if scores is not None:
        g.scores = list(scores)
    return g


def pick(g: rules.RenaissanceMan2d6, seat: int | None = None) -> tavola.Action:
    """The heuristic's choice for the seat to act (checked legal)."""
    if seat is None:
        (seat,) = g.to_act
    legal = g.legal_actions(seat)
    action = choose(g.view(seat), legal, random.Random(0))
    assert action in legal
    return action


def act(g: rules.RenaissanceMan2d6, text: object) -> None:
    (seat,) = g.to_act
    g.act(seat, g.parse_action(seat, text))


def described(action: tavola.Action) -> str:
    """An action as ``kind`` or ``kind:parameter``."""
    params = dict(action.params)
    return action.kind + (f":{next(iter(params.values()))}" if params else "")


# -- always legal ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_always_legal_and_deterministic_over_full_games(players: int) -> None:
    for seed in range(4):
        g = tavola.new_game(GAME, players=players, seed=seed)
        rng = random.Random(seed)
        heuristic_seats = {s for s in range(players) if (s + seed) % 2 == 0}
        while not g.is_over:
            (seat,) = g.to_act
            view, legal = g.view(seat), g.legal_actions(seat)
            if seat in heuristic_seats:
                action = choose(view, legal, rng)
                assert action in legal, (seed, view["phase"], action, legal)
                assert choose(view, legal, random.Random(99)) == action  # never uses the rng
            else:
                action = rng.choice(legal)
            g.act(seat, action)
        assert g.turns < g.turn_limit


# -- the odds are odds.py's --------------------------------------------------------------------


def test_chance_table_is_odds_success_chance() -> None:
    for mod in range(-12, 13):
        assert h.chance(mod) == odds.success_chance(mod)


def brute_force_plan(s: h.Seat, card: int, turned: bool, played: list[int]) -> float:
    """The best utility over every choice of cards from the hand, rated with odds.py."""
    c = s.d.c
    needs = c.needs[card]
    kinds = [k for k in range(len(KINDS)) if needs[k]]
    best = -1.0
    for adds in itertools.product(*(range(s.hand[k] + 1) for k in kinds)):
        total = list(played)
        cost = sum(played[k] * s.value[k] for k in range(len(KINDS)))
        for k, x in zip(kinds, adds, strict=True):
            total[k] += x
            cost += x * s.value[k]
        mod = odds.modifier(needs, total, turned, s.bonus, s.waive)
        best = max(best, odds.success_chance(mod) * (c.points[card] - cost))
    return best


def test_attempt_plans_are_optimal_with_odds_py() -> None:
    rng = random.Random(5)
    g = position(hand="")
    c = g.c
    for _ in range(300):
        g.hands[0] = [rng.randrange(4) for _ in KINDS]
        g.bonus[0] = rng.choice([0, 0, 1, 2])
        g.waive[0] = rng.choice([0, 0, 1])
        s = h.read(g.view(0))
        s.value = [rng.choice([0.0, 0.2, 0.5, 0.9, 1.4]) for _ in KINDS]
        card = rng.randrange(c.n_challenges)
        turned = rng.random() < 0.5
        played = [rng.randrange(2) if c.needs[card][k] else 0 for k in range(len(KINDS))]
        u, adds = h.plan(s, card, turned, played)
        assert u == pytest.approx(brute_force_plan(s, card, turned, played), abs=1e-9)
        assert all(0 <= adds[k] <= s.hand[k] for k in range(len(KINDS)))
        total = [played[k] + adds[k] for k in range(len(KINDS))]
        cost = sum(total[k] * s.value[k] for k in range(len(KINDS)))
        mod = odds.modifier(c.needs[card], total, turned, s.bonus, s.waive)
        assert u == pytest.approx(odds.success_chance(mod) * (c.points[card] - cost))


def contest_by_dice(mods: tuple[int, ...]) -> list[float]:
    """Win chances of an Event contest from every roll of the dice, re-rolls of ties included."""
    n = len(mods)
    if n == 1:
        return [1.0]
    faces = [(t, w / 36) for t, w in enumerate(odds.TWO_DICE) if w]
    share = [0.0] * n
    again = 0.0
    for rolls in itertools.product(faces, repeat=n):
        p = 1.0
        totals = []
        for (t, w), m in zip(rolls, mods, strict=True):
            p *= w
            totals.append(t + m)
        top = max(totals)
        tied = [i for i in range(n) if totals[i] == top]
        if len(tied) == n:
            again += p
            continue
        sub = contest_by_dice(tuple(mods[i] for i in tied))
        for j, i in enumerate(tied):
            share[i] += p * sub[j]
    return [x / (1 - again) for x in share]


@pytest.mark.parametrize("mods", [(0, 0), (0, 2), (1, 0, 3), (0, 0, 1), (2, 5, 0)])
def test_event_contest_odds_are_exact(mods: tuple[int, ...]) -> None:
    order = sorted(range(len(mods)), key=lambda i: mods[i])
    shares = h.contest(tuple(mods[i] for i in order))
    exact = contest_by_dice(mods)
    for j, i in enumerate(order):
        assert shares[j] == pytest.approx(exact[i], abs=1e-12)
    assert sum(shares) == pytest.approx(1.0)


# -- attempts ----------------------------------------------------------------------------------


def test_plays_the_cards_of_a_good_attempt_then_rolls() -> None:
    g = position(hand="CFGMW", top="design-a-festival")
    act(g, {"kind": "draw", "deck": "challenges"})
    assert described(pick(g)) == "attempt:design-a-festival"
    act(g, "design-a-festival")
    played = []
    while (a := pick(g)).kind == "play":
        played.append(dict(a.params)["card"])
        g.act(0, a)
    assert a.kind == "roll"
    # All four requirements met, +1 for the fresh card: 72% for 5 points; the W does not match.
    assert sorted(played) == ["C", "F", "G", "M"]


def test_spends_no_card_on_a_sure_success() -> None:
    g = position(hand="CCC", top="bake-bread", table=("lend-a-hand", "tune-the-lute"))
    g.bonus[0] = 4  # turned +1, bonus +4: 2 + 5 = 7 on the worst roll
    act(g, {"kind": "draw", "deck": "challenges"})
    assert described(pick(g)) == "attempt:bake-bread"
    act(g, "bake-bread")
    assert described(pick(g)) == "roll"


def test_last_turn_spends_every_useful_card() -> None:
    g = position(hand="CCCC", top="bake-bread", table=("lend-a-hand", "tune-the-lute"))
    g.scores = [10, 9, 0]
    g.declared, g.end_turn = 2, 2  # seat 2 declared: this is seat 0's last turn
    act(g, {"kind": "draw", "deck": "challenges"})
    act(g, "bake-bread")
    plays = 0
    while (a := pick(g)).kind == "play":
        plays += 1
        g.act(0, a)
    assert plays == 4  # +1 turned, requirement met, +3 extra (35/36): cards are worth nothing now


@pytest.mark.parametrize(
    ("scores", "target"), [([4, 8, 0], "design-a-festival"), ([8, 7, 0], "court-banquet")]
)
def test_last_turn_goes_for_the_lead(scores: list[int], target: str) -> None:
    g = position(hand="CFM", table=("court-banquet", "design-a-festival"), top="pen-a-sonnet")
    g.scores = scores
    g.declared, g.end_turn = 1, 1  # seat 1 declared; this is seat 0's last turn
    act(g, {"kind": "draw", "deck": "challenges"})
    # Behind by 4: only the Festival (5 points, one requirement unmet: 28%) takes the lead.
    # Ahead: the Banquet (3 points, all met: 58%) keeps it more surely.
    assert described(pick(g)) == f"attempt:{target}"


def test_draws_when_no_attempt_can_succeed() -> None:
    hard = ("design-a-festival", "birthday-celebration", "renaissance-masterwork")
    g = position(hand="", table=hard)
    c = g.c
    g.ch_deck = [c.index("grand-tour")]
    g.success[1] = [i for i in range(c.n_cards) if i not in g.table and i not in g.ch_deck]
    assert described(pick(g)) == "draw:reserves"


def test_turns_up_with_a_hand_that_meets_a_face_up_challenge() -> None:
    g = position(hand="CFGM", table=("design-a-festival", "lend-a-hand", "tune-the-lute"))
    assert described(pick(g)) == "draw:challenges"


def test_attempts_directly_when_the_challenge_deck_is_empty() -> None:
    g = position(hand="CF", table=("host-a-supper", "tune-the-lute"))
    c = g.c
    g.success[1] = [i for i in range(c.n_cards) if i not in g.table]
    g.ch_deck = []
    assert described(pick(g)) == "attempt:host-a-supper"


# -- Events ----------------------------------------------------------------------------------


def event_position(event: str, hand: str, others_played: int) -> rules.RenaissanceMan2d6:
    """Seat 1 turned up ``event`` and played ``others_played`` cards; seat 2 (3 players) stood
    having played none; seat 0 is last to play, holding ``hand``."""
    g = position(hand=hand, top=event)
    act(g, {"kind": "draw", "deck": "challenges"})  # seat 0's turn: we need seat 1's
    g.phase, g.ev, g.cur, g.ev_seat = rules.EVENT, g.c.index(event), 1, 0
    g.ev_played[1] = list(counts_of("F" * others_played)) if others_played else [0] * 5
    return g


def test_event_spends_no_more_cards_than_the_event_is_worth() -> None:
    # Ben's Birthday: 1 point and 2 cards drawn, about 2 points; a card is worth about half a
    # point and is spent only on a win: more cards win more often, but not six of them.
    g = event_position("bens-birthday", hand="CCCCCC", others_played=2)
    plays = 0
    while (a := pick(g)).kind == "play":
        plays += 1
        g.act(0, a)
    assert 1 <= plays <= 4


def test_event_recover_is_worth_the_matching_discards() -> None:
    g = position(hand="W")
    rewrite = g.c.index("the-rewrite")
    view = g.view(0)
    bare = h.benefit_value(h.read(view), rewrite)
    rich = h.benefit_value(
        h.read({**view, "reserve_discards": {**view["reserve_discards"], "W": 4}}), rewrite
    )
    assert rich > bare


def test_event_contests_a_close_draw() -> None:
    g = event_position("bens-birthday", hand="CF", others_played=1)  # seat 1 adds 2 in all
    assert described(pick(g)).startswith("play:")


def test_unseen_events_raise_a_kinds_value() -> None:
    g = position(hand="W")
    before = h.read(g.view(0)).value[KINDS.index("W")]
    rewrite = g.c.index("the-rewrite")
    g.ch_deck.remove(rewrite)
    g.success[1].append(rewrite)
    after = h.read(g.view(0)).value[KINDS.index("W")]
    assert before > after


# -- declaring -------------------------------------------------------------------------------


def declare_position(scores: list[int], hands: list[str]) -> rules.RenaissanceMan2d6:
    """Seat 0 ends a turn with these scores and hands: the declare phase."""
    g = position(hand=hands[0])
    for s, hand in enumerate(hands[1:], 1):
        g.hands[s] = list(counts_of(hand))
    g.scores = list(scores)
    g.phase = rules.DECLARE
    return g


def test_declares_with_a_safe_lead() -> None:
    g = declare_position([14, 5, 6], ["CF", "CF", "GW"])
    assert described(pick(g)) == "declare"


def test_does_not_declare_when_behind() -> None:
    g = declare_position([10, 11, 3], ["CF", "CF", "GW"])
    assert described(pick(g)) == "pass"


def test_does_not_declare_a_narrow_lead() -> None:
    g = declare_position([10, 9, 9], ["C", "CFGMW", "CFGMW"])
    assert described(pick(g)) == "pass"


def test_final_state_of_each_seat() -> None:
    g = position(players=4)
    g.declared, g.end_turn, g.turns, g.cur = 1, 5, 3, 3  # seat 1 declared at turn 1 (0-based)
    view = g.view(0)  # turn 3: seat 2 has had its last turn, seat 3 is having it
    assert [h.final_state(view, s, 4) for s in range(4)] == ["later", "later", "past", "now"]
