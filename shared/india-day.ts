/** A YYYY-MM-DD day as India reads it: its weekday and its long date, in Hindi or English. */
export function indiaDay(day: string | undefined, lang: 'hi' | 'en'): { weekday: string; date: string } {
  if (!day) return { weekday: '', date: '—' };
  const at = new Date(`${day}T00:00:00+05:30`);
  if (Number.isNaN(at.getTime())) return { weekday: '', date: day };
  const locale = lang === 'en' ? 'en-IN' : 'hi-IN';
  const timeZone = 'Asia/Kolkata';
  return {
    weekday: new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone }).format(at),
    date: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(at),
  };
}

/** The weekday and the long date in one line: 'Friday, 4 December 2026'. */
export function indiaLongDay(day: string, lang: 'hi' | 'en'): string {
  const { weekday, date } = indiaDay(day, lang);
  return weekday ? `${weekday}, ${date}` : date;
}
