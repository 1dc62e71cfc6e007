"""The shape of the code (``docs/architecture.md``): the core knows no ruleset, the domain
imports nothing but the standard library and msgspec, each layer imports only those
inward of it — an import inside a function counts as one at the top, since it runs all
the same — and no module imports itself back through others."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("domain", "projections", "application", "adapters")
CORE = ("domain.session", "domain.events", "domain.dice", "domain.errors", "domain.names")


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def _runtime_imports(
    path: Path, modules: frozenset[str] = frozenset(), *, lazy: bool = False
) -> set[str]:
    """Modules imported when ``path`` is imported (``if TYPE_CHECKING:`` blocks left out,
    and, unless ``lazy``, the imports inside functions); for ``from package import
    module``, the module rather than its package. Every statement is walked: an import
    in a ``try``, an ``except``, a ``with`` or a ``match`` case runs all the same."""
    names: set[str] = set()

    class Imports(ast.NodeVisitor):
        def visit_If(self, node: ast.If) -> None:
            if "TYPE_CHECKING" in ast.unparse(node.test):
                for inner in node.orelse:
                    self.visit(inner)
                return
            self.generic_visit(node)

        def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
            if lazy:
                self.generic_visit(node)

        def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
            if lazy:
                self.generic_visit(node)

        def visit_Import(self, node: ast.Import) -> None:
            names.update(alias.name for alias in node.names)

        def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
            if not node.module or node.level:
                return
            imported = {f"{node.module}.{alias.name}" for alias in node.names}
            submodules = imported & modules
            names.update(submodules)
            if len(submodules) < len(imported):
                names.add(node.module)

    Imports().visit(ast.parse(path.read_text(encoding="utf-8")))
    return names


def _graph() -> dict[str, set[str]]:
    """Each module's imports of the project's modules, function-level ones included."""
    modules = _modules()
    known = frozenset(modules)
    return {
        name: {m for m in _runtime_imports(path, known, lazy=True) if m in modules and m != name}
        for name, path in modules.items()
    }


LAYERS: dict[str, tuple[str, ...]] = {
    "domain": ("domain",),
    "projections": ("projections", "domain"),
    "application": ("application", "projections", "domain", "adapters"),
    "adapters.cli": ("adapters", "application", "projections", "domain"),
    "adapters.http": ("adapters", "application", "projections", "domain"),
}
"""What each layer may import (the first match of a module's name wins): the command line
and the HTTP API translate to the application, which uses the domain, the projections
and the store's adapters; neither edge imports the other."""

DRIVING = ("adapters.cli", "adapters.http")
"""The adapters that drive the application (a shell, a server): no one else imports
them, and neither imports the other — but for ``kiroku serve``, the shell's command that
starts the server (:data:`SERVES`)."""

SERVES = "adapters.cli.serve"


def _layer(name: str) -> str:
    for layer in sorted(LAYERS, key=len, reverse=True):
        if name == layer or name.startswith(layer + "."):
            return layer
    return "adapters"  # the store's adapters: the store, snapshots, keys, codec, logging


def test_each_layer_imports_only_what_is_inward_of_it() -> None:
    allowed = LAYERS | {"adapters": ("adapters", "domain")}
    for name, imports in _graph().items():
        layer = _layer(name)
        for imported in imports:
            assert imported.split(".")[0] in {p.split(".")[0] for p in allowed[layer]}, (
                f"{name} ({layer}) imports {imported}"
            )
            driving = next((d for d in DRIVING if imported.startswith(d)), None)
            if driving is not None:
                assert name.startswith(driving) or name == SERVES, (
                    f"{name} imports {imported}: only {driving} itself may"
                )


def test_the_http_api_and_the_command_line_do_not_import_each_other() -> None:
    for name, imports in _graph().items():
        if name.startswith("adapters.http"):
            assert not {m for m in imports if m.startswith("adapters.cli")}, name
        if name.startswith("adapters.cli") and name != SERVES:
            assert not {m for m in imports if m.startswith("adapters.http")}, name


def test_the_domain_imports_only_the_standard_library_and_msgspec() -> None:
    allowed = set(sys.stdlib_module_names) | {"msgspec", "domain", "__future__"}
    for name, path in _modules().items():
        if name.startswith("domain"):
            outside = {m.split(".")[0] for m in _runtime_imports(path, lazy=True)} - allowed
            assert not outside, f"{name} imports {sorted(outside)}"


def test_the_client_imports_nothing_of_the_engine() -> None:
    """``kiroku.client`` speaks HTTP only: a front end built on it depends on the API,
    never on the server's internals (the standard library and httpx, nothing else)."""
    allowed = set(sys.stdlib_module_names) | {"httpx", "kiroku", "__future__"}
    paths = list((ROOT / "kiroku").rglob("*.py"))
    assert paths
    for path in paths:
        outside = {m.split(".")[0] for m in _runtime_imports(path, lazy=True)} - allowed
        assert not outside, f"{path.relative_to(ROOT)} imports {sorted(outside)}"


def test_the_core_imports_no_ruleset() -> None:
    """Only the registry names a ruleset, and it imports it by its module path."""
    for name, imports in _graph().items():
        if name.startswith(CORE) or name in ("domain.rulesets", "domain.rulesets.base"):
            rulesets = {m for m in imports if m.startswith("domain.rulesets.")}
            rulesets -= {"domain.rulesets.base"}
            assert not rulesets, f"the core module {name} imports {sorted(rulesets)}"


def test_no_module_imports_itself_back() -> None:
    graph = _graph()
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(name: str) -> None:
        state[name] = 1
        stack.append(name)
        for child in sorted(graph[name]):
            if state.get(child) == 1:
                cycle = [*stack[stack.index(child) :], child]
                raise AssertionError("import cycle: " + " → ".join(cycle))
            if child not in state:
                visit(child)
        stack.pop()
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name)


def test_no_surface_names_a_ruleset_package() -> None:
    """The shell, the API, the application and the projections reach a ruleset through
    the registry (``load_ruleset``) and the protocol, never by its package: a ruleset
    added, removed or renamed changes them in no line (the shared kits aside)."""
    from domain.rulesets import RULESETS

    packages = {path.rsplit(".", 1)[0] for path in RULESETS.values()}
    for name, imports in _graph().items():
        if name.startswith("domain"):
            continue
        named = {
            m for m in imports if m.startswith(tuple(p + "." for p in packages)) or m in packages
        }
        assert not named, f"{name} imports {sorted(named)}"


SHAPE = {
    "__init__.py": "the ruleset's id and its docstring: options and readings",
    "ruleset.py": "the ruleset's class and build(options)",
    "commands": "the command Structs",
    "events": "the events",
    "play.py": "the deciders: the session as the commands see it",
    "state.py": "the state and its fold",
    "views.py": "the read models and the tables `kiroku state` prints",
}
"""One shape for every ruleset package (docs/architecture.md): the same file names for the
same ideas. A name may be a module or a package of them (``commands/``), and a part of one
idea is a module beside it named for both (``state_play.py``, ``views_lines.py``)."""
MEANT_ELSEWHERE = ("fold", "records", "tables", "lines")
"""Names once given to an idea the shape names otherwise (the fold is ``state``, its
tables are ``views``)."""


def test_every_ruleset_package_has_one_shape() -> None:
    shipped = [p for p in (ROOT / "domain" / "rulesets").iterdir() if (p / "ruleset.py").exists()]
    assert len(shipped) >= 5
    for package in shipped:
        names = {p.name for p in package.iterdir()} | {p.stem for p in package.iterdir()}
        missing = [f"{name} ({idea})" for name, idea in SHAPE.items() if name not in names]
        assert not missing, f"{package.name} has no {', '.join(missing)}"
        astray = sorted(n for n in names if n.split("_")[0] in MEANT_ELSEWHERE)
        assert not astray, f"{package.name}: {astray} hold what the shape names otherwise"
