"""Build the Cython hot core: every .pyx under src_cython/ becomes gaia_ai._core.<name>.

`pip install -e .` runs this; the compiled modules are imported only through gaia_ai's Python API.
"""
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

ROOT = Path(__file__).parent
COMPILE_ARGS = ["-O3", "-fopenmp"]
LINK_ARGS = ["-fopenmp"]


def extensions() -> list[Extension]:
    exts = []
    for pyx in sorted((ROOT / "src_cython").rglob("*.pyx")):
        rel = pyx.relative_to(ROOT)
        name = "gaia_ai._core." + pyx.stem
        exts.append(
            Extension(
                name,
                [str(rel)],
                include_dirs=["src_cython"],
                extra_compile_args=COMPILE_ARGS,
                extra_link_args=LINK_ARGS,
            )
        )
    return exts


setup(
    ext_modules=cythonize(
        extensions(),
        include_path=["src_cython"],
        compiler_directives={
            "language_level": 3,
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
        },
        annotate=False,
    ),
)
