from django.urls import path, re_path

from webapp.bots.consumers import BotConsumer
from webapp.matches.consumers import MatchConsumer
from webapp.matches.tv_socket import TvConsumer
from webapp.notify.consumers import PersonConsumer
from webapp.sockets import NoSuchSocket
from webapp.tournaments.consumers import TournamentConsumer

websocket_urlpatterns = [
    path("ws/matches/<int:match_id>/", MatchConsumer.as_asgi()),
    path("ws/tournaments/<int:tournament_id>/", TournamentConsumer.as_asgi()),
    path("ws/tv/", TvConsumer.as_asgi()),
    # Every page of a person (and the seeks page of anyone): docs/protocol.md.
    path("ws/me/", PersonConsumer.as_asgi()),
    # Any other path: refused (403, nothing logged), not the router's error (an HTTP 500 and a traceback).
    re_path(r"", NoSuchSocket()),
]

# Bots authenticate with a bearer token, not a cookie, and send no Origin header: they
# are routed past the browser sockets' origin check and session middleware.
bot_websocket_urlpatterns = [
    path("ws/bot/", BotConsumer.as_asgi()),
]
