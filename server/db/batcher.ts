// Work asked for by many requests at once, done for all of them together. While one run is in
// flight, what is asked meanwhile waits and goes into the next run: at call-center speed a save's
// cost is mostly statements and round trips, so one transaction (or one statement) for the twenty
// saves that committed in the same few milliseconds costs about what one save's did. Nothing waits
// on a timer: an idle batcher runs what it is asked at once.

/** Hands `item` to the next run and answers what that run made of it (a run's failure rejects each of its items). */
export type Batcher<Item, Answer> = (item: Item) => Promise<Answer>;

export function batcher<Item, Answer>(run: (items: Item[]) => Promise<Answer[]>): Batcher<Item, Answer> {
  let waiting: { item: Item; resolve: (answer: Answer) => void; reject: (error: unknown) => void }[] = [];
  let running = false;
  const drain = async () => {
    running = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const answers = await run(batch.map((entry) => entry.item));
        batch.forEach((entry, index) => entry.resolve(answers[index]!));
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    running = false;
  };
  return (item) =>
    new Promise<Answer>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!running) void drain();
    });
}
