"""The console's pure parts (``adapters/http/console/logic.js``: the turn order, the wound
tracks, where a TN comes from, where the live stream resumes) pass their tests under
node's own test runner (``tests/js/``), as the page passes the browser tests."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_console_s_logic_passes_node_s_test_runner() -> None:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.fail("node is needed for the console's tests: apt-get install nodejs")
    done = subprocess.run(
        [node, "--test", str(ROOT / "tests" / "js")],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    passed = re.search(r"^# pass (\d+)$", done.stdout, re.M)
    assert passed is not None and int(passed.group(1)) >= 4, done.stdout  # they all ran
    assert "# fail 0" in done.stdout, done.stdout
