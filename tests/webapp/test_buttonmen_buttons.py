"""Button Men's roster in the browser: a page per button, a searchable list, and the
lobby's and tournament form's picker of any playable button."""

import html

import pytest
from django.urls import reverse

from games.buttonmen.roster import buttons
from webapp.matches.models import Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_workers")]


def test_a_button_page_draws_its_recipe_and_names_its_set(client):
    page = client.get("/games/buttonmen/buttons/Buck Godot/").content.decode()
    assert "Buck Godot" in page and "Studio Foglio" in page
    assert page.count('class="bm-face bm-twin"') == 2  # (6,6) and (W,W)
    assert "swing W: 4 to 12 sides" in page and "Tier 2: playable" in page
    # A button we do not play yet says why, and lists its skills.
    poly = html.unescape(client.get("/games/buttonmen/buttons/poly/").content.decode())
    assert "Not yet playable: needs Fire" in poly and "<li>Fire: not yet played here" in poly
    hope = html.unescape(client.get("/games/buttonmen/buttons/hope/").content.decode())
    assert "Tier 3: playable" in hope and "<li>Trip: can also make a trip attack" in hope
    jelly = html.unescape(client.get("/games/buttonmen/buttons/Jellybean/").content.decode())
    assert "<li>Shadow: makes no power attack" in jelly
    anvil = html.unescape(client.get("/games/buttonmen/buttons/Anvil/").content.decode())
    assert "Tier 3: playable" in anvil and "<li>Speed: can also make a speed attack" in anvil
    crab = html.unescape(client.get("/games/buttonmen/buttons/Crab/").content.decode())
    assert "Tier 3: playable" in crab and "<li>Focus: after the roll" in crab
    bug = html.unescape(client.get("/games/buttonmen/buttons/BugRoger/").content.decode())
    assert "Tier 3: playable" in bug and "<li>Stinger: in a skill attack" in bug
    marin = html.unescape(client.get("/games/buttonmen/buttons/Marin/").content.decode())
    assert "Tier 3: playable" in marin and "<li>Poison: worth negative points" in marin
    assert client.get("/games/buttonmen/buttons/Nobody At All/").status_code == 404


def test_the_list_searches_by_name_and_set(client):
    page = client.get("/games/buttonmen/buttons/", {"q": "soldiers"}).content.decode()
    soldiers = [b for b in buttons() if "soldiers" in f"{b.name} {b.set}".lower()]
    assert len(soldiers) >= 12 and f"{len(soldiers)} found" in page
    assert "/games/buttonmen/buttons/Avis/" in page
    playable = client.get("/games/buttonmen/buttons/", {"q": "lady", "playable": "1"})
    assert "Lady Luck" in playable.content.decode()


def test_the_list_searches_by_skill(client):
    # "poison" or "shadow" is no button's name or set: found by the skill on its dice.
    for skill, letter in (("poison", "p"), ("Shadow", "s")):
        page = client.get("/games/buttonmen/buttons/", {"q": skill}).content.decode()
        having = [b for b in buttons() if any(letter in d.skills for d in b.dice or ())]
        assert len(having) >= 30, skill
        missing = [b.name for b in having if reverse("buttonmen-button", args=[b.name]) not in page]
        assert not missing, (skill, missing)
    # Words add up: both skills, and only playable buttons.
    both = client.get("/games/buttonmen/buttons/", {"q": "poison shadow", "playable": "1"})
    assert "/games/buttonmen/buttons/Jellybean/" in both.content.decode()
    assert "/games/buttonmen/buttons/Marin/" not in both.content.decode()  # Poison alone
    # The roster's row says the skills in words beside the recipe.
    marin = html.unescape(client.get("/games/buttonmen/buttons/", {"q": "marin"}).content.decode())
    assert '<code>(4) p(4) (8) (12) (X)</code> <span class="muted small">Poison</span>' in marin


def test_the_lobby_picker_finds_a_button_by_skill(guest):
    # Browsers match what is typed against an option's label: it names the skills.
    page = html.unescape(guest.get("/play/buttonmen/").content.decode())
    assert '<option value="Jellybean">BROM · p(20) s(20) (V) (X) · Poison, Shadow</option>' in page
    assert "search a button by name, set or skill" in page


def test_the_lobby_picks_any_playable_button_for_each_seat(guest):
    page = guest.get("/play/buttonmen/").content.decode()
    assert page.count('list="bm-buttons" name="opt_fighters"') == 2
    assert '<option value="Lady Luck">' in page and '<option value="Marin">' in page
    assert '<option value="Poly">' not in page  # Fire is not played yet
    data = {"game": "buttonmen", "mode": "ai", "opt_fighters": ["Lady Luck", "Buck Godot"]}
    guest.post("/matches/new/", data)
    assert Match.objects.get().options["fighters"] == ["Lady Luck", "Buck Godot"]


def test_the_tournament_form_has_the_picker_too(client, django_user_model):
    user = django_user_model.objects.create_user("tess", password="pw-pw-pw-1")
    client.force_login(user)
    page = client.get("/tournaments/new/").content.decode()
    assert 'list="bm-buttons" name="opt_fighters"' in page


def test_the_tournament_form_reads_one_picker_per_seat():
    from django.http import QueryDict

    from webapp.tournaments.forms import plan_from_form

    data = QueryDict(mutable=True)
    data.update({"game": "buttonmen", "entrants_json": "[]"})
    data.setlist("opt_fighters", ["Jolene", "random"])
    assert list(plan_from_form(data).options["fighters"]) == ["Jolene", "random"]
