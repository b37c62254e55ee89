"""The rulebook readings (docs/rules/<game>.md) on the rules pages, as safe HTML.

The pages are read from ``tavola/web/rules``: in the source tree a link to ``docs/rules``, the
one copy of each page, and in a built package its files (package data), so an installed server
has them too. Markdown is rendered by markdown-it-py with raw HTML escaped and unsafe link
schemes refused; headings go one level down (the page has its own title) and get ids, so the
pages' links to their own sections work, and the page's contents list links its sections.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from itertools import pairwise
from typing import NamedTuple

from markdown_it import MarkdownIt
from markdown_it.token import Token

_NOT_IN_SLUG = re.compile(r"[^\w\- ]")


class Reading(NamedTuple):
    """A page as HTML, and its sections (the headings one below its title) as (id, text)."""

    html: str
    sections: list[tuple[str, str]]


@cache
def reading(game_id: str) -> Reading | None:
    """The reading of the rules of ``game_id`` (a registered game's id); None if the game has
    none."""
    page = resources.files(__package__) / "rules" / f"{game_id}.md"
    if not page.is_file():
        return None
    return render(page.read_text(encoding="utf-8"))


def render(text: str) -> Reading:
    """Markdown as HTML: every character of the text escaped, tables, headings a level down.

    >>> page = render("# Title\\n\\nA <b>tag</b>, [a link](javascript:alert(1)).\\n\\n## Set-up")
    >>> print(page.html)
    <h2 id="title">Title</h2>
    <p>A &lt;b&gt;tag&lt;/b&gt;, [a link](javascript:alert(1)).</p>
    <h3 id="set-up">Set-up</h3>
    <BLANKLINE>
    >>> page.sections
    [('set-up', 'Set-up')]
    """
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    tokens = md.parse(text)
    used: set[str] = set()
    sections = []
    for i, token in enumerate(tokens):
        if token.type in ("heading_open", "heading_close"):
            token.tag = f"h{min(6, int(token.tag[1:]) + 1)}"
        if token.type == "heading_open":  # followed by the heading's text
            slug = _slug(tokens[i + 1], used)
            token.attrSet("id", slug)
            if token.tag == "h3":
                sections.append((slug, tokens[i + 1].content))
        if token.type == "inline":
            _break_before_quotes(token)
    return Reading(md.renderer.render(tokens, md.options, {}), sections)


def _break_before_quotes(inline: Token) -> None:
    """Start each quoted rulebook sentence (a line that begins with ›) on a line of its own,
    as the page says it is: Markdown runs a paragraph's lines together.

    >>> print(render("› One sentence.\\n› Another.\\nSaid of both.").html)
    <p>› One sentence.<br />
    › Another.
    Said of both.</p>
    <BLANKLINE>
    """
    children = inline.children or []
    for before, after in pairwise(children):
        if before.type == "softbreak" and after.type == "text" and after.content.startswith("›"):
            before.type, before.tag = "hardbreak", "br"


def _slug(inline: Token, used: set[str]) -> str:
    """A heading's id as GitHub makes it (lower case, punctuation dropped, spaces to
    hyphens), numbered if taken."""
    base = _NOT_IN_SLUG.sub("", inline.content.lower()).replace(" ", "-")
    slug, n = base, 1
    while slug in used:
        slug, n = f"{base}-{n}", n + 1
    used.add(slug)
    return slug
