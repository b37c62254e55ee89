"""Renaissance Man (2013): the card data file (a reconstruction), loadable and replaceable."""

from __future__ import annotations

from importlib.resources import files

import pytest

import tavola
from tavola.games.renaissance_man.cards import CARDS, RM

STANDARD = files("tavola.games.renaissance_man").joinpath("data/cards.toml").read_text()


def load(text: str) -> tavola.Game:
    return tavola.new_game(
        "renaissance-man", players=2, seed=1, options={"cards": {"name": "my.toml", "toml": text}}
    )


def error(text: str) -> str:
    with pytest.raises(tavola.CardDataError) as caught:
        load(text)
    return str(caught.value)


def test_the_standard_set_honours_the_rulebook_numbers() -> None:
    """ "Shuffles the 96 game cards." "The Dealer places the 48 double-sided tokens in one or
    more piles easily accessible by all players." The header says it is a reconstruction."""
    c = CARDS.load("standard")
    assert c.n_cards == 96 and sum(c.tokens) == 48
    assert "RECONSTRUCTION" in STANDARD.splitlines()[2]
    assert [c.typ.count(t) for t in range(5)] == [20, 20, 20, 20, 16]
    assert all((c.need[i] is None) == (c.typ[i] == RM) for i in range(96))
    # every worker type needs and offers every ordered pair of icons
    for t in range(4):
        cards = [i for i in range(96) if c.typ[i] == t]
        assert len({c.need[i] for i in cards}) == 16 and len({c.offer[i] for i in cards}) == 16


def test_a_file_of_ones_own_replaces_it_and_is_pinned() -> None:
    text = STANDARD.replace('id = "merchant-01"', 'id = "mercante-01"')
    g = load(text)
    assert "mercante-01" in g.card_table()["cards"]
    assert g.view(0)["cards"].startswith("sha-")
    assert tavola.replay(g.record()).canonical() == g.canonical()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace('type = "merchant"', 'type = "banker"', 1), "'type' is one of"),
        (lambda t: t.replace('needs = ["coin", "coin"]', 'needs = ["coin"]', 1), "'needs' is two"),
        (lambda t: t.replace("count = 8", "count = 7", 1), "the tokens add up to 47"),
        (
            lambda t: t.replace('faces = ["coin", "book"]', 'faces = ["coin", "coin"]'),
            "two different",
        ),
        (
            lambda t: t.replace(
                'type = "renaissance"', 'type = "renaissance"\nneeds = ["coin", "coin"]', 1
            ),
            "wild corners",
        ),
        (lambda t: t + "\n[extra]\n", "unknown table [extra]"),
        (lambda t: t.replace('id = "knight-20"', 'id = "knight-19"'), "duplicate id"),
    ],
)
def test_a_bad_file_is_refused_with_its_line(change, message) -> None:  # type: ignore[no-untyped-def]
    text = change(STANDARD)
    assert text != STANDARD
    found = error(text)
    assert found.startswith("my.toml, line ") and message in found


def test_the_card_count_is_checked() -> None:
    cut = STANDARD.rsplit("[[card]]", 1)
    text = cut[0] + "\n".join(
        line
        for line in cut[1].splitlines()
        if line.startswith(("[[token", "faces", "count", ""))
        and not line.startswith(("id", "type"))
    )
    assert "the rules say there are 96 game cards, not 95" in error(text)


def test_a_file_missing_a_worker_type_is_refused() -> None:
    """ "Each player is a Renaissance Man, skilled as a Scholar, a Merchant, a Knight, and a
    Baker." [D29] "The card set: 20 cards of each worker type and 16 Renaissance Men (96)"; a
    bad file "is refused with its line named". A file whose Knights are all made Merchants
    (still 96 cards) has no Knight: refused, at its first card."""
    found = error(STANDARD.replace('type = "knight"', 'type = "merchant"'))
    first = STANDARD.splitlines().index("[[card]]") + 1
    assert found == f"my.toml, line {first}: the deck needs at least one knight"
