"""A browser session that never starts is stopped and started once more (tools.engines.started)."""

import threading

import pytest

from tools.engines import started


def sessions(*behaviours):
    """A ``session`` maker whose n-th session hangs until stopped, fails or answers, by
    ``behaviours[n]``; the calls seen are recorded."""
    calls = []

    def session():
        behaviour = behaviours[len(calls)]
        stopped = threading.Event()
        calls.append(stopped)

        def start():
            if behaviour == "hang":
                stopped.wait()
                raise ConnectionError("the driver was stopped")
            if behaviour == "fail":
                raise RuntimeError("no browser")
            return behaviour

        return start, stopped.set

    return session, calls


def test_a_session_that_never_answers_is_stopped_and_started_again():
    session, calls = sessions("hang", "driver")
    assert started(session, 0.2) == "driver"
    assert [stopped.is_set() for stopped in calls] == [True, False]


def test_a_failed_start_is_tried_once_more():
    session, calls = sessions("fail", "driver")
    assert started(session, 5) == "driver"
    assert len(calls) == 2


def test_two_sessions_that_never_answer_end_in_a_clear_error():
    session, calls = sessions("hang", "hang")
    with pytest.raises(TimeoutError, match=r"no session after 0.2 s \(attempt 2 of 2\)"):
        started(session, 0.2)
    assert all(stopped.is_set() for stopped in calls)


def test_the_last_failure_is_raised_when_every_start_fails():
    session, _ = sessions("hang", "fail")
    with pytest.raises(RuntimeError, match="no browser"):
        started(session, 0.2)
