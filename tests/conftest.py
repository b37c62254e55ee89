"""Test-wide settings: Hypothesis profiles (CI is derandomized so a run is repeatable), the
test plug-in distribution (tests/plugins) on the path, found like any installed plug-in, and a
data folder of the tests' own (the tester's trained values or database never enter a test), and
no terminal width from the runner (pytest-xdist's workers get COLUMNS=80, which the CLI honours
when piped)."""

import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "plugins"))
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="tavola-tests-data-")
os.environ.pop("COLUMNS", None)

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def pytest_sessionfinish(session, exitstatus):  # type: ignore[no-untyped-def]
    """On CI a skipped test is a failure: a run that skips what it should test must not pass."""
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter else []
    if os.environ.get("CI") and skipped and exitstatus == 0:
        reporter.write_line(f"CI: {len(skipped)} test(s) skipped; failing the run", red=True)
        session.exitstatus = 1
