"""A throwaway PostgreSQL cluster for the web tests, from Debian's ``postgresql`` package.

pytest-postgresql would start one too, but PostgreSQL refuses to run as root, as CI does: this
starts the server as the ``postgres`` user when the tests run as root. The cluster lives in a
temporary directory, listens on loopback on a free port, trusts local connections, and is
stopped at the end of the test session.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def pg_bin() -> Path | None:
    """The directory of initdb and pg_ctl ($TAVOLA_PG_BIN, or Debian's newest), if any."""
    given = os.environ.get("TAVOLA_PG_BIN")
    found = [given] if given else sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    for path in found:
        if path and (Path(path) / "initdb").exists():
            return Path(path)
    return None


def _run(args: list[str], user: str | None) -> None:
    if user:
        args = ["runuser", "-u", user, "--", *args]
    subprocess.run(args, check=True, capture_output=True, timeout=120)


@contextmanager
def cluster() -> Iterator[str]:
    """Start a cluster; yield the SQLAlchemy URL of its ``postgres`` database."""
    bin_dir = pg_bin()
    if bin_dir is None:
        raise RuntimeError("no PostgreSQL server here (apt-get install postgresql)")
    user = "postgres" if os.geteuid() == 0 else None
    root = Path(tempfile.mkdtemp(prefix="tavola-pg-"))
    if user:
        shutil.chown(root, user)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    data = root / "data"
    _run(
        [str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "tavola", "--no-sync"], user
    )
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
    _run(
        [
            str(bin_dir / "pg_ctl"),
            "-D",
            str(data),
            "-o",
            options,
            "-w",
            "-l",
            str(root / "log"),
            "start",
        ],
        user,
    )
    try:
        yield f"postgresql+psycopg://tavola@127.0.0.1:{port}/postgres"
    finally:
        _run([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"], user)
        shutil.rmtree(root, ignore_errors=True)
