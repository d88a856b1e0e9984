"""Issue 44: when ``serve --workers N``'s supervisor starts the next worker in a place whose
worker died (:class:`assistant.serving.Restarts`): at once after one that served, after
1, 2, 4 ... 30 s after one that could not start, the count starting over once a worker has
served a while. The processes themselves: tests/test_serve_workers.py."""

from __future__ import annotations

import signal

from assistant import serving
from assistant.serving import Restarts


def test_a_worker_that_could_not_start_is_tried_again_after_1_2_4_up_to_30_s():
    restarts = Restarts()
    waits = [restarts.wait(0.7, None) for _ in range(8)]
    assert waits == [1, 2, 4, 8, 16, 30, 30, 30]


def test_a_worker_that_served_is_replaced_at_once_and_after_a_while_the_count_starts_over():
    restarts = Restarts()
    assert [restarts.wait(0.7, None) for _ in range(3)] == [1, 2, 4]
    # Started at last, served 5 s, then killed: replaced at once, but not yet trusted...
    assert restarts.wait(6.0, 5.0) == 0
    assert restarts.wait(0.7, None) == 8
    # ...served a while, then died: at once, and a failure after it waits 1 s again.
    assert restarts.wait(3600.0, serving.SERVED_A_WHILE + 1) == 0
    assert restarts.wait(0.7, None) == 1


def test_a_place_starts_at_most_one_worker_a_second():
    """A worker that dies as soon as it begins serving (a crash on its first request, again
    and again) is not restarted in a loop."""
    restarts = Restarts()
    assert restarts.wait(0.4, 0.1) == serving.START_INTERVAL - 0.4
    assert restarts.wait(2.0, 1.5) == 0


def test_how_a_worker_ended_is_said_in_words():
    assert serving._how_it_ended(1) == "exit status 1"
    assert serving._how_it_ended(-signal.SIGKILL) == "killed by SIGKILL"
    assert (
        signal.SIGKILL in serving.STOPPED_FROM_OUTSIDE and signal.SIGSEGV not in serving.STOPPED_FROM_OUTSIDE
    )
