/**
 * Lot codes (docs/decisions/0007-lot-codes.md): <S|N><year>P<producerID>-<sequence>
 *   S / N     subsidised or not
 *   year      two digits for 2000-2099 (26), the full year otherwise (2126): the P that follows keeps both
 *             forms unambiguous
 *   P<id>     the producer's numeric id
 *   sequence  per producer and year, shared by S and N lots, at least 3 digits (001, 002, ... 999, 1000)
 * e.g. S26P7-003 then N26P7-004. Upper-case letters, digits and one hyphen: URL-safe as it is.
 */
export function formatLotCode(o: { isSubsidized: boolean; year: number; producerID: number; seq: number }): string {
  const yearPart = o.year >= 2000 && o.year <= 2099 ? String(o.year - 2000).padStart(2, '0') : String(o.year);
  return `${o.isSubsidized ? 'S' : 'N'}${yearPart}P${o.producerID}-${String(o.seq).padStart(3, '0')}`;
}

/** Name of the counter item holding the last sequence number used for a producer and year. */
export const lotSequenceCounter = (producerID: number, year: number) => `lotseq#${producerID}#${year}`;
