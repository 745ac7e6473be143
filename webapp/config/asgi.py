import os
import warnings

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "webapp.config.settings")
django_asgi_app = get_asgi_application()

# WhiteNoise serves static files with a synchronous file iterator, which Django reads
# whole under ASGI, warning on every file (evansd/whitenoise#531): our files are small,
# so the read is what we want, and the warning only buried real ones in `make run`.
warnings.filterwarnings(
    "ignore", message="StreamingHttpResponse must consume synchronous iterators"
)

from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs Django set up first)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from webapp.config.routing import bot_websocket_urlpatterns, websocket_urlpatterns  # noqa: E402

browser_sockets = AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)))
bot_sockets = URLRouter(bot_websocket_urlpatterns)


async def websockets(scope, receive, send):
    app = bot_sockets if scope["path"] == "/ws/bot/" else browser_sockets
    return await app(scope, receive, send)


application = ProtocolTypeRouter({"http": django_asgi_app, "websocket": websockets})
