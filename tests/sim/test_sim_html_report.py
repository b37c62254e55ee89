"""The HTML report: one page that needs nothing else, the same figures whatever the jobs, a
seat-advantage test and agent ratings that find what is planted in them."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from tavola.sim import GameOutcome, simulate
from tavola.sim.html import report_data, write_report
from tavola.sim.ratings import Sweep, ratings, seat_test, sweeps

GAME = "renaissance-man-2d6"
LINEUP = ["heuristic", "random", "random"]


def game(agents: tuple[str, ...], scores: tuple[float, ...]) -> GameOutcome:
    best = max(scores)
    winners = tuple(s for s, x in enumerate(scores) if x == best)
    return GameOutcome(1, agents, winners, scores, 10, False)


def test_the_page_stands_alone_and_shows_every_part(tmp_path: Path) -> None:
    path = tmp_path / "report.html"
    sim = simulate(GAME, 30, LINEUP, seed=4)
    write_report(sim, path)
    page = path.read_text()
    assert page.startswith("<!doctype html>")
    parts = (
        "Wins by agent",
        "Wins by seat",
        "Seat advantage",
        "Agent ratings",
        "Length",
        "Breakdowns",
    )
    for part in parts:
        assert part in page, part
    assert "Renaissance Man (2006): a tournament of 30 games" in page
    assert page.count("<svg") == 7  # shares by agent, by seat; length, scores, ratings, lead
    assert not re.search(r"<script|<link|<img|@import|url\((?!#)", page), "loads something"
    assert not re.search(r"""(src|href)=["']?https?:""", page)


def test_the_settings_name_a_card_file_by_its_digest_and_the_version(tmp_path: Path) -> None:
    """The options cell held the whole card file, escaped on one line (6 KB to 27 KB), and
    nothing said which tavola's built-in cards 'standard' meant."""
    import tavola
    from tavola.core.cards import digest

    text = tavola.get_spec(GAME).options["cards"].text_of("standard")
    sim = simulate(GAME, 6, LINEUP, seed=4, options={"cards": {"name": "m.toml", "toml": text}})
    write_report(sim, tmp_path / "report.html")
    page = (tmp_path / "report.html").read_text()
    settings = page.split("<h2>Settings</h2>")[1].split("</table>")[0]
    assert f"<code>cards=m.toml ({digest(text)[:19]}…)</code>" in settings
    assert f"version {tavola.__version__}" in settings and len(settings) < 2000


def test_a_duplicate_run_says_how_it_was_seated_and_makes_no_seat_test(tmp_path: Path) -> None:
    """Under duplicate seating a seat's games of one deal hold the same cards: the page takes
    its intervals over deals, resamples deals for the ratings, and makes no seat test."""
    path = tmp_path / "report.html"
    sim = simulate(GAME, 30, LINEUP, seed=4, seats="duplicate")
    write_report(sim, path)
    page = path.read_text()
    assert "seats of game 0; rotated by one over each deal, played once per seat" in page
    assert "Seat advantage" not in page and "is not made" in page
    data = report_data(sim)
    assert data["seat_test"] is None and data["agents"]["heuristic"].deals is not None
    by_deal = {r.agent: r for r in data["ratings"]}
    by_game = {r.agent: r for r in ratings([o for o in sim.outcomes if not o.hit_cap], sim.seed)}
    assert by_deal["heuristic"].elo == by_game["heuristic"].elo  # the same point, other draws
    assert (by_deal["heuristic"].low, by_deal["heuristic"].high) != (
        by_game["heuristic"].low,
        by_game["heuristic"].high,
    )


def test_the_same_run_gives_the_same_figures_whatever_the_jobs() -> None:
    one = report_data(simulate(GAME, 24, LINEUP, seed=2))
    two = report_data(simulate(GAME, 24, LINEUP, seed=2, jobs=2))
    assert one == two


def test_the_seat_test_finds_a_planted_seat_advantage() -> None:
    even = seat_test([100, 98, 102])
    assert even.df == 2 and even.p_value > 0.5
    planted = seat_test([150, 75, 75])
    assert planted.p_value < 1e-6 and planted.statistic == pytest.approx(37.5)


def test_ratings_order_agents_by_who_finishes_above_whom() -> None:
    outcomes = [game(("a", "b", "c"), (3, 2, 1)) for _ in range(30)]
    outcomes += [game(("c", "a", "b"), (1, 3, 2)) for _ in range(30)]
    rated = {r.agent: r for r in ratings(outcomes, seed=0)}
    assert rated["a"].elo > rated["b"].elo > rated["c"].elo
    assert sum(r.elo for r in rated.values()) == pytest.approx(0, abs=1e-6)
    for r in rated.values():
        assert r.low <= r.elo <= r.high
    tied = ratings([game(("a", "b"), (1, 1)) for _ in range(20)], seed=0)
    assert [round(r.elo, 6) for r in tied] == [0, 0]
    assert ratings([game(("a", "a"), (2, 1))], seed=0) == []  # one agent: nothing to rate


def test_ratings_from_fewer_than_ten_deals_have_no_interval(tmp_path: Path) -> None:
    """Four deals won alike gave '+338 - +338': each bootstrap resample of four identical
    deals is the same. Below MIN_GAMES games (deals) the page says there is none."""
    sim = simulate(GAME, 12, LINEUP, seed=4, seats="duplicate")
    data = report_data(sim)
    assert data["rated_over"] == 4
    assert [(r.low, r.high) for r in data["ratings"]] == [(None, None)] * 2
    write_report(sim, tmp_path / "r.html")
    page = " ".join((tmp_path / "r.html").read_text().split())
    assert '<td class="n">none: 4 deals</td>' in page
    rated = ratings([game(("a", "b"), (2, 1)), game(("b", "a"), (2, 1))] * 5, seed=0)
    assert all(r.low is not None and r.low <= r.elo <= r.high for r in rated)  # 10 games


def test_a_pair_where_one_never_finished_above_the_other_is_said_to_be_unmeasured(
    tmp_path: Path,
) -> None:
    """Bradley-Terry has no finite answer when one agent always beats another: the rating gap
    then comes from the prior, and the report says so instead of passing it off as measured."""
    outcomes = [game(("a", "b", "c"), (3, 1, 2)) for _ in range(20)]
    outcomes += [game(("c", "b", "a"), (3, 2, 2)) for _ in range(20)]  # a ties b: no sweep
    assert sweeps(outcomes) == [Sweep("c", "b", 40)]
    sim = simulate(GAME, 12, LINEUP, seed=1)
    data = report_data(sim)
    assert data["sweeps"] == sweeps([o for o in sim.outcomes if not o.hit_cap])
    path = tmp_path / "report.html"
    write_report(sim, path)
    page = path.read_text()
    for x in data["sweeps"]:
        assert f"<strong>{x.loser} never finished above {x.winner}</strong>" in page


def test_an_unmeasured_gap_speaks_of_its_interval_only_where_the_page_shows_one(
    tmp_path: Path,
) -> None:
    """From fewer than 10 games the note said the gap's 'interval is as narrow as that makes
    it' beside a table that shows no interval."""
    for games, shown in ((6, False), (12, True)):
        sim = simulate("renaissance-rivals", games, LINEUP, players=3)
        data = report_data(sim)
        assert data["sweeps"] and (data["ratings"][0].low is not None) is shown
        write_report(sim, tmp_path / "r.html")
        page = " ".join((tmp_path / "r.html").read_text().split())
        assert "the gap between their ratings is not measured" in page
        assert ("its interval is as narrow as that makes it" in page) is shown


def test_the_cli_writes_the_report_and_rebuilds_it_from_a_finished_results_file(
    tmp_path: Path,
) -> None:
    from tavola.cli import main

    out, first, second = tmp_path / "run.jsonl", tmp_path / "a.html", tmp_path / "b.html"
    argv = ["simulate", GAME, "-n", "12", "-a", "heuristic,random,random", "--json"]
    assert main([*argv, "--out", str(out), "--report", str(first)]) == 0
    assert main([*argv, "--out", str(out), "--report", str(second)]) == 0
    strip = lambda p: re.sub(r"<th>games</th><td>.*?</td>", "", p.read_text())  # noqa: E731
    assert strip(first) == strip(second)


def test_a_game_of_fixed_length_says_so_instead_of_plotting_it(tmp_path: Path) -> None:
    path = tmp_path / "report.html"
    write_report(simulate("testa-di-pecora", 8, ["heuristic", "random", "random", "random"]), path)
    page = path.read_text()
    assert "Every game lasted 96 decisions." in page and "Game length" not in page


def test_a_run_whose_agents_did_not_sit_in_every_seat_equally_says_so(tmp_path: Path) -> None:
    """Permuted, three agents take 3! = 6 games to sit everywhere equally; the note said 'a
    multiple of 3', and 10 games gave no warning."""
    uneven = simulate(GAME, 10, LINEUP, seed=4, seats="permute")
    even = simulate(GAME, 12, LINEUP, seed=4, seats="permute")
    assert (uneven.seat_cycle, uneven.balanced, even.balanced) == (6, False, True)
    assert simulate(GAME, 10, ["random"], players=3, seed=4, seats="permute").balanced
    write_report(uneven, tmp_path / "uneven.html")
    page = " ".join((tmp_path / "uneven.html").read_text().split())
    assert "10 games is not a multiple of 6" in page and "a multiple of 6 when permuted" in page
    write_report(even, tmp_path / "even.html")
    assert "did not sit in every seat" not in (tmp_path / "even.html").read_text()


def test_one_game_that_could_not_seat_every_agent_everywhere_is_one_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'1 games is not a multiple of 3', in the terminal and in the report."""
    from tavola.cli import main

    report = tmp_path / "one.html"
    assert main(["simulate", GAME, "-n", "1", "-a", ",".join(LINEUP), "--report", str(report)]) == 0
    said = " ".join(capsys.readouterr().out.split())
    page = " ".join(report.read_text().split())
    assert "equally often: 1 game is not a multiple of 3," in said
    assert "equally often: 1 game is not a multiple of 3," in page


def test_a_one_player_run_shows_a_win_rate_and_nothing_that_needs_rivals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A one-player report printed a seat test on 0 degrees of freedom, a fair share of
    1/1 = 100.0%, wins by seat and lead changes."""
    from tavola.cli import main

    page = tmp_path / "solo.html"
    argv = ["simulate", "renaissance-man", "-p", "1", "-a", "heuristic", "-n", "4"]
    assert main([*argv, "--report", str(page)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "win rate" in out and "Wins by seat" not in out and "even share" not in out
    text = " ".join(page.read_text().split())
    for absent in ("Wins by seat", "Seat advantage", "fair share", "1/1", "lead", "Agent ratings"):
        assert absent not in text, absent
    assert "<th>win rate</th>" in text and "1 player, variant standard" in text
    assert text.count("<svg") == 3  # wins, game length, scores


def test_settings_that_play_no_part_at_the_player_count_are_said_to(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The tougher solo variant and solo_cards, given for 3 players, were reported as if
    they applied; so was Rivals' fourth seat's artist in a 2-player game."""
    from tavola.cli import main

    argv = ["simulate", "renaissance-man", "-p", "3", "-a", "random", "-n", "1", "--variant"]
    argv += ["tougher", "--option", "solo_cards=5", "--option", "round_limit=30"]
    assert main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["not_in_play"] == ["variant", "solo_cards"]
    assert main([*argv, "--report", str(tmp_path / "r.html")]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert (
        "Not in play: variant tougher (for 1 player: plays as standard); "
        "solo_cards=5 (only with 1 player and the easier or tougher variant)"
    ) in out
    settings = (tmp_path / "r.html").read_text().split("</table>")[0]
    assert (
        "<th>not in play</th>" in settings
        and "solo_cards=5 (only with 1 player and the easier or tougher variant)" in settings
    )
    assert "round_limit" not in settings.split("not in play")[1]
    rivals = ["simulate", "renaissance-rivals", "-a", "random,random", "-n", "1", "--json"]
    assert main([*rivals, "--option", "artist_3=leonardo", "--option", "artist_1=leonardo"]) == 0
    assert json.loads(capsys.readouterr().out)["not_in_play"] == ["artist_3"]


def test_a_duplicate_run_s_ratings_are_said_to_resample_deals(tmp_path: Path) -> None:
    """The page said the ratings' interval came from resampling the games; under duplicate
    seating the code resamples deals, as docs/lab.md says."""
    for seats, unit in (("duplicate", "deals"), ("rotate", "games")):
        write_report(simulate(GAME, 6, LINEUP, seed=4, seats=seats), tmp_path / "r.html")
        page = " ".join((tmp_path / "r.html").read_text().split())
        assert f"with an interval from resampling the {unit} (none from fewer" in page, seats


def test_the_page_and_the_guide_say_what_compare_shows(tmp_path: Path) -> None:
    """Both said 'tavola compare' shows a card's own effect; it shows win shares and game
    length, paired game by game."""
    write_report(simulate(GAME, 3, LINEUP, seed=4), tmp_path / "r.html")
    page = " ".join((tmp_path / "r.html").read_text().split())
    guide = " ".join((Path(__file__).resolve().parents[2] / "docs" / "lab.md").read_text().split())
    for text in (page, guide):
        assert "own effect" not in text
        assert "moves the agents' and seats' win shares and the game length" in text


def test_the_shipped_reports_are_those_of_their_commands_in_today_s_form(tmp_path: Path) -> None:
    """docs/reports held pages of an older form (no version row) and older code, while its
    README said its commands gave the same figures. Each page shows its command's settings,
    with the settings and sections a page written now has."""
    from tavola.cli import build_parser

    folder = Path(__file__).resolve().parents[2] / "docs" / "reports"
    commands = re.findall(r"^tavola (simulate .*)$", (folder / "README.md").read_text(), re.M)
    assert len(commands) == 4
    for command in commands:
        args = build_parser().parse_args(command.split())
        shipped = Path(args.report).name
        page = (folder / shipped).read_text()
        settings = page.split("</table>")[0]
        assert f"<code>{args.game}</code>), {len(args.agents)} players" in settings, shipped
        assert f"<th>games</th><td>{args.games}. " in settings, shipped
        assert f"<td>{', '.join(args.agents)} (seats of game 0; one permutation" in settings
        small = simulate(args.game, 6, args.agents, seats=args.seats)
        write_report(small, tmp_path / shipped)
        assert page_form(page) == page_form((tmp_path / shipped).read_text()), shipped


def page_form(page: str) -> tuple[list[str], list[str]]:
    """The names of a report's settings and its sections."""
    return re.findall(r"<th>(.*?)</th><td>", page), re.findall("<h2>(.*?)</h2>", page)


def test_games_at_the_games_own_safety_limit_are_named_on_the_page(tmp_path: Path) -> None:
    """The 2006 game has no 'How games end' breakdown: a run whose games all stopped at its
    turn limit read like any other."""
    limited = simulate("renaissance-man-2d6", 2, ["random"], players=2, options={"turn_limit": 10})
    write_report(limited, tmp_path / "limited.html")
    page = html.unescape(" ".join((tmp_path / "limited.html").read_text().split()))
    assert "2 games ended at the game's safety limit on rounds or turns" in page
    write_report(simulate("renaissance-man-2d6", 2, ["heuristic"], players=2), tmp_path / "r.html")
    assert "safety limit" not in (tmp_path / "r.html").read_text()
