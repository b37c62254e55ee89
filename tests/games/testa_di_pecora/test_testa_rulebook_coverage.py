"""Every sentence of the Testa di Pecora rulebook is quoted in docs/rules/testa-di-pecora.md and
checked by a test that quotes it; every decision [Dn] of that page is named by a test."""

from pathlib import Path

import pytest

from tavola.testing.rulebook import (
    decisions,
    flat,
    page_quotes,
    quoted_in_tests,
    untested_decisions,
)

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[2] / "docs" / "rules" / "testa-di-pecora.md"

# The rulebook (rulebooks/testa-di-pecora.txt), sentence by sentence, headings left out.
SENTENCES = [
    "In Renaissance Italy, princes and doges might seem to rule the land, but the true power is "
    "held by the great merchant houses.",
    "You will lead a merchant house to glorious wealth and power, or preside over a descent into "
    "ignominious poverty.",
    "With savvy trading, shrewd alliances, and judicious application of influence, you can outwit "
    "your competitors to become the wealthiest family in Italy.",
    "In each trading season, your house will enter into alliance with other houses; your goal is "
    "to figure out where loyalties lie, and then work to ensure that your coalition emerges from "
    "the season victorious, with more money than the other alliance.",
    "Money is made in each trading day, by beginning a trade in one of the great Italian cities, "
    "and sponsoring it with a local noble.",
    "The goal is to have the most powerful noble in the city working for your coalition on this "
    "day - but beware, because the Church is more powerful than any local faction, and a shrewd "
    "trader can deploy clerics to win the day.",
    "Each player is given six renown, in any denomination.",
    "All influence cards are shuffled together.",
    "The game consists of three trading seasons.",
    "Each trading season has multiple trading days (rounds).",
    "In the four player game: Eight cards are dealt to each player.",
    "The player with the Pope and the player with the Mendicant are partnered in a coalition.",
    "The other two players are in the opposing coalition.",
    "In the five player game (recommended): Six cards are dealt to each player.",
    "Two cards are dealt face down, and are the Inheritance.",
    "Starting to the dealer's left and going clockwise, each player is offered a chance to claim "
    "the Inheritance, and become the Heir.",
    "When a player claims the Inheritance, they pick up the cards, add them to their hand, and "
    "then choose any two cards (from either the Inheritance or their original hand) to place "
    "face-down in front of them.",
    "The cards placed down represent the Heir's savings.",
    "They cannot be played, but will count at their monetary face value at the end of the round, "
    "just as if they had been claimed in a trade.",
    "If nobody claims the Inheritance, players add up their influence scores.",
    "The player with the highest is punished by losing one renown.",
    "Collect the cards, re-deal, and replay the season.",
    "(Tip: You'll want to balance two factors when determining your savings.",
    "The first is the money value of the cards.",
    "Higher is better, and putting a lot of money into savings can give you a serious head start "
    "on victory.",
    "The second is nobles' location: If you have a city or two where you don't have any local "
    "nobility, it frees you up to play your Church cards immediately.)",
    "The Heir's Partner is the player holding the Abbot.",
    "The partner does not reveal their identity.",
    "Remaining secret is an important key to victory for the Heir and the partner.",
    "The other three players are in the opposing coalition.",
    "The opposing coalition knows they are working against the Heir, but they don't know who "
    "among them is the traitorous partner.",
    "For the first trading day, the lead player is the player to the left of the dealer.",
    "Each day begins with the lead player opening the trade proposal by playing their sponsoring "
    "noble, who can be from Venice, Florence, Naples, or the Church.",
    "Subsequent players, in clockwise order, must play a noble from the same city, if they have "
    "one.",
    "If they don't, they may either deploy a noble from another city (who will add their cash to "
    "the trade, but has no influence) or a cleric.",
    "If any clerics were played, the highest ranking cleric wins the round; otherwise, the highest "
    "ranking merchant from the city where the trade is happening carries the day.",
    "The player who wins the round collects all the played cards, and places the cards face down "
    "in front of them.",
    "That player's team will earn the cash value of the cards at the end of the season.",
    "For trades that begin with a cleric, all players must play clerics, if they have them, and "
    "all other nobles have no chance of winning.",
    "The player who wins the day begins the next round by playing a noble to open the next "
    "trading day.",
    "Play continues in this fashion until all cards have been played and the trading season is "
    "over.",
    "At the end of the season, each coalition pools the money they've won and counts it.",
    "There are 120 ducats in the game, and so the coalition that wins a majority of it wins the "
    "game.",
    "If there is a tie, the faction that started with the inheritance (in five player games) or "
    "the Pope (in four player games) loses.",
    "The players from the losing side each lose one renown, and the players from the winning side "
    "each gain that renown.",
    "In a five player game, the Heir wins or loses two renown.",
    "Each player counts their renown points; the player with the most is the winner.",
]


TESTS = quoted_in_tests(HERE, but=Path(__file__).name)
PAGE = DOC.read_text(encoding="utf-8")
DOC_TEXT = flat(PAGE)


@pytest.mark.parametrize("sentence", SENTENCES)
def test_every_rulebook_sentence_is_quoted_in_the_rules_page(sentence: str) -> None:
    assert f"› {sentence}" in DOC_TEXT


@pytest.mark.parametrize("sentence", SENTENCES)
def test_every_rulebook_sentence_is_checked_by_a_test_that_quotes_it(sentence: str) -> None:
    assert sentence in TESTS


def test_the_rules_page_quotes_nothing_else() -> None:
    assert sorted(page_quotes(PAGE)) == sorted(SENTENCES)


def test_every_decision_is_tested() -> None:
    numbers = decisions(DOC_TEXT)
    assert numbers == list(range(1, len(numbers) + 1))
    assert untested_decisions(PAGE, TESTS) == []
