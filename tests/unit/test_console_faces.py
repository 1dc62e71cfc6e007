"""The console checks physical dice's faces as the server reads them: for every dice
family, the faces ``adapters/http/console/logic.js``'s ``facesProblem`` takes are those
:func:`domain.dice.given.given_faces` takes, and it refuses the others in the server's
words — on typed faces a table would write, and on many more made at random from what
a keyboard gives (node runs the console's function on the same texts)."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from domain.commands import DiceFamily
from domain.dice.given import plain_faces
from domain.dice.roll_keep.faces import parse_faces
from domain.errors import MalformedInput

ROOT = Path(__file__).resolve().parents[2]
FAMILIES: tuple[DiceFamily, ...] = ("roll_keep", "narrative", "two_d6")
TYPED = [
    "6,7,10+3", "1r4,9", "1R4, 10+10+2", " 3 , 5 ", "3,5", "5,3,1,12,9,4", "", " ", ",", "6,,7",
    "10+", "+3", "2r5", "r5", "1r", "1r1r2", "100", "07", "6;7", "6 7", "x", "1r 4", "１,2",
    "6,7,10+3" * 400, "1," * 5001, "9" * 250,
]  # fmt: skip
KEYS = "0123456789,+rR1 x-\t"


def server_says(family: str, text: str) -> str | None:
    """The server's refusal of ``text`` as a ``family`` command's faces (None: read)."""
    try:
        parse_faces(text) if family == "roll_keep" else plain_faces(text)
    except MalformedInput as error:
        return str(error)
    return None


def test_the_console_reads_faces_as_the_server_does() -> None:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.fail("node is needed for the console's tests: apt-get install nodejs")
    chance = random.Random(30)
    made = ["".join(chance.choice(KEYS) for _ in range(chance.randint(0, 14))) for _ in range(600)]
    texts = TYPED + made
    script = (
        "import fs from 'node:fs';"
        "import { facesProblem } from './adapters/http/console/logic.js';"
        "const asked = JSON.parse(fs.readFileSync(0, 'utf8'));"
        "console.log(JSON.stringify(asked.map(([family, text]) => facesProblem(family, text))));"
    )
    asked = [[family, text] for family in FAMILIES for text in texts]
    done = subprocess.run(
        [node, "--input-type=module", "-e", script],
        input=json.dumps(asked), cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    console = json.loads(done.stdout)
    read = 0
    for (family, text), said in zip(asked, console, strict=True):
        server = server_says(family, text)
        assert (said is None) == (server is None), (family, text, said, server)
        if server is None:
            read += 1
        elif "'" not in text and "\\" not in text and "\t" not in text:  # quoted alike
            assert said == server, (family, text)
    assert read > 50  # faces a table types are read, not only refused
