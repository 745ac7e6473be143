from django.urls import path

from webapp.tournaments import views

app_name = "tournaments"
urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/", views.new_tournament, name="new"),
    path("people/new/", views.new_people_tournament, name="new_people"),
    path("<int:tournament_id>/join/", views.join, name="join"),
    path("<int:tournament_id>/withdraw/", views.withdraw, name="withdraw"),
    path("<int:tournament_id>/pause/", views.pause, name="pause"),
    path("<int:tournament_id>/resume/", views.resume, name="resume"),
    path("<int:tournament_id>/start/", views.start, name="start"),
    path("scheduled/", views.scheduled, name="scheduled"),
    path("presets/<slug:slug>/", views.run_preset, name="preset"),
    path("<int:tournament_id>/", views.tournament_detail, name="detail"),
    path("<int:tournament_id>/cancel/", views.cancel, name="cancel"),
    path("<int:tournament_id>.json", views.export_json, name="json"),
    path("<int:tournament_id>.csv", views.export_csv, name="csv"),
]
