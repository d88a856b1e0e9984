"""A table's wonder charts and table name every board as the reference pages do, an
expansion's boards included (issue 43: Byzantium, Petra and Rome were printed as their ids)."""

from __future__ import annotations

from tests.web.test_tables import add_game, new_table


def test_the_charts_name_the_expansions_boards(client):
    table = new_table(client)
    cities = [
        {"player": "Ana", "wonder": "byzantium", "side": "A", "cards": []},
        {"player": "Bo", "wonder": "petra", "side": "B", "cards": []},
        {"player": "Cy", "wonder": "giza", "side": "A", "cards": []},
    ]
    add_game(client, table, {"edition": 1, "expansions": ["cities"], "cities": cities})
    rome = [{"player": "Ana", "wonder": "rome", "side": "A", "cards": []},
            {"player": "Bo", "wonder": "rhodes", "side": "A", "cards": []},
            {"player": "Cy", "wonder": "giza", "side": "A", "cards": []}]  # fmt: skip
    add_game(client, table, {"edition": 1, "expansions": ["leaders"], "cities": rome})
    page = client.get(f"/t/{table}").get_data(as_text=True)
    for name in ("Byzantium", "Petra", "Rome"):
        assert name in page, name
    for wonder_id in ("byzantium", "petra", "rome"):
        assert f">{wonder_id}<" not in page and f">{wonder_id} " not in page, wonder_id
