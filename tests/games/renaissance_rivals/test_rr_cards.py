"""Renaissance Rivals card data: the standard set (a reconstruction), a player's own card file,
and bad files refused with the file and line named. Each test quotes the rulebook sentence it
checks; the decisions [Dn] are those of docs/rules/renaissance-rivals.md."""

import re

import pytest
from rr_helpers import new

import tavola
from tavola.games.renaissance_rivals.cards import (
    CARDS,
    SKILL_LEVEL,
    SKILL_NAMES,
    SKILLS,
    cards_by_key,
)

TEXT = CARDS.source("standard")[1]
RULEBOOK_STARTS = {
    "michelangelo": "A2",
    "moretto": "A2",
    "nelli": "A2",
    "leonardo": "D2",
    "uccello": "D2",
    "raphael": "D2",
}
"""The rulebook's stack for each of its six artists (by the standard set's ids)."""


def test_the_standard_set_says_it_is_a_reconstruction() -> None:
    """In the upper right, the level of the Commission is displayed (0-4): this information is
    necessary for set-up, and shows which kinds of cards can be found in each market stack. 97
    Market Commission cards The header names the numbers the set honours."""
    header = " ".join(TEXT.split("[set]")[0].replace("#", " ").split())
    assert "RECONSTRUCTION" in header
    for fixed in (
        "97 Market Commission cards",
        "two level-0 stacks of 7",
        "level-4 stack of 5",
        "St. Peter's",
        "26 cards",
        "8 Masterpieces",
    ):
        assert fixed in header, fixed
    c = cards_by_key("standard")
    assert c.key == "standard" and "reconstructed" in c.name
    assert [c.level.count(k) for k in range(5)] == [14, 42, 18, 18, 5]


def test_the_skills_and_their_levels() -> None:
    """Skills are abbreviated on the Skill Badge as follows: ANAT Anatomy ANTIQ Antiquities GOLD
    Goldsmithing PERSP Perspective PORT Portraiture LAND Landscape SCULP Sculpture ARCH Architecture
    BRONZ Bronze-casting COLOR Colorito ENGIN Military Engineering The rectangle or oval in the
    center of the card's lower edge is the Skill Badge. Level 1 Skill Badges are rectangular: cards
    with these Badges can be acquired by players from the start of the game. [D29] Level-0 and
    level-1 cards carry a level-1
    (rectangular) skill; a higher card a skill of its level."""
    assert list(zip(SKILLS, SKILL_NAMES, SKILL_LEVEL, strict=False)) == [
        ("ANAT", "Anatomy", 1),
        ("ANTIQ", "Antiquities", 1),
        ("GOLD", "Goldsmithing", 1),
        ("PERSP", "Perspective", 1),
        ("PORT", "Portraiture", 1),
        ("LAND", "Landscape", 2),
        ("SCULP", "Sculpture", 2),
        ("ARCH", "Architecture", 3),
        ("BRONZ", "Bronze-casting", 3),
        ("COLOR", "Colorito", 3),
        ("ENGIN", "Military Engineering", 4),
    ]
    c = cards_by_key("standard")
    for i in range(97):
        assert SKILL_LEVEL[c.skill[i]] == max(1, c.level[i])


def test_the_six_artists_and_their_masterpieces() -> None:
    """Players take on the role of one of six artists of the Italian Renaissance: Leonardo da
    Vinci, Antonia Uccello, Michelangelo Buonnaroti, Raphael Sanzio, Sister Plautilla Nelli, or
    Moretto da Brescia. Over the course of the game, your artist will criss-cross the art market of
    Renaissance Italy (a 4 x 4 grid of cards, whose top row represents Milan, the middle two rows
    Florence, and the bottom row Rome) as you use cards drawn into your hand to obtain Commission
    cards and complete your artist's eight unique Masterpieces. Each artist has a set of eight (8)
    Masterpiece cards, identified on the right-hand side by artist's name, and individually labelled
    by artwork title, date, and image. 6 Artist Reference cards, featuring each artist's biography
    and Masterpiece requirements Artist reference cards serve to remind the player of the different
    Skill and City requirements for her artist's Masterpiece, as well as the Victory Points awarded
    for completing them. Each Masterpiece card displays the resources it generates in hand
    (upper-left corner), the Advancement points required to take the Masterpiece each step to
    completion, and the Victory Points (VPs) that are awarded to the player at game's end if the
    Masterpiece is completed. Each artist: eight Masterpieces with skill, city, three steps,
    VP and resources, one of 8 VP; each titled after a real work of its artist, with the work's
    date (Antonia Uccello's works are lost: hers are invented, in her life)."""
    c = cards_by_key("standard")
    assert c.artist_names == (
        "Leonardo da Vinci",
        "Antonia Uccello",
        "Michelangelo Buonarroti",
        "Raphael Sanzio",
        "Sister Plautilla Nelli",
        "Il Moretto da Brescia",
    )
    for a in range(6):
        mine = [j for j in range(48) if c.mp_artist[j] == a]
        assert len(mine) == 8 and sorted(c.mp_vp[j] for j in mine)[-1] == 8
        assert sorted(c.mp_vp[j] for j in mine).count(8) == 1
    table = new(2).card_table()
    face = table["cards"]["leonardo-mona-lisa"]
    assert face["kind"] == "masterpiece" and len(face["steps"]) == 3 and face["city"] == "Florence"
    assert face["date"] == "c. 1503"
    assert all(re.fullmatch(r"(c\. )?1[45]\d\d", d) for d in c.mp_dates)
    uccello = [d for d, a in zip(c.mp_dates, c.mp_artist, strict=True) if a == 1]
    assert all(1456 <= int(d[-4:]) <= 1491 for d in uccello)


def test_starting_commissions_have_no_cost_and_no_badge() -> None:
    """These Starting Commission cards can be distinguished from ordinary Commission cards by the
    gray "Level 0" printed in their upper right (the Level of a regular Commission card is printed
    in red or blue). Also, they have no Influence cost printed at the bottom. [D3]"""
    g = new(2)
    face = g.card_table()["cards"]["s1-holy-family-1"]
    assert face == {
        "name": "Holy Family",
        "influence": 1,
        "advancement": 1,
        "kind": "start",
        "level": 0,
        "vp": 0,
    }
    assert "cost" not in face and "skill" not in face


def card_file(text: str) -> dict:
    return {"name": "my-cards.toml", "toml": text}


def error_of(text: str) -> str:
    with pytest.raises(tavola.CardDataError) as info:
        tavola.new_game("renaissance-rivals", players=2, options={"cards": card_file(text)})
    return str(info.value)


def test_a_players_own_card_file() -> None:
    """In the upper right, the level of the Commission is displayed (0-4): this information is
    necessary for set-up, and shows which kinds of cards can be found in each market stack. Another
    set in the same format plays, and the record pins it by digest."""
    mine = TEXT.replace('name = "Mona Lisa"', 'name = "La Gioconda"')
    g = tavola.new_game("renaissance-rivals", players=2, seed=1, options={"cards": card_file(mine)})
    assert g.view(0)["cards"].startswith("sha-")
    assert g.card_table()["cards"]["leonardo-mona-lisa"]["name"] == "La Gioconda"
    record = g.record()
    assert record["cards"]["cards"].startswith("sha256:")
    assert tavola.replay(record).canonical() == g.canonical()


def line_of(text: str, needle: str, nth: int = 0) -> int:
    lines = [k for k, line in enumerate(text.splitlines(), start=1) if needle in line]
    return lines[nth]


def test_bad_files_are_refused_with_the_line() -> None:
    """In the upper right, the level of the Commission is displayed (0-4): this information is
    necessary for set-up, and shows which kinds of cards can be found in each market stack. Errors
    name the file and the line."""
    bad = TEXT.replace('arrow = "U"', 'arrow = "X"', 1)
    line = line_of(bad, 'arrow = "X"')
    assert error_of(bad) == (
        f"my-cards.toml, line {line}: 'arrow' is one of U, D, L, R, UL, UR, DL, DR, not 'X'"
    )
    # an unknown artist was named at its Masterpiece's [[masterpiece]] line, not its own
    bad = TEXT.replace('artist = "leonardo"', 'artist = "leonard"', 1)
    line = line_of(bad, 'artist = "leonard"')
    assert error_of(bad) == (
        f"my-cards.toml, line {line}: 'artist' is one of leonardo, uccello, michelangelo, "
        "raphael, nelli, moretto, not 'leonard' (did you mean leonardo?)"
    )
    bad = TEXT.replace("cost = 14", "cost = 13")
    assert "St. Peter's is a level-3 ARCH Commission that costs 14 Influence" in error_of(bad)
    bad = TEXT.replace("level = 4", "level = 3", 1)
    msg = error_of(bad)
    assert re.match(r"my-cards.toml, line \d+: .*level", msg)
    bad = TEXT.replace("vp = 8", "vp = 5", 1)
    assert "exactly one (the major)" in error_of(bad)
    extra = (
        '[[commission]]\nid = "extra"\nname = "Extra"\nlevel = 1\nskill = "PORT"\ncost = 2\n'
        'influence = 1\nadvancement = 1\narrow = "U"\n'
    )
    bad = TEXT + "\n" + extra
    assert "97 Market Commission cards, not 98" in error_of(bad)
    bad = TEXT.replace('needs = ["PERSP", "PORT"]', 'needs = ["LAND", "PORT"]')
    line = line_of(bad, 'needs = ["LAND", "PORT"]')
    assert error_of(bad).startswith(f"my-cards.toml, line {line}:")
    bad = TEXT.replace('date = "c. 1503"', "date = 1503")
    line = line_of(bad, "date = 1503")
    assert error_of(bad) == f"my-cards.toml, line {line}: 'date' must be text in quotes, not 1503"
    undated = re.sub(r'(?m)^date = ".*"\n', "", TEXT)  # a date is optional
    g = tavola.new_game("renaissance-rivals", players=2, options={"cards": card_file(undated)})
    assert g.card_table()["cards"]["leonardo-mona-lisa"]["date"] == ""
    bad = TEXT.replace("influence = 1\n", 'influence = "1"\n', 1)
    assert "'influence' must be a whole number" in error_of(bad)
    assert "unknown table [extra]" in error_of(TEXT + "\n[extra]\n")
    with pytest.raises(tavola.UnknownGameError, match="no built-in card set"):
        tavola.new_game("renaissance-rivals", players=2, options={"cards": "cards.toml"})


def test_the_artists_start_where_the_rulebook_puts_them() -> None:
    """At the start of the game, player tokens for Michelangelo, II Moretto, and Plautilla Nelli
    are placed on top of the lowest Level 0 stack (first column, second row), while Leonardo,
    Antonia Uccello, and Raphael place their player tokens on the highest Level 2 stack (fourth
    column, second row). [D32] A file that moves one of the rulebook's six (by id) is refused,
    naming the line; artists under ids of their own start on A2 or D2, three on each, as the
    file says."""
    first = TEXT.index('start = "D2"')  # Leonardo's
    elsewhere = TEXT[:first] + 'start = "B3"' + TEXT[first + len('start = "D2"') :]
    line = line_of(elsewhere, 'start = "B3"')
    assert error_of(elsewhere) == (
        f"my-cards.toml, line {line}: an artist starts on A2 or D2 (the rulebook's two "
        "starting stacks), not 'B3'"
    )
    swapped = (
        TEXT.replace('start = "D2"', 'start = "X"')
        .replace('start = "A2"', 'start = "D2"')
        .replace('start = "X"', 'start = "A2"')
    )
    assert error_of(swapped) == (
        f"my-cards.toml, line {line}: the rulebook puts leonardo on D2, not A2 (an artist "
        "under an id of its own may start on A2 or D2)"
    )
    last = TEXT.rindex('start = "A2"')  # Moretto's, the last artist
    moved = TEXT[:last] + 'start = "D2"' + TEXT[last + len('start = "A2"') :]
    line = line_of(moved, 'start = "D2"', 3)
    assert error_of(moved) == (
        f"my-cards.toml, line {line}: the rulebook puts moretto on A2, not D2 (an artist "
        "under an id of its own may start on A2 or D2)"
    )
    # the same swap, of artists under ids of their own, is the file's to make
    new_ids = {a: f"{a}-bis" for a in RULEBOOK_STARTS}
    renamed = swapped
    for rulebook_id, own_id in new_ids.items():
        renamed = renamed.replace(f'"{rulebook_id}"', f'"{own_id}"')
    fourth = TEXT[:first] + 'start = "A2"' + TEXT[first + len('start = "D2"') :]
    fourth = fourth.replace('"leonardo"', '"vinci"')
    line = line_of(fourth, 'start = "A2"', 3)  # Moretto, the fourth on A2
    assert error_of(fourth) == (
        f"my-cards.toml, line {line}: three artists start on A2 ('the lowest Level 0 stack') "
        "and three on D2 ('the highest Level 2 stack'): this is a fourth on A2"
    )
    seen = {}
    for seed in range(12):
        g = tavola.new_game(
            "renaissance-rivals", 4, seed=seed, options={"cards": card_file(renamed)}
        )
        for seat in g.view(None)["seats"]:
            seen[seat["artist"]] = seat["pawn"]
    flipped = {"A2": "D2", "D2": "A2"}
    assert seen == {new_ids[a]: flipped[sq] for a, sq in RULEBOOK_STARTS.items()}
    assert seen["michelangelo-bis"] == "D2" and seen["leonardo-bis"] == "A2"


def test_the_starting_commissions_are_two_holy_family_and_one_madonna() -> None:
    """Each player starts with two (2) Holy Family cards and one Madonna card. [D32] A card file
    must give `holy-family` count 2 and `madonna` count 1; 1 Holy Family and 2 Madonnas (three
    cards all the same) are refused at the count's line; the names are the file's."""
    hf = TEXT.index('id = "holy-family"')
    bad = TEXT[:hf] + TEXT[hf:].replace("count = 2", "count = 1", 1)
    md = bad.index('id = "madonna"')
    bad = bad[:md] + bad[md:].replace("count = 1", "count = 2", 1)
    line = line_of(bad, "count = 1")
    assert line < line_of(bad, 'id = "madonna"')  # the Holy Family's count
    assert error_of(bad) == (
        f"my-cards.toml, line {line}: each player starts with 2 Holy Family and 1 Madonna: "
        "the count of holy-family (Holy Family) is 2, not 1"
    )
    two_madonnas = TEXT[:md] + TEXT[md:].replace("count = 1", "count = 2", 1)
    line = line_of(two_madonnas, "count = 2", 1)
    assert line > line_of(two_madonnas, 'id = "madonna"')
    assert error_of(two_madonnas) == (
        f"my-cards.toml, line {line}: each player starts with 2 Holy Family and 1 Madonna: "
        "the count of madonna (Madonna) is 1, not 2"
    )
    other = TEXT.replace('id = "madonna"', 'id = "pieta"')
    line = line_of(other, 'id = "pieta"')
    assert error_of(other) == (
        f"my-cards.toml, line {line}: each player starts with 2 Holy Family and 1 Madonna: "
        "a [[start]] is 'holy-family' or 'madonna', not 'pieta'"
    )
    block = TEXT[md : TEXT.index("\n[[artist]]", md)]
    missing = TEXT.replace("[[start]]\n" + block, "")
    assert missing != TEXT and "no [[start]] with id 'madonna'" in error_of(missing)
    # names are the file's: a translation plays
    mine = TEXT.replace('name = "Holy Family"', 'name = "Sacra Famiglia"')
    g = tavola.new_game("renaissance-rivals", 2, seed=1, options={"cards": card_file(mine)})
    for seat in range(2):
        names = sorted(g.t.names[i] for i in g.decks[seat] + g.hands[seat] if g.t.kind[i] == 2)
        assert names == ["Madonna", "Sacra Famiglia", "Sacra Famiglia"]


def ranges(values) -> str:
    low, high = min(values), max(values)
    return f"{low}-{high}" if low != high else f"{low}"


def test_the_rules_page_gives_the_values_of_the_data() -> None:
    """The upper left-hand corner of each Commission card shows how many resources it generates
    when drawn into your hand. The rules page's figures for the standard set (cost, Influence,
    Advancement and the two added, by level; St. Peter's apart; the Masterpieces' step patterns;
    the Starting Commissions) are those of the data file."""
    from pathlib import Path

    page = " ".join(
        (Path(__file__).resolve().parents[3] / "docs/rules/renaissance-rivals.md")
        .read_text(encoding="utf-8")
        .split()
    )
    c = cards_by_key("standard")
    parts = []
    for level in range(5):
        idx = [i for i in range(97) if c.level[i] == level and i != c.st_peters]
        parts.append(
            f"level {level} cost {ranges([c.cost[i] for i in idx])}, "
            f"Influence {ranges([c.inf[i] for i in idx])}, "
            f"Advancement {ranges([c.adv[i] for i in idx])}, "
            f"{ranges([c.inf[i] + c.adv[i] for i in idx])} in all"
        )
    assert "; ".join(parts) + "." in page
    sp = c.st_peters
    assert f"St. Peter's, left out of level 3's figures, costs {c.cost[sp]} and gives " in page
    assert f"gives {c.inf[sp]}/{c.adv[sp]}." in page
    assert "level 1 cost 2-4, Influence 1-3, Advancement 1-3, 3-5 in all" in page
    assert "level 3 cost 6-8, Influence 3-5, Advancement 3-4, 6-9 in all" in page
    for level in range(5):
        per = [
            sum(1 for i in range(97) if c.level[i] == level and c.arrow[i] == d)
            for d in ("U", "D", "L", "R", "UL", "UR", "DL", "DR")
        ]
        assert max(per) - min(per) <= 1 if level < 4 else sorted(per) == [0] * 3 + [1] * 5
    assert "Arrows are spread evenly over the eight directions in each level" in page
    assert "the counts of the directions differ by one at most" in page
    assert "level 4's five cards point five ways" in page
    assert {(c.mp_inf[j], c.mp_adv[j]) for j in range(48)} == {(1, 1)}
    assert "Masterpieces give 1/1 in hand" in page
    patterns = sorted({c.mp_steps[j] for j in range(48) if c.mp_vp[j] != 8})
    majors = {c.mp_steps[j] for j in range(48) if c.mp_vp[j] == 8}
    said = ", ".join("-".join(map(str, p)) for p in patterns[:-1])
    assert f"their steps are {said} and {'-'.join(map(str, patterns[-1]))}, the" in page
    assert len(majors) == 1 and f"the 8-VP major {'-'.join(map(str, *majors))}." in page
    (hf, md) = (c.start_ids.index("holy-family"), c.start_ids.index("madonna"))
    assert (
        f"Holy Family gives {c.start_inf[hf]}/{c.start_adv[hf]}, "
        f"Madonna {c.start_inf[md]}/{c.start_adv[md]}." in page
    )


def test_a_chosen_artist_the_card_file_does_not_have_is_refused() -> None:
    """[D2] A card file of your own that names its artists otherwise has them drawn; one chosen
    by an id it does not have is refused, naming those it has."""
    mine = card_file(TEXT.replace('"leonardo"', '"vinci"'))
    with pytest.raises(tavola.UnknownGameError, match="no artist 'leonardo' in this card set"):
        tavola.new_game("renaissance-rivals", 2, options={"cards": mine, "artist_0": "leonardo"})
    g = tavola.new_game(
        "renaissance-rivals", 2, seed=1, options={"cards": mine, "artist_0": "nelli"}
    )
    assert g.view(0)["seats"][0]["artist"] == "nelli"
