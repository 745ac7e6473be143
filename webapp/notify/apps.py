from webapp import hooks


class NotifyConfig(hooks.ListeningApp):
    name = "webapp.notify"
    label = "notify"
    verbose_name = "turn notifications"
