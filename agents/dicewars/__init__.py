"""The Dice Wars players of the write-up (seed 003) and of its repository's AI 4."""
