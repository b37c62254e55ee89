"""Makes ``rm2d6_helpers`` (beside this file) importable from the Renaissance Man (2006) tests."""

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
