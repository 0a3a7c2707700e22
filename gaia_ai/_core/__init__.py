"""Compiled Cython modules (built from src_cython/). Import them through gaia_ai's Python API only."""
