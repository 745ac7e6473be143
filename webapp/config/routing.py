from django.urls import path

from webapp.matches.consumers import MatchConsumer
from webapp.tournaments.consumers import TournamentConsumer

websocket_urlpatterns = [
    path("ws/matches/<int:match_id>/", MatchConsumer.as_asgi()),
    path("ws/tournaments/<int:tournament_id>/", TournamentConsumer.as_asgi()),
]
