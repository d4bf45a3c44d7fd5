"""A row's width shared among its buttons (`shared_widths`), checked on every small case."""

import itertools

from nimgame.ui.widgets.rows import shared_widths


def test_every_small_row_fits_its_room_and_gives_each_button_its_need_where_it_can():
    for count in range(1, 4):
        for needs in itertools.product(range(10, 70, 15), repeat=count):
            for room, gap, widest in itertools.product((40, 90, 150, 260), (0, 6),
                                                       (None, 30, 80)):
                widths = shared_widths(list(needs), room, gap, widest)
                free = room - gap * (count - 1)
                assert len(widths) == count and sum(widths) <= free, (needs, room, widths)
                if sum(needs) > free:        # cut: shares in proportion, none empty
                    assert widths == [max(1, free * n // sum(needs)) for n in needs]
                    continue
                assert all(w >= n for w, n in zip(widths, needs, strict=True)), widths
                even = free // count if widest is None else min(widest, free // count)
                if max(needs) <= even:       # all one width where every need fits it
                    assert widths == [even] * count
                else:                        # the sharing makes none wider than widest
                    assert all(w == n or widest is None or w <= widest
                               for w, n in zip(widths, needs, strict=True))


def test_no_buttons_no_widths():
    assert shared_widths([], 100, 6) == []
