"""Tournaments between agents: play many seeded games in parallel and report win shares."""

from .outcome import GameOutcome
from .report import render, to_json
from .results import ResultsFile, ResultsFileError
from .runner import (
    AGENT_STREAM,
    BACKENDS,
    DEFAULT_SEED,
    MAX_DECISIONS,
    SEATINGS,
    Simulation,
    SimulationError,
    agent_seeds,
    check_run,
    deal_of,
    play_game,
    seating,
    simulate,
)
from .stats import Summary, Tally, summarize, wilson

__all__ = [
    "AGENT_STREAM",
    "BACKENDS",
    "DEFAULT_SEED",
    "MAX_DECISIONS",
    "SEATINGS",
    "GameOutcome",
    "ResultsFile",
    "ResultsFileError",
    "Simulation",
    "SimulationError",
    "Summary",
    "Tally",
    "agent_seeds",
    "check_run",
    "deal_of",
    "play_game",
    "render",
    "seating",
    "simulate",
    "summarize",
    "to_json",
    "wilson",
]
