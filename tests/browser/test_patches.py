"""The browser's applyPatch (static/js/arena.js) rebuilds every game's view from the
server's event frames exactly as webapp/matches/delta.py does."""

import json

import pytest

import games
from tests.webapp.test_frames import play
from webapp.matches import frames
from webapp.matches.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHECK = """([start, chain, views]) => {
  const canon = (x) => Array.isArray(x) ? x.map(canon)
    : (x && typeof x === "object")
      ? Object.keys(x).sort().reduce((o, k) => (o[k] = canon(x[k]), o), {}) : x;
  let view = start;
  const wrong = [];
  chain.forEach((frame, i) => {
    view = DiceArena.nextView(view, frame);
    if (JSON.stringify(canon(view)) !== JSON.stringify(canon(views[i]))) wrong.push(i);
  });
  return wrong;
}"""


@pytest.mark.parametrize("slug", ["footsies", "buttonmen", "octagon", "dicewars", "dungeon"])
def test_the_page_applies_patches_like_the_server(new_page, slug):
    page = new_page()
    page.goto("/matches/")
    match = Match(game=slug, num_players=2, options={})
    start = games.get(slug).new_state(2)
    chain, views = [], []
    for before, event, after in play(slug, 2, seed=11):
        chain.append(
            json.loads(frames.for_audience(frames.event_texts(match, before, event, after), None))
        )
        views.append(json.loads(json.dumps(after.observation(None))))
    wrong = page.evaluate(CHECK, [json.loads(json.dumps(start.observation(None))), chain, views])
    assert chain and wrong == []
