"""Every ```bash block and every ```python block of README.md and docs/*.md runs, so none goes stale.

Each page runs in a sandbox of its own (a temporary folder holding links to the checkout's files, with
``examples/`` copied and ``../shared`` beside it when the checkout has one), its blocks in page order, so a
block may read what an earlier block of the same page wrote. ``gaia-ai`` and ``python`` in a block are this
interpreter running this checkout. A block that names ``../shared`` is skipped where there is none.

An HTML comment on the line before a block's fence tells the test how to run it (docs/development.md,
"The doc test"): ``<!-- doc-test: slow; timeout 300; replace "--games 400" "--games 2"; server;
background "open http"; expect "1 passed" -->``, directives separated by ``;``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
RUN_LANGS = ("bash", "python")
DEFAULT_TIMEOUT_S = 240
FENCE = re.compile(r"^```(\S*)\s*$")
DIRECTIVE = re.compile(r"^<!--\s*doc-test:(.*)-->\s*$")
SERVICE_ADDRESS = "localhost:50051"   # what the docs show; a block marked `server` gets the test's server


@dataclass
class Block:
    page: Path
    line: int            # 1-based line of the opening fence
    lang: str
    text: str
    slow: bool = False
    timeout_s: int = DEFAULT_TIMEOUT_S
    replace: list[tuple[str, str]] = field(default_factory=list)
    server: list[str] | None = None  # the block asks a `gaia-ai serve` (started with these arguments)
    background: str | None = None   # a pattern the output shows once the long-running command is up
    expect: list[str] = field(default_factory=list)
    ci: bool = False                # the install and test commands themselves: .ci/run runs them

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def _directives(block: Block, spec: str) -> None:
    for part in (p.strip() for p in spec.split(";")):
        if not part:
            continue
        words = shlex.split(part)
        key, args = words[0], words[1:]
        if key == "slow" and not args:
            block.slow = True
        elif key == "timeout" and len(args) == 1:
            block.timeout_s = int(args[0])
        elif key == "replace" and len(args) == 2:
            block.replace.append((args[0], args[1]))
        elif key == "server":
            block.server = args
        elif key == "background" and len(args) == 1:
            block.background = args[0]
        elif key == "ci" and not args:
            block.ci = True
        elif key == "expect" and len(args) == 1:
            block.expect.append(args[0])
        else:
            raise ValueError(f"{block.where}: unknown doc-test directive {part!r}")


def blocks_of(page: Path) -> list[Block]:
    """The page's runnable blocks, with the directive of the line before each fence applied."""
    lines = page.read_text().splitlines()
    out: list[Block] = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m or not m.group(1):
            i += 1
            continue
        lang, start = m.group(1), i
        i += 1
        body = []
        while i < len(lines) and lines[i].strip() != "```":
            body.append(lines[i])
            i += 1
        i += 1
        if lang not in RUN_LANGS:
            continue
        block = Block(page, start + 1, lang, "\n".join(body) + "\n")
        d = DIRECTIVE.match(lines[start - 1]) if start else None
        if d:
            _directives(block, d.group(1))
        out.append(block)
    return out


ALL_BLOCKS = [b for page in PAGES for b in blocks_of(page)]


def test_the_pages_have_blocks_and_every_fence_names_its_language() -> None:
    """A bare ``` fence would hide a command from this test: every block says bash, python or text (or
    another language that is not run: toml, yaml, nginx)."""
    assert len(ALL_BLOCKS) >= 20
    for page in PAGES:
        inside = False
        for n, line in enumerate(page.read_text().splitlines(), 1):
            if line.startswith("```"):
                if not inside:
                    assert line.strip() != "```", f"{page.relative_to(ROOT)}:{n}: a fence without a language"
                inside = not inside
    for b in ALL_BLOCKS:
        assert b.text.strip(), f"{b.where}: an empty block"


INSTALL = ("pip install -e . && gaia-ai suggest --demo", "pip install -e '.[test]' && pytest")


def test_the_install_block_is_the_one_ci_runs() -> None:
    """The README's two set-up commands are not run here (they are the install and this very suite):
    `.ci/run` runs them on a fresh clone. This checks that the block holds them as written and that
    `.ci/run` installs and tests the same way; no other block may claim `ci`."""
    ci_blocks = [b for b in ALL_BLOCKS if b.ci]
    assert [b.page.name for b in ci_blocks] == ["README.md"]
    commands = [line.split("#")[0].strip() for line in ci_blocks[0].text.splitlines() if line.strip()]
    assert commands == list(INSTALL)
    ci = (ROOT / ".ci" / "run").read_text()
    assert "\npip install -e '.[test]'" in ci and re.search(r"^pytest \|\| status=", ci, re.MULTILINE)


def test_a_directive_is_read() -> None:
    page = ROOT / "docs" / "development.md"
    texts = "\n".join(b.text for b in blocks_of(page))
    assert "gaia-ai" in texts, "docs/development.md shows commands"
    probe = Block(page, 1, "bash", "")
    _directives(probe, ' slow; timeout 9; replace "a b" "c"; expect "x" ')
    assert (probe.slow, probe.timeout_s, probe.replace, probe.expect) == (True, 9, [("a b", "c")], ["x"])
    with pytest.raises(ValueError, match="unknown doc-test directive"):
        _directives(probe, "sometimes")


# ---- running them --------------------------------------------------------------------------------------


class Sandbox:
    """A folder standing in for the checkout's root, one per page."""

    def __init__(self, base: Path) -> None:
        self.root = base / "repo"
        self.root.mkdir(parents=True)
        for entry in ROOT.iterdir():
            if entry.name in (".git", "build", "examples") or entry.name.startswith(".pytest"):
                continue
            (self.root / entry.name).symlink_to(entry)
        shutil.copytree(ROOT / "examples", self.root / "examples")   # a tournament writes its database there
        shared = ROOT.parent / "shared"
        if shared.is_dir():
            (base / "shared").symlink_to(shared)
        self.bin = base / "bin"
        self.bin.mkdir()
        for name, command in (("gaia-ai", f'"{sys.executable}" -m gaia_ai "$@"'),
                              ("python", f'"{sys.executable}" "$@"')):
            script = self.bin / name
            script.write_text(f"#!/bin/sh\nexec {command}\n")
            script.chmod(0o755)
        self.env = {k: v for k, v in os.environ.items() if not k.startswith(("GAIA_AI_CORE_DIR", "LD_PRELOAD"))}
        self.env.update(PATH=f"{self.bin}{os.pathsep}{os.environ['PATH']}", MPLBACKEND="Agg",
                        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
        self.count = 0
        self.known = {p.name for p in self.root.iterdir()}

    def new_files(self) -> list[str]:
        """What the blocks wrote in the root since the last call (the test's own files left out)."""
        names = {p.name for p in self.root.iterdir()} - self.known
        self.known |= names
        return sorted(n + "/" * (self.root / n).is_dir() for n in names if not n.startswith("doc_"))

    def command(self, block: Block, text: str) -> list[str]:
        self.count += 1
        if block.lang == "python":
            script = self.root / f"doc_snippet_{self.count}.py"
            script.write_text(text)
            return [sys.executable, str(script)]
        return ["bash", "-e", "-o", "pipefail", "-c", text]


@pytest.fixture(scope="module")
def sandboxes(tmp_path_factory: pytest.TempPathFactory) -> dict[Path, Sandbox]:
    return {}


@contextlib.contextmanager
def _serve(cwd: Path, env: dict[str, str], args: list[str], log_path: Path) -> Iterator[str]:
    """A `gaia-ai serve --port 0` with ARGS in CWD; yields its address once it serves."""
    with log_path.open("w+") as log:
        proc = subprocess.Popen([sys.executable, "-m", "gaia_ai", "serve", "--port", "0", *args], stdout=log,
                                stderr=subprocess.STDOUT, cwd=cwd, env=env)
        try:
            address = None
            for _ in range(600):
                for line in log_path.read_text().splitlines():
                    if '"serving"' in line:
                        address = json.loads(line)["address"]
                if address or proc.poll() is not None:
                    break
                time.sleep(0.1)
            assert address, f"gaia-ai serve {' '.join(args)} did not start: {log_path.read_text()[-2000:]}"
            yield address
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One plain `gaia-ai serve` on a free port for the blocks marked ``server``; yields its address."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with _serve(ROOT, env, [], tmp_path_factory.mktemp("serve") / "serve.log") as address:
        yield address


def _run_background(block: Block, cmd: list[str], box: Sandbox) -> str:
    """Start a long-running command, wait for its pattern in the output, then stop it with Ctrl-C."""
    out_path = box.root / f"doc_background_{box.count}.log"
    with out_path.open("w") as out:
        proc = subprocess.Popen(cmd, cwd=box.root, env=box.env, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
        deadline = time.monotonic() + block.timeout_s
        try:
            while time.monotonic() < deadline:
                text = out_path.read_text()
                if re.search(block.background, text):
                    return text
                if proc.poll() is not None:
                    pytest.fail(f"{block.where}: ended (exit {proc.returncode}) before showing "
                                f"{block.background!r}:\n{text[-3000:]}")
                time.sleep(0.2)
            pytest.fail(f"{block.where}: no {block.background!r} within {block.timeout_s} s:\n"
                        f"{out_path.read_text()[-3000:]}")
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGINT)
                try:
                    proc.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait()
    raise AssertionError("unreachable")


def _params() -> list:
    return [pytest.param(b, id=f"{b.where}-{b.lang}", marks=[pytest.mark.slow] if b.slow else [])
            for b in ALL_BLOCKS]


@pytest.mark.parametrize("block", _params())
def test_doc_block_runs(block: Block, sandboxes: dict[Path, Sandbox], request: pytest.FixtureRequest,
                        tmp_path_factory: pytest.TempPathFactory) -> None:
    if block.ci:
        pytest.skip(f"{block.where}: the install and test commands, run by .ci/run")
    text = block.text
    for old, new in block.replace:
        assert old in text, f"{block.where}: the directive replaces {old!r}, which the block does not hold"
        text = text.replace(old, new)
    if "../shared" in text and not (ROOT.parent / "shared").is_dir():
        pytest.skip(f"{block.where} reads ../shared, absent here")
    box = sandboxes.get(block.page)
    if box is None:
        box = sandboxes[block.page] = Sandbox(tmp_path_factory.mktemp("doc"))
    with contextlib.ExitStack() as stack:
        if block.server is not None:
            assert SERVICE_ADDRESS in text, f"{block.where}: marked server but names no {SERVICE_ADDRESS}"
            if block.server:   # a server of its own, started in the page's folder (its files are there)
                address = stack.enter_context(_serve(box.root, box.env, block.server,
                                                     box.root / f"doc_serve_{box.count}.log"))
            else:
                address = request.getfixturevalue("service")
            text = text.replace(SERVICE_ADDRESS, address)
        _run_block(block, text, box)
    written = box.new_files()
    if written and (ROOT / ".git").exists():
        tracked = subprocess.run(["git", "check-ignore", "--no-index", "--verbose", "--non-matching", *written],
                                 check=False, cwd=ROOT, capture_output=True, text=True).stdout.splitlines()
        loose = [line.split("\t")[-1] for line in tracked if line.startswith("::")]
        assert not loose, (f"{block.where} writes {loose} in the checkout's root, which .gitignore does not "
                           "ignore: a user who runs it there would see them as new files")


def _run_block(block: Block, text: str, box: Sandbox) -> None:
    cmd = box.command(block, text)
    if block.background:
        output = _run_background(block, cmd, box)
    else:
        proc = subprocess.Popen(cmd, cwd=box.root, env=box.env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, start_new_session=True)
        try:
            output, _ = proc.communicate(timeout=block.timeout_s)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            pytest.fail(f"{block.where}: still running after {block.timeout_s} s:\n{text}")
        assert proc.returncode == 0, (f"{block.where}: exit {proc.returncode}\n--- block\n{text}"
                                      f"--- output (end)\n{output[-4000:]}")
    for wanted in block.expect:
        assert wanted in output, f"{block.where}: the output lacks {wanted!r}:\n{output[-3000:]}"
