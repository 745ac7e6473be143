from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "webapp.matches"
    label = "matches"

    def ready(self) -> None:
        # Django's place to connect listeners: models are loaded only now, so this is a
        # function-level import by design (one per app; tests/test_layering.py counts them).
        from webapp.matches import listeners  # noqa: F401
