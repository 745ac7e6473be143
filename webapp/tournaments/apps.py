from webapp import hooks


class TournamentsConfig(hooks.ListeningApp):
    name = "webapp.tournaments"
    label = "tournaments"
