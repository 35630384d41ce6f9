/**
 * Stock is stored in whole grams and prices in paise per kg, so sums and differences are exact integers;
 * the API speaks kg and rupees (numbers with at most two decimals).
 */
export const kgToGrams = (kg: number) => Math.round(kg * 1000);
export const gramsToKg = (g: number) => Math.round(Number(g)) / 1000;
export const rupeesToPaise = (rupees: number) => Math.round(rupees * 100);
export const paiseToRupees = (paise: number) => Math.round(Number(paise)) / 100;
