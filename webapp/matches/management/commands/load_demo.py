from django.core.management import call_command
from django.core.management.base import BaseCommand

from webapp.matches import autoplay, services
from webapp.matches.models import Match

DEMO = [
    ("footsies", ["footsies-counter", "random"]),
    ("footsies", ["random", "footsies-counter"]),
    ("footsies", ["footsies-counter", "footsies-counter"]),
]


class Command(BaseCommand):
    help = (
        "Install demo data: a few finished AI-vs-AI matches to browse (demonstrations: "
        "not rated), the scheduled tournaments, and the levels' ratings from their "
        "shipped ladders (idempotent)."
    )

    def handle(self, *args, **options):
        call_command("install_schedules", verbosity=0)  # the ladders (idempotent)
        call_command("seed_ratings", verbosity=0)  # a rebuild only when a seed changed
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
