"""What the reports say beyond win shares: lead changes and when the winner became clear (from
a game's standing), and each game's own breakdowns, kept in the results file and the report."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from markupsafe import escape

import tavola
from tavola.core.words import lift_title
from tavola.games.renaissance_man_2d6.rules import EV_ROLL, EV_WIN_EVENT
from tavola.sim import GameOutcome, Simulation, simulate
from tavola.sim.facts import breakdown_tables
from tavola.sim.html import report_data, write_report
from tavola.sim.runner import _Lead


def test_lead_changes_and_when_the_winner_became_clear() -> None:
    lead = _Lead()
    for d, standing in enumerate([(0, 0), (1, 0), (1, 2), (3, 2), (3, 2)]):
        lead.after(d, standing)
    assert lead.changes == 2  # 0 leads, then 1, then 0 again
    assert lead.clear_from((0,), 4) == 2 / 4  # seat 1 led after decision 2, seat 0 alone after
    assert lead.clear_from((0, 1), 4) == 4 / 4  # never the two of them alone: the end decided


def test_the_2006_game_reports_each_attempt_and_the_lift_of_each_challenge_won() -> None:
    g = tavola.new_game("renaissance-man-2d6", players=3, seed=5)
    while not g.is_over:
        s = min(g.to_act)
        g.act(s, g.legal_actions(s)[0] if len(g.legal_actions(s)) < 2 else g.legal_actions(s)[1])
    facts = list(g.spec.breakdown(g))
    rolls = [raw for raw in g.log if raw[0] == EV_ROLL]
    wins = sum(1 for raw in rolls if raw[-1]) + sum(1 for raw in g.log if raw[0] == EV_WIN_EVENT)
    assert sum(1 for t, _, _ in facts if t.startswith("Attempts")) == len(rolls)
    lift = lift_title("Lift of winning it: the winner's share", 3)
    lifts = [v for t, _, v in facts if t == lift]
    assert len(lifts) == wins and set(lifts) <= {0.0, 1.5, 3.0}
    events = [g.c.names[raw[2]] + " (Event)" for raw in g.log if raw[0] == EV_WIN_EVENT]
    assert events and sorted(r for t, r, _ in facts if r.endswith("(Event)")) == sorted(events)
    assert g.spec.standing(g) == g.scores


def test_testa_reports_each_season_by_coalition_and_seat() -> None:
    sim = simulate("testa-di-pecora", 20, ["heuristic", "random", "random", "random"], seed=1)
    tables = breakdown_tables(sim.outcomes, 4)
    by_side = tables["Seasons won by the Pope's side"]
    assert by_side.kind == "rate" and sum(r.n for r in by_side.rows) == 20 * 3  # three a game
    assert {r.label for r in by_side.rows} <= {"4 players, with a partner", "4 players, alone"}
    for r in by_side.rows:
        assert 0 <= r.low <= r.mean <= r.high <= 1
    assert all(o.lead_changes is not None and 0 <= o.clear_from <= 1 for o in sim.outcomes)


def test_a_player_alone_has_no_lead_to_lose() -> None:
    """A one-player game's table read 0 lead changes and, for every game lost, a winner
    clear only from its last decision (clear_from 1.0)."""
    sim = simulate("renaissance-rivals", 3, ["heuristic"], players=1)
    assert [(o.lead_changes, o.clear_from) for o in sim.outcomes] == [(None, None)] * 3


@pytest.mark.parametrize("game", ["renaissance-rivals", "renaissance-man"])
def test_a_lift_table_alone_says_no_edge_is_the_run_s_win_rate(game: str) -> None:
    """A one-player report's lift tables were titled '(1: no edge)', while the page's own text
    says that with one player no edge is the run's win rate."""
    titles = set(breakdown_tables(simulate(game, 2, ["heuristic"], players=1).outcomes, 1))
    lifts = [t for t in titles if "× players" in t]
    assert lifts and all(t.endswith("(no edge: the run's win rate)") for t in lifts), lifts


def test_breakdowns_survive_the_results_file_and_reach_the_report(tmp_path: Path) -> None:
    out, page = tmp_path / "run.jsonl", tmp_path / "report.html"
    played = simulate("renaissance-man-2d6", 16, ["heuristic", "random"], seed=3, out=out)
    read_back = simulate("renaissance-man-2d6", 16, ["heuristic", "random"], seed=3, out=out)
    assert read_back.resumed == 16
    assert report_data(read_back) == report_data(played)
    write_report(read_back, page)
    text = page.read_text()
    assert "Breakdowns" in text and "Attempts that succeed, by Challenge" in text
    assert "changed hands" in text and text.count("<svg") == 7


@pytest.mark.parametrize("game", ["testa-di-pecora", "renaissance-man-2d6"])
def test_the_figures_are_the_same_whatever_the_jobs(game: str) -> None:
    agents = ["heuristic"] + ["random"] * (tavola.get_spec(game).min_players - 1)
    assert report_data(simulate(game, 12, agents, seed=8)) == report_data(
        simulate(game, 12, agents, seed=8, jobs=2)
    )


def test_a_yes_or_no_row_reads_as_a_rate_and_its_count_is_named(tmp_path: Path) -> None:
    """Success rates read '0.326', under a column headed 'n' that nothing explained."""
    from tavola.sim.html import write_report

    sim = simulate("renaissance-man-2d6", 12, ["heuristic", "random", "random"], seed=2)
    write_report(sim, tmp_path / "r.html")
    page = " ".join((tmp_path / "r.html").read_text().split("<h2>Breakdowns</h2>")[1].split())
    assert "<th>observations</th>" in page and "is how many times a row was seen" in page
    assert re.search(r'<td class="n">\d+\.\d%</td>', page)


def test_the_lab_guide_names_how_games_end_for_each_game_that_reports_it() -> None:
    """docs/lab.md listed the 2013 game's breakdowns without its 'How games end' table."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "lab.md").read_text()
    by_game = doc.split("By game:\n", 1)[1].split("\n\n", 1)[0]
    bullets = {b.split(":", 1)[0]: " ".join(b.split()) for b in by_game.split("- ")[1:]}
    ends = 0
    for spec in tavola.list_games():
        g = tavola.new_game(spec.id, players=spec.min_players, seed=1)
        rng = random.Random(1)
        while not g.is_over:
            seat = min(g.to_act)
            g.act(seat, rng.choice(g.legal_actions(seat)))
        tables = {t for t, _, _ in spec.breakdown(g)} if spec.breakdown else set()
        if "How games end (share of games)" in tables:
            ends += 1
            assert "how games end" in bullets[spec.title], spec.title
    assert ends == 2


LIFT_TITLE = "Cards held: the holder's share of the game's win × players (1: no edge)"


def lift_run(games: int, players: int, facts) -> Simulation:
    """A run of ``games`` made-up games whose game ``i`` observes ``facts(i)``."""
    agents = tuple("abcd"[:players])
    outcomes = [
        GameOutcome(i, agents, (0,), tuple(range(players, 0, -1)), 10, False, facts=facts(i))
        for i in range(games)
    ]
    return Simulation("renaissance-man", players, "standard", {}, 0, agents, outcomes, 1.0)


def rows_of(page: str, title: str) -> dict[str, list[str]]:
    """The cells of each row of the page's table under ``title``."""
    table = page.split(f"<h3>{escape(title)}</h3>")[1].split("</table>")[0]
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in table.split("<tr>")[2:]]
    return {c[0]: c[1:] for c in cells}


def test_a_lift_table_keeps_one_scale_and_its_intervals_in_range(tmp_path: Path) -> None:
    """A lift row whose values were all 0 or 1 was printed as a percentage with a Wilson
    interval among rows on a 0..P scale ('scholar-13 2 0.0% 0.0% – 65.8%'); normal intervals
    left the range ('1.500 -0.197 – 3.197') or had no width ('3.000 – 3.000')."""

    def facts(i: int) -> tuple:
        seen = [("knight", 3.0), ("merchant", 3.0 * (i % 2))]
        seen += [("scholar-13", 0.0), ("baker-03", 3.0 * (i == 0))] if i < 2 else []
        return tuple((LIFT_TITLE, row, value) for row, value in seen)

    sim = lift_run(12, 3, facts)
    write_report(sim, tmp_path / "r.html")
    rows = rows_of((tmp_path / "r.html").read_text(), LIFT_TITLE)
    assert rows["scholar-13"] == ["2", "0.00", "none: 2 games"]
    assert rows["baker-03"] == ["2", "1.50", "none: 2 games"]
    for label in ("knight", "merchant"):
        low, high = map(float, rows[label][2].split(" – "))
        assert 0 <= low < float(rows[label][1]) <= high <= 3, label
    assert float(rows["knight"][2].split(" – ")[0]) < 2.5  # twelve games are not certainty
    table = breakdown_tables(sim.outcomes, 3)[LIFT_TITLE]
    assert (table.kind, table.scale) == ("lift", 3)


def test_a_one_player_lift_is_a_lift_and_a_rate_table_a_rate(tmp_path: Path) -> None:
    """With one player every lift is 0 or 1: the table printed percentages under a title
    promising a ratio."""

    def facts(i: int) -> tuple:
        return ((LIFT_TITLE, "x", float(i % 2)), ("Attempts that succeed", "x", float(i % 3 == 0)))

    sim = lift_run(12, 1, facts)
    write_report(sim, tmp_path / "r.html")
    page = (tmp_path / "r.html").read_text()
    assert rows_of(page, LIFT_TITLE)["x"][1] == "0.50"
    assert rows_of(page, "Attempts that succeed")["x"][1] == "33.3%"
    tables = breakdown_tables(sim.outcomes, 1)
    assert tables[LIFT_TITLE].kind == "lift" and tables["Attempts that succeed"].kind == "rate"


def test_how_games_end_lists_only_the_ends_that_happened(tmp_path: Path) -> None:
    """'How games end' of a 3-player run listed deck-out and solo-lost, which cannot happen."""
    ends = "How games end (share of games)"

    def facts(i: int) -> tuple:
        return tuple(
            (ends, r, float(r == ("master" if i % 3 else "round-limit")))
            for r in ("deck-out", "master", "round-limit")
        )

    sim = lift_run(12, 3, facts)
    write_report(sim, tmp_path / "r.html")
    page = (tmp_path / "r.html").read_text()
    assert list(rows_of(page, ends)) == ["master", "round-limit"]
    assert "none fell in deck-out (left out)" in " ".join(page.split())
    table = breakdown_tables(sim.outcomes, 3)[ends]
    assert [r.label for r in table.rows] == ["master", "round-limit"]
    assert table.unseen == ["deck-out"]
    seasons = breakdown_tables(
        lift_run(12, 3, lambda i: (("Seasons won", "alone", float(i % 2)),)).outcomes, 3
    )["Seasons won"]
    assert seasons.unseen == [] and seasons.rows[0].mean == 0.5  # not one row a game: kept


def test_a_breakdown_s_intervals_are_taken_over_deals_under_duplicate_seating() -> None:
    """The observations of one deal's games hang together: counted as independent, twelve
    deals of three alike games gave an interval as narrow as 36 games'."""

    def facts(i: int) -> tuple:
        return (("Attempts that succeed", "x", float((i // 3) % 2)),)

    sim = lift_run(36, 3, facts)
    by_game = breakdown_tables(sim.outcomes, 3)["Attempts that succeed"].rows[0]
    deals = [i // 3 for i in range(36)]
    by_deal = breakdown_tables(sim.outcomes, 3, deals)["Attempts that succeed"].rows[0]
    assert by_deal.games == 12 and by_game.games == 36
    assert by_deal.high - by_deal.low > by_game.high - by_game.low
