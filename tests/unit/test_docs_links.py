"""Every link between the README and the pages of ``docs/`` names a file that exists, and
every page of ``docs/`` is reached from the README (directly or through a page that
is): a page moved or renamed breaks here, not for a reader."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)\s]*)?\)")


def links(page: Path) -> set[Path]:
    found = set()
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if "://" in target:
            continue
        found.add((page.parent / target).resolve())
    return found


def test_every_link_names_a_file() -> None:
    for page in [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]:
        for target in links(page):
            assert target.exists(), f"{page.relative_to(ROOT)} links to {target}"


def test_every_page_is_reached_from_the_readme() -> None:
    reached, todo = set(), [ROOT / "README.md"]
    while todo:
        page = todo.pop()
        for target in links(page):
            if target.suffix == ".md" and target not in reached:
                reached.add(target)
                todo.append(target)
    pages = {p.resolve() for p in (ROOT / "docs").rglob("*.md")}
    assert not pages - reached, sorted(str(p.relative_to(ROOT)) for p in pages - reached)
