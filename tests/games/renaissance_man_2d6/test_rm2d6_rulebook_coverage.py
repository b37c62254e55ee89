"""Every sentence of the Renaissance Man (2006) rulebook is quoted in
docs/rules/renaissance-man-2d6.md and checked by a test that quotes it; every decision [Dn] of
that page is named by a test, and the engine's [Dn] comments name decisions of the page."""

import re
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
ROOT = HERE.parents[2]
DOC = ROOT / "docs" / "rules" / "renaissance-man-2d6.md"
ENGINE = ROOT / "src" / "tavola" / "games" / "renaissance_man_2d6"

# The rulebook (rulebooks/renaissance-man-2d6.txt), sentence by sentence, all of it: the byline,
# the flavour, the printing advice and the designer's notes too. Its typos and its typography
# (curly apostrophes, the em dash) are kept.
SENTENCES = [
    "by Sharon Cichelli and Jonathan Leistiko",
    "Wisely spend your Creative Reserves to accomplish nifty challenges and end the game with"
    " the most points in your Success pile.",
    "2d6 and a deck of Renaissance Man cards.",
    "Print the Creative Reserves (CR) cards (first four pages) on a different color stock "
    "than the Challenge cards (last four pages).",
    "It’ll make them easier to keep separate.",
    "Shuffle the CR deck and the Challenge deck separately.",
    "Deal 3 CR cards to each player.",
    "Deal Challenge cards face up to the center of the table equal to the number of players.",
    "Keep the decks separate and put them face-down where everyone can reach them.",
    "The player who most recently had a birthday goes first.",
    "On your turn, you my draw a CR card or a Challenge card.",
    "If you draw a CR card, put it in your hand and end your turn.",
    "If the CR deck runs out of cards, shuffle the discards and make a new CR deck.",
    "If you draw a Challenge, play it face-up to the center of the table.",
    "You may attempt any face-up Challenge that’s not in a Success pile.",
    "You need to roll a 7 or better on 2d6.",
    "Add 1 to your roll if it’s the card you turned face-up this turn.",
    "Challenges list their required Creative Reserves: C for Cooking, F for Friend, G for "
    "Gamer, M for Musician, and W for Writer.",
    "Subtract 2 from your roll for every requirement you don’t match with a CR card.",
    "(Matching is optional; you can choose to take the disadvantage.)",
    "Add 1 to your roll for every extra matching CR card you play.",
    "If you lose, take your CR cards back.",
    "If you win, discard all CR cards you used and move the Challenge to your Success pile.",
    "Either way, your turn is done.",
    "If the card you turn face up is an Event (a special Challenge card), each player, "
    "starting with you, may play any number of CR cards (including 0) that match that event.",
    "Once all players have played cards, you each roll 2d6 and add one to your total for each"
    " CR card you played.",
    "(If you’re the player who turned the card over, add 1 to your roll for that, too.)",
    "If you have the highest total, put the Event in your Success pile; you get to use the "
    "special benefits on it.",
    "Otherwise, take your CR cards back.",
    "If any player has 10 points or more and it’s the end of your turn, you may declare that "
    "your next turn is your last turn.",
    "The game ends at the end of your next turn.",
    "If you have the most points at the end of the game, you win!",
    "Sharon and I made this game up for Ben’s birthday.",
    "We brainstormed it over a sunrise breakfast on July 2, 2006.",
    "I laid it out and wrote the rules July 2nd and 3rd.",
    "We play tested it at Games Night with JP and Markus (thanks, guys!) on July 4th, ’06.",
    "I did more layout and rewrote the rules on July 5th, ’06.",
    "Thanks to Sharon for editing.",
    "The game is based on five adjectives that describe Ben well: Chef, Gamer, Musician, "
    "Writer, and—most of all—a gosh-darn great Friend.",
    "Happy Birthday, Ben!",
]


TESTS = quoted_in_tests(HERE, but=Path(__file__).name)
DOC_RAW = DOC.read_text(encoding="utf-8")
DOC_TEXT = flat(DOC_RAW)


def test_the_sentences_are_forty_and_distinct() -> None:
    assert len(SENTENCES) == 40 and len(set(SENTENCES)) == 40


@pytest.mark.parametrize("sentence", SENTENCES)
def test_every_rulebook_sentence_is_quoted_in_the_rules_page(sentence: str) -> None:
    assert f"› {sentence}" in DOC_TEXT


@pytest.mark.parametrize("sentence", SENTENCES)
def test_every_rulebook_sentence_is_checked_by_a_test_that_quotes_it(sentence: str) -> None:
    assert sentence in TESTS


def test_the_rules_page_quotes_nothing_else() -> None:
    assert sorted(page_quotes(DOC_RAW)) == sorted(SENTENCES)


def test_the_rules_page_quotes_in_the_rulebooks_order() -> None:
    assert page_quotes(DOC_RAW) == SENTENCES


def test_every_decision_is_tested() -> None:
    numbers = decisions(DOC_TEXT)
    assert numbers == list(range(1, len(numbers) + 1))
    assert untested_decisions(DOC_RAW, TESTS) == []


def test_every_decision_the_engine_names_is_on_the_rules_page() -> None:
    """The [Dn] comments of the engine's modules name decisions the page states ("**Decision
    [Dn]"), so code and page cannot drift apart in their numbering."""
    stated = {int(d) for d in re.findall(r"\*\*Decision \[D(\d+)\]", DOC_RAW)}
    named = set()
    for path in ENGINE.glob("*.py"):
        named |= set(decisions(path.read_text(encoding="utf-8")))
    assert named and named <= stated, sorted(named - stated)
