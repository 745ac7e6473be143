"""Every button of the roster has a page that opens (names with spaces, quotes, signs)."""

import pytest
from django.urls import reverse

from games.buttonmen.roster import buttons

pytestmark = [pytest.mark.django_db]


def test_every_button_page_opens(client):
    for b in buttons():
        page = client.get(reverse("buttonmen-button", args=[b.name]))
        assert page.status_code == 200, b.name
