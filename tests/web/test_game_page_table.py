"""The game's page offers to keep the game at a table (issue 43): this phone's own tables as
one button each that says what it does ("Keep it at Thursday club"), and another table's link
folded away under its own heading, so that the two never look alike."""

from __future__ import annotations

import re

from tests.web.test_games import import_three


def test_this_phones_tables_are_named_actions_and_another_tables_link_is_folded(nocsrf_client):
    page = nocsrf_client.get(f"/g/{import_three(nocsrf_client)}").get_data(as_text=True)
    assert (
        'id="move-form"' in page and "<details" not in page.split('id="game-table"')[1].split("</section>")[0]
    )

    nocsrf_client.post("/t/new", data={})  # this phone's table
    page = nocsrf_client.get(f"/g/{import_three(nocsrf_client)}").get_data(as_text=True)
    panel = page.split('id="game-table"')[1].split("</section>")[0]
    mine = re.search(r'<form[^>]*class="inline-form my-table".*?</form>', panel, re.S)
    assert mine and "Keep it at your table" in mine.group(0) and 'class="primary"' in mine.group(0)
    folded = re.search(
        r"<details class=\"more\"><summary>Another table, by its link</summary>.*?</details>", panel, re.S
    )
    assert folded and 'id="move-form"' in folded.group(0)
