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


def test_no_page_names_a_path_outside_the_repository() -> None:
    """A clone has only the repository: no link leaves it, and no page sends the reader
    to the team's folder beside it (``../shared/…``), which a clone does not have."""
    for page in [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]:
        named = page.relative_to(ROOT)
        assert "../shared" not in page.read_text(encoding="utf-8"), named
        for target in links(page):
            assert target.is_relative_to(ROOT), f"{named} links outside the repository: {target}"
