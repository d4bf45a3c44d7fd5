"""The window's layer keeps its shape: it holds no rules or theory (the engine decides; the
boards draw and map clicks), no module imports its caller — its modules import one another
without a circle, counting imports inside functions and under TYPE_CHECKING (scenes open
one another by name through the app; a helper that needs its scene takes a small
Protocol) — and every module is small enough to read at once. Checked on the source,
statically, the way test_no_pygame checks the engine's layering."""

import ast
from pathlib import Path

import nimgame.ui

UI = Path(nimgame.ui.__file__).parent
PACKAGE = UI.parent
#: Words of the theory: the ui gets hints, verdicts and thoughts in words from the engine.
THEORY = {"nim_sum", "xor", "grundy_values", "mover_wins", "winning_moves", "move_scores",
          "reduce", "PerfectPlayer", "MinimaxPlayer"}
MAX_LINES = 500


def package_modules(top: Path = PACKAGE) -> dict[str, Path]:
    """'nimgame.ui.board.scene' -> its file, for every module under `top`."""
    return {".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
            .removesuffix(".__init__"): path for path in sorted(top.rglob("*.py"))}


def ui_modules() -> dict[str, Path]:
    """Every module of the ui package, by name."""
    return package_modules(UI)


def imports(name: str, path: Path) -> list[tuple[str, list[str]]]:
    """(module, names imported from it) for every import `path` makes, the module absolute:
    at the top, inside functions and under `if TYPE_CHECKING:` alike (an import for the
    type checker still ties the two modules together)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            module = f"{base}.{node.module}" if node.level and node.module else (
                base if node.level else node.module or "")
            found.append((module, [alias.name for alias in node.names]))
    return found


def graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Each of `modules` -> the others among them it imports."""
    edges: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = set()
        for module, names in imports(name, path):
            # `from . import x` imports the module .x if there is one (its package is
            # imported on the way, as for any module: not counted), else a name of `module`.
            subs = {f"{module}.{n}" for n in names} & modules.keys()
            targets |= subs if subs and len(subs) == len(names) else {module} | subs
        edges[name] = {m for m in targets if m in modules and m != name}
    return edges


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports, as the list of modules around it, or None."""
    state: dict[str, int] = {}   # 1: being visited, 2: done
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_the_ui_modules_import_one_another_without_a_circle():
    cycle = find_cycle(graph(ui_modules()))
    assert cycle is None, " -> ".join(cycle or [])


def test_the_package_imports_without_a_circle():
    cycle = find_cycle(graph(package_modules()))
    assert cycle is None, " -> ".join(cycle or [])


def test_the_import_graph_counts_imports_inside_functions_and_for_the_type_checker(tmp_path):
    top = tmp_path / "pkg"
    top.mkdir()
    (top / "a.py").write_text("def f():\n    from . import b\n")
    (top / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                              "    from .a import f\n")
    modules = {"pkg.a": top / "a.py", "pkg.b": top / "b.py"}
    assert graph(modules) == {"pkg.a": {"pkg.b"}, "pkg.b": {"pkg.a"}}
    assert find_cycle(graph(modules)) == ["pkg.a", "pkg.b", "pkg.a"]


def test_the_cycle_finder_finds_a_circle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_the_ui_holds_no_rules_or_theory():
    for name, path in ui_modules().items():
        for module, names in imports(name, path):
            # The players' package is their public face (registry, judge, hint); their
            # modules (the theory, the searches, the tables) are the engine's business.
            assert not module.startswith("nimgame.players."), f"{name} imports {module}"
            assert module != "operator" and "reduce" not in names, f"{name} computes theory"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # Names it uses and methods it calls (showing a value the engine worked out, such
        # as a move's `row.nim_sum`, is drawing, not theory).
        words = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
        words |= {node.func.attr for node in ast.walk(tree)
                  if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)}
        assert not words & THEORY, f"{name} works out theory: {sorted(words & THEORY)}"


def too_big(paths: dict[str, Path]) -> dict[str, int]:
    """The modules of `paths` over MAX_LINES lines, with their lengths."""
    sizes = {name: len(path.read_text(encoding="utf-8").splitlines())
             for name, path in paths.items()}
    return {name: lines for name, lines in sizes.items() if lines > MAX_LINES}


def test_every_ui_module_is_small_enough_to_read_at_once():
    assert not too_big(ui_modules())


def test_every_module_is_small_enough_to_read_at_once():
    assert not too_big(package_modules())
