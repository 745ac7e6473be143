"""agents.jobs: the same results in the inputs' order, in one process or several."""

import os

from agents.jobs import map_in_order


def _square_and_pid(x: int, plus: int) -> tuple[int, int]:
    return x * x + plus, os.getpid()


def test_results_come_in_the_inputs_order_whatever_the_number_of_processes():
    alone = map_in_order(_square_and_pid, range(40), [1] * 40)
    spread = map_in_order(_square_and_pid, range(40), [1] * 40, jobs=2)
    assert [r for r, _pid in alone] == [r for r, _pid in spread] == [x * x + 1 for x in range(40)]
    # One job runs here, without a pool; two run elsewhere.
    assert {pid for _r, pid in alone} == {os.getpid()}
    assert os.getpid() not in {pid for _r, pid in spread}


def test_no_inputs_give_no_results():
    assert map_in_order(_square_and_pid, [], [], jobs=2) == []
