"""Make the helpers module importable from the Terraforming Mars tests (no __init__.py here)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
