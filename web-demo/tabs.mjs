// tabs.mjs: the playground's views and the tab bar that switches them.
//
// A view is an entry of VIEWS: its id names its tab (#tab-ID), its panel in
// index.html (#view-ID) and its value in the URL state; its label is the
// tab's text; editor is the id of the field the skip link leads to. The
// page builds the tab bar from this list and calls the view's update
// function, which playground.mjs keeps by the same id: a new view is an
// entry here, a panel, and its update function.
export const VIEWS = Object.freeze([
  Object.freeze({ id: 'signature', label: 'Signature', editor: 'sig-input' }),
  Object.freeze({ id: 'import', label: 'Import', editor: 'import-input' }),
  Object.freeze({ id: 'compare', label: 'Compare', editor: 'before-input' }),
  Object.freeze({ id: 'infer', label: 'Infer', editor: 'infer-input' }),
]);

export const VIEW_IDS = Object.freeze(VIEWS.map((v) => v.id));

/** The view with this id, or the first view. */
export function viewById(id) {
  return VIEWS.find((v) => v.id === id) ?? VIEWS[0];
}

/**
 * The tab a key moves to from the tab `id` (the ARIA tabs pattern, tabs in
 * a row): ArrowRight and ArrowLeft step and wrap around, Home and End go to
 * the first and the last. Returns the view id, or null for any other key.
 */
export function tabAfterKey(id, key, ids = VIEW_IDS) {
  const at = Math.max(0, ids.indexOf(id));
  switch (key) {
    case 'ArrowRight': return ids[(at + 1) % ids.length];
    case 'ArrowLeft': return ids[(at + ids.length - 1) % ids.length];
    case 'Home': return ids[0];
    case 'End': return ids[ids.length - 1];
    default: return null;
  }
}
