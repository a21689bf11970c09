"""Choosing among options valued on the same random samples, dropping the clearly worse ones early.

Every option still in the race is valued on each sample, so two options are
compared by their paired differences, which vary far less than the values
themselves (the deal's luck cancels). Once ``min_samples`` are in, an option
leaves the race when it is clearly worse than the leader (its mean difference
is more than ``z`` standard errors below zero) or when it cannot be much
better (the difference is below ``tolerance`` even ``z`` standard errors up):
it is no longer played out, and the samples go to the close calls. The race
is over when one option is left.

>>> race = Race(3, min_samples=4)
>>> for v in range(8):
...     race.add({i: [0.0, 1.0, 0.9][i] + (v % 2) * 0.01 * i for i in race.active})
>>> race.active, race.best()
([1], 1)
"""

from __future__ import annotations

import math
from collections.abc import Mapping

Z = 2.5
"""Standard errors by which an option must trail the leader to leave the race."""
TOLERANCE = 0.02
"""A difference in utility too small to be worth more samples."""


class Race:
    def __init__(
        self, options: int, min_samples: int = 8, z: float = Z, tolerance: float = TOLERANCE
    ) -> None:
        self.active = list(range(options))
        self.values: list[list[float]] = [[] for _ in range(options)]
        self.min_samples = min_samples
        self.z = z
        self.tolerance = tolerance
        self.samples = 0

    def add(self, values: Mapping[int, float]) -> None:
        """The values of every active option on one more sample."""
        for i in self.active:
            self.values[i].append(values[i])
        self.samples += 1
        if self.samples >= self.min_samples and len(self.active) > 1:
            self._prune()

    @property
    def over(self) -> bool:
        return len(self.active) == 1

    def mean(self, i: int) -> float:
        vs = self.values[i]
        return sum(vs) / len(vs) if vs else 0.0

    def best(self) -> int:
        """The active option with the best mean (the first one on a tie)."""
        return max(self.active, key=lambda i: (self.mean(i), -i))

    def _prune(self) -> None:
        lead = self.best()
        lead_values = self.values[lead]
        n = self.samples
        keep = []
        for i in self.active:
            if i == lead:
                keep.append(i)
                continue
            diffs = [a - b for a, b in zip(lead_values[-n:], self.values[i][-n:], strict=True)]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            se = math.sqrt(var / n)
            if mean <= self.z * se and self.z * se - mean >= self.tolerance:
                keep.append(i)
        self.active = keep
