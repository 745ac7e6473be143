from django.urls import path

from webapp.leaderboards import views

app_name = "leaderboards"
urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:game>/", views.board, name="board"),
    path("<slug:game>/<int:competitor_id>/", views.competitor, name="competitor"),
]
