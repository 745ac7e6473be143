from django.contrib import admin
from django.urls import include, path

from webapp.api import api
from webapp.matches import pages
from webapp.matches import views as match_views
from webapp.replays import views as replay_views
from webapp.tournaments import buttonstats

urlpatterns = [
    path("", match_views.home, name="home"),
    path("play/<slug:slug>/", match_views.play, name="play"),
    path("games/<slug:slug>/", pages.rules, name="rules"),
    path("games/buttonmen/buttons/", buttonstats.button_list, name="buttonmen-buttons"),
    path("games/buttonmen/buttons/<str:name>/", buttonstats.button_detail, name="buttonmen-button"),
    path("games/buttonmen/matchups/", buttonstats.matchups, name="buttonmen-matchups"),
    path("tv/", pages.tv, name="tv"),
    path("tv/<slug:slug>/now.json", pages.tv_next, name="tv-now"),
    path("players/<str:name>/", pages.profile, name="player"),
    path("players/<str:name>/buttonmen.json", pages.profile_buttonmen, name="player-buttonmen"),
    # The position editor: a position built by hand, shared by its link.
    path(
        "analyse/result/<str:token>.json", replay_views.editor_result, name="position-editor-result"
    ),
    path("analyse/<slug:slug>/", replay_views.editor_page, name="position-editor"),
    path("analyse/<slug:slug>/run/", replay_views.editor_analyse, name="position-editor-run"),
    path("accounts/", include("webapp.accounts.urls")),
    path("matches/", include("webapp.matches.urls")),
    path("matches/", include("webapp.replays.urls")),
    path("tournaments/", include("webapp.tournaments.urls")),
    path("leaderboards/", include("webapp.leaderboards.urls")),
    path("bots/", include("webapp.bots.urls")),
    path("notify/", include("webapp.notify.urls")),
    path("seeks/", include("webapp.seeks.urls")),
    path("api/", api.urls),
    path("admin/", admin.site.urls),
]

handler404 = "webapp.config.notfound.not_found"
