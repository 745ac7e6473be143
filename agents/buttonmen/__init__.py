"""The Button Men players of the write-up (seed 000, docs/games/buttonmen.md).

- ``buttonmen-mc`` (:mod:`agents.buttonmen.mc`): flat Monte Carlo, 50 random games per
  candidate move on the engine's fast path; swing sizes by greedy games
  (:mod:`agents.buttonmen.swing`, :mod:`agents.buttonmen.greedy`).
- ``buttonmen-em`` (:mod:`agents.buttonmen.em`): expectiminimax over every reroll
  result, two-dice skill cap, depth by the dice in play, leaves scored by the round
  score margin; swing sizes chosen like MC's, as in the published runs.

:mod:`agents.buttonmen.reproduce` plays the write-up's fighter grid (MC against EM, every
fighter against every fighter) and compares it with the published figures.
"""
