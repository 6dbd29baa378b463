"""One measure named two ways: a frequency called a clock, a speed or a rate ("SWD clock 4 MHz" vs "SWD frequency 8000
kHz"), and an English possessive ("the sensor node's watchdog") read as the noun it qualifies.

Sentences are written here, not copied from any store. Each look-alike shares a unit with two subjects, or states one
value written two ways, and must stay silent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts.subject import subject_tokens
from tests.rules.test_blind2_forms import PAIR, findings

ONE_MEASURE_NAMED_TWO_WAYS = [
    ("The JTAG clock runs at 10 MHz on the bench rig.", "Set the JTAG frequency to 2000 kHz on the bench rig."),
    ("The I2C bus speed is 400 kHz.", "Run the I2C bus frequency at 100 kHz."),
    ("The SPI clock of the display is 8 MHz.", "The display's SPI speed was lowered to 4 MHz."),
    ("JTAG 时钟默认 10 MHz。", "Set the JTAG frequency to 2000 kHz on the bench rig."),
    ("I2C 总线速率是 400 kHz。", "I2C 总线频率改成 100 kHz。"),
]

TWO_MEASURES_OR_ONE_VALUE = [
    ("The JTAG clock runs at 10 MHz on the bench rig.", "Set the JTAG frequency to 10000 kHz on the bench rig."),
    ("The SPI clock of the display is 8 MHz.", "The ADC sampling frequency of the display is 1 kHz."),
    ("The sensor SPI clock runs at 8 MHz.", "The sensor sampling frequency is 100 Hz."),
    ("The debug probe clock is 4 MHz.", "The IMU sampling rate is 400 Hz."),
    ("I2C 总线速率是 400 kHz。", "I2C 总线频率是 0.4 MHz。"),
    ("主控时钟是 160 MHz。", "传感器采样频率是 100 Hz。"),
]


@pytest.mark.parametrize("texts", ONE_MEASURE_NAMED_TWO_WAYS)
def test_a_frequency_called_a_clock_speed_or_rate_is_one_subject(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", TWO_MEASURES_OR_ONE_VALUE)
def test_two_frequencies_or_one_value_stay_silent(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)


POSSESSIVES = [
    ("The gateway's watchdog resets after 1000 ms.", "网关的看门狗超时是 2 秒。"),
    ("The gateway's watchdog resets after 1000 ms.", "The gateway watchdog resets after 4 seconds."),
]

POSSESSIVES_APART = [
    ("The gateway's watchdog resets after 1000 ms.", "网关的看门狗超时是 1 秒。"),
    ("The gateway's watchdog resets after 1000 ms.", "The sensor's watchdog resets after 4 seconds."),
]


@pytest.mark.parametrize("texts", POSSESSIVES)
def test_a_possessive_names_its_noun(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", POSSESSIVES_APART)
def test_a_possessive_of_another_thing_or_an_equal_value_stays_silent(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    ("text", "token"), [("the gateway's watchdog", "gateway"), ("don't retry", "don't"), ("o'brien's test", "o'brien")]
)
def test_possessive_s_is_dropped_but_other_apostrophes_stay(text: str, token: str) -> None:
    assert token in subject_tokens(text)
