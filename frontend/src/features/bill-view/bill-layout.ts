/** The choice lives in lib/ since the Today screen's counter settings set it too. */
export * from '@web/lib/bill-layout';
