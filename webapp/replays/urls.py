from django.urls import path

from webapp.replays import views

app_name = "replays"
urlpatterns = [
    path("<int:match_id>/replay/", views.replay, name="replay"),
    path("<int:match_id>/record.json", views.record, name="record"),
    path("<int:match_id>/analysis/", views.analysis, name="analysis"),
    path("<int:match_id>/analysis.json", views.analysis_json, name="analysis-json"),
    path("<int:match_id>/position/<int:ply>/", views.position, name="position"),
    path(
        "<int:match_id>/position/<int:ply>/analyse/",
        views.position_analyse,
        name="position-analyse",
    ),
    path(
        "<int:match_id>/position/<int:ply>/result/<str:token>.json",
        views.position_result,
        name="position-result",
    ),
]
