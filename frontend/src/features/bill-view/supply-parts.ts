/**
 * What the bill page loads on demand (with the billSupply messages): the bill of supply's blocks, and for staff
 * the layout choice and the thermal strip. Visitors reading a bill made before bills of supply never fetch it.
 */
export { AmountInWords, NoTaxLine } from './AmountInWords';
export { StaffPrintLayout } from './StaffPrintLayout';
export { SupplierBlock } from './SupplierBlock';
