"""The arena's results export as the lab's do: a CSV file of a row per contender (the
columns `nimgame arena --csv` writes) and a PNG of the results' panel, by key and by
mouse, beside earlier exports; before a run, a sentence says there is nothing yet."""

import csv

import pygame
from uidriver import click, frames, key, wait_until

from nimgame.learning.exports import ARENA_COLUMNS, arena_rows, csv_text
from nimgame.ui.arena import ArenaScene


def test_the_results_export_by_key_and_by_mouse(app, nimgame_home):
    arena = ArenaScene(app)
    app.push(arena)
    frames(app, 2)
    key(app, pygame.K_e, "e")
    assert arena.message == "Nothing to export yet: run the arena first."
    arena.chosen = ["Perfect", "Easy (IDA*)"]
    arena.games_text = "6"
    arena.rebuild()
    key(app, pygame.K_RETURN)
    wait_until(app, lambda: arena.job is None and arena.result is not None)
    key(app, pygame.K_e, "e")
    folder = nimgame_home / "exports"
    assert arena.message_ok and arena.message.startswith("Exported arena-1.csv")
    written = (folder / "arena-1.csv").read_text(encoding="utf-8")
    assert written == csv_text(ARENA_COLUMNS, arena_rows(arena.result, "Random"))
    rows = list(csv.DictReader(written.splitlines()))
    assert sorted((r["contender"], r["opponent"], r["games"]) for r in rows) == [
        ("Easy (IDA*)", "Random", "6"), ("Perfect", "Random", "6")]
    assert sum(int(r["selected"]) for r in rows) == 1
    for row in rows:
        result = arena.result.results[row["contender"]]
        assert (int(row["wins"]), int(row["losses"]), int(row["draws"])) == (
            result.wins, result.losses, result.draws)
    picture = pygame.image.load(folder / "arena-1-chart.png")
    assert picture.get_size() == arena.results_area().size
    export = next(b for b in arena.actions if b.text.startswith("Export"))
    click(app, export.rect.center)
    assert sorted(p.name for p in folder.iterdir()) == [
        "arena-1-chart.png", "arena-1.csv", "arena-2-chart.png", "arena-2.csv"]


def test_an_export_that_cannot_be_written_says_why(app, nimgame_home):
    (nimgame_home / "exports").parent.mkdir(parents=True, exist_ok=True)
    (nimgame_home / "exports").write_text("a file where the folder would be")
    arena = ArenaScene(app)
    app.push(arena)
    frames(app, 2)
    arena.chosen = ["Perfect"]
    arena.games_text = "2"
    arena.rebuild()
    key(app, pygame.K_RETURN)
    wait_until(app, lambda: arena.job is None and arena.result is not None)
    key(app, pygame.K_e, "e")
    assert arena.message.startswith("Not exported: ") and not arena.message_ok
    assert "\n" not in arena.message
