"""Compiled Cython modules (built from src_cython/). Import them through gaia_ai's Python API only.

GAIA_AI_CORE_DIR names a folder searched first for these modules: the sanitizer build (setup.py's
GAIA_AI_SANITIZE=1, built apart from the normal one) is tested that way without replacing it."""
import os as _os

if _os.environ.get("GAIA_AI_CORE_DIR"):
    __path__.insert(0, _os.path.abspath(_os.environ["GAIA_AI_CORE_DIR"]))
