"""The system's periodic jobs moved to CELERY_BEAT_SCHEDULE (beat installs them under
new names): drop the rows `load_demo` and the bots app used to install, so no sweep
runs twice."""

from django.db import migrations

OLD = [
    "Re-queue tournament games whose worker died",
    "Flag overdue bot moves and start tournament games waiting for bots",
    "Clear expired sessions",
]


def drop_old_jobs(apps, schema_editor):
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    PeriodicTask.objects.filter(name__in=OLD).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0003_worker_beats"),
        ("django_celery_beat", "0001_initial"),
    ]

    operations = [migrations.RunPython(drop_old_jobs, migrations.RunPython.noop)]
