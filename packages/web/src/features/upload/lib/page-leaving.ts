/**
 * True from `pagehide` until `pageshow`: the page is going away (reload, navigation, closing the
 * tab). A transfer cut off by that is left for resuming: neither aborted on the server nor
 * forgotten by this browser. Some browsers fire XHR error or abort events while unloading.
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
