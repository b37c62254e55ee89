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
    assert error_of(bad) == f"my-cards.toml, line {line}: 'date' must be str, not 1503"
    undated = re.sub(r'(?m)^date = ".*"\n', "", TEXT)  # a date is optional
    g = tavola.new_game("renaissance-rivals", players=2, options={"cards": card_file(undated)})
    assert g.card_table()["cards"]["leonardo-mona-lisa"]["date"] == ""
    bad = TEXT.replace("influence = 1\n", 'influence = "1"\n', 1)
    assert "'influence' must be int" in error_of(bad)
    assert "unknown table [extra]" in error_of(TEXT + "\n[extra]\n")
    with pytest.raises(tavola.UnknownGameError, match="no built-in card set"):
        tavola.new_game("renaissance-rivals", players=2, options={"cards": "cards.toml"})


def test_the_artists_start_where_the_rulebook_puts_them() -> None:
    """'player tokens for Michelangelo, Il Moretto, and Plautilla Nelli are placed on top of the
    lowest Level 0 stack (first column, second row), while Leonardo, Antonia Uccello, and
    Raphael place their player tokens on the highest Level 2 stack (fourth column, second row)':
    a file moving an artist elsewhere was taken."""
    first = TEXT.index('start = "D2"')
    elsewhere = TEXT[:first] + 'start = "B3"' + TEXT[first + len('start = "D2"') :]
    line = line_of(elsewhere, 'start = "B3"')
    assert error_of(elsewhere) == (
        f"my-cards.toml, line {line}: an artist starts on A2 or D2 (the rulebook's two "
        "starting stacks), not 'B3'"
    )
    fourth = TEXT[:first] + 'start = "A2"' + TEXT[first + len('start = "D2"') :]
    assert "this is a fourth on A2" in error_of(fourth)
    swapped = TEXT.replace('start = "D2"', 'start = "X"').replace('start = "A2"', 'start = "D2"')
    g = tavola.new_game(
        "renaissance-rivals", 2, options={"cards": card_file(swapped.replace('"X"', '"A2"'))}
    )
    assert g.view(0)["seats"][0]["pawn"] in ("A2", "D2")


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
