/**
 * Layout of the staff list tables. At 1280 px the admin area leaves about 980 px for a list: cells are
 * padded less than MUI's small tables so that more columns fit, and the row actions stay pinned to the
 * right edge while a wider table scrolls sideways inside its own box (phones scroll the same way).
 */

/** On the <Table>: tighter cells; headers may wrap onto two lines. */
export const compactTableSx = {
  '& .MuiTableCell-root': { px: 1, py: 0.75 },
  '& .MuiTableCell-root:first-of-type': { pl: 2 },
  '& .MuiTableCell-head': { lineHeight: 1.3 },
  '& .MuiTableCell-stickyHeader': { backgroundColor: 'background.paper' },
} as const;

/**
 * On the <TableContainer> of a long list wider than the screen (with <Table stickyHeader>): on a laptop the
 * list scrolls inside a box no taller than the window, so that its sideways scroll bar and its header stay
 * in view, and with the page scrolled to its end the whole box stays below the fixed app bar (64 px) with
 * the paging row under it. Phones scroll the page and swipe the table as usual.
 */
export const tallListBoxSx = { maxHeight: { md: 'calc(100vh - 180px)' } } as const;

/** Solid equivalent of MUI's row hover tint (rgba(0,0,0,0.04)) on white, for the pinned cells. */
const HOVER_ON_WHITE = '#f5f5f5';

interface PinOptions {
  /** Distance from the right edge: the widths of the pinned columns to its right (px). */
  right?: number;
  /** Fixed width (px, padding included): needed for every pinned column but the last. */
  width?: number;
  /** The row's own (solid) colour shows through instead of white. */
  inheritBackground?: boolean;
  /** The leftmost pinned column draws a line and a soft shadow over the scrolled cells. */
  edge?: boolean;
}

/** On a <TableCell>, in the header and in every row: the column stays at the right edge. */
export function pinnedEndSx({ right = 0, width, inheritBackground = false, edge = true }: PinOptions = {}) {
  return {
    position: 'sticky',
    right,
    zIndex: 1,
    // Above the scrolled cells, and in a sticky header above the pinned body cells too.
    'thead &': { zIndex: 3 },
    whiteSpace: 'nowrap',
    backgroundColor: inheritBackground ? 'inherit' : 'background.paper',
    ...(inheritBackground ? {} : { 'tr.MuiTableRow-hover:hover > &': { backgroundColor: HOVER_ON_WHITE } }),
    // A fixed width, or as narrow as its buttons allow (spare width goes to the data columns).
    ...(width ? { boxSizing: 'border-box', width, minWidth: width, maxWidth: width } : { width: '1%' }),
    ...(edge ? { boxShadow: 'inset 1px 0 0 rgba(224, 224, 224, 1), -6px 0 6px -6px rgba(0, 0, 0, 0.25)' } : {}),
  } as const;
}
