from django.urls import path

from webapp.matches import views

app_name = "matches"
urlpatterns = [
    path("", views.match_list, name="list"),
    path("new/", views.new_match, name="new"),
    path("open/", views.open_matches, name="open"),
    path("your-turn/", views.your_turn, name="your-turn"),
    path("your-turn.json", views.your_turn_json, name="your-turn-json"),
    path("<int:match_id>/", views.match_detail, name="detail"),
    path("<int:match_id>/join/", views.join, name="join"),
    path("<int:match_id>/abort/", views.abort, name="abort"),
    path("<int:match_id>/rematch/", views.rematch, name="rematch"),
    path("<int:match_id>/rematch/decline/", views.rematch_decline, name="rematch-decline"),
    path("<int:match_id>/summary.json", views.summary, name="summary"),
    path("<int:match_id>/thinking/<int:ply>/", views.thinking, name="thinking"),
    path(
        "<int:match_id>/thinking/<int:ply>/seat<int:seat>.<str:fmt>",
        views.thinking_download,
        name="thinking-download",
    ),
]
