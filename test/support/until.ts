// Waiting in a test for something a run does while it is still going (a send out, a page landed).

/** Resolves once `condition` holds, or `running` has ended (then the test's assertions say what went wrong). */
export async function until(condition: () => boolean, running: Promise<unknown>): Promise<void> {
  let over = false;
  const end = (): void => {
    over = true;
  };
  running.then(end, end);
  while (!over && !condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
