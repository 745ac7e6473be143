from webapp import hooks


class SeeksConfig(hooks.ListeningApp):
    name = "webapp.seeks"
    label = "seeks"
    verbose_name = "seeks (finding an opponent)"
