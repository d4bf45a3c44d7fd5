"""A drop-down closes whichever entry is clicked, the chosen one included (pygame_gui
leaves its list open then; `pygame_gui_fixes` closes it), on both screens that set games up."""

import pytest
from uidriver import click, frames


def dropdown_of(scene, key):
    rows = scene.form if hasattr(scene.form, "dropdowns") else scene.form.rows
    return next(menu for menu, chosen in rows.dropdowns.items() if chosen == key)


@pytest.mark.parametrize("screen,key,chosen", [
    (("setup", "nim"), "cap", "No cap"),
    (("setup", "sticks"), "first", "You"),
    (("training",), "opponent", "Itself"),
])
def test_clicking_the_chosen_entry_closes_the_list_and_keeps_the_choice(app, screen, key,
                                                                          chosen):
    scene = app.open(*screen)
    frames(app, 2)
    menu = dropdown_of(scene, key)
    click(app, menu.rect.center)
    assert menu.current_state is menu.menu_states["expanded"]
    entries = menu.menu_states["expanded"].options_selection_list.item_list
    same = next(item for item in entries if item["text"] == chosen)
    click(app, same["button_element"].rect.center)
    frames(app, 2)
    assert menu.current_state is menu.menu_states["closed"]
    assert menu.selected_option[0] == chosen
    choices = scene.choices
    assert (choices[key] if isinstance(choices, dict) else getattr(choices, key)) == chosen
