"""Every sentence of the Renaissance Rivals rulebook is quoted in docs/rules/renaissance-rivals.md
and checked by a test that quotes it; every decision [Dn] of that page is named by a test, and
the engine's [Dn] comments name decisions of the page."""

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
DOC = ROOT / "docs" / "rules" / "renaissance-rivals.md"
ENGINE = ROOT / "src" / "tavola" / "games" / "renaissance_rivals"

# The rulebook (rulebooks/renaissance-rivals.txt), sentence by sentence, all of it but its
# headings and diagram captions: the byline, the flavour, the page headers and the
# acknowledgments too. Its typos are kept ("Buonnaroti", "II Moretto", "permissable").
SENTENCES = [
    "Game Designer: Seth McCormick (sethjmc@gmail.com)",
    "Compete for knowledge, favor and glory as one of the greatest artists the world has "
    "ever known!",
    "Renaissance Rivals is a 1-5 player game of cutthroat artistic competition that can be "
    "played in about an hour, for ages 12+.",
    "Players take on the role of one of six artists of the Italian Renaissance: Leonardo da "
    "Vinci, Antonia Uccello, Michelangelo Buonnaroti, Raphael Sanzio, Sister Plautilla "
    "Nelli, or Moretto da Brescia.",
    "Over the course of the game, your artist will criss-cross the art market of "
    "Renaissance Italy (a 4 x 4 grid of cards, whose top row represents Milan, the middle "
    "two rows Florence, and the bottom row Rome) as you use cards drawn into your hand to "
    "obtain Commission cards and complete your artist's eight unique Masterpieces.",
    'Achieve fame as the "universal genius" Leonardo da Vinci, or change history as the '
    "artist-nun Plautilla Nelli by rebuilding St. Peter's!",
    "Renaissance Rivals is an engine-building game in which you collect Commission cards to "
    "gain new Skills and generate additional resources that let you take increasingly "
    "powerful actions.",
    "On a typical turn, you will draw four cards into your hand to generate Influence "
    "points (which allow you to acquire Commission cards) or Advancement points (required "
    "to complete your artist's Masterpieces).",
    "Every time you acquire a Commission card, you must decide whether to add the card to "
    "your deck to generate more resources in future turns, or add it to your Palette to "
    "acquire the Skills that will unlock more valuable Commissions and let you complete "
    "more prestigious Masterpieces.",
    "Different kinds of Commissions trigger movement in different directions, so you need "
    "to be strategic about the order in which you acquire them: the most valuable "
    "Commission cards are found in Rome, but these require Skills that can only be learned "
    "in Florence or Milan.",
    "Furthermore, each Masterpiece can only be executed in its designated city, so "
    "completing them will require planning and foresight!",
    "The game ends as soon as one artist completes six of their eight Masterpieces "
    '(including their "major" masterpiece, worth 8 Victory Points) OR obtains the '
    "commission for the Basilica of St. Peter's (the largest church in Christendom).",
    "Victory Points are totalled, and the player with the most points wins.",
    "The print-and-play version of the game includes:",
    "6 City cards (2 for each city)",
    "6 Artist Reference cards, featuring each artist's biography and Masterpiece requirements",
    "6 Rules Reference cards, showing Skill Tree and Turn Sequence",
    "63 Player Deck cards (8 unique Masterpiece cards for each of 6 artists + 15 Level 0 "
    "cards, 3 per player)",
    "97 Market Commission cards",
    "Total: 178 cards",
    "In addition, pawns or player tokens of some kind will be needed to represent the "
    "players' chosen artists as they move around the map.",
    "These may be color-coded to match the colored borders of the different Artist "
    "Reference and Masterpiece cards.",
    "City cards are placed to the side of the map, adjoining the corresponding row(s) of "
    "the 4 x 4 art market.",
    "When a Masterpiece card is played from a player's hand, it is tucked under one side of "
    "the appropriate City card so that all players can see its required Skill and the "
    "number of Advancement points needed to advance it the first step towards its "
    "completion.",
    "Stepwise progression is shown by sliding out the Masterpiece card to reveal the "
    "Advancement points required to complete the next step.",
    "Artist reference cards serve to remind the player of the different Skill and City "
    "requirements for her artist's Masterpiece, as well as the Victory Points awarded for "
    "completing them.",
    "The reverse side features a biographical sketch of the artist.",
    "The Turn Sequence summarizes the different actions that can be taken on a player's "
    "turn and their sequence.",
    "On the reverse side of these cards, a Skill Progression chart is shown: it illustrates "
    'the Skill combinations needed to "cross-link" upper-level Skills, which unlocks more '
    "valuable Commissions.",
    "Each artist has a set of eight (8) Masterpiece cards, identified on the right-hand "
    "side by artist's name, and individually labelled by artwork title, date, and image.",
    "Each Masterpiece card displays the resources it generates in hand (upper-left corner), "
    "the Advancement points required to take the Masterpiece each step to completion, and "
    "the Victory Points (VPs) that are awarded to the player at game's end if the "
    "Masterpiece is completed.",
    "Resources include Influence (represented by the coin symbol) and Advancement "
    "(represented by the gear).",
    'The slash between these two symbols ("/") shows that a single card can be used to '
    "generate Influence OR Advancement points in a single round, but not both: the player "
    "must choose.",
    "To start a Masterpiece and make progress towards its completion, you must meet its "
    "specific requirements.",
    "A Masterpiece card in your hand can only be started or advanced on your turn if you "
    "have Mastery of a specific Skill (identified on the card by the Palette icon) and your "
    "player token is located in a row belonging to the City printed at the bottom of the "
    "card.",
    "(For more details on Mastery, see Commission cards, below.)",
    "Starting a Masterpiece by playing the card to a City removes it from your deck and "
    "allows you to spend Advancement points to complete it.",
    "The small gear on each step of a Masterpiece card shows how many Advancement points "
    "are required to advance it to the next step.",
    "Each player starts with two (2) Holy Family cards and one Madonna card.",
    "These are shuffled together with their chosen artist's Masterpiece cards to form the "
    "player's starting draw deck.",
    "These Starting Commission cards can be distinguished from ordinary Commission cards by "
    'the gray "Level 0" printed in their upper right (the Level of a regular Commission '
    "card is printed in red or blue).",
    "Also, they have no Influence cost printed at the bottom.",
    "These are the cards that are dealt out into a 4 x 4 grid of card stacks in order to "
    "create the shared market (which also serves as a game board for movement purposes).",
    "The large coin icon in the lower left-hand corner of the Commission card is its "
    "Influence cost: this is how many points of Influence you need to generate in your hand "
    "in order to acquire that card from the market.",
    "The upper left-hand corner of each Commission card shows how many resources it "
    "generates when drawn into your hand.",
    "In the upper right, the level of the Commission is displayed (0-4): this information "
    "is necessary for set-up, and shows which kinds of cards can be found in each market "
    "stack.",
    "The lower right-hand corner contains a box with an arrow: this arrow specifies the "
    "direction(s) in which your player token moves when you acquire the card, within the "
    "limits of the market grid (one space for a straight arrow, two spaces for a broken "
    "arrow).",
    "The rectangle or oval in the center of the card's lower edge is the Skill Badge.",
    "When a Commission card is added to a player's Palette, it grants the player Mastery of "
    "the designated Skill, which allows the player to start Masterpieces requiring that "
    "Skill.",
    "Level 1 Skill Badges are rectangular: cards with these Badges can be acquired by "
    "players from the start of the game.",
    'Ovals are higher-level Skill Badges: the Skill must be "cross-linked" in the '
    "player's Palette by gaining Mastery in a combination of lower-level Skills, as shown "
    "in the Skill Progression chart on the Reference Cards.",
    "Skills are abbreviated on the Skill Badge as follows:",
    "ANAT Anatomy ANTIQ Antiquities GOLD Goldsmithing PERSP Perspective PORT Portraiture",
    "LAND Landscape SCULP Sculpture",
    "ARCH Architecture BRONZ Bronze-casting",
    "COLOR Colorito",
    "ENGIN Military Engineering",
    "If card added to Palette, gives Mastery of this Skill.",
    "If Commission card is level 2 or above (features an oval Skill Badge), card cannot be "
    "acquired unless Player has crosslinked this Skill in Palette.",
    "Each player takes the 8 Masterpiece cards for their artist and shuffles them together "
    "with 3 Starting Commission cards (2 Holy Family cards and 1 Madonna card) to create "
    "their draw deck.",
    "In the first round, the player who goes first will draw a hand of only 3 cards, while "
    "the second player draws a hand of 4.",
    "In a 3 or 4 player game, the third player will draw 5 cards in the first round and the "
    "fourth player will draw 6.",
    "(At the end of the first round and every round thereafter, all players will draw 4 "
    "cards into their hand for the next round, unless one or more of these cards has a "
    "special action that grants the player an extra card draw).",
    "Market Commission cards are sorted into piles by Level.",
    "Each pile is then shuffled and dealt out evenly into the stacks shown below, according "
    "to its Level (0, 1, 2, 3, or 4):",
    "At setup, each of the Level 0 stacks should contain exactly 7 cards.",
    "All other stacks should contain 6 cards each, except for the Level 4 stack, which "
    "contains only 5 cards.",
    "At the start of the game, player tokens for Michelangelo, II Moretto, and Plautilla "
    "Nelli are placed on top of the lowest Level 0 stack (first column, second row), while "
    "Leonardo, Antonia Uccello, and Raphael place their player tokens on the highest Level "
    "2 stack (fourth column, second row).",
    "Line up the City cards with their respective rows.",
    "Place a Milan card to the left of the first row (and another one to the row's right, "
    "in a 3-5 player game); place the Florence card(s) next to the second and third rows; "
    "Rome card(s) are placed next to the bottom row.",
    "(See In-Progress Game Diagram, below.)",
    "In a 3 or 4-player game, which requires two decks of Commission cards, the cards in "
    'the second deck (known as the "Red Deck," after the color of the Level) are '
    "separated into four separate draw piles by level.",
    "These piles are placed to one or the other side of the playing area, high to low: "
    "Level 4 cards next to row 1, Level 3 next to row 2, Level 2 cards next to row 3, and "
    "Level 1 cards next to row 4.",
    "(When over the course of the game, a player takes the last card from a stack in the "
    "market, new cards are drawn one at a time from the draw pile placed next to that row.)",
    "Note: Reserving a second deck of cards for re-supplying emptied stacks can also be "
    "adopted in a 2-player game.",
    "Otherwise, when a stack is emptied, it is simply treated as an ordinary space for "
    "purposes of movement and range: player tokens can move into and out of the empty space "
    "as normal, but the total number of Commission cards available on the map decreases, as "
    "do the players' movement options.",
    "Each of the cards in your hand generates resources to power actions, in the form of "
    "Influence points (used to acquire Commissions) and Advancement points (used to "
    "complete Masterpieces).",
    "The resources generated by a card in your deck are denoted in the upper-left corner of "
    "the card (see Card Anatomy diagrams).",
    "As soon as your draw deck runs out of cards (which can happen in the middle of your "
    "draw if there were less than four cards remaining in your draw deck at the start of "
    "the turn), your discard pile is shuffled and becomes the new active deck, supplying "
    "any additional cards that might be needed to fill out your hand for that turn.",
    "The following actions can be taken in any order, any number of times, so long as you "
    "have the necessary resources.",
    "In addition, certain level 3 Commission cards grant special actions, which can be used "
    "at any time during your turn (see SPECIAL ACTIONS, below).",
    "You can only acquire Commission cards located within one space of your player token, "
    "including the card your token stands on and all surrounding cards, up to a possible "
    "total of nine available Commissions, or less if your token occupies an edge space.",
    "(See In-Progress Game Diagram, above.)",
    "You can only acquire a Commission on your turn if the cards you have drawn generate "
    "enough Influence points to pay for that Commission's Influence cost (shown in the "
    "lower left-hand corner of the card).",
    "If the Skill Badge shown at the bottom of the card is oval-shaped (as is the case with "
    'all Commissions of level 2 or above), that Skill must be "cross-linked" in your '
    "Palette before that card can be acquired.",
    "Skills are cross-linked by combining Commission cards with matching Skill Progression "
    "icons in your Palette so that they are connected by the chain-links printed on the "
    "cards.",
    "(To form certain combinations, the chains must be connected across other cards.)",
    "You are always allowed to rearrange the cards in your Palette when you add a new card, "
    "to maximize the number of Skills that are cross-linked in your Palette.",
    "When a Commission card is acquired, the card immediately beneath it is revealed.",
    "After acquiring a Commission, you must decide whether to add it to your deck, or place "
    "it in your Palette to gain Mastery of that Skill (see #2b below, Assign Commissions).",
    "Players can acquire as many Commission cards on a turn as they can afford.",
    "Acquiring a Commission card immediately moves your player token in the direction of "
    "the arrow printed in the lower left-hand corner of the card you have just acquired.",
    "(It does NOT move your token in the direction of the arrow on the card your token "
    "stands on, unless this is the card you have just acquired).",
    "This movement is NOT optional and must be executed immediately after acquiring a "
    "Commission, and before you take any further actions (this includes acquiring any "
    "additional Commissions).",
    "Movement is limited by the edge of the market: your token is never permitted to leave "
    'the 4 x 4 grid of Commission cards, and movement does not "wrap" from one edge of '
    "the grid to the other.",
    "Instead, movement in any direction that would take your token off the edge of the map "
    "is ignored, but if the arrow specifies movement in more than one direction, movement "
    "in any permissable direction must be taken.",
    "Example: Your token is in the first column, second row.",
    "Acquiring a card with a broken arrow pointing up and to the left will move your token "
    "up 1 space, but will not move your token to the left, because this would cause it to "
    "move outside the market.",
    'Player tokens can move through and land in "empty" spaces where the Commission cards '
    "in a market stack have been depleted.",
    "Every time you acquire a Commission card, you have a choice of what to do with it:",
    "a) The card can be added to your discards so that it eventually cycles into your deck, "
    "generating more Influence and/or Advancement points when drawn in future rounds.",
    "This represents your completion of the Commission and your dedication of the finished "
    "work to your patron, who rewards you with increased favor and support.",
    "b) If your artist's Palette does not already contain a Commission card with the same "
    "Skill Badge, you can add the newly acquired Commission to your Palette to gain Mastery "
    "in that Skill.",
    "This represents your decision to partner with a more experienced master on the "
    "Commission, who will teach you Mastery of the card's associated Skill, in exchange for "
    "all the credit for the completed work.",
    "(This is reflected in the fact that Commission cards added to your Palette do not "
    "provide any VPs at game end.)",
    "A Masterpiece action can only be taken when your token occupies a row belonging to the "
    "city designated on the Masterpiece card you wish to start and/or Advance this round.",
    "All Masterpieces require Mastery of a particular Skill (shown in the Palette icon on "
    "the card), meaning you must have a Commission card with the corresponding Skill Badge "
    "in your Palette before the Masterpiece can be started.",
    "If City and Skill requirements are met, you can start a Masterpiece by tucking the "
    "card underneath the corresponding City card so that only the Advancement points "
    'required to complete the "1st step" are showing.',
    "A player can only work on one Masterpiece at a time in any given city.",
    "Once started in a particular city, a Masterpiece must be completed before a new "
    "Masterpiece can be played in the same city: Masterpieces cannot be discarded.",
    "Starting a Masterpiece costs nothing.",
    "You can start a Masterpiece anytime during your turn: you do not have to spend any "
    "Advancement points on its completion.",
    "You cannot start a Masterpiece in the same round that you use the card to generate "
    "resources (Influence or Advancement).",
    "Note that this means you cannot apply the Advancement points generated by a "
    "Masterpiece card to its own advancement.",
    "Game Designer: Seth McCormick (sethimc@gmail.com)",
    "To help players remember that an artist can only work on a single Masterpiece at a "
    "time in a particular City, in a 2-player game players should use opposite edges of the "
    "City cards for slotting in their Masterpieces.",
    "In a 3-5 player game, the second set of 3 City cards will need to be placed to the "
    "right of the corresponding market rows, so that there are enough card edges to provide "
    "each player with one slot for each City.",
    "(Note that in a 5-player game, it is very occasionally possible for one player to be "
    '"shut out" of a particular city.)',
    "Reminder: cross-linking a Skill does NOT grant Mastery of that Skill.",
    "When a Skill is cross-linked, the player may acquire Commissions associated with that Skill.",
    "In order to start a Masterpiece requiring Mastery of that Skill, a Commission card "
    "associated with that Skill must have been added to the player's Palette (see #2b "
    "above, Assign Commissions).",
    "You can start a Masterpiece and Advance it one or more steps in the same turn.",
    'Once the Advancement point requirement for the 1st, 2nd or 3rd "step" has been met, '
    "the Masterpiece card is slid out from under the City card so the points required to "
    "complete the next step are revealed.",
    "If a player has enough Advancement points, the Masterpiece can be advanced more than "
    "one step at a time, without limit (i.e., a Masterpiece can be played and completed in "
    "the same round).",
    "When the Advancement requirements of the third step have been paid, the Masterpiece is "
    "complete: place the card in the your pile of completed Masterpieces.",
    "Each time you complete a Masterpiece, you MAY move your token one space up, down, "
    "left, or right (NOT diagonally).",
    "This optional movement is in addition to any other movements taken that turn and can "
    "be completed any time during the player's turn (it does not have to be used "
    "immediately after completing the Commission).",
    "Example: a player has just completed a Masterpiece in Milan, earning a free space of "
    "movement.",
    "Meanwhile, she has another Milan Masterpiece card in her hand this turn whose "
    "resources have not been used.",
    "She decides to start the new Masterpiece in the Milan BEFORE taking the bonus movement "
    "to move down 1 space into Florence.",
    "At the end of your turn, after taking all your actions, you have the option to "
    "transfer a maximum of ONE Commission card from your hand to your Palette.",
    "The card can still be used for resource generation before it is transferred at the end "
    "of your turn.",
    "Note that Commission cards can never be transferred in the opposite direction, i.e. "
    "from your Palette to your hand or deck.",
    "All the cards you have drawn in this round (excepting a card you have transferred to "
    "your Palette) will be discarded at the end of your turn, whether or not you made use "
    "of them.",
    "If your active deck has run out of cards, your discard pile is shuffled and this "
    "becomes the new active deck.",
    "Ruleset: Renaissance Rivals this version: 8/16/2020 Creative Commons license CC BY-NC 4.010",
    "Once you have taken all your desired actions, you may draw a new hand of cards from "
    "your draw deck (usually 4).",
    "This gives you the opportunity to plan out your next turn while other players are "
    "completing their actions for this round.",
    "NOTE: If on your turn you find yourself in a situation where you are unable to take "
    "any Commission or Masterpiece actions (because you don't have the necessary Skills or "
    "sufficient Influence or Advancement points, and you cannot play a Masterpiece card) OR "
    'if on your turn you choose not to take any actions, you gain a "free" movement '
    "action, and may move your pawn one space to any orthogonally adjacent location (up, "
    "down, left, or right, but not diagonally).",
    "This movement is optional.",
    "Certain Commission cards grant special actions when added to your deck, as shown by "
    "the following symbols:",
    "When drawn in your hand, BRONZ and COLOR Commissions allow players to draw an extra "
    "card from their deck, as represented by this icon.",
    'Multiple extra card draws can "stack" without limit.',
    "Example: a player draws four cards, one of which is a BRONZ Commission.",
    "This allows her to draw a fifth card, which is a COLOR Commission, and this card in "
    "turn allows her to draw a sixth card.",
    "If this sixth card were also a COLOR or BRONZ, she would draw a seventh card, etc.",
    'LAND and ARCH Commissions grant the "Elevate" action when drawn into your hand (as '
    "represented by the icon shown next to Influence and Advancement points).",
    "The Elevate action allows you to remove one card in your hand or discard pile from "
    "your deck and set it aside, so that it will no longer be drawn into future hands but "
    "will still be scored normally for VPs at the end of the game.",
    "This can be a useful way of removing the lowest-powered or most restrictive cards from "
    "your deck.",
    "Cards may be used to generate points and then Elevated at the end of the round.",
    "(It is suggested that Elevated cards be added to the bottom of your stack of completed "
    "Masterpieces, so that they are not accidentally confused with the cards in your draw "
    "deck or discards.)",
    'This ability is also "stacking," so if two LAND Commissions are drawn in the same '
    "hand, for example, two cards may be Elevated that round.",
    "NOTE: Masterpieces can never be Elevated.",
    "When drawn in your hand, GOLD (Metalwork) Commissions give you the option of moving "
    "your pawn down one space INSTEAD of spending the card's Influence or Advancement "
    "points.",
    "At the end of your turn, you always have the option of transferring one card from your "
    "hand to your Palette.",
    "Keep in mind that this action cannot be reversed: cards can never be transferred from "
    "your Palette to your hand, discards, or draw deck.",
    "The game ends when one player completes 6 of their 8 Masterpieces, one of which must "
    "be worth 8 VP, or when a player obtains the commission for the Basilica of St. "
    "Peter's.",
    "The latter is a special ARCH Commission that costs 14 Influence and scores 10 VP at "
    "the end of the game.",
    "(This card is randomly shuffled into the other Level 3 cards before game set-up, so "
    "that it is impossible to predict in which of the three Level 3 stacks it will be "
    "revealed, or when.)",
    "As soon as either of these conditions are met, the game ends and all players' VP "
    "scores are totaled.",
    "SCORING MASTERPIECES: Masterpieces earn VPs only when completed.",
    "Masterpiece cards that remain in your deck at the end of the game do not earn any VP.",
    "SCORING COMMISSIONS: The number of VPs a Commission scores is equal to its level: "
    "Level 0 Commissions are worth 0 VP, Level 1 Commissions are worth 1 VP, Level 2 "
    "Commissions are worth 2 VP, etc.",
    "Only Commissions that remain in your deck at the end of the game (along with any cards "
    'that have been "Elevated") are scored for VPs: Commission cards in your Palette do '
    "not earn VPs.",
    "A five-player variant of the rules will be made available separately.",
    'For "learning" solo play:',
    "The board is set up as normal.",
    "Four cards are drawn on the first turn, and every turn thereafter (except when card "
    "abilities enable extra card draws).",
    "At the end of each turn, a card must be removed from the stack furthest from the "
    'player among the stacks remaining in the leftmost column ("Column A"), and placed in '
    "a pile off to one side of the board.",
    "The game ends as soon as the player wins by completing six Masterpieces, including "
    "their 8 VP Masterpiece, or loses when the last card has been removed from the closest "
    "stack in Column A (the bottom left stack), whichever comes first.",
    "No card is removed at the end of the turn in which the victory condition is met: "
    "instead, the game ends instantly.",
    "The player's score is determined by adding together (total VPs earned from Commission "
    "cards remaining in deck) + (VPs from MPs and elevated Commission cards), then "
    "subtracting the number of all the cards that were removed from the board at the end of "
    "turns (out of 26 cards total in Column A).",
    "For scoring purposes, St. Peter's is worth double an ordinary level 3 card (6 points).",
    'For advanced solo play, see the "Bonfire of the Vanities" Solo Variant linked in the '
    "game description.",
    "This project has benefited enormously from the playtesting, encouragement, support, "
    "and inspiration of my fellow members of the Game Designers of North Carolina, "
    "especially Asheville members Julio Nazario, Ian Sloat Phillips, Andrew Spohn, Kevin "
    "Ude, and Ryan Wanless.",
    "I am also grateful to the members of the Triangle chapter who playtested the game and "
    "suggested changes and improvements, including Matt Everhard, Matt Haberfeld, Ainsley "
    "Kalb, and Whit Vosburgh.",
    "Other game designers who playtested the game and offered valuable feedback include "
    "Dawn Marie Cox, Jeremy Garland, Sidney Jacobs, Brandon Jeffers, Brian Kline, and Jason "
    "Mustard.",
    "I would also like to thank my students at Western Carolina University who contributed "
    "to the process of playtesting and iteratation from the project's very earliest stages: "
    "Victoria Alexander, Raymond Baccari, Matt Hellgeth, Connor Henderson, Perry Houlditch, "
    "Mo Kessler, Jesse Lloyd, Megan Long, Sara Method, Kylie Price, Lydia See, and Meghan "
    "Wilson.",
]


TESTS = quoted_in_tests(HERE, but=Path(__file__).name)
DOC_RAW = DOC.read_text(encoding="utf-8")
DOC_TEXT = flat(DOC_RAW)


def test_the_sentences_are_distinct() -> None:
    assert len(SENTENCES) == 178 and len(set(SENTENCES)) == 178


@pytest.mark.parametrize("sentence", SENTENCES)
def test_every_rulebook_sentence_is_quoted_in_the_rules_page(sentence: str) -> None:
    assert f"› {sentence}" in DOC_TEXT


@pytest.mark.parametrize("sentence", SENTENCES)
def test_every_rulebook_sentence_is_checked_by_a_test_that_quotes_it(sentence: str) -> None:
    assert flat(sentence) in TESTS


def test_the_rules_page_quotes_nothing_else() -> None:
    assert sorted(page_quotes(DOC_RAW)) == sorted(SENTENCES)


def test_the_rules_page_quotes_in_the_rulebooks_order() -> None:
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
