/**
 * Counts event-loop turns (macrotasks) until the returned function is called, which answers the
 * count: requests get a turn only between them, so work that yields lets them in.
 */
export function countTurns(): () => number {
  let turns = 0;
  let running = true;
  const turn = () => {
    if (!running) return;
    turns++;
    setImmediate(turn);
  };
  setImmediate(turn);
  return () => {
    running = false;
    return turns;
  };
}
