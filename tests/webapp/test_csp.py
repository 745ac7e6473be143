"""A Content-Security-Policy on every page, and the API docs served from our own static
files: no CDN, so /api/docs works offline and under the policy."""

import re

import pytest
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db

PAGES = ["/", "/play/footsies/", "/tv/", "/matches/", "/tournaments/", "/api/docs", "/nowhere/"]


@pytest.mark.parametrize("path", PAGES)
def test_every_page_carries_the_policy(client, path):
    policy = client.get(path)["Content-Security-Policy"]
    rules = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert rules["default-src"] == "'self'"
    assert "'unsafe-inline'" not in rules["script-src"] and "*" not in rules["script-src"]
    assert rules["object-src"] == "'none'" and rules["frame-ancestors"] == "'none'"


def test_each_response_has_its_own_nonce(client):
    nonces = {re.search(r"'nonce-([^']+)'", client.get("/")["Content-Security-Policy"])[1]}
    nonces.add(re.search(r"'nonce-([^']+)'", client.get("/")["Content-Security-Policy"])[1])
    assert len(nonces) == 2


def test_no_page_has_an_inline_script(client):
    for path in PAGES:
        page = client.get(path).content.decode()
        for tag in re.findall(r"<script\b[^>]*>", page):
            assert "src=" in tag or 'type="application/json"' in tag, f"{path}: {tag}"


def test_the_api_docs_load_swagger_from_our_static_files(client):
    page = client.get("/api/docs").content.decode()
    sources = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert not [s for s in sources if s.startswith(("http:", "https:", "//"))], sources
    assert "/static/ninja/swagger-ui-bundle.js" in sources
    assert "/static/ninja/swagger-ui.css" in sources
    assert finders.find("ninja/swagger-ui-bundle.js")
    assert client.get("/static/ninja/swagger-ui-bundle.js").status_code == 200
