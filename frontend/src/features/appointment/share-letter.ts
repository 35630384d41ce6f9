export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

/**
 * The phone's share sheet with the letter's link and title where the browser has one; elsewhere (most
 * desktop browsers, or a share refused) the link is copied for the farmer to paste into a message.
 */
export async function shareLetter(url: string, title: string): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return 'shared';
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return 'cancelled';
      // NotAllowedError and the like: copying still gets the link out.
    }
  }
  return (await copyText(url)) ? 'copied' : 'failed';
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (older browsers, pages not in a secure context): the old way, through a selection.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}
