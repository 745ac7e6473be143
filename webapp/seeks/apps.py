from django.apps import AppConfig


class SeeksConfig(AppConfig):
    name = "webapp.seeks"
    label = "seeks"
    verbose_name = "seeks (finding an opponent)"
