from django.apps import AppConfig


class NotifyConfig(AppConfig):
    name = "webapp.notify"
    label = "notify"
    verbose_name = "turn notifications"

    def ready(self) -> None:
        # Django's place to connect listeners: models are loaded only now, so this is a
        # function-level import by design (one per app; tests/test_layering.py counts them).
        from webapp.notify import listeners  # noqa: F401
