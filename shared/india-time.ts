/**
 * India's calendar day and year of an instant (registrations, appointments, reports and the stock year follow
 * Asia/Kolkata days; servers run in UTC). Each formatter is made on first use, not while a module loads (the
 * first Intl object of a process loads the locale data, about 15 ms of a cold start), and kept: making one costs
 * far more than formatting with it.
 */
let dayFormat: Intl.DateTimeFormat | undefined;
let yearFormat: Intl.DateTimeFormat | undefined;

/** 'YYYY-MM-DD' in India. */
export function kolkataDate(at: Date = new Date()): string {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });
  return dayFormat.format(at);
}

/** The calendar year in India (1 January starts at 00:00 India time, 05:30 earlier than UTC). */
export function kolkataYear(at: Date = new Date()): number {
  yearFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric' });
  return Number(yearFormat.format(at));
}
