"""Every ``sh`` example in the README and in ``docs/`` runs verbatim, top to bottom, as a
user would type it.

Each page's blocks run in order in a scratch directory of its own (with ``replays/``
beside it, for the sheets and curated replays the examples name) and a data directory of
its own — a page is read alone — each line under ``bash -e``: an example that fails, or
that no longer matches the code, fails here. A block that is a synopsis rather than an
example is fenced ``text``. The set-up lines (``./dev …``) are what CI itself runs, so
they are left out here.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # every example of the pages, run through the real kiroku

ROOT = Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"```sh\n(.*?)```", re.S)
PAGES = sorted(
    [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")], key=lambda p: p.relative_to(ROOT)
)


def examples(page: Path) -> list[str]:
    blocks = BLOCK.findall(page.read_text(encoding="utf-8"))
    return [
        "\n".join(line for line in block.splitlines() if not line.startswith("./dev "))
        for block in blocks
    ]


def scratch(tmp_path: Path) -> dict[str, str]:
    """A scratch directory with ``replays/`` beside it, and the environment a page's
    examples run in (the installed ``kiroku`` first on the path, a data directory of
    their own, no log lines, no session given)."""
    (tmp_path / "replays").symlink_to(ROOT / "replays")
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "KIROKU_DATA_DIR": str(tmp_path / "data"),
        "KIROKU_LOG": "off",
    }
    env.pop("KIROKU_SESSION", None)
    return env


def test_the_pages_have_examples() -> None:
    every = [block for page in PAGES for block in examples(page)]
    assert len(every) >= 15
    assert sum(block.count("kiroku ") for block in every) >= 100
    assert examples(ROOT / "README.md"), "the README shows a session"
    for name in ("sessions", "auditing", "http-api", "replays", "dice"):
        assert examples(ROOT / "docs" / f"{name}.md"), name


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_example_runs_verbatim(tmp_path: Path, page: Path) -> None:
    env = scratch(tmp_path)
    for number, block in enumerate(examples(page), 1):
        done = subprocess.run(
            ["bash", "-e", "-c", block],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, (
            f"{page.name}: example block {number} failed:\n{block}\n--- stderr ---\n{done.stderr}"
        )


def test_the_audit_story_prints_what_the_page_shows(tmp_path: Path) -> None:
    """The worked audit story runs, and it prints every line ``docs/auditing.md`` quotes
    of it (its amendment's preview, its reinstated group's; the lines elided with …
    aside)."""
    section = (ROOT / "docs" / "auditing.md").read_text(encoding="utf-8")
    story = BLOCK.findall(section)[0]
    quoted = "".join(re.findall(r"```text\n(.*?)```", section, re.S))
    env = scratch(tmp_path)
    done = subprocess.run(
        ["bash", "-e", "-c", story], cwd=tmp_path, env=env, capture_output=True, text=True,
        timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    for line in quoted.splitlines():
        if line.strip() != "…":
            assert line in done.stdout, line
