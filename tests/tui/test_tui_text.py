"""The text of Testa di Pecora: what each phase shows, the card order, a sentence per event, and
that none of it shows a secret."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

import tavola
from tavola.games.testa_di_pecora.deck import STANDARD_DECK, deck_by_key, load_deck
from tavola.games.testa_di_pecora.rules import cards_of
from tavola.games.testa_di_pecora.text import RULES, card_order, describe, help_text, render
from tavola.games.testa_di_pecora.views import played_seat
from tavola.testing import random_record

Policy = Callable[[tavola.Game, int], tavola.Action]


def first(g: tavola.Game, seat: int) -> tavola.Action:
    return g.legal_actions(seat)[0]


def advance(g: tavola.Game, until: Callable[[tavola.Game], bool], policy: Policy = first) -> None:
    """Play ``policy`` for whoever acts until ``until(g)`` holds."""
    while not until(g):
        seat = min(g.to_act)
        g.act(seat, policy(g, seat))


def hidden_names(g: tavola.Game, seat: int) -> list[str]:
    """Names of the cards ``seat`` may not know: others' hands, the Inheritance, others' savings."""
    mask = g.inherit | (g.savings if seat != g.heir else 0)
    for other in range(g.n):
        if other != seat:
            mask |= g.hands[other]
    return [g.deck.names[c] for c in cards_of(mask)]


def named(text: str, name: str) -> bool:
    """Whether a card is named; "the Pope" or "Pope's side" speak of a role, not a card."""
    return re.search(rf"(?<!the ){re.escape(name)}\b(?!'s)", text) is not None


def check_seat(g: tavola.Game, seat: int) -> str:
    """Render the seat's view: its own hand is there, nothing hidden from it is.

    Savings of finished seasons are public (and those cards are now dealt again), so the
    seasons' summaries are left out of the search for hidden cards.
    """
    text = render(g.view(seat))
    assert max(map(len, text.splitlines())) <= 80
    for card in cards_of(g.hands[seat]):
        assert g.deck.names[card] in text
    current = re.sub(r"\(savings:[^)]*\)", "", text)
    leaks = [name for name in hidden_names(g, seat) if named(current, name)]
    assert not leaks, f"seat {seat} sees {leaks}:\n{text}"
    return text


def check_all(g: tavola.Game) -> list[str]:
    return [check_seat(g, seat) for seat in range(g.n)]


def test_claim_phase() -> None:
    g = tavola.new_game("testa-di-pecora", players=5, seed=1, options={"first_dealer": 4})
    g.act(0, g.parse_action(0, "pass"))
    texts = check_all(g)
    assert "season 1 of 3" in texts[1]
    assert "The Inheritance is offered to you: claim it or pass." in texts[1]
    assert "2 cards face down; passed: Seat 0" in texts[1]
    assert "passed: you" in texts[0]
    assert "Your hand (6 cards" in texts[0]
    assert "4                6      6       0  dealer" in texts[0]


def test_save_phase_shows_savings_to_the_heir_only() -> None:
    g = tavola.new_game("testa-di-pecora", players=5, seed=2, options={"first_dealer": 4})
    g.act(0, g.parse_action(0, "claim"))
    saved = g.legal_actions(0)[0]
    g.act(0, saved)
    texts = check_all(g)
    name = str(saved).removeprefix("Save ")
    assert "The Heir (you) to save 1 more card face down." in texts[0]
    assert f"Your savings: {name}" in texts[0]
    assert "claimed by Seat 0, the Heir (1 card saved face down)" in texts[1]
    assert all(not named(t, name) for t in texts[1:])


@pytest.mark.parametrize("players", [4, 5])
def test_play_phase_shows_the_trade_and_the_last_trade(players: int) -> None:
    g = tavola.new_game(
        "testa-di-pecora", players=players, seed=3, options={"first_dealer": players - 1}
    )
    advance(g, lambda g: len(g.trades) == 1 and len(g.trick) == 2)
    texts = check_all(g)
    deck = g.deck
    _, cards, winner = g.trades[0]
    for seat, text in enumerate(texts):
        assert f"Trading day 2 of {8 if players == 4 else 6}" in text
        suit = deck.suit_of[g.trick[0]]
        the = (
            "the " if suit == 0 else ""
        )  # "a trade in Church" [a trial]: the trumps are "the Church"
        assert f"On the table, a trade in {the}{deck.suit_names[suit]}:" in text
        for card in (*g.trick, *cards):
            assert deck.names[card] in text
        who = "You win" if seat == winner else f"Seat {winner} wins"
        assert f"{who} the trade with" in text
        assert "Coalitions:" in text and "Your role:" in text
    if players == 5:
        assert "Your savings:" in texts[g.heir]


def test_play_phase_in_a_later_season() -> None:
    rng = random.Random(4)
    g = tavola.new_game("testa-di-pecora", players=5, seed=4, options={"first_dealer": 4})
    advance(
        g,
        lambda g: len(g.seasons_log) == 1 and g.phase_name == "play" and len(g.trades) == 2,
        lambda g, s: rng.choice(g.legal_actions(s)),
    )
    text = " ".join(render(g.view(0)).split())  # wherever the lines wrap
    assert "season 2 of 3" in text
    assert "Season 1: " in text and "ducats (savings: " in text


def test_four_players_name_the_pope_side() -> None:
    g = tavola.new_game("testa-di-pecora", players=4, seed=5, options={"first_dealer": 3})
    pope = next(s for s in range(4) if g.hands[s] >> g.deck.pope & 1)
    text = check_seat(g, pope)
    assert "Your role: the Pope is yours; your partner holds the Mendicant" in text
    assert "Pope's side" in text


def test_everyone_passing_is_reported() -> None:
    g = tavola.new_game("testa-di-pecora", players=5, seed=6, options={"first_dealer": 4})
    for seat in range(5):
        g.act(seat, g.parse_action(seat, "pass"))
    texts = [e["text"] for e in g.events(0)]
    assert texts[-3] == "Seat 4 passes."
    assert texts[-2].startswith("Season 1: everyone passed. Influence: you ")
    assert texts[-2].endswith("1 renown and the cards are dealt again.")
    assert texts[-1] == "Season 1 of 3: you deal."
    text = check_seat(g, 0)
    assert "Season 1: everyone passed. Influence: you " in text
    assert "1 renown and the cards are dealt again" in " ".join(text.split())


@pytest.mark.parametrize("players", [4, 5])
def test_game_over_shows_the_seasons_and_the_ranking(players: int) -> None:
    rng = random.Random(players)
    g = tavola.new_game(
        "testa-di-pecora", players=players, seed=7, options={"first_dealer": players - 1}
    )
    advance(g, lambda g: g.is_over, lambda g, s: rng.choice(g.legal_actions(s)))
    text = render(g.view(1))
    assert "The game is over." in text
    assert all(f"Season {k}: " in text for k in (1, 2, 3))
    result = g.result
    assert result is not None
    best = result.ranking[0]
    assert f"Final ranking: 1. {'you' if best == 1 else f'Seat {best}'} " in text
    assert max(map(len, text.splitlines())) <= 80


def test_spectator_view_renders() -> None:
    g = tavola.new_game("testa-di-pecora", players=5, seed=8, options={"first_dealer": 4})
    advance(g, lambda g: g.phase_name == "play")
    text = render(g.view(None))
    assert "Your hand" not in text
    assert not any(named(text, name) for name in g.deck.names)


@pytest.mark.parametrize("players", [4, 5])
def test_event_sentences_agree_with_the_rules_and_hide_savings(players: int) -> None:
    rng = random.Random(players)
    g = tavola.new_game(
        "testa-di-pecora", players=players, seed=9, options={"first_dealer": players - 1}
    )
    viewer = 1
    while not g.is_over:
        seat = min(g.to_act)
        action = rng.choice(g.legal_actions(seat))
        since, trades, season = len(g.log), len(g.trades), len(g.seasons_log)
        g.act(seat, action)
        texts = [e["text"] for e in g.events(viewer, since=since)]
        who = "You" if seat == viewer else f"Seat {seat}"
        if action.kind == "save":
            card = str(action).removeprefix("Save ")
            ducats = g.deck.ducats[g.deck.names.index(card)]
            saved = f"{card} ({ducats} ducats)" if ducats else card  # none is worth 1 ducat
            expected = saved if seat == viewer else "a card"
            assert texts == [f"{who} save{'' if seat == viewer else 's'} {expected} face down."]
        if action.kind == "play":
            assert texts[0].startswith(f"{who} play{'' if seat == viewer else 's'} {action}")
        if len(g.trades) > trades or len(g.seasons_log) > season:
            leader, cards, winner = (
                g.seasons_log[-1]["last_trade"] if len(g.seasons_log) > season else g.trades[-1]
            )
            wins = "You win" if winner == viewer else f"Seat {winner} wins"
            card = deck_by_key("standard").names[cards[(winner - leader) % players]]
            assert any(t.startswith(f"{wins} the trade with {card}: ") for t in texts)
        if len(g.seasons_log) > season:
            assert any(t.startswith(f"Season {season + 1}: ") for t in texts)


def test_a_card_in_a_sentence_names_the_unit_of_its_worth() -> None:
    """'Seat 2 plays Canon (10).' said 10 of nothing: the log is read without the screen's
    legend ('ducats in brackets'), so its sentences say the unit; a card worth none has none."""
    deck = load_deck()
    assert describe({"kind": "play", "seat": 2, "card": "canon"}, 0, deck) == (
        "Seat 2 plays Canon (10 ducats)."
    )
    assert describe({"kind": "play", "seat": 0, "card": "novice"}, 0, deck) == "You play Novice."
    claim = {"kind": "claim", "seat": 0, "cards": ["camerlengo", "novice"]}
    assert describe(claim, 0, deck) == "You claim the Inheritance: Camerlengo (11 ducats), Novice."


def test_every_event_reads_as_a_sentence_for_every_seat_and_spectators() -> None:
    ids = [c for c in load_deck().ids if "-" in c]
    kinds = set()
    for players in (4, 5):
        rng = random.Random(players)
        g = tavola.new_game("testa-di-pecora", players=players, seed=12)
        while not g.is_over:
            seat = min(g.to_act)
            g.act(seat, rng.choice(g.legal_actions(seat)))
        for viewer in [None, *range(players)]:
            for event in g.events(viewer):
                kinds.add(event["kind"])
                text = event["text"]
                assert text[0].isupper() and text.endswith("."), text
                assert "\xa0" not in text and text.rstrip(".").lower() != event["kind"]
                assert not any(cid in text for cid in ids), text
                if viewer is None:
                    assert not re.search(r"\b[Yy]ou", text), text
    assert kinds == {"deal", "claim", "pass", "save", "play", "trade", "sides", "season"} | (
        kinds & {"passout"}
    )


def test_the_sides_are_told_with_their_role_cards() -> None:
    deck = load_deck()
    heir = {"kind": "sides", "side": [3], "opponents": [0, 1, 2, 4], "alone": True}
    assert describe(heir, 0, deck) == (
        "The sides are known to all now: Seat 3 (the Heir with the Abbot) alone against you, "
        "Seat 1, Seat 2 and Seat 4."
    )
    pair = {"kind": "sides", "side": [0, 2], "opponents": [1, 3], "alone": False}
    assert describe(pair, 0, deck) == (
        "The sides are known to all now: you (the Pope) and Seat 2 (the Mendicant) against "
        "Seat 1 and Seat 3."
    )
    assert describe(pair, None, deck).startswith(
        "The sides are known to all now: Seat 0 (the Pope)"
    )


def test_the_holder_of_the_other_role_card_learns_the_sides_in_other_words() -> None:
    """It saw 'The sides are known now' twice: when it learned, and when everyone did."""
    g = tavola.replay(random_record("testa-di-pecora", 4, 13))  # seat 0 holds the Pope
    told = [e["text"] for e in g.events(0) if e["kind"] == "sides"]
    sides = "you (the Pope) and Seat 1 (the Mendicant) against Seat 2 and Seat 3."
    assert told[:2] == [
        f"You know the sides now, holding the other role card: {sides}",
        f"The sides are known to all now: {sides}",
    ]
    assert [e["everyone"] for e in g.events(None) if e["kind"] == "sides"][:1] == [True]


def test_the_last_season_says_so_with_everyones_renown() -> None:
    season = {
        "kind": "season",
        "season": 3,
        "heir": 1,
        "side": [1, 4],
        "alone": False,
        "savings": ["pope", "venice-duke"],
        "ducats": [70, 50],
        "side_won": True,
        "renown_change": [-1, 2, -1, -1, 1],
        "renown": [5, 9, 6, 4, 7],
        "over": True,
        "winners": [1],
    }
    assert describe(season, 4, load_deck()) == (
        "Season 3: you and Seat 1 (the Heir and partner) won, 70 to 50 ducats (savings: Pope, "
        "Duke of Venice). Renown now: Seat 0 at 5 (-1), Seat 1 at 9 (+2), Seat 2 at 6 (-1), "
        "Seat 3 at 4 (-1), you at 7 (+1). That was the last season: Seat 1 wins the game."
    )
    tied = {**season, "winners": [1, 4]}
    assert describe(tied, 4, load_deck()).endswith("last season: you and Seat 1 win the game.")


def test_the_word_is_save_everywhere() -> None:
    g = tavola.new_game("testa-di-pecora", players=5, seed=1, options={"first_dealer": 4})
    g.act(0, g.parse_action(0, "claim"))
    g.act(0, g.legal_actions(0)[0])
    texts = [RULES, help_text(g.view(0)), render(g.view(0)), *(e["text"] for e in g.events(0))]
    assert not any(re.search(r"bur(y|ie)", t, re.IGNORECASE) for t in texts)
    assert "saves" in render(g.view(0)) or "saved" in render(g.view(0))


# -- the order of the cards ----------------------------------------------------------------


def test_the_card_order_lists_each_suit_from_highest_with_ducats() -> None:
    text = card_order(load_deck())
    assert max(map(len, text.splitlines())) <= 80
    flat = " ".join(text.split())
    assert "Church Pope (3), Mendicant (3), Cardinal (3), Archbishop (3), Bishop (2)," in flat
    assert "Camerlengo (11), Canon (10), Chaplain (4), Deacon, Friar, Novice" in flat
    assert "Venice Prince of Venice (11), Duke of Venice (10), Marquis of Venice (4)," in flat
    assert "Influence, added up when everybody passes: Pope 14, Mendicant 13," in flat
    assert "Novice 1; any other card 0." in flat
    assert "at 4 players the holders of the Pope and the Mendicant; at 5 the Heir and the " in flat


def test_the_card_order_follows_a_users_own_deck() -> None:
    text = STANDARD_DECK.read_text(encoding="utf-8")
    text = text.replace('name = "Pope"', 'name = "Papa"').replace('"Abbot"', '"Abate"')
    text = text.replace('trump_suit = "Church"', 'trump_suit = "Chiesa"')
    text = text.replace('suit = "Church"', 'suit = "Chiesa"')
    deck = load_deck({"name": "mine.toml", "toml": text})
    flat = " ".join(card_order(deck).split())
    assert "any of the Chiesa beats any city" in flat
    assert "Chiesa Papa (3), Mendicant (3)" in flat
    assert (
        "holders of the Papa and the Mendicant; at 5 the Heir and the holder of the Abate." in flat
    )


def test_help_text_is_the_rules_then_the_card_order() -> None:
    g = tavola.new_game("testa-di-pecora", players=4, seed=1)
    assert help_text(g.view(0)) == f"{RULES}\n\n{card_order(g.deck)}"


# -- role lines ------------------------------------------------------------------------------


def role_line(g: tavola.Game, seat: int) -> str:
    text = " ".join(render(g.view(seat)).split("\n  "))
    return next(line for line in text.splitlines() if line.startswith("Your role: "))


def check_role(g: tavola.Game, seat: int) -> None:
    """The role line says what is true now: who the partner is once the role cards are out."""
    line = role_line(g, seat)
    side = g.side
    out = {c for c in g.t.roles[g.n] if played_seat(g, c) >= 0}  # role cards played
    everyone_knows = all(c in out for c in g.t.roles[g.n])
    if seat not in side:
        if everyone_knows:
            assert "not known" not in line, line
            if len(side) == 1:
                assert f"Seat {side[0]}" in line and "alone" in line, line
            else:
                assert all(f"Seat {s}" in line for s in side), line
        else:
            assert "not known yet" in line, line
    elif len(side) == 1:
        assert "alone" in line, line
    else:
        partner = next(s for s in side if s != seat)
        if g.n == 5:
            shown = g.deck.abbot in out
            mine, theirs = (
                ("your partner is", "secret") if seat == g.heir else ("everyone", "nobody")
            )
        else:
            shown = next(c for c in g.t.roles[4] if g._holder(c) == partner) in out
            mine, theirs = "your partner is", "not known yet"
        assert (mine if shown else theirs) in line, line
        if seat == g.heir or g.n == 4:
            assert (f"Seat {partner}" in line) is shown, line


@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("seed", range(8))
def test_role_lines_stay_true_as_the_season_goes_on(players: int, seed: int) -> None:
    rng = random.Random(seed)
    g = tavola.new_game("testa-di-pecora", players=players, seed=seed)
    while not g.is_over:
        if g.phase_name == "play":
            for seat in range(players):
                check_role(g, seat)
        seat = min(g.to_act)
        g.act(seat, rng.choice(g.legal_actions(seat)))


def test_a_lone_heirs_opponents_are_told_once_the_abbot_is_out() -> None:
    for seed in range(100):
        rng = random.Random(seed)
        g = tavola.new_game("testa-di-pecora", players=5, seed=seed)
        while not g.is_over and not g.seasons_log:
            seat = min(g.to_act)
            g.act(seat, rng.choice(g.legal_actions(seat)))
            if g.phase_name == "play" and g.side == (g.heir,) and played_seat(g, g.deck.abbot) >= 0:
                other = (g.heir + 1) % 5
                assert role_line(g, other) == (
                    f"Your role: you play against Seat {g.heir}, the Heir, who played the Abbot "
                    "and so plays alone."
                )
                assert f"Coalitions: Seat {g.heir} alone against " in render(g.view(other))
                return
    pytest.fail("no lone Heir played the Abbot in 100 seeds")


@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("seed", [10, 11])
def test_no_view_in_a_whole_game_names_a_hidden_card(players: int, seed: int) -> None:
    rng = random.Random(seed)
    g = tavola.new_game(
        "testa-di-pecora", players=players, seed=seed, options={"first_dealer": players - 1}
    )
    while not g.is_over:
        check_all(g)
        seat = min(g.to_act)
        g.act(seat, rng.choice(g.legal_actions(seat)))
