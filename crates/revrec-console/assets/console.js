// revrec console: the one script (CSP: script-src 'self'). Copy buttons copy the text of
// the element their data-copy names and say so to screen readers.
"use strict";
document.addEventListener("click", async (event) => {
  const button = event.target instanceof Element ? event.target.closest("button[data-copy]") : null;
  if (!button) return;
  const source = document.getElementById(button.dataset.copy);
  const status = button.parentElement ? button.parentElement.querySelector(".copied") : null;
  if (!source) return;
  try {
    await navigator.clipboard.writeText(source.textContent.trim());
    if (status) status.textContent = "Copied";
  } catch {
    // No clipboard (an insecure origin): select the text so the person can copy it.
    const range = document.createRange();
    range.selectNodeContents(source);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    if (status) status.textContent = "Selected: press Ctrl+C";
  }
});
