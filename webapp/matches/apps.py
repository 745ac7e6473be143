from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "webapp.matches"
    label = "matches"

    def ready(self) -> None:
        # The named levels add their group to the lobby's opponents (lobby.OPPONENT_SOURCES).
        from webapp.matches import levels  # noqa: F401
