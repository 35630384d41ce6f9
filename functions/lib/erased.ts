/** What an erased name or father's name reads afterwards, on the letter, the lists and the farmer's own view. */
export const ERASED = 'मिटाया गया / Erased';
