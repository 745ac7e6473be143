from django.core.management.base import BaseCommand

from webapp.matches import autoplay, services
from webapp.matches.models import Match

DEMO = [
    ("footsies", ["footsies-counter", "random"]),
    ("footsies", ["random", "footsies-counter"]),
    ("footsies", ["footsies-counter", "footsies-counter"]),
]


class Command(BaseCommand):
    help = "Install demo data: a few finished AI-vs-AI matches to browse (idempotent)."

    def handle(self, *args, **options):
        from webapp.accounts.schedules import install_session_cleanup
        from webapp.tournaments.schedules import install_defaults

        install_defaults()  # idempotent: the sweep and the hourly ladder
        install_session_cleanup()
        if Match.objects.filter(created_by="demo").exists():
            self.stdout.write("demo data already there")
            return
        for game, specs in DEMO:
            plan = services.MatchPlan(
                game=game,
                seats=[services.SeatPlan(agent_spec=s) for s in specs],
                created_by="demo",
            )
            match = services.create_match(plan, schedule=False)
            autoplay.play_out(match.pk)
        self.stdout.write(f"installed {len(DEMO)} demo matches")
