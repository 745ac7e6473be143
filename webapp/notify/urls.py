from django.urls import path

from webapp.notify import views

app_name = "notify"
urlpatterns = [
    path("open/<str:token>/", views.open_link, name="open"),
]
