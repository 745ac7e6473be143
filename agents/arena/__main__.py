import sys

from agents.arena.cli import main

sys.exit(main())
