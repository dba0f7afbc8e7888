// Retry-After (RFC 9110 section 10.2.3) read strictly: delay-seconds (a non-negative integer) or an HTTP-date. Anything
// else (-5, 1.5, 0x10, "soon") is no delay the server gave, and is treated as absent, so the caller backs off as it
// would without one. Read leniently, "-5" was taken by Date.parse as the year -5, a date long past: "try again in 0 s".

/** The three forms of HTTP-date: IMF-fixdate, and the obsolete RFC 850 and asctime forms a recipient must accept. */
const HTTP_DATE = [
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/,
  /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{2}-(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-\d{2} \d{2}:\d{2}:\d{2} GMT$/,
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/,
];

/** The wait a Retry-After value asks for, in milliseconds (0 for a date already past); undefined when absent or not valid. */
export function retryAfterMs(header: string | readonly string[] | undefined, nowMs: number): number | undefined {
  const value = typeof header === 'string' ? header : header?.[0];
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  // However long: a wait past what the caller takes ends its retries, which is what the server asked for.
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  if (!HTTP_DATE.some((form) => form.test(trimmed))) return undefined;
  // asctime carries no zone: it is GMT too.
  const date = Date.parse(/GMT$/.test(trimmed) ? trimmed : `${trimmed} GMT`);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
