"""RateLimiter: at most rpm requests in any 60 s window, from any number of threads."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from ragoro.llm import RateLimiter

from .fakes import ScriptedChatModel


class FakeClock:
    """A clock that only moves when the code under test sleeps."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


def test_rpm_allows_a_burst_then_waits_for_the_window():
    clock = FakeClock()
    limiter = RateLimiter(2, clock=clock, sleep=clock.sleep)
    waits = [limiter.acquire() for _ in range(5)]
    assert waits == [0.0, 0.0, 60.0, 0.0, 60.0]
    assert clock.now == 1120.0


def test_spaced_requests_never_wait():
    clock = FakeClock()
    limiter = RateLimiter(1, clock=clock, sleep=clock.sleep)
    for _ in range(3):
        assert limiter.acquire() == 0.0
        clock.now += 60.0
    assert clock.sleeps == []


def test_no_window_ever_holds_more_than_rpm_requests_across_threads():
    clock = FakeClock()
    limiter = RateLimiter(3, clock=clock, sleep=lambda s: None)
    with ThreadPoolExecutor(max_workers=8) as pool:
        waits = sorted(pool.map(lambda _: limiter.reserve(), range(9)))
    assert waits == [0.0] * 3 + [60.0] * 3 + [120.0] * 3


def test_unlimited_never_sleeps():
    clock = FakeClock()
    limiter = RateLimiter(None, clock=clock, sleep=clock.sleep)
    assert all(limiter.acquire() == 0.0 for _ in range(1000))
    assert clock.sleeps == []


def test_client_acquires_a_slot_for_every_model_call(make_client):
    clock = FakeClock()
    limiter = RateLimiter(1, clock=clock, sleep=clock.sleep)
    client = make_client(ScriptedChatModel.of("a", "b"), limiter=limiter)
    client.text([])
    client.text([])
    assert clock.sleeps == [60.0]
