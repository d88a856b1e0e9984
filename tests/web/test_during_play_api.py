"""Issue 13: a game in progress through the JSON API and the command line: ``via`` in
can-build, the During play fields in scoring, each refusal naming its field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from assistant.cli import main
from assistant.web.openapi import document

HALICARNASSUS = {
    "age": 2,
    "discard": ["baths", "lumber-yard"],
    "cities": [
        {"player": "Ana", "wonder": "halicarnassus", "stages": 2, "stage_ages": [1, 2], "cards": ["altar"]},
        {"player": "Bo", "wonder": "olympia", "stages": 2, "cards": ["ore-vein"], "free_build_used": True},
        {"player": "Cy", "wonder": "giza", "cards": ["stockade"]},
    ],
}


def fits(body: Any, path: str, status: int) -> None:
    doc = document()
    schema = doc["paths"][path]["post"]["responses"][str(status)]["content"]["application/json"]["schema"]
    jsonschema.Draft202012Validator({**schema, "components": doc["components"]}).validate(body)


def _request(name: str) -> jsonschema.Draft202012Validator:
    components = document()["components"]["schemas"]
    defs = json.loads(json.dumps(components).replace("#/components/schemas/", "#/$defs/"))
    return jsonschema.Draft202012Validator({**defs[name], "$defs": defs})


@pytest.mark.parametrize(
    ("body", "how", "why"),
    [
        ({"city": 0, "card": "lumber-yard", "via": "discard"}, "discard", None),
        ({"city": 0, "card": "temple", "via": "discard"}, None, "not-in-discard"),
        ({"city": 1, "card": "temple", "via": "free-build"}, None, "no-power"),
        ({"city": 2, "card": "temple", "via": "free-build"}, None, "no-power"),
        ({"city": 2, "card": "barracks"}, None, "not-this-age"),
    ],
)
def test_can_build_via_a_power_answers_its_how_or_why(client, body, how, why):
    request = {"game": HALICARNASSUS, **body}
    assert _request("CanBuildRequest").is_valid(request)
    response = client.post("/api/v1/can-build", json=request)
    assert response.status_code == 200
    answer = response.get_json()
    fits(answer, "/api/v1/can-build", 200)
    assert answer.get("how") == how and answer.get("why") == why
    assert answer["reason"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"city": 0, "card": "baths", "via": "magic"}, "via"),
        ({"city": 0, "stage": True, "via": "discard"}, "via"),
    ],
)
def test_a_bad_via_is_refused_by_name(client, body, field):
    request = {"game": HALICARNASSUS, **body}
    assert not _request("CanBuildRequest").is_valid(request)
    response = client.post("/api/v1/can-build", json=request)
    assert response.status_code == 400 and response.get_json()["field"] == field


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda g: g.update(age=0), "age"),
        (lambda g: g.update(discard=["baths", 3]), "discard[1]"),
        (lambda g: g["cities"][0].update(stage_ages=[3, 1]), "cities[0].stage_ages[1]"),
        (lambda g: g["cities"][1].update(copied_guild="altar"), "cities[1].copied_guild"),
    ],
)
def test_a_during_play_field_the_parser_refuses_the_document_refuses(client, change, field):
    game = json.loads(json.dumps(HALICARNASSUS))
    change(game)
    assert not _request("Game").is_valid(game)
    response = client.post("/api/v1/score", json=game)
    assert response.status_code == 400 and response.get_json()["field"] == field


def test_a_game_in_progress_is_scored_with_its_problems(client):
    assert _request("Game").is_valid(HALICARNASSUS)
    response = client.post("/api/v1/score", json=HALICARNASSUS)
    assert response.status_code == 200
    fits(response.get_json(), "/api/v1/score", 200)
    stored = client.post("/api/v1/games", json={"game": HALICARNASSUS}).get_json()
    assert stored["game"]["age"] == 2 and stored["game"]["discard"] == ["baths", "lumber-yard"]
    assert stored["game"]["cities"][0]["stage_ages"] == [1, 2]


def test_the_command_line_builds_via_a_power(capsys, tmp_path: Path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(HALICARNASSUS))
    assert main(["can-build", str(path), "--city", "0", "--card", "lumber-yard", "--via", "discard"]) == 0
    assert json.loads(capsys.readouterr().out)["how"] == "discard"
    with pytest.raises(SystemExit) as exited:
        main(["can-build", str(path), "--city", "0", "--card", "baths", "--via", "magic"])
    assert exited.value.code == 2
    assert "--via" in capsys.readouterr().err
    lines = tmp_path / "q.jsonl"
    lines.write_text(json.dumps({"game": HALICARNASSUS, "city": 0, "stage": True, "via": "discard"}))
    assert main(["can-build", "--jsonl", str(lines)]) in (0, 2)
    assert "via" in json.loads(capsys.readouterr().out.splitlines()[0])["error"]


def test_the_age_and_discard_pile_of_a_stored_game_change_at_their_version(client):
    created = client.post("/api/v1/games", json={"game": HALICARNASSUS}).get_json()
    token, version = created["token"], created["play_version"]
    body = {"age": 3, "discard": ["baths", "lumber-yard", "temple"], "version": version}
    assert _request("ReplacePlay").is_valid(body)
    changed = client.put(f"/api/v1/games/{token}/play", json=body)
    assert changed.status_code == 200
    fits_put = document()["paths"]["/api/v1/games/{token}/play"]["put"]["responses"]["200"]
    jsonschema.Draft202012Validator(
        {**fits_put["content"]["application/json"]["schema"], "components": document()["components"]}
    ).validate(changed.get_json())
    assert changed.get_json()["game"]["age"] == 3 and changed.get_json()["play_version"] == version + 1
    stale = client.put(f"/api/v1/games/{token}/play", json={"age": 2, "version": version})
    assert stale.status_code == 409 and stale.get_json()["current_version"] == version + 1
    over = client.put(f"/api/v1/games/{token}/play", json={"version": version + 1}).get_json()
    assert "age" not in over["game"] and "discard" not in over["game"]
    bad = client.put(f"/api/v1/games/{token}/play", json={"age": 9, "version": version + 2})
    assert bad.status_code == 400 and bad.get_json()["field"] == "age"
    read_only = client.put(f"/api/v1/games/{created['view_token']}/play", json={"version": 1})
    assert read_only.status_code == 403


def test_handing_out_an_age_moves_a_game_in_progress_on(client, app):
    game = json.loads(json.dumps(HALICARNASSUS))
    game["age"] = 2
    created = client.post("/api/v1/games", json={"game": game}).get_json()
    token = created["token"]
    app.config["WTF_CSRF_ENABLED"] = False
    versions = ",".join(map(str, created["versions"]))
    form = {"age": "2", "versions": versions, "shields-0": "0", "shields-1": "1", "shields-2": "2"}
    assert client.post(f"/g/{token}/age", data=form).status_code == 200
    assert client.get(f"/api/v1/games/{token}").get_json()["game"]["age"] == 3
    form["age"] = "3"
    assert client.post(f"/g/{token}/age", data=form).status_code == 200
    assert "age" not in client.get(f"/api/v1/games/{token}").get_json()["game"]  # the game is over


def test_the_end_of_an_age_refuses_more_shield_rows_than_cities(client, app):
    game = json.loads(json.dumps(HALICARNASSUS))
    created = client.post("/api/v1/games", json={"game": game}).get_json()
    token = created["token"]
    app.config["WTF_CSRF_ENABLED"] = False
    versions = ",".join(map(str, created["versions"]))
    form = {"age": "1", "versions": versions} | {f"shields-{i}": "1" for i in range(len(game["cities"]) + 1)}
    refused = client.post(f"/g/{token}/age", data=form)
    assert refused.status_code == 400
    assert f"Give the shields of each of the {len(game['cities'])} cities" in refused.get_data(as_text=True)
    after = client.get(f"/api/v1/games/{token}").get_json()
    assert after["versions"] == created["versions"]  # nothing handed out
