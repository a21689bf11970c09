"""A live table's house rules: chosen when it is opened, kept with the table, played by the engine."""

from __future__ import annotations

import pytest
from django.test import Client

from engine.variants import rules_for
from lessons.models import LiveTable
from lessons.reference import house_rules
from tests.site.tables.helpers import legal_move, open_table, sit, state, to_act

pytestmark = pytest.mark.django_db


def test_the_house_rules_chosen_are_kept_with_the_table_and_named_on_its_page():
    a = Client()
    form = a.get("/fr/tables/").content.decode()
    # Each game's rules, in the reader's language, set as most tables play them.
    assert "Règles maison (Belote française)" in form and "Toujours obligé de pisser" in form
    assert 'name="saudi-overtrump_on_trump_lead" value="1" checked' in form
    assert 'name="saudi-ekka" value="1">' in form
    # Ekka on, the overtrump on a trump lead off (its box left empty), khaysh played.
    table = open_table(a, house_rules_shown="1", **{"saudi-ekka": "1", "saudi-khaysh": "1"})
    assert table.options == {"target": 152, "ekka": True, "overtrump_on_trump_lead": False}
    assert table.coach["khaysh"] is True
    assert rules_for(table.variant, table.options).ekka
    page = a.get(f"/en/t/{table.code}/").content.decode()
    assert "House rules" in page and "Ekka (on)" in page and "Overtrump on a trump lead (off)" in page


def test_a_form_without_the_house_rules_keeps_every_default_and_a_foreign_rule_is_ignored():
    a = Client()
    # A form that never showed the boxes (an older page, a link): no box read as "off".
    assert open_table(a).options == {"target": 152}
    # Another game's rule, and a rule no game has, sent with a Moroccan table: ignored.
    table = open_table(
        a, "moroccan", house_rules_shown="1", **{"french-always_undertrump": "1", "moroccan-ekka": "1"}
    )
    assert table.options == {"target": 500}
    assert LiveTable.objects.count() == 2


@pytest.mark.parametrize("variant", ["saudi", "french"])
def test_every_house_rule_turned_is_played_to_the_end_of_a_hand(variant):
    """Every yes/no rule of the game set against its default at once: bots and a person play two
    hands with the engine refereeing (the display, the bots and the score take the rules)."""
    flipped = {f"{variant}-{r.option}": "1" for r in house_rules(variant, "en") if not r.default}
    a = Client()
    table = open_table(a, variant, house_rules_shown="1", **flipped)
    assert all(table.options[r.option] != r.default for r in house_rules(variant, "en"))
    sit(a, table, "S", "Amal")
    hands = 0
    for _ in range(200):
        seat = to_act(table)
        st = state(table)
        if seat is None:
            if st.game.finished or hands == 2:
                break
            hands += 1
            response = a.post(f"/en/t/{table.code}/act", {"action": "next", "move": st.game.move})
        else:
            response = a.post(f"/en/t/{table.code}/act", {**legal_move(table, seat), "move": st.game.move})
        assert response.status_code == 302, response.content[:300]
    assert hands >= 1
    assert a.get(f"/en/t/{table.code}/").status_code == 200
