/** The desk's clock (tests fix it); ISO text as the tables keep times. */
export interface Clock {
  now: () => number;
}

export const iso = (clock: Clock, offsetMs = 0) => new Date(clock.now() + offsetMs).toISOString();
