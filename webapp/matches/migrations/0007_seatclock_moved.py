from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("matches", "0006_seatclock_move_left_at_end")]

    operations = [
        # Clocks already running keep the rule they started under (every turn charged):
        # only clocks made from now on have a first-move window.
        migrations.AddField(
            model_name="seatclock",
            name="moved",
            field=models.BooleanField(default=True),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name="seatclock",
            name="moved",
            field=models.BooleanField(default=False),
        ),
    ]
