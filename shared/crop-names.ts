/**
 * A crop's name in the page's language (docs/product-rules.md#crop-names-in-the-pages-language): the Hindi
 * name on Hindi pages, the English one otherwise and whenever the crop has no Hindi name.
 */
export interface CropNames {
  cropName: string;
  /** '' or absent: the crop has no Hindi name. */
  cropNameHi?: string | null;
}

export const cropLabel = (crop: CropNames, language: string): string => (language === 'hi' && crop.cropNameHi) || crop.cropName;
