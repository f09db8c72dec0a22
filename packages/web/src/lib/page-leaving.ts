/**
 * True from `pagehide` until `pageshow`: the page is going away (reload, navigation, closing the
 * tab). A request cut off by that says nothing about the server: a transfer is left for resuming,
 * and a session is not ended. Some browsers fire XHR error or abort events while unloading.
 */
let leaving = false;

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

export function isPageLeaving(): boolean {
  return leaving;
}
