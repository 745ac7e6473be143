from django.urls import path

from webapp.bots import views

app_name = "bots"
urlpatterns = [
    path("", views.bot_list, name="list"),
    path("api/", views.api_docs, name="api"),
    path("api/<path:page>.md", views.api_docs, name="doc"),
    path("<int:bot_id>/<str:action>/", views.bot_action, name="action"),
]
