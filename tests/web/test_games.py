"""Every route and form of the table, through Flask's test client: set-up, cities, ages,
scoreboard, lock, export and import, bad input and concurrent saves."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from assistant.store import games as store
from tests.web.worked_games import THREE_TOTALS, three


def new_game(client, names: list[str], **extra: str) -> str:
    """Set a game up; wonders nobody names are dealt at random."""
    data: dict[str, Any] = {"mode": extra.pop("mode", "cards"), "edition": "1", "deal": "y"}
    for i, name in enumerate(names):
        data[f"seats-{i}-player"] = name
        data[f"seats-{i}-wonder"] = extra.get(f"wonder{i}", "")
        data[f"seats-{i}-side"] = extra.get(f"side{i}", "A")
    response = client.post("/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[-1]


def stored(app, token: str):
    with app.app_context():
        from assistant.web.db import get_session

        return store.by_edit_token(get_session(), token)


def city_form(
    city: dict[str, Any], version: int, base: dict[str, Any] | None = None, **changes: Any
) -> dict[str, Any]:
    """The city page's form as the browser sends it, for ``city`` read at ``version``."""
    tokens = list(city.get("military") or [])
    data: dict[str, Any] = {
        "version": str(version),
        "base": json.dumps(base if base is not None else city),
        "player": city["player"],
        "wonder": city["wonder"],
        "side": city.get("side", "A"),
        "stages": str(city.get("stages", 0)),
        "coins": str(city.get("coins", 0)),
        "military-win1": str(tokens.count(1)),
        "military-win2": str(tokens.count(3)),
        "military-win3": str(tokens.count(5)),
        "military-defeats": str(tokens.count(-1)),
        "cards": list(city.get("cards") or []),
    }
    data.update(changes)
    return data


def checked(body: str, card: str) -> bool:
    """Whether the page shows the card's tile ticked."""
    return (
        re.search(rf'<input type="checkbox" name="cards" value="{card}" id="cards-{card}" checked', body)
        is not None
    )


def import_three(client) -> str:
    response = client.post("/import", data={"text": json.dumps(three())})
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[-1]


# --- new game ----------------------------------------------------------------------------------


def test_a_host_sets_up_three_players_with_distinct_random_wonders(nocsrf_app, nocsrf_client):
    token = new_game(nocsrf_client, ["Ana", "Bartek", "Şule"], wonder1="giza", side1="B")
    row = stored(nocsrf_app, token)
    cities = [c.data for c in row.cities]
    assert [c["player"] for c in cities] == ["Ana", "Bartek", "Şule"]
    assert cities[1]["wonder"] == "giza" and cities[1]["side"] == "B"
    assert len({c["wonder"] for c in cities}) == 3
    assert all(c["side"] in ("A", "B") and c["coins"] == 3 and c["cards"] == [] for c in cities)


def test_two_players_bring_the_free_city(nocsrf_app, nocsrf_client):
    token = new_game(nocsrf_client, ["Ana", "Bo"])
    cities = [c.data for c in stored(nocsrf_app, token).cities]
    assert len(cities) == 3
    assert cities[2]["free_city"] is True and cities[2]["player"] == "Free City"


def test_a_quick_pad_game_stores_categories_instead_of_cards(nocsrf_app, nocsrf_client):
    token = new_game(nocsrf_client, ["Ana", "Bo", "Cy"], mode="pad")
    row = stored(nocsrf_app, token)
    assert row.mode == "pad"
    assert all("categories" in c.data and "cards" not in c.data for c in row.cities)


def test_wonders_are_picked_by_default_and_dealing_them_is_a_choice(nocsrf_app, nocsrf_client):
    data: dict[str, Any] = {"mode": "cards", "edition": "1", "seats-0-player": "Ana", "seats-1-player": "Bo",
                            "seats-2-player": "Cy", "seats-0-wonder": "giza", "seats-0-side": "B"}  # fmt: skip
    response = nocsrf_client.post("/new", data=data)
    body = response.get_data(as_text=True)
    assert response.status_code == 400 and "Pick the wonder in front of each player" in body
    assert body.count("Pick this wonder, or deal the wonders at random.") == 2  # beside Bo and Cy
    data.update({"seats-1-wonder": "rhodes", "seats-2-wonder": "babylon", "seats-2-side": "B"})
    token = nocsrf_client.post("/new", data=data).headers["Location"].rsplit("/", 1)[-1]
    cities = [c.data for c in stored(nocsrf_app, token).cities]
    assert [(c["wonder"], c["side"]) for c in cities] == [("giza", "B"), ("rhodes", "A"), ("babylon", "B")]


def test_the_free_city_gets_the_wonder_picked_for_it(nocsrf_app, nocsrf_client):
    data = {"mode": "cards", "seats-0-player": "Ana", "seats-1-player": "Bo", "seats-0-wonder": "giza",
            "seats-1-wonder": "rhodes", "free_city-wonder": "olympia", "free_city-side": "B"}  # fmt: skip
    token = nocsrf_client.post("/new", data=data).headers["Location"].rsplit("/", 1)[-1]
    free = stored(nocsrf_app, token).cities[2].data
    assert free["free_city"] is True and (free["wonder"], free["side"]) == ("olympia", "B")
    data["free_city-wonder"] = "giza"
    assert "same wonder" in nocsrf_client.post("/new", data=data).get_data(as_text=True)


def test_a_quick_pad_asks_for_no_wonder(nocsrf_app, nocsrf_client):
    page = nocsrf_client.get("/new?mode=pad").get_data(as_text=True)
    assert "seats-0-wonder" not in page and "free_city-wonder" not in page
    token = (
        nocsrf_client.post(
            "/new",
            data={"mode": "pad", "seats-0-player": "Ana", "seats-1-player": "Bo", "seats-2-player": "Cy"},
        )
        .headers["Location"]
        .rsplit("/", 1)[-1]
    )
    assert all("wonder" not in c.data for c in stored(nocsrf_app, token).cities)


def test_an_unknown_wonder_is_refused_beside_its_seat(nocsrf_client):
    data = {"mode": "cards", "seats-0-player": "Ana", "seats-1-player": "Bo", "seats-2-player": "Cy",
            "seats-0-wonder": "atlantis", "deal": "y"}  # fmt: skip
    response = nocsrf_client.post("/new", data=data)
    assert response.status_code == 400 and "Not a valid choice" in response.get_data(as_text=True)


@pytest.mark.parametrize(
    ("names", "extra", "message"),
    [
        (["Ana"], {}, "at least two players"),
        (["Ana", "ana"], {}, "same name"),
        (["Ana", "Bo", "Cy"], {"wonder0": "giza", "wonder1": "giza"}, "same wonder"),
    ],
)
def test_a_bad_set_up_is_refused_with_a_message_and_the_names_kept(nocsrf_client, names, extra, message):
    data: dict[str, Any] = {"mode": "cards", "edition": "1", "deal": "y"}
    for i, name in enumerate(names):
        data[f"seats-{i}-player"] = name
        data[f"seats-{i}-wonder"] = extra.get(f"wonder{i}", "")
        data[f"seats-{i}-side"] = "A"
    response = nocsrf_client.post("/new", data=data)
    body = response.get_data(as_text=True)
    assert response.status_code == 400
    assert message in body
    for name in names:
        assert f'value="{name}"' in body


def test_a_name_longer_than_forty_characters_is_refused_beside_the_field(nocsrf_client):
    data = {"seats-0-player": "A" * 41, "seats-1-player": "Bo", "deal": "y"}
    body = nocsrf_client.post("/new", data=data).get_data(as_text=True)
    assert "Field cannot be longer than 40 characters" in body


def test_the_new_game_form_needs_its_csrf_token(client):
    response = client.post("/new", data={"seats-0-player": "Ana", "seats-1-player": "Bo"})
    assert response.status_code == 400


def test_game_links_are_unguessable_and_edit_and_read_only_links_differ(nocsrf_app, nocsrf_client):
    token = new_game(nocsrf_client, ["Ana", "Bo", "Cy"])
    row = stored(nocsrf_app, token)
    assert row.edit_token != row.view_token
    for t in (row.edit_token, row.view_token):
        assert len(t) >= 22 and re.fullmatch(r"[A-Za-z0-9_-]+", t)  # >= 128 bits of url-safe base64


# --- the hub, QR code, spectators ----------------------------------------------------------------


def test_the_game_page_shows_the_join_link_the_read_only_link_and_a_qr_code(nocsrf_app, nocsrf_client):
    token = new_game(nocsrf_client, ["Ana", "Bo", "Cy"])
    row = stored(nocsrf_app, token)
    body = nocsrf_client.get(f"/g/{token}").get_data(as_text=True)
    assert f"/g/{row.edit_token}" in body and f"/g/{row.view_token}/scoreboard" in body
    assert f"/g/{token}/qr.svg" in body
    svg = nocsrf_client.get(f"/g/{token}/qr.svg")
    assert svg.mimetype == "image/svg+xml" and b"<svg" in svg.data


def test_the_game_page_puts_the_qr_code_first_and_warns_when_phones_cannot_open_the_link(tmp_path):
    from tests.conftest import make_test_app

    for public, warned in (("http://127.0.0.1:5000", True), ("http://192.168.1.20:5000", False)):
        folder = tmp_path / str(warned)
        folder.mkdir()
        app = make_test_app(folder, WTF_CSRF_ENABLED=False, PUBLIC_URL=public)
        client = app.test_client()
        token = new_game(client, ["Ana", "Bo", "Cy"])
        body = client.get(f"/g/{token}").get_data(as_text=True)
        assert body.index('id="join"') < body.index('class="cities"'), "the QR code comes first"
        assert f"{public}/g/{token}" in body
        assert ('id="join-warning"' in body) is warned, public
        if warned:
            assert "127.0.0.1:5000" in body.split('id="join-warning"')[1].split("</div>")[0]


def test_the_read_only_link_shows_the_scoreboard_but_never_an_edit_control(nocsrf_app, nocsrf_client):
    token = new_game(nocsrf_client, ["Ana", "Bo", "Cy"])
    view = stored(nocsrf_app, token).view_token
    response = nocsrf_client.get(f"/g/{view}")
    assert response.status_code == 302 and response.headers["Location"].endswith(f"/g/{view}/scoreboard")
    board = nocsrf_client.get(f"/g/{view}/scoreboard").get_data(as_text=True)
    assert "Lock the game" not in board and token not in board
    assert nocsrf_client.get(f"/g/{view}/qr.svg").status_code == 404
    assert nocsrf_client.get(f"/g/{view}/age").status_code == 404
    response = nocsrf_client.post(
        f"/g/{view}/city/0", data={"player": "Mallory", "coins": "9", "version": "1"}
    )
    assert response.status_code == 403  # the read-only link never writes
    assert stored(nocsrf_app, token).cities[0].data["player"] == "Ana"


# --- a city ------------------------------------------------------------------------------------


def test_a_phone_saves_its_city_and_the_score_follows(nocsrf_app, nocsrf_client):
    token = import_three(nocsrf_client)
    row = stored(nocsrf_app, token)
    city = dict(row.cities[0].data)
    response = nocsrf_client.post(
        f"/g/{token}/city/0", data=city_form(city, row.cities[0].version, coins="10")
    )
    assert response.status_code == 302 and "saved=1" in response.headers["Location"]
    after = stored(nocsrf_app, token).cities[0]
    assert after.data["coins"] == 10 and after.version == row.cities[0].version + 1
    body = nocsrf_client.get(response.headers["Location"]).get_data(as_text=True)
    assert re.search(r'id="save-state"[^>]*data-state="saved"', body)  # in the sticky bar, on screen
    assert 'data-total="26"' in body  # 25 + one more treasury point


def test_a_change_saves_itself_through_the_script_and_answers_the_live_score(nocsrf_app, nocsrf_client):
    token = import_three(nocsrf_client)
    row = stored(nocsrf_app, token)
    city = dict(row.cities[0].data)
    response = nocsrf_client.post(
        f"/g/{token}/city/0",
        data=city_form(city, row.cities[0].version, coins="30"),
        headers={"Accept": "application/json"},
    )
    body = response.get_json()
    assert response.status_code == 200 and body["saved"] is True
    assert body["version"] == row.cities[0].version + 1
    assert 'data-total="33"' in body["total"]  # 25 - 2 + 10 treasury
    assert json.loads(body["base"])["coins"] == 30
    assert stored(nocsrf_app, token).cities[0].data["coins"] == 30


def test_conflict_tokens_are_counted_by_kind_without_javascript(nocsrf_app, nocsrf_client):
    token = import_three(nocsrf_client)
    row = stored(nocsrf_app, token)
    city = dict(row.cities[0].data)  # +1 +3 -1
    nocsrf_client.post(
        f"/g/{token}/city/0", data=city_form(city, row.cities[0].version, **{"military-win3": "1"})
    )
    after = stored(nocsrf_app, token).cities[0]
    assert sorted(after.data["military"]) == [-1, 1, 3, 5]
    nocsrf_client.post(
        f"/g/{token}/city/0",
        data=city_form(after.data, after.version, **{"military-defeats": "0", "military-win1": "2"}),
    )
    assert sorted(stored(nocsrf_app, token).cities[0].data["military"]) == [1, 1, 3, 5]
    body = nocsrf_client.get(f"/g/{token}/city/0").get_data(as_text=True)
    assert re.search(r'name="military-win1" id="military-win1-2" value="2" checked', body)


def test_a_city_without_tokens_keeps_none_until_a_token_is_counted(nocsrf_app, nocsrf_client):
    token = new_game(nocsrf_client, ["Ana", "Bo", "Cy"], wonder0="giza", wonder1="rhodes", wonder2="babylon")
    row = stored(nocsrf_app, token)
    city = dict(row.cities[0].data)
    nocsrf_client.post(f"/g/{token}/city/0", data=city_form(city, row.cities[0].version, cards=["stockade"]))
    assert "military" not in stored(nocsrf_app, token).cities[0].data  # still worked out from the shields


def test_the_game_page_gives_no_points_to_cities_nobody_entered(nocsrf_app, nocsrf_client):
    """One city entered with shields: the others are "not entered yet", not beaten at war."""
    token = new_game(nocsrf_client, ["Ana", "Bo", "Cy"], wonder0="giza", wonder1="rhodes", wonder2="babylon")
    row = stored(nocsrf_app, token)
    city = dict(row.cities[0].data)
    nocsrf_client.post(
        f"/g/{token}/city/0", data=city_form(city, row.cities[0].version, cards=["stockade", "baths"])
    )
    body = nocsrf_client.get(f"/g/{token}").get_data(as_text=True)
    names = re.findall(r'<span class="small muted">([^<]*)</span>', body)
    assert names[0].endswith("4 points")  # Baths 3 + 3 coins 1; no tokens worked out
    assert all(n.endswith("not entered yet") for n in names[1:3]), names
    assert "-2 points" not in body and "−2 points" not in body


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"coins": "-1"}, "Number must be between 0 and 999"),
        ({"coins": "lots"}, "Not a valid integer value"),
        ({"cards": ["lumber-yard", "not-a-card"]}, "unknown card"),
        ({"stages": "4"}, "must be between 0 and 3"),
        ({"player": ""}, "This field is required"),
        ({"military-defeats": "x"}, "Not a valid integer value"),
        ({"military-win1": "19"}, "Number must be between 0 and 18"),
    ],
)
def test_bad_city_input_is_refused_beside_its_field_and_nothing_typed_is_lost(
    nocsrf_app, nocsrf_client, changes, message
):
    token = import_three(nocsrf_client)
    row = stored(nocsrf_app, token)
    city = dict(row.cities[0].data)
    form = city_form(city, row.cities[0].version, **changes)
    response = nocsrf_client.post(f"/g/{token}/city/0", data=form)
    body = response.get_data(as_text=True)
    assert response.status_code == 400
    assert message in body
    assert 'class="errors"' in body
    # what was typed is still on the page, and nothing was saved
    assert checked(body, form["cards"][0])
    assert stored(nocsrf_app, token).cities[0].data == city
    answer = nocsrf_client.post(f"/g/{token}/city/0", data=form, headers={"Accept": "application/json"})
    assert answer.status_code == 400 and answer.get_json()["saved"] is False
    assert any(message in m for messages in answer.get_json()["errors"].values() for m in messages)


def test_the_same_field_changed_on_two_phones_is_a_conflict_that_keeps_both(nocsrf_app, nocsrf_client):
    token = import_three(nocsrf_client)
    row = stored(nocsrf_app, token)
    city, version = dict(row.cities[1].data), row.cities[1].version
    first = nocsrf_client.post(f"/g/{token}/city/1", data=city_form(city, version, coins="11"))
    assert first.status_code == 302
    second = nocsrf_client.post(
        f"/g/{token}/city/1", data=city_form(city, version, coins="0", cards=["theater"])
    )
    body = second.get_data(as_text=True)
    assert second.status_code == 409
    assert "Another phone changed the coins of this city" in body
    assert checked(body, "theater") and not checked(body, "statue")  # the typed form is kept
    saved = stored(nocsrf_app, token).cities[1]
    assert saved.data["coins"] == 11 and "statue" in saved.data["cards"]
    # "Keep my version": the form now carries the stored version, so saving again wins
    version_now = re.search(r'name="version" type="hidden" value="(\d+)"', body)
    assert version_now and int(version_now.group(1)) == saved.version
    answer = nocsrf_client.post(
        f"/g/{token}/city/1",
        data=city_form(city, version, coins="0", cards=["theater"]),
        headers={"Accept": "application/json"},
    )
    assert answer.status_code == 409 and answer.get_json()["conflict"] is True
    assert answer.get_json()["fields"] == ["coins"] and "Keep my version" in answer.get_json()["banner"]


def test_changes_to_different_parts_of_a_city_on_two_phones_merge(nocsrf_app, nocsrf_client):
    token = import_three(nocsrf_client)
    row = stored(nocsrf_app, token)
    city, version = dict(row.cities[1].data), row.cities[1].version
    assert (
        nocsrf_client.post(f"/g/{token}/city/1", data=city_form(city, version, coins="11")).status_code == 302
    )
    second = nocsrf_client.post(
        f"/g/{token}/city/1", data=city_form(city, version, cards=[*city["cards"], "altar"])
    )
    assert second.status_code == 302
    saved = stored(nocsrf_app, token).cities[1].data
    assert saved["coins"] == 11 and "altar" in saved["cards"] and "statue" in saved["cards"]
    assert "with what another phone changed meanwhile (the coins)" in nocsrf_client.get(
        second.headers["Location"]
    ).get_data(as_text=True)


def test_a_save_after_the_end_of_an_age_keeps_the_tokens_it_handed_out(nocsrf_app, nocsrf_client):
    token = new_game(nocsrf_client, ["Ana", "Bo", "Cy"], wonder0="giza", wonder1="rhodes", wonder2="babylon")
    row = stored(nocsrf_app, token)
    city, version = dict(row.cities[0].data), row.cities[0].version  # Ana's phone read the city
    versions = ",".join(str(c.version) for c in row.cities)
    nocsrf_client.post(
        f"/g/{token}/age",
        data={"age": "1", "versions": versions, "shields-0": "2", "shields-1": "0", "shields-2": "0"},
    )
    response = nocsrf_client.post(
        f"/g/{token}/city/0",
        data=city_form(city, version, cards=["stockade", "baths"]),
        headers={"Accept": "application/json"},
    )
    assert response.status_code == 200 and response.get_json()["saved"] is True
    assert "the conflict tokens" in response.get_json()["message"]
    saved = stored(nocsrf_app, token).cities[0].data
    assert saved["military"] == [1, 1] and saved["cards"] == ["stockade", "baths"]


def test_two_phones_saving_two_different_cities_both_keep_their_changes(nocsrf_app, nocsrf_client):
    token = import_three(nocsrf_client)
    row = stored(nocsrf_app, token)
    a, b = row.cities[0], row.cities[2]
    assert (
        nocsrf_client.post(f"/g/{token}/city/0", data=city_form(a.data, a.version, coins="9")).status_code
        == 302
    )
    assert (
        nocsrf_client.post(f"/g/{token}/city/2", data=city_form(b.data, b.version, coins="8")).status_code
        == 302
    )
    after = stored(nocsrf_app, token)
    assert after.cities[0].data["coins"] == 9 and after.cities[2].data["coins"] == 8


def test_the_city_page_lists_the_problems_of_the_city(nocsrf_app, nocsrf_client):
    data = three()
    data["cities"][0]["cards"].append("pawnshop")  # not in the 3-player deck
    token = (
        nocsrf_client.post("/import", data={"text": json.dumps(data)}).headers["Location"].rsplit("/", 1)[-1]
    )
    body = nocsrf_client.get(f"/g/{token}/city/0").get_data(as_text=True)
    assert 'data-code="card-not-in-deck"' in body and "Pawnshop" in body


def test_names_and_user_text_are_escaped_everywhere(nocsrf_client):
    token = new_game(nocsrf_client, ["<script>alert(1)</script>", "Tom & Jerry", "Cy"])
    for path in (f"/g/{token}", f"/g/{token}/city/0", f"/g/{token}/scoreboard", f"/g/{token}/age"):
        body = nocsrf_client.get(path).get_data(as_text=True)
        assert "<script>alert(1)</script>" not in body, path
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body, path


def test_the_city_form_needs_its_csrf_token(app, client):
    with app.app_context():
        from assistant.web.db import get_session

        row = store.create_game(get_session(), three())
    response = client.post(
        f"/g/{row.edit_token}/city/0", data={"player": "Ana", "coins": "1", "version": "1"}
    )
    assert response.status_code == 400


# --- end of an age -----------------------------------------------------------------------------


def test_the_end_of_an_age_hands_out_tokens_and_entering_it_again_replaces_them(nocsrf_app, nocsrf_client):
    token = new_game(nocsrf_client, ["Ana", "Bo", "Cy"])
    versions = ",".join(str(c.version) for c in stored(nocsrf_app, token).cities)
    page = nocsrf_client.post(
        f"/g/{token}/age",
        data={"age": "2", "versions": versions, "shields-0": "3", "shields-1": "1", "shields-2": "1"},
    ).get_data(as_text=True)
    assert "Ana beats Bo (3 shields against 1)" in page
    cities = [c.data["military"] for c in stored(nocsrf_app, token).cities]
    assert cities == [[3, 3], [-1], [-1]]
    versions = ",".join(str(c.version) for c in stored(nocsrf_app, token).cities)
    nocsrf_client.post(
        f"/g/{token}/age",
        data={"age": "2", "versions": versions, "shields-0": "0", "shields-1": "2", "shields-2": "2"},
    )
    assert [c.data["military"] for c in stored(nocsrf_app, token).cities] == [[-1, -1], [3], [3]]


def test_the_end_of_an_age_suggests_the_shields_the_cards_give(nocsrf_client):
    token = import_three(nocsrf_client)
    body = nocsrf_client.get(f"/g/{token}/age?age=2").get_data(as_text=True)
    # Ana: Stockade (1); Bartek: Barracks + Guard Tower + Walls (4); Şule: none
    assert re.search(r'name="shields-0"[^>]*value="1"', body)
    assert re.search(r'name="shields-1"[^>]*value="4"', body)


def test_bad_shields_are_refused_beside_the_field(nocsrf_app, nocsrf_client):
    token = new_game(nocsrf_client, ["Ana", "Bo", "Cy"])
    versions = ",".join(str(c.version) for c in stored(nocsrf_app, token).cities)
    response = nocsrf_client.post(
        f"/g/{token}/age",
        data={"age": "1", "versions": versions, "shields-0": "-2", "shields-1": "x", "shields-2": "1"},
    )
    assert response.status_code == 400
    assert "Number must be between 0 and 99" in response.get_data(as_text=True)


def test_an_age_over_a_city_changed_meanwhile_is_handed_out_over_the_new_city(nocsrf_app, nocsrf_client):
    token = import_three(nocsrf_client)
    row = stored(nocsrf_app, token)
    nocsrf_client.post(
        f"/g/{token}/city/0", data=city_form(row.cities[0].data, row.cities[0].version, coins="1")
    )
    page = nocsrf_client.post(
        f"/g/{token}/age", data={"age": "1", "shields-0": "5", "shields-1": "1", "shields-2": "1"}
    ).get_data(as_text=True)
    after = stored(nocsrf_app, token).cities
    assert after[0].data["coins"] == 1  # the phone's save is kept
    # Age I's +1 typed in by hand is replaced; defeats typed in by hand stay (they may be other ages')
    assert [sorted(c.data["military"]) for c in after] == [[-1, 1, 1, 3], [-1, 3, 5], [-1, -1, -1, -1, -1]]
    assert "Replaces the tokens of this age typed in by hand: +1." in page
    assert "4 defeats typed in by hand were kept" in page


def test_the_end_of_an_age_never_doubles_tokens_typed_in_by_hand(nocsrf_app, nocsrf_client):
    token = new_game(nocsrf_client, ["Ana", "Bo", "Cy"])
    row = stored(nocsrf_app, token)
    nocsrf_client.post(
        f"/g/{token}/city/0",
        data=city_form(row.cities[0].data, row.cities[0].version, **{"military-win1": "2"}),
    )
    nocsrf_client.post(
        f"/g/{token}/age", data={"age": "1", "shields-0": "2", "shields-1": "1", "shields-2": "1"}
    )
    assert sorted(stored(nocsrf_app, token).cities[0].data["military"]) == [1, 1]


# --- scoreboard, lock, export, import -----------------------------------------------------------


def test_the_scoreboard_shows_every_total_rank_and_the_winner(nocsrf_client):
    token = import_three(nocsrf_client)
    body = nocsrf_client.get(f"/g/{token}/scoreboard").get_data(as_text=True)
    for name, total in THREE_TOTALS.items():
        assert name in body and f'data-total="{total}"' in body
    assert "Ana wins" in body
    assert (
        body.index("Military")
        < body.index("Treasury")
        < body.index("Wonder")
        < body.index("Civilian")
        < body.index("Science")
    )
    assert 'id="d-0-civilian"' in body and "Baths" in body


def test_the_scoreboards_explanations_print_negative_numbers_with_a_minus_sign(nocsrf_client):
    """ "Conflict tokens +1 +3 −1", not "-1"; the JSON API keeps the game format's hyphen."""
    token = import_three(nocsrf_client)
    body = nocsrf_client.get(f"/g/{token}/scoreboard").get_data(as_text=True)
    details = re.findall(r'id="d-\d-military"(.*?)</', body, re.S)
    assert details and "+1 +3 \u22121" in body and "\u22124" in body
    assert not re.search(r"Conflict tokens[^<]*-\d", body)
    api = nocsrf_client.get(f"/api/v1/games/{token}").get_json()
    reasons = [
        d["reason"] for c in api["scores"]["cities"] for d in c["details"] if d["category"] == "military"
    ]
    assert any("+1 +3 -1" in r for r in reasons), reasons


def test_the_scoreboard_poll_answers_304_when_nothing_changed(nocsrf_client):
    token = import_three(nocsrf_client)
    first = nocsrf_client.get(f"/g/{token}/scoreboard?partial=1")
    assert first.status_code == 200 and 'id="board"' in first.get_data(as_text=True)
    again = nocsrf_client.get(
        f"/g/{token}/scoreboard?partial=1", headers={"If-None-Match": first.headers["ETag"]}
    )
    assert again.status_code == 304


def test_locking_the_game_asks_first(nocsrf_app, nocsrf_client):
    token = import_three(nocsrf_client)
    page = nocsrf_client.post(f"/g/{token}/lock", data={"locked": "1"})
    assert page.status_code == 200 and "Lock the game?" in page.get_data(as_text=True)
    assert not stored(nocsrf_app, token).locked
    assert 'name="confirm" value="1"' in page.get_data(as_text=True)


def test_locking_the_game_stops_every_change(nocsrf_app, nocsrf_client):
    token = import_three(nocsrf_client)
    nocsrf_client.post(f"/g/{token}/lock", data={"locked": "1", "confirm": "1"})
    row = stored(nocsrf_app, token)
    assert row.locked
    response = nocsrf_client.post(
        f"/g/{token}/city/0", data=city_form(row.cities[0].data, row.cities[0].version, coins="1")
    )
    assert response.status_code == 302
    assert stored(nocsrf_app, token).cities[0].data["coins"] == 7
    assert "This game is locked" in nocsrf_client.get(f"/g/{token}/city/0").get_data(as_text=True)
    answer = nocsrf_client.post(
        f"/g/{token}/city/0",
        data=city_form(row.cities[0].data, row.cities[0].version, coins="1"),
        headers={"Accept": "application/json"},
    )
    assert answer.status_code == 409 and answer.get_json()["locked"] is True


def test_a_game_exports_as_the_game_format_and_imports_back(nocsrf_client):
    token = import_three(nocsrf_client)
    exported = nocsrf_client.get(f"/g/{token}/export.json")
    assert exported.headers["Content-Disposition"].startswith("attachment")
    assert json.loads(exported.data) == three()
    response = nocsrf_client.post("/import", data={"text": exported.get_data(as_text=True)})
    assert response.status_code == 302


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON (line 1, column 2)"),
        ('{"cities": []}', "A table has 3 to 7 cities"),
        (
            '{"cities": [{"player": "A", "wonder": "atlantis"}, {"player": "B", "wonder": "giza"}, {"player": "C", "wonder": "rhodes"}]}',
            "cities[0].wonder: A&#39;s city: unknown wonder",
        ),
        ("", "Choose a file or paste"),
    ],
)
def test_importing_a_bad_game_says_what_is_wrong(nocsrf_client, text, message):
    response = nocsrf_client.post("/import", data={"text": text})
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)


def test_a_game_uploaded_as_a_file_is_imported(nocsrf_client):
    import io

    response = nocsrf_client.post(
        "/import",
        data={"file": (io.BytesIO(json.dumps(three()).encode()), "game.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 302


def test_recent_games_are_listed_on_this_phone_only(nocsrf_app, tmp_path):
    phone = nocsrf_app.test_client()
    other = nocsrf_app.test_client()
    token = new_game(phone, ["Ana", "Bo", "Cy"])
    assert f"/g/{token}" in phone.get("/").get_data(as_text=True)
    assert f"/g/{token}" not in other.get("/").get_data(as_text=True)


def test_a_wonder_that_does_not_exist_is_named_beside_its_seat_never_as_a_dict(nocsrf_client):
    data = {"edition": "1", "mode": "cards", "submit": "1"}
    for i, (name, wonder) in enumerate([("Ana", "atlantis"), ("Bo", "giza"), ("Cy", "rhodes")]):
        data |= {f"seats-{i}-player": name, f"seats-{i}-wonder": wonder}
    response = nocsrf_client.post("/new", data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and 'id="seats-0-wonder-err"' in page
    assert "{&#39;" not in page and "{'" not in page and "<p>{}</p>" not in page
    assert 'value="Ana"' in page  # nothing typed is lost
