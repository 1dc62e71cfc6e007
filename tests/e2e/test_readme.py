"""Every ``sh`` example in the README runs verbatim, top to bottom, as a user would type it.

The blocks run in order in one scratch directory (with ``replays/`` beside it, for the
sheets and curated replays the examples name) and one data directory, each line under
``bash -e``: an example that fails, or that no longer matches the code, fails here. A
block that is a synopsis rather than an example is fenced ``text``. The set-up lines
(``./dev …``) are what CI itself runs, so they are left out here.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # every README example, run through the real kiroku

ROOT = Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"```sh\n(.*?)```", re.S)


def examples() -> list[str]:
    blocks = BLOCK.findall((ROOT / "README.md").read_text(encoding="utf-8"))
    return [
        "\n".join(line for line in block.splitlines() if not line.startswith("./dev "))
        for block in blocks
    ]


def test_the_readme_has_examples() -> None:
    assert len(examples()) >= 3
    assert sum(block.count("kiroku ") for block in examples()) >= 30


def test_every_readme_example_runs_verbatim(tmp_path: Path) -> None:
    (tmp_path / "replays").symlink_to(ROOT / "replays")
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "KIROKU_DATA_DIR": str(tmp_path / "data"),
        "KIROKU_LOG": "off",
    }
    env.pop("KIROKU_SESSION", None)
    for number, block in enumerate(examples(), 1):
        done = subprocess.run(
            ["bash", "-e", "-c", block],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, (
            f"README example block {number} failed:\n{block}\n--- stderr ---\n{done.stderr}"
        )


def test_the_audit_story_prints_what_the_readme_shows(tmp_path: Path) -> None:
    """The worked audit story runs, and it prints every line the README quotes of it
    (its amendment's preview, its reinstated group's; the lines elided with … aside)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Auditing a contested ruling") :]
    story = BLOCK.findall(section)[0]
    quoted = "".join(re.findall(r"```text\n(.*?)```", section[: section.index("\n## ", 5)], re.S))
    (tmp_path / "replays").symlink_to(ROOT / "replays")
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "KIROKU_DATA_DIR": str(tmp_path / "data"),
        "KIROKU_LOG": "off",
    }
    done = subprocess.run(
        ["bash", "-e", "-c", story], cwd=tmp_path, env=env, capture_output=True, text=True,
        timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    for line in quoted.splitlines():
        if line.strip() != "…":
            assert line in done.stdout, line
