"""Without the ``ai`` extra every adapter module still imports (the test run collects the
doctests of every module under src/), and using an adapter says which extra to install."""

import subprocess
import sys

BLOCK = """
import sys
class Missing:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"pyspiel", "open_spiel", "pettingzoo", "gymnasium"}:
            raise ImportError(f"no module named {name!r} (blocked)")
sys.meta_path.insert(0, Missing())
"""


def test_the_adapters_import_without_their_libraries_and_say_what_to_install() -> None:
    code = BLOCK + (
        "import tavola.interop, tavola.interop.common\n"
        "from tavola.interop import openspiel, pettingzoo\n"
        "for use in (lambda: pettingzoo.env('testa-di-pecora'),\n"
        "            lambda: pettingzoo.parallel_env('testa-di-pecora'),\n"
        "            lambda: openspiel.load('testa-di-pecora'), openspiel.register_all):\n"
        "    try:\n"
        "        use()\n"
        "    except ImportError as exc:\n"
        "        print(exc)\n"
        "print(openspiel.short_name('testa-di-pecora'))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "the PettingZoo adapter needs the ai extra: pip install 'tavola[ai]'",
        "the PettingZoo adapter needs the ai extra: pip install 'tavola[ai]'",
        "the OpenSpiel adapter needs the ai extra: pip install 'tavola[ai]'",
        "the OpenSpiel adapter needs the ai extra: pip install 'tavola[ai]'",
        "python_tavola_testa_di_pecora",
    ]
