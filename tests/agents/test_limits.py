"""Parameter limits: every agent declares the range of its numeric parameters, and a
spec asking for more is refused when it is parsed, nested specs included."""

from __future__ import annotations

import pytest

from agents.core import catalogue, check_spec, get, parse_spec


def numeric(params: dict) -> list[str]:
    return [k for k, v in params.items() if isinstance(v, int | float) and not isinstance(v, bool)]


@pytest.mark.parametrize("info", catalogue(), ids=lambda i: i.name)
def test_every_numeric_parameter_has_a_limit_that_holds_its_default(info):
    for key in numeric(info.params):
        assert key in info.limits, f"{info.name}: no limit for {key!r}"
        least, most = info.limits[key]
        assert least <= info.params[key] <= most


@pytest.mark.parametrize("info", catalogue(), ids=lambda i: i.name)
def test_every_agent_accepts_its_limits_and_refuses_one_past_them(info):
    for key in numeric(info.params):
        least, most = info.limits[key]
        kind = type(info.params[key])
        for ok in (least, most):
            assert parse_spec(f"{info.name}:{key}={kind(ok)}")[1][key] == kind(ok)
        step = 1 if kind is int else abs(most) * 0.01 + 0.01
        with pytest.raises(ValueError, match=f"{key}=.* above its limit of {most}"):
            parse_spec(f"{info.name}:{key}={kind(most + step)}")
        with pytest.raises(ValueError, match=f"{key}=.* below its least value {least}"):
            parse_spec(f"{info.name}:{key}={kind(least - step)}")


def test_it_refuses_the_specs_that_stalled_the_workers():
    for spec, limit in [
        ("mcts:iterations=1000000000", "100000"),
        ("expectimax:depth=50", "30"),
        ("expectimax:nodes=1000000000", "500000"),
        ("montecarlo:playouts=1000000000", "10000"),
        ("footsies-br:samples=1000000000", "1000"),
    ]:
        with pytest.raises(ValueError, match=f"above its limit of {limit}"):
            parse_spec(spec)


def test_it_refuses_not_a_number_and_infinity():
    for text in ("nan", "inf", "-inf"):
        with pytest.raises(ValueError, match="limit|least"):
            parse_spec(f"mcts:c={text}")


def test_it_checks_a_nested_spec_and_its_limits():
    with pytest.raises(ValueError, match=r"footsies-br.*model.*above its limit of 100000"):
        parse_spec("footsies-br:model=mcts:iterations=1000000000")
    with pytest.raises(ValueError, match="unknown agent"):
        parse_spec("footsies-br:model=nobody")
    assert parse_spec("footsies-br:model=mcts:iterations=500")[1]["model"] == (
        "mcts:iterations=500"
    )


def test_check_spec_builds_the_agent_and_checks_the_game():
    assert check_spec("mcts:iterations=500", "buttonmen") == "mcts:iterations=500"
    assert check_spec("footsies-nash", "footsies") == "footsies-nash"
    with pytest.raises(ValueError, match="does not play buttonmen"):
        check_spec("footsies-nash", "buttonmen")
    # The agents' own checks, which parsing alone does not run.
    with pytest.raises(ValueError, match="cannot be footsies-br itself"):
        check_spec("footsies-br:model=footsies-br", "footsies")
    with pytest.raises(ValueError, match="does not play footsies"):
        check_spec("footsies-br:model=buttonmen-mc", "footsies")


def test_the_catalogue_shows_the_limits():
    mcts = next(a for a in catalogue() if a.name == "mcts")
    assert mcts.to_json()["limits"]["iterations"] == [1, 100_000]
    assert get("mcts").limits == mcts.limits
