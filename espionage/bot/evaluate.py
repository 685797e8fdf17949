"""The evaluation: material by phase, Headquarters safety and progress, unmasking.

Everything is folded into one table per sampled board, ``worth[side][kind][square]``:
a piece's material value (which depends on what the other army has left:
Sappers matter while Mines stand, Mines while Sappers live, Generals fear
Sappers) plus its progress towards the enemy Headquarters, so that a side's
pieces near the other's Headquarters count for it and against the other;
at level 3 also the soldiers that stand guard near its own Headquarters.
``info_worth`` is what unmasking a piece is worth to the side that sees it.
"""

from collections import deque

from ..board import ORTHOGONAL
from .kinds import (
    CAPTAIN,
    COLONEL,
    CORPORAL,
    COUNT,
    GENERAL,
    HEADQUARTERS,
    IS_MOVABLE,
    LIEUTENANT,
    MINE,
    SAPPER,
    SPY,
)

BASE = {
    CORPORAL: 1.0,
    LIEUTENANT: 1.4,
    CAPTAIN: 2.0,
    COLONEL: 3.0,
    GENERAL: 4.2,
    SPY: 1.4,
    SAPPER: 2.0,
    MINE: 0.8,
    HEADQUARTERS: 0.0,
}
PROGRESS = {CORPORAL: 0.3, LIEUTENANT: 0.3, CAPTAIN: 0.3, COLONEL: 0.3, GENERAL: 0.3, SPY: 0.15, SAPPER: 0.45}
REACH = 18

_DISTANCES = {}


def distances(volcanoes, target):
    """Steps from every square to ``target`` around the volcanoes (pieces ignored)."""
    key = (volcanoes, target)
    table = _DISTANCES.get(key)
    if table is None:
        table = [REACH] * 100
        table[target] = 0
        queue = deque([target])
        while queue:
            sq = queue.popleft()
            for n in ORTHOGONAL[sq]:
                if n not in volcanoes and table[n] == REACH and n != target and table[sq] + 1 < REACH:
                    table[n] = table[sq] + 1
                    queue.append(n)
        _DISTANCES[key] = table
        if len(_DISTANCES) > 4096:
            _DISTANCES.clear()
    return table


def material(left, enemy_left):
    """Value of each kind for a side with ``left`` kinds remaining against ``enemy_left``."""
    values = dict(BASE)
    mines, sappers = enemy_left[MINE], enemy_left[SAPPER]
    values[SAPPER] += 0.35 * mines + (1.0 if mines and left[SAPPER] <= 2 else 0.0)
    values[MINE] += 0.25 * sappers
    values[GENERAL] -= 0.15 * sappers
    if sum(left[k] for k in range(len(left)) if IS_MOVABLE[k]) <= 6:
        for k in values:
            if IS_MOVABLE[k]:
                values[k] += 1.0
    return values


def info_values(values):
    """What unmasking each kind (with these values) gives the other side."""
    out = [0.2 + 0.1 * values[k] for k in range(len(COUNT))]
    out[HEADQUARTERS] = 2.0
    out[MINE] = 0.4
    return out


GUARDS = (CORPORAL, LIEUTENANT, CAPTAIN, COLONEL, GENERAL)


def worth_table(values, enemy_hq, volcanoes, urgency, home=None, guard=0.0, doors=0.0):
    """``table[kind][square]`` for one side whose target is ``enemy_hq`` (None if unknown); a
    soldier one step from the side's own Headquarters ``home`` is worth ``guard`` more, two
    steps half that, and two steps away ``doors`` x its rank / 5 more for each square beside
    the Headquarters that it stands beside (search.Budget.doors)."""
    dist = distances(volcanoes, enemy_hq) if enemy_hq is not None else None
    table = []
    for k in range(len(COUNT)):
        value = values[k]
        weight = PROGRESS.get(k)
        if weight is None or dist is None:
            table.append([value] * 100)
            _guarded(table[-1], k, home, volcanoes, guard, doors)
            continue
        weight *= urgency
        row = []
        for sq in range(100):
            d = dist[sq]
            bonus = weight * (REACH - d) / REACH
            if d <= 2:
                bonus += weight * (3 - d)
            row.append(value + bonus)
        _guarded(row, k, home, volcanoes, guard, doors)
        table.append(row)
    return table


def _guarded(row, kind, home, volcanoes, guard, doors):
    """Add the guard's worth to a soldier's ``row``: Sappers take most Headquarters, and any
    soldier that attacks a Sapper wins, so a few soldiers at home stop them."""
    if not guard or home is None or kind not in GUARDS:
        return
    near = distances(volcanoes, home)
    rank = (GUARDS.index(kind) + 1) / 5
    for sq in range(100):
        if near[sq] <= 2:
            row[sq] += guard * (3 - near[sq]) / 2
        if doors and near[sq] == 2:
            row[sq] += doors * rank * sum(1 for n in ORTHOGONAL[sq] if near[n] == 1)
