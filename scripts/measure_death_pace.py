# usage: SDL_VIDEODRIVER=dummy python scripts/measure_death_pace.py PLAYERS ROUNDS (game/app/games/death_lines.py uses its numbers)
"""Measure a Death game's pace at Normal speed: real time per turn, all seats Normal AI but
seat 0 (the human's turns are played at once, so only the table's own time is measured)."""
import os, sys, time
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
from game.app.headless import HeadlessApp
from game.match import Match, SeatSpec

n, rounds_to = int(sys.argv[1]), int(sys.argv[2])
h = HeadlessApp(speed="normal")
seats = [SeatSpec("You", "human")] + [SeatSpec(f"P{i}", "ai", "normal") for i in range(1, n)]
h.start(match=Match("death", seats, seed=11))
t = h.table
t0 = last = time.perf_counter()
start_log = None
while True:
    now = time.perf_counter()
    h.step(now - last)
    last = now
    if t.continue_shown():
        t.release_step()
    if t.can_play() and not t.busy():
        legal = [a for a in t.match.legal(0) if a.kind == "stand"] or list(t.match.legal(0))
        t.submit(legal[0])
    r = t.match.state.round
    if start_log is None and r == 2:
        start_log, t1 = len(t.match.log), time.perf_counter()
    if r >= rounds_to + 2 or t.match.outcome() is not None:
        break
    time.sleep(0.004)
el = time.perf_counter() - t1
moves = len(t.match.log) - start_log
print(f"players={n} rounds={rounds_to} seconds={el:.1f} moves={moves} per_move={el/moves:.2f} per_round={el/rounds_to:.1f}")
