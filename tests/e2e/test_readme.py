"""Every ``sh`` example in the README and in ``docs/`` runs verbatim, top to bottom, as a
user would type it — each page alone, and all of them in one shell.

Each page's blocks run in order in a scratch directory of its own (with ``replays/``
and ``.venv`` beside it, as in a clone) and a data directory of its own — a page is
read alone — each block under ``bash -e``: an example that fails, or that no longer
matches the code, fails here. Then the walk: every page's blocks, in the order the
README's links send a reader through them, in ONE shell, as a clone would run them —
starting without ``kiroku`` on the PATH (the README's own activate line puts it
there), without ``KIROKU_LOG``, and with the PostgreSQL block's ``KIROKU_STORE`` left
exported for every page after it — and no process may outlive that shell (a server an
example started and did not stop). A block that is a synopsis rather than an example is
fenced ``text``. The set-up lines (``./dev …``) are what CI itself runs, so they are
left out here.

Two things are not verbatim, so that runs on one machine cannot meet: the PostgreSQL
store the docs export (``postgresql://postgres@127.0.0.1:5432/kiroku``) is a schema of
the test's own (:func:`tests.postgres.schema`), and the servers' ports (8321, 8322)
are free ports chosen for the run.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.postgres import schema

pytestmark = pytest.mark.slow  # every example of the pages, run through the real kiroku

ROOT = Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"```sh\n(.*?)```", re.S)
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)\s]*)?\)")
PAGES = sorted(
    [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")], key=lambda p: p.relative_to(ROOT)
)
VENV = Path(sys.executable).parent
DOCS_STORE = re.compile(r"postgresql://postgres@127\.0\.0\.1:5432/kiroku(?=\s|$)", re.M)
DOCS_PORTS = ("8321", "8322")


def examples(page: Path) -> list[str]:
    blocks = BLOCK.findall(page.read_text(encoding="utf-8"))
    return [
        "\n".join(line for line in block.splitlines() if not line.startswith("./dev "))
        for block in blocks
    ]


def reading_order() -> list[Path]:
    """The pages as a reader meets them: the README, then the pages it links in the
    order it links them, then the pages those link (the rulesets' pages after their
    index), and so on; then any page no link reaches, by name. Only the README and
    ``docs/`` (the pages whose examples are claimed to run)."""
    pages = {p.resolve() for p in PAGES}
    order, queue = [(ROOT / "README.md").resolve()], [(ROOT / "README.md").resolve()]
    while queue:
        page = queue.pop(0)
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            linked = (page.parent / target).resolve()
            if linked in pages and linked not in order:
                order.append(linked)
                queue.append(linked)
    return order + sorted(pages - set(order))


def free_port() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return str(sock.getsockname()[1])


def localized(block: str, store: str, ports: dict[str, str]) -> str:
    """The block with the docs' PostgreSQL store and ports replaced by the run's own."""
    block = DOCS_STORE.sub(store, block)
    for docs_port, port in ports.items():
        block = re.sub(rf"\b{docs_port}\b", port, block)
    return block


@pytest.fixture
def place() -> Iterator[tuple[str, dict[str, str]]]:
    """The run's PostgreSQL store (a schema dropped afterwards) and ports."""
    with schema() as url:
        yield url, {port: free_port() for port in DOCS_PORTS}


def scratch(tmp_path: Path) -> dict[str, str]:
    """A scratch directory laid out as a clone (``replays/``, ``.venv``), and the
    environment a page's examples run in (the installed ``kiroku`` first on the path, a
    data directory of their own, no log lines, no session given)."""
    (tmp_path / "replays").symlink_to(ROOT / "replays")
    (tmp_path / ".venv").symlink_to(VENV.parent)
    env = {
        **os.environ,
        "PATH": f"{VENV}{os.pathsep}{os.environ['PATH']}",
        "KIROKU_DATA_DIR": str(tmp_path / "data"),
        "KIROKU_LOG": "off",
    }
    env.pop("KIROKU_SESSION", None)
    env.pop("KIROKU_STORE", None)
    return env


def in_a_shell(script: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``script`` under ``bash -e`` in a session of its own; then every process still
    in that session once the shell has ended — a server an example left running — is
    waited for a few seconds, killed, and reported. (Its output goes to files, not
    pipes, so that a process left behind holding them cannot keep this waiting.)"""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        shell = subprocess.Popen(
            ["bash", "-e", "-c", script], cwd=cwd, env=env, text=True,
            stdin=subprocess.DEVNULL, stdout=out, stderr=err, start_new_session=True,
        )  # fmt: skip
        try:
            shell.wait(timeout=900)
        finally:
            if shell.poll() is None:
                shell.kill()
        deadline = time.monotonic() + 5
        left = survivors(shell.pid)
        while left and time.monotonic() < deadline:
            time.sleep(0.1)
            left = survivors(shell.pid)
        named = [command_of(pid) for pid in left]
        for pid in left:
            with contextlib.suppress(ProcessLookupError):  # it ended meanwhile
                os.kill(pid, signal.SIGKILL)
        assert not left, f"processes outlived the shell: {named}"
        out.seek(0)
        err.seek(0)
        return subprocess.CompletedProcess(shell.args, shell.returncode, out.read(), err.read())


def survivors(session: int) -> list[int]:
    """The live processes of Linux session ``session`` (``/proc/PID/stat``'s sixth field)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        if int(fields[3]) == session and fields[0] != "Z":
            found.append(int(stat.parent.name))
    return found


def command_of(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
    except OSError:
        return str(pid)


def test_the_pages_have_examples() -> None:
    every = [block for page in PAGES for block in examples(page)]
    assert len(every) >= 15
    assert sum(block.count("kiroku ") for block in every) >= 100
    assert examples(ROOT / "README.md"), "the README shows a session"
    for name in ("sessions", "auditing", "http-api", "replays", "dice"):
        assert examples(ROOT / "docs" / f"{name}.md"), name
    assert sorted(reading_order()) == sorted(p.resolve() for p in PAGES)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_example_runs_verbatim(
    tmp_path: Path, page: Path, place: tuple[str, dict[str, str]]
) -> None:
    env = scratch(tmp_path)
    for number, block in enumerate(examples(page), 1):
        done = in_a_shell(localized(block, *place), tmp_path, env)
        assert done.returncode == 0, (
            f"{page.name}: example block {number} failed:\n{block}\n--- stderr ---\n{done.stderr}"
        )


def test_the_pages_run_one_after_another_in_one_shell(
    tmp_path: Path, place: tuple[str, dict[str, str]]
) -> None:
    """The walk: what a clone's reader types, page after page, in one shell. The
    PostgreSQL block stays exported, so what follows it runs there — but for
    ``docs/replays.md``'s ``--data-dir elsewhere``, which the command line sends to the
    SQLite store in that folder; and no server outlives the shell."""
    store, _ = place
    env = scratch(tmp_path)
    env["PATH"] = os.pathsep.join(p for p in env["PATH"].split(os.pathsep) if p != str(VENV))
    for name in ("KIROKU_DATA_DIR", "KIROKU_LOG", "VIRTUAL_ENV"):
        env.pop(name, None)
    env["XDG_DATA_HOME"] = str(tmp_path / "share")  # the default store: ~/.local/share/kiroku
    steps = []
    for page in reading_order():
        for number, block in enumerate(examples(page), 1):
            shown = f"{page.relative_to(ROOT)}, example block {number}"
            steps.append(f"echo {json.dumps(f'--- {shown}')} >&2\n{localized(block, *place)}")
    assert len(steps) >= 15
    assert any("export KIROKU_STORE" in step for step in steps)
    done = in_a_shell("\n".join(steps), tmp_path, env)
    where = done.stderr.rsplit("--- ", 1)[-1]
    assert done.returncode == 0, f"the walk failed in {where}"

    def sessions(*store_options: str) -> set[str]:
        listed = subprocess.run(
            [str(VENV / "kiroku"), "session", "list", "--json", *store_options],
            env={**env, "KIROKU_LOG": "off"}, cwd=tmp_path, capture_output=True, text=True,
        )  # fmt: skip
        assert listed.returncode == 0, listed.stderr
        return {s["id"] for s in json.loads(listed.stdout)}

    assert "tea" in sessions()  # the README's, before the PostgreSQL block
    assert {"night1", "winter-2", "evening", "web1"} <= sessions("--store", store)
    assert sessions("--data-dir", str(tmp_path / "elsewhere")) == {"evening"}


def test_the_audit_story_prints_what_the_page_shows(tmp_path: Path) -> None:
    """The worked audit story runs, and it prints every line ``docs/auditing.md`` quotes
    of it (its amendment's preview, its reinstated group's; the lines elided with …
    aside)."""
    section = (ROOT / "docs" / "auditing.md").read_text(encoding="utf-8")
    story = BLOCK.findall(section)[0]
    quoted = "".join(re.findall(r"```text\n(.*?)```", section, re.S))
    env = scratch(tmp_path)
    done = in_a_shell(story, tmp_path, env)
    assert done.returncode == 0, done.stderr
    for line in quoted.splitlines():
        if line.strip() != "…":
            assert line in done.stdout, line
