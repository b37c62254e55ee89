"""The rules pages: each game in brief, its cards, and the reading of its rulebook from
docs/rules/<game>.md (the same file the rules tests quote), rendered with nothing unescaped."""

from __future__ import annotations

import html
import re
import tomllib
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import tavola
import tavola.web
from tavola.testing.rulebook import flat, page_quotes
from tavola.web.readings import render

ROOT = Path(__file__).resolve().parents[2]
READ = [
    spec for spec in tavola.list_games() if (ROOT / "docs" / "rules" / f"{spec.id}.md").exists()
]


def text_of(page: str) -> str:
    """A page's text: tags dropped, entities read, whitespace collapsed."""
    return flat(html.unescape(re.sub(r"<[^>]+>", " ", page)))


@pytest.mark.parametrize("spec", tavola.list_games(), ids=lambda s: s.id)
def test_each_game_has_a_rules_page_with_its_cards(client: TestClient, spec) -> None:
    page = client.get(f"/rules/{spec.id}")
    assert page.status_code == 200 and spec.title in page.text
    faces = tavola.new_game(spec.id, players=spec.min_players, seed=0).card_table()
    shown = html.unescape(page.text)
    for face in faces.get("cards", {}).values():
        assert face["name"] in shown
    assert f'href="/rules/{spec.id}"' in client.get("/").text
    assert client.get("/rules/no-such-game").status_code == 404


@pytest.mark.parametrize("spec", READ, ids=lambda s: s.id)
def test_the_rules_page_carries_the_reading_of_every_rulebook_sentence(
    client: TestClient, spec
) -> None:
    doc = (ROOT / "docs" / "rules" / f"{spec.id}.md").read_text(encoding="utf-8")
    page = client.get(f"/rules/{spec.id}").text
    shown = text_of(page)
    quotes = page_quotes(doc)
    assert len(quotes) > 10
    for sentence in quotes:
        assert flat(re.sub(r"[*_`]", "", sentence)) in shown, sentence
    for decision in re.findall(r"\*\*Decision \[D\d+\][^*]*\*\*", doc):
        assert decision.strip("*") in shown
    assert "<table>" in page or "|" not in doc  # Markdown tables are tables
    for anchor in re.findall(r"\]\(#([\w-]+)\)", doc):  # the page's links to its sections
        assert f'id="{anchor}"' in page, anchor
    assert "<script" not in page.split("</head>")[1] and " style=" not in page


@pytest.mark.parametrize("spec", READ, ids=lambda s: s.id)
def test_the_rules_page_opens_with_contents_linking_each_section(client: TestClient, spec) -> None:
    """Rivals' page is 900 lines of reading: without a contents list, finding 'Set-up' meant
    scrolling through all of it."""
    doc = (ROOT / "docs" / "rules" / f"{spec.id}.md").read_text(encoding="utf-8")
    page = client.get(f"/rules/{spec.id}").text
    contents = page.split('id="contents-title"')[1].split("</nav>")[0]
    links = re.findall(r'<a href="#([\w-]+)">([^<]*)</a>', contents)
    sections = [line[3:] for line in doc.splitlines() if line.startswith("## ")]
    assert [html.unescape(text) for _, text in links] == ["The cards", *sections]
    for anchor, _ in links:
        assert f'id="{anchor}"' in page.split("</nav>", 1)[1], anchor


def test_a_game_without_a_reading_has_none(client: TestClient) -> None:
    page = client.get("/rules/test-morra")
    assert page.status_code == 200 and 'class="panel reading"' not in page.text


def test_the_reading_escapes_everything_it_is_given() -> None:
    out = render(
        "# T\n\n<script>alert(1)</script> <img src=x onerror=alert(1)> "
        "[x](javascript:alert(1)) [y](data:text/html,hi) <b style='color:red'>b</b>\n\n"
        "| a | b |\n|---|---|\n| <i>1</i> | 2 |\n"
    ).html
    assert "<script" not in out and "<img" not in out and "<b " not in out and "<i>" not in out
    assert 'href="javascript' not in out and 'href="data' not in out
    assert "&lt;script&gt;" in out and "<table>" in out and '<h2 id="t">' in out


def test_the_installed_app_reads_the_docs_pages_themselves() -> None:
    """tavola/web/rules is a link to docs/rules (no copy to drift), and a built package
    carries its pages as package data."""
    here = Path(tavola.web.__file__).parent / "rules"
    assert here.is_symlink() and here.resolve() == (ROOT / "docs" / "rules").resolve()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "rules/*.md" in config["tool"]["setuptools"]["package-data"]["tavola.web"]
    assert any("markdown-it-py" in d for d in config["project"]["dependencies"])


def test_the_card_table_reads_in_words(client: TestClient) -> None:
    """It showed 'suit 0' for the Church's cards, 'red False' and skills by abbreviation."""
    testa = text_of(client.get("/rules/testa-di-pecora").text)
    assert "Pope Church 3" in testa and "Pope 0 3" not in testa
    rivals = text_of(client.get("/rules/renaissance-rivals").text)
    assert "Risen Christ for the Farnese 1 1 commission 0 Anatomy 1 0 UR no" in rivals
    assert "False" not in rivals
    assert "Merchant #1 merchant coin, coin coin, bread" in text_of(
        client.get("/rules/renaissance-man").text
    )


@pytest.mark.parametrize("spec", READ, ids=lambda s: s.id)
def test_the_reading_gives_the_rules_version_the_game_plays(spec) -> None:
    """Three of the four pages named a rules version the game had left behind (a record of it
    is refused by this tavola)."""
    head = (ROOT / "docs" / "rules" / f"{spec.id}.md").read_text(encoding="utf-8")[:600]
    assert re.findall(r"rules\s+version\s+(\d+)", head) == [spec.rules_version]


@pytest.mark.parametrize("spec", tavola.list_games(), ids=lambda s: s.id)
def test_a_rules_page_reads_as_words(client: TestClient, spec) -> None:
    """The pages showed Python: 'None | None' for a wild card's needs and offers, Rivals'
    cross-links as "[['PERSP', 'PORT'], ...]"; the brief parted a paragraph mid-sentence ('row 1
    Milan, ...' began one); the rulebook's sentences, each said to be on a line of its own (›),
    ran together; the one-player rules were not on the page; and Rivals' cards were headed by a
    key, 'cross_links:'."""
    page = html.unescape(client.get(f"/rules/{spec.id}").text)
    assert "None" not in re.findall(r"<td>([^<]*)</td>", page)
    cards = page.split('id="cards-title"')[-1].split("</section>")[0]
    assert "[[" not in cards and "['" not in cards
    heads = re.findall(r'<strong>([^<]*)</strong>|<th scope="col">([^<]*)</th>', cards)
    assert not any("_" in name for head in heads for name in head)
    assert "first from the left" not in cards  # the card table's words are the game's, not cards
    brief = re.findall(r"<p>([^<]*)</p>", page.split('id="rules-title"')[1].split("</section>")[0])
    assert brief and all(p[0].isupper() for p in brief[1:])  # a paragraph begins a sentence
    assert re.search(r"(?<!<br />)\n›", page) is None  # each › on a line of its own
    solo = getattr(spec.text, "SOLO", None)
    assert ('id="solo-title"' in page) == bool(solo)
    if spec.id == "renaissance-rivals":
        assert "St. Peter's scores 6 and does not end the game." in page
