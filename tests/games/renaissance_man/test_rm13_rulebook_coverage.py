"""Every sentence of the Renaissance Man (2013) rulebook is quoted in
docs/rules/renaissance-man.md and checked by a test that quotes it; every decision [Dn] of that
page is named by a test, and the engine's [Dn] comments name decisions of the page."""

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
DOC = ROOT / "docs" / "rules" / "renaissance-man.md"
ENGINE = ROOT / "src" / "tavola" / "games" / "renaissance_man"

# The rulebook (rulebooks/renaissance-man-2013.txt), sentence by sentence, all of it: the box,
# the credits and the publisher's address too; its bold marks dropped, its typography kept. The
# section headings are not sentences.
SENTENCES = [
    "1-4 players · 30 minutes",
    "Each player is a Renaissance Man, skilled as a Scholar, a Merchant, a Knight, and a Baker.",
    "The goal is to train, hire, and recruit others, aiming to produce a Master of one of these "
    "4 areas of study.",
    "Each player chooses a color to play.",
    "Each player takes:",
    "4 Wooden Knights of the player's color",
    "The Wooden Action Pawn of the player's color",
    "A player board (assembled from 2 interlocking halves)",
    "One Foundation card of each type (Merchant, Scholar, Baker, Knight, Renaissance Man)",
    "One Reference card",
    "Select one player to be the Dealer for the game.",
    "The Dealer:",
    "Places the Recruit Board in the Center of the table.",
    "Shuffles the 96 game cards.",
    "Deals 1 card face-up onto each slot of the Recruit board.",
    "The players now set their Foundation.",
    "Each player observes the starting Recruits on the Recruit board.",
    "All players then secretly and simultaneously place their 5 Foundation cards face-up in a "
    "row at the bottom of their play area in any order they wish.",
    'These 5 cards form Level One of the player\'s "Pyramid Structure" of workers.',
    "The Dealer deals 4 cards to each player from the main deck.",
    "Players should look at their own cards, but may not look at the cards of others.",
    "Throughout the game, players will discard cards to a face-down discard pile near the center "
    "of the table.",
    "The Dealer should keep the main deck nearby for easy access.",
    "When the main deck runs out and a new card needs to be drawn, the Dealer should reshuffle "
    "the discard pile to form a new draw deck.",
    "The Dealer places the 48 double-sided tokens in one or more piles easily accessible by all "
    "players.",
    "Once played on a player's board, these tokens may never be flipped (e.g. bread cannot be "
    "flipped over to be a coin).",
    "The tiles are double-sided simply to provide more supply variety.",
    "All players take actions simultaneously.",
    "The goal of the players is to create a Worker pyramid structure of 5 levels, making a total "
    "of 15 workers.",
    "5 workers for Level One (Starting Foundation), 4 for Level Two, 3 for Level Three, 2 for "
    "Level Four, and 1 (Master) for Level Five.",
    'Attaining a Master ends the game (See "End of Game" for more details).',
    "A series of Rounds compose the game.",
    "Each Round proceeds in the following manner:",
    "1-4 Action Phases (depending on the level of the highest worker pyramid), followed by",
    "Resolution of the Recruit Board, followed by",
    "Discarding and Dealing cards.",
    "For each action a player takes during the Action Phase, he decides both of the following:",
    "Which TYPE OF ACTION the player will take (Teach, Barter, Hire, or Recruit).",
    "A player might not have access to all 4 types of actions at all times, however.",
    "Which CARD the player will use from their HAND for the chosen action.",
    "To start a Round, all players place their Action Pawn by the “Action 1” area of their board.",
    "All players then simultaneously choose one action type and one hand card to use for that "
    "phase.",
    "How a player gains access to action types:",
    "Each card in Level 1 of a player’s structure provides access to the action shown on the "
    "large icon at the top, as long as there are no cards overlapping on top of the card.",
    "For instance, a Knight provides a shield or RECRUIT action, a Baker provides a bread or "
    "BARTER action, etc.",
    "Once a Worker starts supporting another Worker or Workers (i.e. once one or two cards are "
    "placed above him), he no longer provides the player access to his action!",
    "Thus the taller a pyramid becomes, the fewer actions available to the player (but see "
    "“Worker Removal”).",
    "Players start with one of each type of Worker hired into in their Level 1 foundation of "
    "cards, so at the beginning, a player will be free to take any of the Workers’ actions.",
    "Note: Renaissance Man cards do not have a large icon, and so do NOT provide access to any "
    "action types for the player.",
    "Each token in a player’s “Stored Actions” area provides a one-time access to that action.",
    "The player discards the token back to the general pile after use (for more on Stored "
    "Actions, see Action Type: BARTER).",
    "When the Dealer determines that all players are ready, he calls out, “Action 1!”",
    "Players simultaneously reveal the card they are playing and their action choice.",
    "A player may choose to not take any action if desired.",
    "After Action Phase 1 is complete, the Dealer looks around to all players’ structures, and "
    "sees whether anyone has at least one worker (covered or uncovered) on Level 2.",
    "If so, Dealer advises everyone to advance their Action Pawns (this pawn is used as a "
    "reminder for all players during the round, to show which action the players are about to "
    "take, and thus which actions the players have access to).",
    "Play then proceeds to the next Action Phase (e.g. Action Phase 2).",
    "If not, the Action phases end, and the Round proceeds to Recruit resolution",
    "Action Phases 2, 3, & 4 are played similarly to Action Phase 1",
    "Level 1 Workers do NOT provide access to actions on any Phase other than Action Phase 1.",
    "During Action Phase 2, players instead look to their Level 2 Workers for available actions "
    "(same for Levels 3 and 4).",
    "Stored Actions are useable as the action for any called Action Phase.",
    "All players may participate in every called Action Phase, regardless of whether they have "
    "workers on the called Level (i.e. Stored Actions may be used).",
    "Remember, however, that the Dealer calls for an Action Phase only if at least one player "
    "has one or more cards on the corresponding level (theme-wise, this player has advanced "
    "technology for everybody!)",
    "The game proceeds in the following steps.",
    "Players act simultaneously.",
    "Level One action",
    "Level Two action (if applicable)",
    "Level Three action (if applicable)",
    "Level Four action (if applicable)",
    "Resolve Recruit Board",
    "Players may Discard",
    "Refill Recruits & Refill Players' hands",
    "Each action consists of one chosen action type and one chosen card from the player's hand.",
    'HIRE ("Coin" action): The player places the chosen card from his hand above two adjacent '
    "cards in his structure, in a pyramid fashion.",
    "The Worker's needs (i.e. the bottom two icons) must match the offers of the lower two "
    "Workers (top corner icons) exactly (in both type and order, from left to right).",
    "Note that Renaissance Men have all 4 types on each top corner, and may offer different "
    "types on each of these.",
    'BARTER ("Bread" action): The player places the chosen card in the discard pile.',
    "He then takes a token of the type corresponding to the large icon on the discarded card "
    '(i.e. take a shield token, if a Knight was discarded), placing it in the "Stored Actions" '
    "area of his board.",
    "A player may not have more than 4 tokens (of any types) stored at any time (one per slot at "
    "the bottom of the player's board).",
    "However, a player may freely discard tokens to make room for new ones if necessary.",
    'TEACH ("Book" action): The player places the chosen card in the discard pile.',
    "He then takes a token of the type corresponding to the large icon on the discarded card "
    '(i.e. take a Coin token if a Merchant was discarded), placing it in the "Renaissance Man" '
    "area at the top of his board.",
    "A player may not have more than 1 token of each type in this area at any time.",
    "If all 4 tokens are now present, the player generates a Renaissance Man.",
    "The player discards all 4 tokens",
    "The player draws the top card from the Draw Pile, and places it face-down atop two adjacent "
    "cards in his structure.",
    "Reminder:",
    "Renaissance Men's needs and offers (the four corner icons) can be of any type, and are "
    "allowed to be different from each other.",
    "Renaissance Men do not provide access to actions for the player (no large icon).",
    'RECRUIT ("Shield" action): The player places the chosen card in the discard pile.',
    "He then takes any one of his Knights, placing it on the Recruit board in the area matching "
    "the large icon of the discarded card (Coin, Book, Bread, or Shield).",
    "This represents the player's effort to gain the card placed in this area.",
    "After the players finish all the called Action Phases, they then resolve the Recruit Board.",
    "Players resolve each Recruit area where one player has a majority of Knights (resolving "
    "areas from left to right).",
    "The player with majority places the area's card:",
    "in his hand, or",
    "in his structure (where appropriate)",
    "The players continue resolving until there are no further majorities.",
    "Players retrieve their Knights from an area when it is resolved.",
    "In the event of a tie, the Knights remain for the following round.",
    "Players may discard any cards they wish from their hands (including cards just recruited).",
    "The Dealer begins with the Recruit Board, refilling any vacated Recruit slots with cards "
    "from the deck.",
    "The Dealer then refills each player's hand back to 4 cards each, beginning with the player "
    "to his left and continuing clockwise.",
    "At any time during the game, players may freely discard unwanted, uncovered workers from "
    "their structures, of Level 2 or higher.",
    "This does not cost the player an action.",
    "Note: This rule is very important!",
    "Players should keep this in mind throughout the game as they plan their actions.",
    "For example, a player may perform this immediately before any Level's action, to gain "
    "access to a Worker's action type.",
    "It is never necessary to reveal this plan to the other players prematurely - the player can "
    "just remove the unwanted card(s) as the first part of his action, when everybody "
    "simultaneously reveals.",
    "It is possible to chain-remove, i.e. remove one or more cards, and then remove the newly "
    "revealed cards that were underneath, if desired.",
    "It is not possible, however, to use a Merchant to hire someone to take his place (i.e. If "
    "the Merchant is removed, then his Hire ability is immediately removed as well).",
    "At all times, play is as simultaneous as possible.",
    "Examples:",
    "All players should reveal at the same time what card they are playing and what action they "
    "are using.",
    "A useful method is for the players to simultaneously tap their action's area with the card "
    "they have chosen, or, use the Action pawn to denote which action is being taken.",
    'If multiple players create a "Renaissance Man" at the same time, then they all are dealt '
    "a face-down card from the deck, and simultaneously choose where to place it in their "
    "structures.",
    "In the rare case where a player plans to take a recruit action and has all his knights on "
    "the recruit board (due to ties in the previous round), he should be sure to decide which "
    "Knight to move before the action is revealed.",
    "The Game ends following an Action Phase or Recruit Resolution where a player has added a "
    "“Master” (i.e. Level Five worker) to his structure.",
    "This will be his 15th worker, thus completing his pyramid, and winning the game.",
    "If multiple players achieve this at the same time, then the tied player having the highest "
    "sum of Stored Actions, Renaissance Man tokens, and Knights in play is the winner (if still "
    "a tie, then these players share the victory).",
    "Choose a color of Knights to play against.",
    "These Knights will attempt to recruit Workers, keeping them from you and reducing the time "
    "you have to complete your goal.",
    "At the start of the Recruit Resolution phase, flip two cards from the top of the draw pile.",
    "Place a Knight of the opposing color onto the Recruit area corresponding to the large icon "
    "on each flipped card, and resolve the phase as usual.",
    "When the opposing Knights win a card, place it in the discard pile.",
    "If there is a tie, do not keep the Knights on the board – remove the Knights regardless.",
    "The opposing Knights will attempt to recruit during every Round, even if you do not attempt "
    "to recruit.",
    "You win if you complete your pyramid structure before you need to reshuffle the deck (i.e. "
    "when you need to draw, but the deck is empty).",
    "For an easier game, randomly reshuffle a pre-chosen number of cards (10, for example) to "
    "make a new draw pile when the deck initially runs out, and play until a new shuffle is "
    "needed.",
    "For a tougher game, randomly discard a number of cards (10, for example) face-down from the "
    "deck before the game begins.",
    "Author: Anthony Rubbo",
    "Illustrations: Claus Stephan and Martin Hoffmann",
    "Graphics: Mirko Suzuki",
    "Editing: Heydon Hensley",
    "© 2013 Rio Grande Games.",
    "All rights reserved.",
    "If you have comments, questions, or suggestions, please write to us at:",
    "Rio Grande Games, PO Box 1033, Placitas, NM 87043, USA",
    "RioGames@aol.com",
    "Visit our website at: www.riograndegames.com",
    "© 2013 Rio Grande Games",
]


TESTS = quoted_in_tests(HERE, but=Path(__file__).name)
DOC_RAW = DOC.read_text(encoding="utf-8")
DOC_TEXT = flat(DOC_RAW)


def test_the_sentences_are_distinct() -> None:
    assert len(SENTENCES) == 142 and len(set(SENTENCES)) == 142


@pytest.mark.parametrize("sentence", SENTENCES)
def test_every_rulebook_sentence_is_quoted_in_the_rules_page(sentence: str) -> None:
    assert f"› {sentence}" in DOC_TEXT


@pytest.mark.parametrize("sentence", SENTENCES)
def test_every_rulebook_sentence_is_checked_by_a_test_that_quotes_it(sentence: str) -> None:
    assert sentence in TESTS


def test_the_rules_page_quotes_in_the_rulebooks_order_and_nothing_else() -> None:
    assert page_quotes(DOC_RAW) == SENTENCES


def test_every_decision_is_tested() -> None:
    numbers = decisions(DOC_TEXT)
    assert numbers == list(range(1, len(numbers) + 1))
    assert untested_decisions(DOC_RAW, TESTS) == []


def test_every_decision_the_engine_names_is_on_the_rules_page() -> None:
    stated = {int(d) for d in re.findall(r"\*\*Decision \[D(\d+)\]", DOC_RAW)}
    named = set()
    for path in ENGINE.glob("*.py"):
        named |= set(decisions(path.read_text(encoding="utf-8")))
    assert named and named <= stated, sorted(named - stated)
