/** Moves keyboard focus past the top bar to the page's <main>, whichever page renders it. */
export function SkipLink() {
  return (
    <button
      type="button"
      className="sd-skip-link"
      onClick={() => {
        const main = document.querySelector('main');
        if (!main) return;
        if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
        main.focus();
      }}
    >
      Skip to content
    </button>
  );
}
