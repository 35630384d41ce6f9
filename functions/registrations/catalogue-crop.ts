import { withRetry } from '../lib/retry';
import { rulesOfCrop, type CropRules } from '@shared/crop-rules';
import { getCrop } from '../crops/crop-entity';
import { MSG_CROP_UNAVAILABLE, MSG_FORM_INVALID } from '@shared/schemas/registration';
import { badRequest } from '../lib/errors';
import { isTransient } from '../lib/retry';
import { busy } from '../allocation/appointments';

export interface CatalogueCrop {
  id: number;
  name: string;
  nameHi: string;
  rules: CropRules | undefined;
}

/** Active crops read in the last few seconds: every registration of the surge names one of a handful. */
const CROP_CACHE_MS = 10_000;
const cropCache = new Map<number, { at: number; crop: CatalogueCrop }>();

/**
 * The chosen crop, an active crop of the catalogue; anything else (unknown id, inactive crop) is refused on
 * the crop field. The client's cropName is not used: the name stored is the catalogue's.
 */
export async function catalogueCrop(cropId: number): Promise<CatalogueCrop> {
  const hit = cropCache.get(cropId);
  if (hit && Date.now() - hit.at < CROP_CACHE_MS) return hit.crop;
  const item = await withRetry(() => getCrop(cropId), { attempts: 5 }).catch((e: unknown) => {
    if (isTransient(e)) throw busy();
    throw e;
  });
  if (!item || item.isActive === false) {
    cropCache.delete(cropId);
    throw badRequest(MSG_FORM_INVALID, { cropId: MSG_CROP_UNAVAILABLE });
  }
  const crop = { id: item.cropID, name: item.cropName, nameHi: item.cropNameHi ?? '', rules: rulesOfCrop(item) };
  cropCache.set(cropId, { at: Date.now(), crop });
  return crop;
}
