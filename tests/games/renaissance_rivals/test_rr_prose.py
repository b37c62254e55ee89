"""The Renaissance Rivals rulebook's sentences that set no rule of play (the byline, flavour,
components, cross-references, acknowledgments): each is quoted here with what tavola does about
it, checked where there is anything to check."""

import random
from pathlib import Path

import pytest
from rr_helpers import new

import tavola
from tavola.games.renaissance_rivals import text
from tavola.testing.rulebook import flat

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "renaissance-rivals.md"
PAGE = " ".join(DOC.read_text(encoding="utf-8").split())


def test_the_byline_and_version() -> None:
    """Game Designer: Seth McCormick (sethjmc@gmail.com) Game Designer: Seth McCormick
    (sethimc@gmail.com) Ruleset: Renaissance Rivals this version: 8/16/2020 Creative Commons license
    CC BY-NC 4.010 The designer is named in the description and the ruleset's date on the rules
    page; our rules version is 2 (version 1 shuffled another way, so its records are refused)."""
    spec = tavola.get_spec("renaissance-rivals")
    assert "Seth McCormick" in spec.description and spec.rules_version == "2"
    assert "8/16/2020" in PAGE


def test_the_overview_sets_no_rule_beyond_the_rules_below() -> None:
    """Compete for knowledge, favor and glory as one of the greatest artists the world has ever
    known! Renaissance Rivals is an engine-building game in which you collect Commission cards to
    gain new Skills and generate additional resources that let you take increasingly powerful
    actions. The reverse side features a biographical sketch of the artist. These may be color-coded
    to match the colored borders of the different Artist Reference and Masterpiece cards. This
    represents your completion of the Commission and your dedication of the finished work to your
    patron, who rewards you with increased favor and support. This represents your decision to
    partner with a more experienced master on the Commission, who will teach you Mastery of the
    card's associated Skill, in exchange for all the credit for the completed work. Flavour: the
    page says so ("No rule")."""
    for s in map(
        flat,
        (
            """Compete for knowledge, favor and glory as one of the greatest artists the world has
            ever known!""",
            """Renaissance Rivals is an engine-building game in which you collect Commission cards
            to gain new Skills and generate additional resources that let you take increasingly
            powerful actions.""",
            """The reverse side features a biographical sketch of the artist.""",
            """These may be color-coded to match the colored borders of the different Artist
            Reference and Masterpiece cards.""",
            """This represents your completion of the Commission and your dedication of the finished
            work to your patron, who rewards you with increased favor and support.""",
            """This represents your decision to partner with a more experienced master on the
            Commission, who will teach you Mastery of the card's associated Skill, in exchange for
            all the credit for the completed work.""",
        ),
    ):
        assert f"› {s}" in PAGE


@pytest.mark.parametrize(
    "sentence",
    [
        """The print-and-play version of the game includes:""",
        """Total: 178 cards""",
        """The Turn Sequence summarizes the different actions that can be taken on a player's turn
        and their sequence.""",
        """(For more details on Mastery, see Commission cards, below.)""",
        """(See In-Progress Game Diagram, below.)""",
        """(See In-Progress Game Diagram, above.)""",
        """For advanced solo play, see the "Bonfire of the Vanities" Solo Variant linked in the game
        description.""",
        """This project has benefited enormously from the playtesting, encouragement, support, and
        inspiration of my fellow members of the Game Designers of North Carolina, especially
        Asheville members Julio Nazario, Ian Sloat Phillips, Andrew Spohn, Kevin Ude, and Ryan
        Wanless.""",
        """I am also grateful to the members of the Triangle chapter who playtested the game and
        suggested changes and improvements, including Matt Everhard, Matt Haberfeld, Ainsley Kalb,
        and Whit Vosburgh.""",
        """Other game designers who playtested the game and offered valuable feedback include Dawn
        Marie Cox, Jeremy Garland, Sidney Jacobs, Brandon Jeffers, Brian Kline, and Jason
        Mustard.""",
        """I would also like to thank my students at Western Carolina University who contributed to
        the process of playtesting and iteratation from the project's very earliest stages: Victoria
        Alexander, Raymond Baccari, Matt Hellgeth, Connor Henderson, Perry Houlditch, Mo Kessler,
        Jesse Lloyd, Megan Long, Sara Method, Kylie Price, Lydia See, and Meghan Wilson.""",
    ],
)
def test_sentences_without_a_rule_are_quoted_with_a_note(sentence: str) -> None:
    """Components, cross-references and acknowledgments: quoted on the page, followed by a
    note."""
    sentence = flat(sentence)
    at = PAGE.index(f"› {sentence}")
    assert PAGE[at + len(sentence) + 2 :].strip()


def test_the_turn_sequence_is_in_the_text_rules() -> None:
    """The Turn Sequence summarizes the different actions that can be taken on a player's turn and
    their sequence. The terminal's rules in brief carry the turn sequence."""
    for word in ("Acquire", "Start a Masterpiece", "Elevate", "End:"):
        assert word in text.RULES
    assert "Renaissance Rivals" in text.render(new(2).view(0))


def test_the_screen_fits_80_columns_and_speaks_to_its_seat() -> None:
    """The market's rows were 93 characters and the seats' lines up to 180, so an 80-column
    terminal broke the grid; the seat to play read 'Seat 0 to play.' on its own screen."""
    g = new(4)
    rng = random.Random(3)
    for _ in range(300):
        if g.is_over:
            break
        screen = text.render(g.view(g.view(0)["current"]))
        assert "\nYou to play." in screen
        assert max(map(len, screen.splitlines())) <= 80, screen
        seat = min(g.to_act)
        g.act(seat, rng.choice(g.legal_actions(seat)))


def test_an_acquisition_to_the_deck_is_told_as_the_choice_named_it() -> None:
    """The choice reads 'Acquire A1 to the deck' (the rulebook: 'add it to your deck'); the
    event said 'to the discards'."""
    g, rng = new(2), random.Random(5)
    while not any(a.to_json().get("to") == "deck" for a in g.legal_actions(0)):
        g.act(min(g.to_act), rng.choice(g.legal_actions(min(g.to_act))))
    (action,) = [a for a in g.legal_actions(0) if a.to_json().get("to") == "deck"][:1]
    g.act(0, action)
    said = [e["text"] for e in g.events(0) if e["kind"] == "acquire"][-1]
    assert f"from {action.to_json()['stack']} to the deck (on the discard pile)" in said, said


def test_an_acquisition_to_the_palette_names_it_as_the_rulebook_and_the_log_do() -> None:
    """The choice read 'Acquire A1 to the palette' where its log line, the rulebook and every
    other move say 'the Palette'; the earlier label still parses."""
    g = new(2)
    labels = [a.label for a in g.catalog.actions if a.to_json().get("to") == "palette"]
    assert labels and all(label.endswith(" to the Palette") for label in labels)
    assert g.catalog.parse("Acquire A1 to the palette").to_json()["to"] == "palette"


def test_help_gives_the_solo_rules_only_alone() -> None:
    assert "Alone (the learning game)" in text.help_text(new(1).view(0))
    assert "Alone" not in text.help_text(new(2).view(0))


def test_the_screens_market_stays_in_columns_where_pawns_meet() -> None:
    """'D2*01 SCULP$5 (10)' was wider than its cell and pushed the rest of its row out of
    line: the cells are as wide as the widest."""
    view = tavola.new_game("renaissance-rivals", players=3, seed=1).view(0)
    for seat in view["seats"]:
        seat["pawn"] = "B3"  # all three on the stack whose top is SCULP$5
    lines = text.render(view).splitlines()
    rows = [
        line for line in lines if line.startswith("  ") and line[2:4] in ("A1", "A2", "A3", "A4")
    ]
    assert len(rows) == 4 and "B3*012 SCULP$5 (6)" in rows[2]
    starts = {tuple(line.index(f"{col}{r}") for col in "ABCD") for r, line in enumerate(rows, 1)}
    assert len(starts) == 1  # every row's stacks start in the same columns


def test_the_solo_screen_says_column_as_cards_left_and_the_scores_parts() -> None:
    """The solo game's clock is column A; its score is less one per card removed."""
    g = new(1, seed=2)
    for _ in range(3):
        g.act(0, next(a for a in g.legal_actions(0) if a.kind == "end"))
    screen = text.render(g.view(0))
    assert "Column A: 23 cards left, 3 removed (-3 VP)." in screen
    assert ", -3 VP (0 + 0 - 3 removed);" in screen
    assert "Column A" not in text.render(new(2).view(0))
