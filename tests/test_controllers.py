"""The app's modes as controllers, its screens as names and its actions as a table:
what each mode answers, which controller is picked, and that every button's action is in the table."""

import ast
import random
import re
from pathlib import Path

import pytest

from espionage.board import BLUE, RED
from ui.app import App
from ui.computer import ComputerMatch
from ui.computerplay import ComputerControl
from ui.linkcontrol import LINK_SCREENS, LinkControl
from ui.passplay import PassPlay
from ui.saves import Match, MemoryStorage
from ui.screens import MATCH_SCREENS, Screen

ROOT = Path(__file__).resolve().parent.parent


def new_app(seed=1):
    return App(MemoryStorage(), rng=random.Random(seed), clock=lambda: 1.0)


def actions_on(markup):
    return set(re.findall(r'data-action="([^"]+)"', markup))


def test_each_mode_has_its_own_controller_and_the_app_picks_it_by_match_or_screen():
    app = new_app()
    assert isinstance(app.controller, PassPlay)  # home
    app.dispatch("link-new")
    assert app.screen == Screen.LINK_OPTIONS and isinstance(app.controller, LinkControl)
    app.dispatch("computer-new")
    assert app.screen == Screen.COMPUTER_OPTIONS and isinstance(app.controller, ComputerControl)
    app.dispatch("computer-start")
    assert isinstance(app.match, ComputerMatch) and isinstance(app.controller, ComputerControl)
    app.dispatch("home")
    app.dispatch("mode", "pass")
    assert app.screen == Screen.OPTIONS and isinstance(app.controller, PassPlay)
    app.dispatch("start")
    assert type(app.match) is Match and isinstance(app.controller, PassPlay)
    app.dispatch("link-new")
    app.dispatch("link-setup")
    assert app.screen == Screen.SETUP and isinstance(app.controller, LinkControl)


def test_every_controller_draws_its_own_screens_and_the_match_screens_it_reaches():
    app = new_app()
    tables = {c.mode: c.pages() for c in app.controllers.values()}
    for controller in app.controllers.values():
        assert controller.own_screens <= set(tables[controller.mode])
    assert set(tables["pass"]) == MATCH_SCREENS | {Screen.OPTIONS}
    assert set(tables["link"]) == LINK_SCREENS | {Screen.SETUP, Screen.PLAY, Screen.OVER}
    assert set(tables["computer"]) == {Screen.COMPUTER_OPTIONS, Screen.SETUP, Screen.PLAY, Screen.HISTORY, Screen.OVER}
    drawn = set().union(*tables.values())
    assert drawn | {Screen.HOME} == set(Screen)  # every screen has a drawing function


@pytest.mark.parametrize("screen", [Screen.OPTIONS, Screen.LINK_OPTIONS, Screen.COMPUTER_OPTIONS])
def test_an_options_screen_is_drawn_by_its_modes_table(screen):
    app = new_app()
    app.show(screen)
    assert f'data-screen="{screen}"' in app.html()


def test_the_actions_of_the_modes_are_one_table_without_a_name_taken_twice():
    app = new_app()
    own = [set(c.actions()) for c in app.controllers.values()]
    shared = [set(part.actions()) for part in (app.turn, app.setup, app.record)] + [set(app._action_table())]
    assert sum(len(names) for names in own + shared) == len(app.actions)
    assert {"ready", "link-ready", "computer-ready", "open-link", "take-back", "square"} <= set(app.actions)


def test_every_button_on_the_way_through_a_pass_and_play_game_names_an_action_of_the_table():
    app = new_app(3)
    seen = set()
    for action, arg in (("mode", "pass"), ("start", ""), ("random-setup", ""), ("ready", ""), ("reveal", ""),
                        ("random-setup", ""), ("ready", ""), ("reveal", "")):  # fmt: skip
        seen |= actions_on(app.html())
        app.dispatch(action, arg)
    assert app.screen == Screen.PLAY
    seen |= actions_on(app.html())
    app.dispatch("link-new")
    seen |= actions_on(app.html())
    app.dispatch("computer-new")
    seen |= actions_on(app.html())
    assert seen - set(app.actions) == set()
    assert {"reveal", "ready", "submit", "link-setup", "computer-start"} <= seen


def test_an_unknown_action_does_nothing_and_a_form_action_gets_the_forms_value():
    app = new_app()
    app.dispatch("mode", "pass")
    app.dispatch("start")
    app.dispatch("no-such-action", "x")
    assert app.screen == Screen.SETUP and app.message == ""
    app.dispatch("random-setup")
    app.dispatch("save-setup", "", "  my   army ")
    assert "my army" in app.setups


def test_a_rematch_is_each_modes_own():
    app = new_app()
    app.dispatch("mode", "pass")
    app.dispatch("start")
    first = app.match
    first.setups = [None, None]
    app.show(Screen.OVER, first, RED)
    app.dispatch("rematch")
    assert app.screen == Screen.COVER and app.rematch and app.match is not first
    app.dispatch("computer-new")
    app.dispatch("computer-colour", "red")
    app.dispatch("computer-start")
    game = app.match
    app.show(Screen.OVER, game, RED)
    app.dispatch("rematch")
    assert isinstance(app.match, ComputerMatch) and app.match.human == BLUE and app.screen == Screen.SETUP


def test_the_pass_and_play_back_covers_a_board_and_a_computer_games_back_goes_home():
    app = new_app()
    app.dispatch("mode", "pass")
    app.dispatch("start")
    app.dispatch("back")
    assert app.screen == Screen.COVER and app.side == RED
    app.dispatch("computer-new")
    app.dispatch("computer-start")
    assert app.screen == Screen.SETUP
    app.dispatch("back")
    assert app.screen == Screen.HOME


def test_no_call_is_built_from_a_string_in_the_browser_layer_or_the_engine():
    sources = [*sorted((ROOT / "ui").glob("*.py")), ROOT / "main.py", *sorted((ROOT / "espionage").rglob("*.py"))]
    built = re.compile(r"globals\(\)\[|getattr\(self, \"(do_|_)|getattr\(self, \"[a-z_]*\" \+|co_argcount")
    offenders = [str(p.relative_to(ROOT)) for p in sources if built.search(p.read_text(encoding="utf-8"))]
    assert offenders == []


def test_no_mode_is_compared_by_its_name_outside_the_controllers_table():
    sources = [*sorted((ROOT / "ui").glob("*.py")), ROOT / "main.py"]
    compared = re.compile(r"mode\s*[!=]=\s*\"|mode in \(")
    offenders = [str(p.relative_to(ROOT)) for p in sources if compared.search(p.read_text(encoding="utf-8"))]
    assert offenders == []


def test_no_function_of_the_browser_layer_is_over_60_lines_but_the_rules_text():
    long = []
    for path in [*sorted((ROOT / "ui").glob("*.py")), ROOT / "main.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.end_lineno - node.lineno >= 60:
                long.append(f"{path.relative_to(ROOT)}:{node.name}")
    assert long == ["ui/rules.py:_sections"]  # data: the rules' text


def _module_name(path):
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(node, package, modules):
    """The project's modules an import statement names (``from . import x`` names module x)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names} & modules
    base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
    module = ".".join([*base, *([node.module] if node.module else [])])
    named = {f"{module}.{alias.name}" for alias in node.names} & modules
    return named or ({module} & modules)


def test_no_module_imports_itself_through_others():
    """No import circles in the engine, the browser layer and main.py, at any level of a module."""
    paths = [*sorted((ROOT / "ui").glob("*.py")), ROOT / "main.py", *sorted((ROOT / "espionage").rglob("*.py"))]
    modules = {_module_name(p): p for p in paths}
    imports = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                found |= _imported(node, package, set(modules))
        imports[name] = found - {name}

    def reaches(start):
        seen, todo = set(), list(imports[start])
        while todo:
            module = todo.pop()
            if module not in seen:
                seen.add(module)
                todo.extend(imports[module])
        return seen

    assert "ui.render" in reaches("ui.app") and "espionage.game" in reaches("ui.app")  # the check follows imports
    assert [name for name in modules if name in reaches(name)] == []
