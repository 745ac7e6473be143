from django.urls import path

from webapp.replays import views

app_name = "replays"
urlpatterns = [
    path("<int:match_id>/replay/", views.replay, name="replay"),
    path("<int:match_id>/record.json", views.record, name="record"),
]
