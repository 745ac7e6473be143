from django.urls import path

from webapp.matches.consumers import MatchConsumer

websocket_urlpatterns = [
    path("ws/matches/<int:match_id>/", MatchConsumer.as_asgi()),
]
