"""Build the Cython hot core: every .pyx under src_cython/ becomes gaia_ai._core.<name>; and the gRPC
stubs: every proto/gaia_ai/**/*.proto becomes <its folder>/<name>_pb2.py, _pb2.pyi and _pb2_grpc.py under
gaia_ai/ (gaia_ai/v1/ the service envelope, gaia_ai/games/<game>/v1/ each game's position payload).

`pip install -e .` runs this; the compiled modules are imported only through gaia_ai's Python API. The
toy games of src_cython/testing/ (test-only: they prove the search) are built for an editable install or
`build_ext --inplace`, never into a wheel.

GAIA_AI_SANITIZE=1 compiles the extensions with AddressSanitizer and UndefinedBehaviorSanitizer
(-O1 -g, frame pointers kept) instead of -O3: a write past a C array then stops the process with a
report. Build them apart (`build_ext --build-lib build/sanitize`), point GAIA_AI_CORE_DIR at the
modules' folder and run Python with libasan preloaded (.ci/run, docs/development.md "The sanitizer build").
"""
import os
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).parent
COMPILE_ARGS = ["-O3", "-fopenmp"]
LINK_ARGS = ["-fopenmp"]
if os.environ.get("GAIA_AI_SANITIZE", "0") not in ("", "0"):
    SANITIZE = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-fno-sanitize-recover=undefined"]
    COMPILE_ARGS = ["-O1", "-g", "-fopenmp", *SANITIZE]
    LINK_ARGS = ["-fopenmp", *SANITIZE]


def extensions() -> list[Extension]:
    # GAIA_AI_EXTENSIONS=gaia_rules,mcts builds only those modules (the sanitizer build in CI)
    only = {x for x in os.environ.get("GAIA_AI_EXTENSIONS", "").split(",") if x}
    exts = []
    for pyx in sorted((ROOT / "src_cython").rglob("*.pyx")):
        if only and pyx.stem not in only:
            continue
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


TEST_ONLY = "src_cython/testing/"   # toy games that test the search: built for the checkout, not shipped


class BuildExtKeepingTestsHome(build_ext):
    """build_ext that leaves the test-only extensions (src_cython/testing/) out of a wheel. They are built
    where the tests run: an editable install (the README's commands), `build_ext --inplace`, or any build
    with GAIA_AI_TEST_EXTENSIONS=1."""

    def run(self) -> None:
        for_tests = self.inplace or getattr(self, "editable_mode", False) or \
            os.environ.get("GAIA_AI_TEST_EXTENSIONS", "0") not in ("", "0")
        if not for_tests:
            self.extensions = [e for e in self.extensions if not e.sources[0].startswith(TEST_ONLY)]
        super().run()


def generate_stubs() -> None:
    """Run grpc_tools.protoc (a build requirement) on every proto/gaia_ai/**/*.proto; the stubs are
    written into the matching package folder under gaia_ai/ and never committed (DESIGN: generated at
    build time)."""
    from importlib import resources

    from grpc_tools import protoc

    protos = sorted(str(p) for p in (ROOT / "proto").glob("gaia_ai/**/*.proto"))
    well_known = resources.files("grpc_tools") / "_proto"   # google/protobuf/*.proto
    out = str(ROOT)
    args = ["protoc", f"-I{ROOT / 'proto'}", f"-I{well_known}",
            f"--python_out={out}", f"--pyi_out={out}", f"--grpc_python_out={out}", *protos]
    if protos and protoc.main(args) != 0:
        raise RuntimeError(f"grpc_tools.protoc failed on {protos}")


class BuildPyWithStubs(build_py):
    """build_py (run by wheel and editable builds alike) that first generates the gRPC stubs."""

    def run(self) -> None:
        generate_stubs()
        super().run()


setup(
    cmdclass={"build_py": BuildPyWithStubs, "build_ext": BuildExtKeepingTestsHome},
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
